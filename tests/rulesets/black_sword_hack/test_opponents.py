"""The bestiary, custom opponents and the campaign's own (RULINGS B6;
docs/rulings.md H145)."""

from __future__ import annotations

import pytest

from hacktable.engine.principal import NotAllowedError
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.principal import Principal, Role
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.opponents import (
    custom_opponent,
    find_opponent,
    parse_action,
)

from .conftest import Table


def test_the_bestiary_has_at_least_twenty_opponents_each_with_actions() -> None:
    content = load_content()
    assert len(content.opponents) >= 20
    for opponent in content.opponents:
        assert opponent.actions
        assert opponent.text
        for action in opponent.actions:
            assert set(action.defend) <= {"STR", "DEX"}
            assert not action.ranged or "STR" not in action.defend  # missiles: dodged
    ids = {o.id for o in content.opponents}
    assert {"city-guard", "sorcerers-guard", "cultist", "sorcerer", "wolf", "lesser-demon"} <= ids


def test_an_action_is_written_name_defend_damage() -> None:
    action = parse_action("claws:STR/DEX:3:ud4")
    assert (action.name, action.defend, action.damage, action.ongoing) == (
        "claws",
        ("STR", "DEX"),
        3,
        "ud4",
    )
    bad = {
        "claws": "an action is NAME:DEFEND:DAMAGE",
        "claws:STR": "an action is NAME:DEFEND:DAMAGE",
        "claws:LUCK:3": "DEFEND is attributes",
        "claws:DEX:x": "DAMAGE is a whole number",
        "claws:DEX:3:flying": "neither 'ranged' nor a usage die",
    }
    for text, why in bad.items():
        with pytest.raises(ValueError, match=why):
            parse_action(text)


def test_custom_stats_are_checked() -> None:
    with pytest.raises(RuleError, match="armour rating is 0 to 3"):
        custom_opponent("Golem", 3, 20, 5, [parse_action("fist:STR/DEX:5")])
    with pytest.raises(RuleError, match="needs an action"):
        custom_opponent("Golem", 3, 20, 2, [])


def test_an_opponent_is_found_by_id_or_name() -> None:
    content = load_content()
    assert find_opponent(content, [], "Sorcerer's Guard") is content.opponent("sorcerers-guard")
    assert find_opponent(content, [], "nobody") is None


def test_bestiary_lists_shows_and_keeps_the_campaigns_own(table: Table) -> None:
    assert "city-guard: City Guard: level 1, HP 5, armour 1" in table("bestiary")
    assert "A bored watchman" in table("bestiary city-guard")
    table('bestiary add "Marsh Hag" level 4 hp 12 armour 1 morale 9 action claws:STR/DEX:4')
    assert "marsh-hag" in table("bestiary marsh-hag")
    table.add("Conan")
    table("fight start")
    table("fight add marsh-hag")
    assert table.fight().foe("marsh-hag-1").level == 4
    with pytest.raises(RuleError, match="has an opponent 'marsh-hag' already"):
        table('bestiary add "Marsh Hag" level 4 hp 12 action claws:STR/DEX:4')
    table("bestiary remove marsh-hag")
    with pytest.raises(UnknownNameError):
        table("bestiary marsh-hag")
    with pytest.raises(CommandError, match="needs a level, hp and an action"):
        table("bestiary add Hag level 2")


def test_only_the_gm_adds_to_the_bestiary_and_anyone_reads_it(table: Table) -> None:
    table.seat("Ann")
    ann = Principal(Role.PLAYER, "Ann")
    assert table.run("bestiary", ann).lines
    with pytest.raises(NotAllowedError):
        table.run("bestiary add Hag level 2 hp 5 action claws:STR/DEX:2", ann)
