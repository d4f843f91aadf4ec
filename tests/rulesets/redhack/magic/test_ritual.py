"""Ritual Caster: "You may cast spells or prayers of level 1-2 from the book, taking 10
minutes per level of the effect, regardless of your class" (redhack: Character Creation
> 3. Backgrounds; issue 10 §7 "the four technique backgrounds"; docs/rulings.md H245,
H246)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError
from hacktable.play.codec import from_json
from hacktable.rulesets.redhack.magic.ritual import ritual_half_ticks, ritual_minutes
from hacktable.rulesets.redhack.magic.slots import character_slots
from hacktable.rulesets.redhack.party import PartyState

from ....console.conftest import Play
from .helpers import deal


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Play]:
    """Aldric, a warrior with Ritual Caster and Sleep, Hold Person (prayer) and
    Fireball in his book; Mirela, a wizard with Sleep, Light and Shield; in town at 08:00."""
    play = Play(tmp_path / "c.db", seed=6)
    play("character new Aldric --class warrior --kit 1")
    play("character new Mirela --class wizard --kit 1 --spells sleep,light,shield")
    play("technique Aldric ritual-caster")
    aldric = play.session.character("Aldric")
    play.set_character(
        "Aldric", magic=replace(aldric.magic, book=("sleep", "hold-person-prayer", "fireball"))
    )
    yield play
    play.close()


def clock(play: Play) -> int:
    data = play.session.state.get("party", "state")
    party = PartyState() if data is None else from_json(PartyState, data)
    return party.minutes


def test_ten_minutes_per_level() -> None:
    """ "taking 10 minutes per level of the effect"."""
    assert ritual_minutes(1) == 10
    assert ritual_minutes(2) == 20
    assert ritual_half_ticks(10, 10) == 2  # one tick of the default 10 minutes
    assert ritual_half_ticks(20, 10) == 4
    assert ritual_half_ticks(10, 5) == 4  # two 5-minute ticks
    assert ritual_half_ticks(10, 6) == 4  # rounded up, never cut short (H245)


def test_a_warrior_casts_a_level_1_ritual_in_ten_minutes(hall: Play) -> None:
    before = clock(hall)
    shown = hall("cast Aldric sleep ritual")
    assert "Aldric casts Sleep as a ritual: 10 minutes, no slot, no casting roll" in shown
    assert "casting table" not in shown
    assert clock(hall) - before == 10


def test_a_level_2_prayer_takes_twenty_minutes_and_its_save(
    hall: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "spells or prayers": Hold Person (a level-2 prayer) by a warrior; its target
    saves as for any cast (R33)."""
    before = clock(hall)
    deal(hall, monkeypatch, 20)  # Mirela's save
    shown = hall("cast Aldric hold-person-prayer ritual on Mirela")
    monkeypatch.undo()
    assert "20 minutes" in shown
    assert "Mirela's saving throw" in shown
    assert clock(hall) - before == 20


def test_a_wizards_ritual_leaves_the_slots_alone(hall: Play) -> None:
    hall("technique Mirela ritual-caster")
    slots = character_slots(hall.session.character("Mirela"))
    shown = hall("cast Mirela light ritual")
    assert "no slot" in shown
    assert character_slots(hall.session.character("Mirela")) == slots
    assert "Light lasts" in shown


def test_in_a_dungeon_the_ticks_pass_with_their_checks(
    hall: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R16: a ritual in the dungeon is dungeon time: two ticks for a level-2 ritual;
    reaching the third tick makes the torch check and the encounter check."""
    hall("where dungeon")
    hall("tick 2")
    deal(hall, monkeypatch, 6, 20, strict=False)  # the encounter check (nothing), a save
    shown = hall("cast Aldric hold-person-prayer ritual on Mirela")
    monkeypatch.undo()
    assert "2 ticks of 10 minutes pass" in shown
    assert "Tick 3: torch check" in shown
    assert "encounter check: d6 6" in shown
    data = hall.session.state.get("party", "state")
    assert data is not None
    assert from_json(PartyState, data).half_ticks == 8


def test_an_encounter_breaks_the_ritual_off(hall: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    """H245: the encounter stops the clock and the spell is not cast."""
    hall("where dungeon")
    hall("tick 2")
    deal(hall, monkeypatch, 1, strict=False)
    shown = hall("cast Aldric hold-person-prayer ritual on Mirela")
    monkeypatch.undo()
    assert (
        "the encounter breaks the ritual off after 1 tick: Hold Person (prayer) is not cast"
        in shown
    )
    assert "saving throw" not in shown


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("cast Mirela sleep ritual", "Mirela has no Ritual Caster background"),
        ("cast Aldric fireball ritual", "Fireball is level 3: a ritual casts spells or prayers"),
        ("cast Aldric web ritual", "Web is not in Aldric's book"),
        ("cast Aldric sleep", "Aldric is a warrior: only wizards and clerics cast from slots"),
    ],
)
def test_refusals_change_nothing(hall: Play, line: str, refusal: str) -> None:
    before = (clock(hall), len(hall.session.log()))
    with pytest.raises(RuleError, match=refusal):
        hall(line)
    assert (clock(hall), len(hall.session.log())) == before


def test_a_cantrip_is_no_ritual(hall: Play) -> None:
    hall("technique Mirela ritual-caster")
    cantrip = hall.session.character("Mirela").magic.cantrip
    with pytest.raises(RuleError, match="is a cantrip: a ritual casts"):
        hall(f"cast Mirela {cantrip} ritual")


def test_never_in_a_fight(hall: Play) -> None:
    hall("fight start")
    hall("fight add 1 goblin")
    with pytest.raises(RuleError, match="a ritual takes 10 minutes: not in a fight"):
        hall("cast Aldric sleep ritual")


def test_a_ritual_takes_no_components_or_scroll(hall: Play) -> None:
    with pytest.raises(CommandError, match="a ritual takes no components"):
        hall("cast Aldric sleep ritual with components")
    with pytest.raises(CommandError, match="a ritual takes no components"):
        hall("cast Aldric sleep ritual from scroll")


def test_a_ritual_caster_copies_rituals_into_a_book(hall: Play) -> None:
    """H246: a Ritual Caster of any class fills a book as a wizard does, by copying (a
    downtime action), with spells or prayers of level 1-2 only."""
    hall("character new Sly --class thief --kit 1")
    hall("technique Sly ritual-caster")
    with pytest.raises(RuleError, match="Fireball is level 3: Sly's book holds rituals"):
        hall("copy Sly fireball from book")
    hall("rest downtime")
    shown = hall("copy Sly bless from book")
    assert "Sly copies Bless from another book into their book" in shown
    assert hall.session.character("Sly").magic.book == ("bless",)
    assert "Sly casts Bless as a ritual: 10 minutes" in hall("cast Sly bless ritual")


def test_without_the_technique_only_a_wizard_copies(hall: Play) -> None:
    hall("character new Sly --class thief --kit 1")
    with pytest.raises(RuleError, match=r"only a wizard \(or a Ritual Caster, H246\)"):
        hall("copy Sly sleep from book")


def test_the_sheet_shows_a_ritual_book_without_slots(hall: Play) -> None:
    """H246: a warrior's book of rituals is on the sheet; a warrior has no slots."""
    shown = hall("character show Aldric")
    assert "  Book: Sleep, Hold Person (prayer), Fireball" in shown
    assert "Slots" not in shown
