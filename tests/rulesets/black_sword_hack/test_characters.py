"""The ``character`` command of black-sword-hack (RULINGS B2, B4; docs/rulings.md H106,
H127): all at once from flags, guided with a scripted ask, rolled when nobody answers;
bad flags refused in one line with nothing stored; show, list, remove, revive, owner."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.engine.principal import GM
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rulesets.black_sword_hack.commands.characters import (
    CharacterIntent,
    CreationChoices,
)
from hacktable.rulesets.black_sword_hack.creation import score_of_roll
from hacktable.rulesets.grammar import Words

from .character_helpers import answers, bsh_campaign, set_character

KAEL = "character new Kael --origin barbarian --backgrounds reaver,pit-fighter,scribe"


def test_a_character_from_flags_is_made_by_the_rules(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db") as layer:
        outcome = layer.run(KAEL)
        kael = layer.session.character("Kael")
        event = outcome.events[-1]
        assert event.action == "character.new"
        dice = event.detail["scores"]
        for (attribute, faces, score), (name, value) in zip(dice, kael.scores, strict=True):
            bonus = {"STR": 2, "INT": 1}.get(attribute, 0)
            assert name == attribute
            assert value == min(18, score + bonus)
            assert score == score_of_roll(sum(faces))  # B4's table
        assert kael.max_hp == kael.hp == kael.score("CON")  # level 1
        assert kael.doom == UsageDie.UD6
        assert event.command == KAEL
        assert [d.sides for d in outcome.dice] == [6] * 12  # the 2d6 of each attribute


def test_the_doom_die_starts_at_the_campaigns_setting(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, "settings doom-die ud8", KAEL) as layer:
        kael = layer.session.character("Kael")
        assert (kael.doom, kael.doom_size) == (UsageDie.UD8, UsageDie.UD8)


def test_the_origin_follows_from_the_backgrounds(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db") as layer:
        layer.run("character new Vex --backgrounds courtier,duellist,reaver")
        vex = layer.session.character("Vex")
        assert vex.origin == "decadent"
        assert vex.backgrounds == ("courtier", "duellist", "reaver")


@pytest.mark.parametrize(
    ("line", "error", "message"),
    [
        ("character new Bo --origin elf", UnknownNameError, "elf"),
        (
            "character new Bo --origin barbarian --backgrounds reaver,hermit,scribe",
            UnknownNameError,
            "hermit",
        ),
        (
            "character new Bo --origin barbarian --backgrounds reaver,scribe,courtier",
            RuleError,
            "two of the three backgrounds must be Barbarian, but Scribe .* and Courtier",
        ),
        (
            "character new Bo --backgrounds reaver,scribe,courtier",
            RuleError,
            "two of the three backgrounds share the character's origin",
        ),
        ("character new Bo --backgrounds reaver,scribe", CommandError, "takes three"),
        ("character new Bo --class warrior", CommandError, "unexpected '--class'"),
        ("character new 12", CommandError, "cannot be a number"),
    ],
)
def test_bad_flags_are_one_clear_line_and_store_nothing(
    tmp_path: Path, line: str, error: type[Exception], message: str
) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL) as layer:
        last = layer.session.store.last_seq()
        with pytest.raises(error, match=message) as raised:
            layer.run(line)
        assert "\n" not in str(raised.value)
        assert layer.session.store.last_seq() == last
        assert [c.name for c in layer.session.characters()] == ["Kael"]


def test_a_name_is_taken_once(tmp_path: Path) -> None:
    with (
        bsh_campaign(tmp_path / "c.db", 7, KAEL) as layer,
        pytest.raises(RuleError, match="already a character called Kael"),
    ):
        layer.run(KAEL)


def test_guided_creation_shows_the_scores_then_asks_origin_and_backgrounds(
    tmp_path: Path,
) -> None:
    asked, ask = answers("", "deca", "2", "1", "scribe")
    with bsh_campaign(tmp_path / "c.db") as layer:
        outcome = layer.run("character new Vex", ask=ask)
        vex = layer.session.character("Vex")
    assert asked[0].startswith("Rolled 2d6 in order: STR ")
    assert asked[1].startswith("Origin")
    assert "1: Courtier (CHA) | 2: Duellist (DEX)" in asked[2]
    assert "1: Courtier (CHA)" in asked[3]
    assert "Duellist" not in asked[3]
    assert "of any origin" in asked[4]
    assert "Reaver (STR)" in asked[4]
    assert vex.origin == "decadent"
    assert vex.backgrounds == ("duellist", "courtier", "scribe")
    assert outcome.events[-1].command == (
        "character new Vex --origin decadent --backgrounds duellist,courtier,scribe"
    )


def test_guided_creation_asks_again_after_a_wrong_answer(tmp_path: Path) -> None:
    warned: list[str] = []
    _asked, ask = answers("", "elf", "civilized", "")
    with bsh_campaign(tmp_path / "c.db") as layer:
        outcome = layer.run("character new Ilsa", ask=ask, warn=warned.append)
        ilsa = layer.session.character("Ilsa")
    assert len(warned) == 1
    assert "elf" in warned[0]
    assert ilsa.origin == "civilized"  # and the empty answer rolled the backgrounds
    assert len(outcome.events[-1].detail["background_rolls"]) == 3


def test_the_guided_flags_given_are_not_asked(tmp_path: Path) -> None:
    asked, ask = answers("", "3", "1", "1")
    with bsh_campaign(tmp_path / "c.db") as layer:
        layer.run("character new Ulf --origin barbarian", ask=ask)
        ulf = layer.session.character("Ulf")
    assert not any(q.startswith("Origin") for q in asked)
    assert ulf.backgrounds == ("mountain-clansman", "reaver", "horse-lord")


def test_nobody_to_ask_rolls_what_is_left(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db") as layer:
        outcome = layer.run("character new Nameless")
        nameless = layer.session.character("Nameless")
        detail = outcome.events[-1].detail
    assert 1 <= detail["origin_roll"] <= 3
    assert len(detail["background_rolls"]) == 3
    assert nameless.origin in ("barbarian", "civilized", "decadent")
    # 12 d6 for the scores, the d3, then the three backgrounds' dice
    assert [d.sides for d in outcome.dice][:13] == [6] * 12 + [3]


def test_show_list_remove_and_revive(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL) as layer:
        shown = layer.run("character show Kael").text
        assert "Kael, Barbarian, level 1" in shown
        assert "Backgrounds: Reaver (+1 STR), Pit Fighter (+1 STR), Scribe (+1 INT)" in shown
        listed = layer.run("character list").text
        assert listed.startswith("Kael")
        assert "Barbarian" in listed
        assert "Doom ud6" in listed
        with pytest.raises(RuleError, match="not dead"):
            layer.run("character revive Kael")
        set_character(layer, "Kael", conditions=("dead",), hp=0)
        layer.run("character revive Kael")
        kael = layer.session.character("Kael")
        assert not kael.dead
        assert kael.hp == 1
        layer.run("character remove Kael")
        assert layer.session.characters() == []
        assert "No characters yet" in layer.run("character list").text


def test_a_player_makes_their_own_character_and_only_theirs(tmp_path: Path) -> None:
    ann = Principal(Role.PLAYER, "Ann")
    with bsh_campaign(tmp_path / "c.db", 7, "player add Ann", "player add Bea") as layer:
        layer.run(KAEL, ann)
        assert "Played by Ann" in layer.run("character show Kael").text
        with pytest.raises(NotAllowedError):
            layer.run("character new Sly --player Bea", ann)
        with pytest.raises(NotAllowedError):
            layer.run("character remove Kael", ann)
        layer.run("character owner Kael Bea")
        assert "Played by Bea" in layer.run("character show Kael").text


def test_the_typed_intent_does_what_the_line_does(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "a.db") as by_line, bsh_campaign(tmp_path / "b.db") as typed:
        intent = CharacterIntent(
            "new",
            "Kael",
            CreationChoices("barbarian", ("reaver", "pit-fighter", "scribe")),
        )
        assert by_line.parse(KAEL) == intent
        by_line.run(KAEL)
        typed.execute(GM, intent)
        assert by_line.session.character("Kael") == typed.session.character("Kael")


def test_the_offers_are_legal_for_the_gm(tmp_path: Path) -> None:
    with bsh_campaign(tmp_path / "c.db", 7, KAEL) as layer:
        intents = layer.session.ruleset.legal_intents(layer.session, "gm")
        news = [i for i in intents if isinstance(i, Words) and i.words[:1] == ("new",)]
        assert {
            w for i in news for w in i.words if w in ("barbarian", "civilized", "decadent")
        } == {
            "barbarian",
            "civilized",
            "decadent",
        }
        for intent in [*news, Words("character", ("show", "Kael"))]:
            layer.execute(GM, intent)
