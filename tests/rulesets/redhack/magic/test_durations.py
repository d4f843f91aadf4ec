"""Spells at work on the campaign's clock: rounds in a fight, ticks in a dungeon, and a
variable duration's usage die rolled with the lights every 3 ticks, each ending
announced (issue 10 §1; RULINGS R16, R33; docs/rulings.md H167, H175)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.rulesets.redhack.commands.act import current_fight
from hacktable.rulesets.redhack.magic.effects import (
    ActiveSpell,
    ActiveSpells,
    expire_rounds,
    expire_time,
    roll_variable,
)
from hacktable.rulesets.redhack.magic.state import Slot

from ....console.conftest import Play
from .helpers import Dealt, deal


@pytest.fixture
def tower(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=4)
    play("character new Mirela --class wizard --kit 1 --spells shield,light,detect-magic")
    play("character new Sly --class thief --kit 1")
    play("where dungeon")
    yield play
    play.close()


def memorised(play: Play, *spells: str) -> None:
    """Mirela's level-1 slot (and bonus slots as needed) hold ``spells``."""
    magic = play.session.character("Mirela").magic
    slots = tuple(Slot(1, s) for s in spells)
    from dataclasses import replace

    play.set_character("Mirela", magic=replace(magic, slots=slots))


def active(play: Play) -> tuple[ActiveSpell, ...]:
    data = play.session.state.get("spell-effects", "active")
    if data is None:
        return ()
    from hacktable.play.codec import from_json

    return from_json(ActiveSpells, data).spells


# -- the pure rules --------------------------------------------------------------------


def test_rounds_end_after_their_last_round_and_all_at_the_fight_s_end() -> None:
    spells = ActiveSpells((ActiveSpell("shield", "Shield", "Mirela", (), "rounds", 6),))
    kept, lines = expire_rounds(spells, 6)
    assert kept == spells
    assert lines == []
    kept, lines = expire_rounds(spells, 7)
    assert kept.spells == ()
    assert lines == ["Mirela's Shield ends"]
    assert expire_rounds(spells, 0)[1] == ["Mirela's Shield ends"]


def test_time_ends_at_its_minute() -> None:
    spells = ActiveSpells((ActiveSpell("detect-magic", "Detect Magic", "Mirela", ends=500),))
    assert expire_time(spells, 499)[1] == []
    assert expire_time(spells, 500)[1] == ["Mirela's Detect Magic ends"]


def test_a_variable_duration_steps_down_and_ends_when_exhausted() -> None:
    """R33: the usage die; G3: a 1 or 2 steps it down, on a ud4 exhausts it."""
    spell = ActiveSpell("light", "Light", "Mirela", (), "variable", die=UsageDie.parse("ud8"))
    kept, lines = roll_variable(ActiveSpells((spell,)), Dealt(5))
    assert kept.spells[0].die == UsageDie.parse("ud8")
    kept, lines = roll_variable(kept, Dealt(2))
    assert kept.spells[0].die == UsageDie.parse("ud6")
    kept, lines = roll_variable(ActiveSpells((spell,)), Dealt(1))
    short = ActiveSpell("light", "Light", "Mirela", (), "variable", die=UsageDie.parse("ud4"))
    kept, lines = roll_variable(ActiveSpells((short,)), Dealt(1))
    assert kept.spells == ()
    assert lines[0].endswith(": it ends")


# -- at the table ----------------------------------------------------------------------


def test_a_spell_in_ticks_ends_on_the_dungeon_clock(tower: Play) -> None:
    """Detect Magic lasts 2 ticks (R33; H167)."""
    memorised(tower, "detect-magic")
    out = tower("cast Mirela detect-magic")
    assert "Detect Magic lasts for 2 ticks" in out
    assert tower("tick 1").count("Detect Magic ends") == 0
    assert "Mirela's Detect Magic ends" in tower("tick 1")
    assert active(tower) == ()


def test_a_variable_spell_rolls_with_the_lights_every_3_ticks(
    tower: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R16, R33: the Light's ud8 is rolled at the torch check, every 3 ticks."""
    memorised(tower, "light")
    out = tower("cast Mirela light")
    assert "while its ud8 lasts (rolled with the lights every 3 ticks)" in out
    assert "Light" not in tower("tick 2").split("pass", 1)[1]
    deal(tower, monkeypatch, 2, 6, strict=False)  # the Light's ud8, then the encounter d6
    out = tower("tick 1")
    monkeypatch.undo()
    assert "Tick 3: torch check" in out
    assert "Mirela's Light: ud8 2: steps down to ud6" in out
    assert active(tower)[0].die == UsageDie.parse("ud6")


def test_a_variable_spell_s_end_is_announced(tower: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    memorised(tower, "light")
    tower("cast Mirela light")
    from dataclasses import replace

    from hacktable.play.codec import to_json
    from hacktable.play.events import Change, Event

    spells = ActiveSpells((replace(active(tower)[0], die=UsageDie.parse("ud4")),))
    before = tower.session.state.get("spell-effects", "active")
    tower.session.commit(
        Event(
            "test.setup",
            changes=(Change("spell-effects", "active", before, to_json(spells)),),
        )
    )
    deal(tower, monkeypatch, 1, 6, strict=False)
    out = tower("tick 3")
    monkeypatch.undo()
    assert "Mirela's Light: ud4 1" in out
    assert "it ends" in out
    assert active(tower) == ()


def _to_round(play: Play, number: int) -> str:
    out = ""
    fight = current_fight(play.session)
    while fight is not None and fight.round < number:
        out += play("next") + "\n"
        fight = current_fight(play.session)
    return out


def test_a_spell_in_rounds_ends_with_its_last_round(tower: Play) -> None:
    """Shield lasts 6 rounds: cast in round 1, it ends as round 7 begins (H167)."""
    memorised(tower, "shield")
    tower("fight start")
    tower("fight add 3 goblin --at far")
    tower("init")
    out = tower("cast Mirela shield")
    assert "Shield lasts for 6 rounds (to the end of round 6)" in out
    assert "Shield ends" not in _to_round(tower, 6)
    assert "Mirela's Shield ends" in _to_round(tower, 7)
    assert active(tower) == ()


def test_the_fight_s_end_ends_spells_in_rounds(tower: Play) -> None:
    memorised(tower, "shield")
    tower("fight start")
    tower("fight add 1 goblin --at far")
    tower("init")
    tower("cast Mirela shield")
    assert "Mirela's Shield ends" in tower("fight end")


def test_a_spell_in_rounds_outside_a_fight_lasts_to_the_next_tick(tower: Play) -> None:
    """H175: rounds outside a fight are not ticks: the spell lasts until the next tick."""
    memorised(tower, "shield")
    out = tower("cast Mirela shield")
    assert "Shield lasts 6 rounds: outside a fight, until the next tick (H175)" in out
    assert "Mirela's Shield ends" in tower("tick 1")


def test_a_rest_s_hours_end_spells_in_ticks(tower: Play) -> None:
    """H167: a rest passes hours on the party's clock; Detect Magic's 2 ticks are up."""
    memorised(tower, "detect-magic")
    tower("cast Mirela detect-magic")
    assert "Mirela's Detect Magic ends" in tower("rest short")
