"""The casting table's results each applied to the slot, and the exact odds of the d6
checked by brute force (issue 10 §1; redhack: Spellcasting > Arcane Magic; RULINGS R26;
docs/rulings.md H163-H165)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.rulesets.redhack.magic.casting import RESULTS, casting_odds
from hacktable.rulesets.redhack.magic.slots import character_slots
from hacktable.rulesets.redhack.magic.state import Slot

from ....console.conftest import Play
from .helpers import deal

LEVEL_1 = {"sleep", "light", "shield"}
LEVEL_2 = {"web", "invisibility"}


@pytest.fixture
def study(tmp_path: Path) -> Iterator[Play]:
    """Mirela, a level-3 wizard with INT 10: a level-2 and a level-1 slot (R25)."""
    play = Play(tmp_path / "c.db", seed=2)
    play("character new Mirela --class wizard --kit 1 --spells sleep,light,shield")
    mirela = play.session.character("Mirela")
    scores = tuple((a, 10 if a == "INT" else v) for a, v in mirela.scores)
    magic = replace(
        mirela.magic,
        book=(*mirela.magic.book, "web", "invisibility"),
        slots=(Slot(2, "web"), Slot(1, "sleep")),
    )
    play.set_character("Mirela", level=3, scores=scores, magic=magic)
    play("where town")
    yield play
    play.close()


def slots(play: Play) -> tuple[Slot, ...]:
    return character_slots(play.session.character("Mirela"))


def cast(play: Play, monkeypatch: pytest.MonkeyPatch, line: str, *faces: int) -> str:
    deal(play, monkeypatch, *faces, strict=False)
    out = play(f"cast Mirela {line}")
    monkeypatch.undo()
    return out


def test_oblivion_forgets_the_spell(study: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    out = cast(study, monkeypatch, "web", 1)
    assert "d6 1 = 1: Oblivion" in out
    assert slots(study)[0] == Slot(2)


def test_entropy_takes_a_book_spell_exactly_one_level_lower(
    study: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = cast(study, monkeypatch, "web", 3)
    assert "Entropy" in out
    slot = slots(study)[0]
    assert slot.level == 2
    assert slot.spell in LEVEL_1
    assert not slot.inspired


def test_entropy_without_a_lower_spell_forgets(
    study: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R26: a level-1 spell has none one level lower (the cantrip is not in the book)."""
    out = cast(study, monkeypatch, "sleep", 3)
    assert "d6 3 +1 level-1 spell = 4: Entropy" in out
    assert "no spell one level lower in the book: the spell is forgotten" in out
    assert slots(study)[1] == Slot(1)


def test_equilibrium_takes_a_book_spell_of_the_same_level(
    study: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = cast(study, monkeypatch, "web", 5)
    assert "Equilibrium" in out
    assert slots(study)[0].spell in LEVEL_2


def test_inspiration_the_gm_names(study: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    out = cast(study, monkeypatch, "web inspiration fly", 6)
    assert "Inspiration: replaced by Fly (Inspiration: it cannot be written down)" in out
    assert slots(study)[0] == Slot(2, "fly", inspired=True)


def test_inspiration_from_a_wandering_spell_table(
    study: Play, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """H164: the setting wandering-spells names the table an Inspiration rolls on."""
    path = tmp_path / "crypt.toml"
    path.write_text(
        '[[tables]]\nid = "crypt-spells"\nname = "Crypt spells"\ndice = "1d2"\n'
        'entries = [\n  { low = 1, high = 1, result = "esp" },\n'
        '  { low = 2, high = 2, result = "levitate" },\n]\n'
    )
    study(f"spell add {path}")
    study("settings wandering-spells crypt-spells")
    out = cast(study, monkeypatch, "web", 6, 2)
    assert "wandering spells" in out
    assert slots(study)[0] == Slot(2, "levitate", inspired=True)


def test_endurance_keeps_the_spell(study: Play, monkeypatch: pytest.MonkeyPatch) -> None:
    out = cast(study, monkeypatch, "sleep", 6)
    assert "d6 6 +1 level-1 spell = 7: Endurance" in out
    assert slots(study)[1] == Slot(1, "sleep")


def test_epiphany_rolls_again_unmodified_and_adds_an_inspiration_spell(
    study: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R26 8: the components' ud6 (5), the d6 (6) +2 = 8, then a plain d6 (7 is not
    reachable: a 6 is Inspiration); here a 1: Oblivion, and Light by Inspiration goes
    into the emptied slot (H165)."""
    study('give Mirela "spell components"')
    out = cast(study, monkeypatch, "sleep with components inspiration light", 5, 6, 1)
    assert "d6 6 +1 level-1 spell +1 components = 8: Epiphany" in out
    assert "Epiphany: roll again unmodified: d6 1: Oblivion" in out
    assert slots(study) == (Slot(2, "web"), Slot(1, "light", inspired=True))


def test_epiphany_with_no_empty_slot_adds_an_extra_one(
    study: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    study('give Mirela "spell components"')
    cast(study, monkeypatch, "sleep with components inspiration web", 5, 6, 5)
    after = slots(study)
    assert Slot(2, "web", inspired=True, bonus=True) in after
    level_1 = [x for x in after if x.level == 1]
    assert len(level_1) == 1
    assert level_1[0].spell in LEVEL_1


def brute(modifier: int, dice: int) -> dict[str, Fraction]:
    """Every face of ``dice`` d6 (the lowest kept), the modifier added, read on the
    table clamped to 1-8."""
    counts = {name: 0 for name, _, _ in RESULTS}
    faces = list(itertools.product(range(1, 7), repeat=dice))
    for roll in faces:
        value = max(1, min(8, min(roll) + modifier))
        name = next(n for n, low, high in RESULTS if low <= value <= high)
        counts[name] += 1
    return {n: Fraction(c, len(faces)) for n, c in counts.items()}


@pytest.mark.parametrize("modifier", [0, 1, 2])
@pytest.mark.parametrize("disadvantage", [False, True])
def test_the_odds_are_exact(modifier: int, disadvantage: bool) -> None:
    """issue 10 §1: the +1s (level 1, components) and disadvantage in armour."""
    assert dict(casting_odds(modifier, disadvantage)) == brute(modifier, 2 if disadvantage else 1)


def test_leather_armour_casts_with_disadvantage_and_shows_its_odds(
    study: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """redhack: Equipment > Armour († leather): the d6 twice, the lower kept (R26)."""
    study("give Mirela leather")
    study("equip Mirela leather")
    out = cast(study, monkeypatch, "sleep", 5, 2)
    assert "d6 with disadvantage (leather): 5, 2 -> 2 +1 level-1 spell = 3: Entropy" in out
    odds = study.store.last(1)[0].detail["casting"]["odds"]
    assert odds == {name: float(p * 100) for name, p in brute(1, 2).items()}
    # 1 + d6-low: 3..7; the lower of 2d6 is 1 in 11/36
    assert brute(1, 2)["Entropy"] == Fraction(11 + 9 + 7, 36)
