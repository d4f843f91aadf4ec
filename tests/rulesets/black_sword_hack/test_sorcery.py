"""Sorcery (docs/rulings.md H124-H126; RULINGS B1, B2): who casts, what they know, the
Doom die as the price, the casting test, the damage, and a critical failure's second
Doom roll and mishap."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rules.resolution import Critical
from hacktable.rulesets.base import TestOptions
from hacktable.rulesets.black_sword_hack import sorcery
from hacktable.rulesets.black_sword_hack.character import Character
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.creation import CharacterSpec, build_character
from hacktable.rulesets.grammar import Words

from ...helpers import Faces
from .character_helpers import bsh_campaign, set_character

CONTENT = load_content()
SCORES = tuple((a, (3, 3), 11) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))


def mirela(*backgrounds: str) -> Character:
    """A civilized sorcerer's apprentice (INT 12 with Scribe: 13) unless told."""
    chosen = backgrounds or ("sorcerers-apprentice", "scribe", "courtier")
    spec = CharacterSpec("Mirela", "civilized", chosen)
    return build_character(CONTENT, spec, SCORES, Faces()).character


def test_a_sorcerer_knows_what_their_gifts_teach() -> None:
    known = [s.id for s in sorcery.spells_known(CONTENT, mirela())]
    assert known == ["witchfire", "veil-of-shadows", "ward-of-bone"]
    assert sorcery.spells_known(CONTENT, mirela("sellsword", "scribe", "courtier")) == ()
    both = mirela("sorcerers-apprentice", "scribe", "serpent-cultist")
    assert "withering-curse" in [s.id for s in sorcery.spells_known(CONTENT, both)]


def test_each_sorcery_is_cast_with_the_attribute_of_the_gift_that_teaches_it() -> None:
    both = mirela("sorcerers-apprentice", "scribe", "serpent-cultist")
    attribute = sorcery.casting_attribute
    assert attribute(CONTENT, both, CONTENT.spell("witchfire")) == "INT"
    assert attribute(CONTENT, both, CONTENT.spell("withering-curse")) == "CHA"
    warrior = replace(mirela("sellsword", "scribe", "courtier"), gifts=("spirit-lore",))
    assert attribute(CONTENT, warrior, CONTENT.spell("thunder-word")) == "WIS"


def test_the_doom_die_is_paid_then_the_test_then_the_damage() -> None:
    # Doom ud6 shows 4 (holds); d20 5 < INT 13: success; witchfire 1d6 shows 6
    done = sorcery.cast(CONTENT, mirela(), "witchfire", Faces(4, 5, 6), target="Guard")
    assert done.price is not None
    assert done.price.roll.kept == 4
    assert done.request.attribute == "INT"
    assert done.result.score == 13
    assert done.request.purpose == "to cast Witchfire at Guard"
    assert done.worked
    assert done.damage is not None
    assert done.damage.total == 6
    assert done.character.doom == UsageDie.UD6
    detail = done.detail()
    assert detail["price"]["rolls"] == [4]
    assert detail["test"]["faces"] == [5]
    assert detail["damage"] == {"die": "1d6", "rolls": [6], "kept": [6], "total": 6}
    assert detail["defend"] == "DEX"
    assert detail["target"] == "Guard"
    assert done.odds.success == pytest.approx(12 / 20)


def test_the_price_is_paid_when_the_sorcery_fails() -> None:
    done = sorcery.cast(CONTENT, mirela(), "witchfire", Faces(2, 13))  # 13 is not below 13
    assert not done.worked
    assert done.damage is None
    assert done.mishap is None
    assert done.character.doom == UsageDie.UD4  # the price: 2 steps ud6 down


def test_a_critical_success_deals_the_maximum_and_another_die() -> None:
    done = sorcery.cast(CONTENT, mirela(), "witchfire", Faces(5, 1, 3))
    assert done.result.critical is Critical.SUCCESS
    assert done.damage is not None
    assert done.damage.total == 6 + 3


def test_a_critical_failure_rolls_the_doom_die_again_and_the_mishap_table() -> None:
    # price 3 holds; a natural 20; the Doom die again: 1 steps it down; mishap d6 shows 3
    done = sorcery.cast(CONTENT, mirela(), "witchfire", Faces(3, 20, 1, 3))
    assert done.result.critical is Critical.FAILURE
    assert done.mishap_doom is not None
    assert done.mishap_doom.why == "critical failure"
    assert done.character.doom == UsageDie.UD4
    assert done.mishap is not None
    assert done.mishap.result == "Wild Surge"
    assert done.detail()["mishap"]["value"] == 3


def test_a_price_that_exhausts_the_die_dooms_the_casting_test() -> None:
    caster = replace(mirela(), doom=UsageDie.UD4)
    done = sorcery.cast(CONTENT, caster, "witchfire", Faces(1, 3, 18))  # ud4 1: exhausted
    assert done.price is not None
    assert done.price.doomed
    assert done.request.disadvantages == ("Doomed (Doom die exhausted)",)
    assert done.result.kept == 18
    assert not done.worked


def test_a_doomed_caster_cannot_cast_unless_the_setting_allows_it() -> None:
    doomed = replace(mirela(), doom=UsageDie.EXHAUSTED)
    with pytest.raises(RuleError, match="Doomed and cannot cast sorcery"):
        sorcery.cast(CONTENT, doomed, "witchfire", Faces())
    done = sorcery.cast(CONTENT, doomed, "witchfire", Faces(4, 20, 2), doomed_actions="allowed")
    assert done.price is None  # no die to pay with
    assert done.request.disadvantages == ("Doomed (Doom die exhausted)",)
    assert done.mishap_doom is None
    assert done.mishap is not None


def test_who_cannot_cast() -> None:
    with pytest.raises(RuleError, match="has no sorcery"):
        sorcery.cast(CONTENT, mirela("sellsword", "scribe", "courtier"), "witchfire", Faces())
    with pytest.raises(RuleError, match="does not know Withering Curse"):
        sorcery.cast(CONTENT, mirela(), "withering curse", Faces())
    with pytest.raises(UnknownNameError):
        sorcery.cast(CONTENT, mirela(), "fireball", Faces())
    with pytest.raises(RuleError, match="Helpless"):
        sorcery.cast(CONTENT, replace(mirela(), hp=0), "witchfire", Faces())


def test_casting_is_no_attack_and_the_gms_sources_count() -> None:
    options = TestOptions(advantages=("GM",), bonus=1)
    done = sorcery.cast(CONTENT, mirela(), "ward-of-bone", Faces(6, 17, 13), options=options)
    assert done.request.modifier == 0  # no threat level (RULINGS B1)
    assert done.result.score == 14
    assert done.result.kept == 13
    assert done.worked
    assert done.damage is None  # Ward of Bone deals none


# -- the command -------------------------------------------------------------------------

MIRELA = (
    "character new Mirela --origin civilized --backgrounds sorcerers-apprentice,scribe,courtier"
)


def test_cast_reports_the_price_the_odds_the_test_and_the_damage(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, MIRELA) as layer:
        outcome = layer.run('cast Mirela witchfire at "Guard 1" adv')
        event = outcome.events[-1]
        assert event.action == "sorcery.cast"
        detail = event.detail
        assert detail["spell"] == "witchfire"
        assert detail["target"] == "Guard 1"
        assert detail["test"]["advantages"] == ["GM"]
        assert len(outcome.checks) == 1
        assert outcome.checks[0].attribute == "INT"
        assert outcome.dice[0].sides == 6  # the price first
        assert [d.sides for d in outcome.dice[1:3]] == [20, 20]  # then 2d20 (advantage)
        lines = outcome.text.splitlines()
        assert lines[0] == "Mirela casts Witchfire at Guard 1"
        assert lines[2].startswith("  price: Doom die (the price of sorcery): ud6")
        assert lines[4].startswith("  odds: ")
        assert dict(outcome.data)["casting"] == {k: v for k, v in detail.items() if k != "outcome"}
        mirela = layer.session.character("Mirela")
        assert str(mirela.doom) == detail["price"]["after"]
        assert detail["test"]["faces"] == [10, 14]
        assert detail["test"]["success"]
        assert detail["damage"]["total"] == 1
        assert "1 damage to Guard 1; a character it targets defends with DEX" in outcome.text


def test_cast_is_refused_in_one_line_for_the_rules_reasons(tmp_path: Path) -> None:
    kael = "character new Kael --origin barbarian --backgrounds reaver,horse-lord,scribe"
    with bsh_campaign(tmp_path / "c.db", 7, MIRELA, kael) as layer:
        last = layer.session.store.last_seq()
        with pytest.raises(RuleError, match="Kael has no sorcery"):
            layer.run("cast Kael witchfire")
        set_character(layer, "Mirela", doom=UsageDie.EXHAUSTED)
        last = layer.session.store.last_seq()
        with pytest.raises(RuleError, match="Mirela is Doomed and cannot cast sorcery"):
            layer.run("cast Mirela witchfire")
        assert layer.session.store.last_seq() == last
        layer.run("settings doomed-actions allowed")
        outcome = layer.run("cast Mirela veil of shadows")
        assert outcome.events[-1].detail["price"] is None
        with pytest.raises(CommandError, match="missing SPELL"):
            layer.run("cast Mirela")


def test_only_the_casters_player_casts(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, "player add Ann", "player add Bea", MIRELA) as layer:
        layer.run("character owner Mirela Ann")
        with pytest.raises(NotAllowedError):
            layer.run("cast Mirela witchfire", Principal(Role.PLAYER, "Bea"))
        layer.run("cast Mirela witchfire", Principal(Role.PLAYER, "Ann"))


def test_casters_are_offered_their_sorceries(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, MIRELA) as layer:
        offered = [
            i.words
            for i in layer.session.ruleset.legal_intents(layer.session, "gm")
            if isinstance(i, Words) and i.command == "cast"
        ]
        assert offered == [
            ("Mirela", "witchfire"),
            ("Mirela", "veil-of-shadows"),
            ("Mirela", "ward-of-bone"),
        ]
        assert (
            "Sorcery (the Doom die its price): Witchfire (INT)"
            in layer.run("character show Mirela").text
        )
