"""Spell effects the fight and the dungeon understand: a Light spell is a light source
while it lasts; spells that hold, sleep, blind or stun mark the foe with the fight's
flag until they end (issue 10 §1; RULINGS R16, R33; docs/rulings.md H176)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.play.events import Change, Event
from hacktable.rulesets.redhack.commands.act import current_fight
from hacktable.rulesets.redhack.content.spells import load_spells
from hacktable.rulesets.redhack.magic.state import Slot

from ....console.conftest import Play
from .helpers import deal


@pytest.fixture
def crypt(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=6)
    play("character new Mirela --class wizard --kit 1 --spells sleep,light,shield")
    play("character new Sly --class thief --kit 1")
    play("where dungeon")
    yield play
    play.close()


def memorised(play: Play, *spells: str) -> None:
    magic = play.session.character("Mirela").magic
    play.set_character("Mirela", magic=replace(magic, slots=tuple(Slot(1, s) for s in spells)))


def test_the_list_marks_its_lights_and_its_flags() -> None:
    spells = load_spells()
    assert {s.id for s in spells.spells if s.light} == {"light", "holy-light"}
    flags = {s.id: s.foe_flag for s in spells.spells if s.foe_flag}
    assert flags["sleep"] == "held"
    assert flags["web"] == "held"
    assert flags["power-word-stun"] == "stunned"
    assert flags["light"] == "blinded"


def test_a_light_spell_lifts_the_darkness_while_it_lasts(
    crypt: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R16: in a dungeon with no light, tests of sight have disadvantage; a Light at
    work is a light source, and its end brings the darkness back."""
    assert "disadvantage (darkness)" in crypt("test Sly WIS for perception")
    memorised(crypt, "light")
    out = crypt("cast Mirela light")
    assert "Light is a light source while it lasts (H176)" in out
    assert "darkness" not in crypt("test Sly WIS for perception")
    deal(crypt, monkeypatch, 6, 6, strict=False)
    assert "No light burns" not in crypt("tick 3")
    monkeypatch.undo()
    state = crypt.session.state.get("spell-effects", "active")
    assert state is not None
    last = {"spells": [{**state["spells"][0], "die": 4}]}  # the Light's ud4
    crypt.session.commit(
        Event("test.setup", changes=(Change("spell-effects", "active", state, last),))
    )
    deal(crypt, monkeypatch, 1, 6, strict=False)
    out = crypt("tick 3")
    monkeypatch.undo()
    assert "Mirela's Light" in out
    assert "it ends" in out
    assert "disadvantage (darkness)" in crypt("test Sly WIS for perception")


def _fight(play: Play) -> None:
    play("fight start")
    play("fight add 2 goblin --at near")
    play("init")


def test_sleep_holds_a_foe_until_it_ends(crypt: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    """H176: the effect test against the foe's HD succeeds: held, until the spell's
    usage die is exhausted (rolled with the lights) or the fight ends."""
    memorised(crypt, "sleep")
    _fight(crypt)
    deal(crypt, monkeypatch, 6, 20, strict=False)  # the casting d6, then the effect test
    out = crypt("cast Mirela sleep on goblin-1")
    monkeypatch.undo()
    assert "Goblin 1 is held by Sleep" in out or "is held by Sleep" in out
    fight = current_fight(crypt.session)
    assert fight is not None
    assert "held" in fight.foe("goblin-1").conditions
    assert "held" not in fight.foe("goblin-2").conditions
    crypt("next")
    crypt("next")
    fight = current_fight(crypt.session)
    assert fight is not None
    assert "held" in fight.foe("goblin-1").conditions  # a variable duration lasts on


def test_a_resisted_spell_flags_nobody(crypt: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    memorised(crypt, "sleep")
    _fight(crypt)
    deal(crypt, monkeypatch, 6, 1, strict=False)
    out = crypt("cast Mirela sleep on goblin-1")
    monkeypatch.undo()
    assert "is not affected" in out
    fight = current_fight(crypt.session)
    assert fight is not None
    assert "held" not in fight.foe("goblin-1").conditions


def test_the_flag_comes_off_when_the_spell_ends_in_the_fight(
    crypt: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Light cast at a goblin's eyes blinds it for as long as the Light lasts; the
    spell ended (here by the GM's setup: its rounds run out), the flag is gone."""
    memorised(crypt, "light")
    _fight(crypt)
    crypt("cast Mirela light on goblin-2")
    fight = current_fight(crypt.session)
    assert fight is not None
    assert "blinded" in fight.foe("goblin-2").conditions
    state = crypt.session.state.get("spell-effects", "active")
    assert state is not None
    ends = {**state["spells"][0], "unit": "rounds", "ends": fight.round, "die": None}
    crypt.session.commit(
        Event(
            "test.setup",
            changes=(Change("spell-effects", "active", state, {"spells": [ends]}),),
        )
    )
    out = ""
    while (now := current_fight(crypt.session)) is not None and now.round <= fight.round:
        out += crypt("next")
    assert "Goblin 2 is no longer blinded" in out or "is no longer blinded" in out
    now = current_fight(crypt.session)
    assert now is not None
    assert "blinded" not in now.foe("goblin-2").conditions
