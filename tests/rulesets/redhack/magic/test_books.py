"""Starting books and the sheet (issue 10 §1, §2; RULINGS R25, R27; H159)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import HacktableError

from ....console.conftest import Play


@pytest.fixture
def play(tmp_path: Path):  # type: ignore[no-untyped-def]
    table = Play(tmp_path / "c.db", seed=3)
    yield table
    table.close()


def test_a_wizard_starts_with_a_cantrip_and_3_spells_chosen(play: Play) -> None:
    """issue 10 §1: a cantrip and 3 spells at creation, chosen."""
    out = play(
        "character new Vala --class wizard --kit 1 --spells sleep,light,shield --cantrip spark"
    )
    vala = play.session.character("Vala")
    assert vala.magic.book == ("sleep", "light", "shield")
    assert vala.magic.cantrip == "spark"
    assert "Book: Sleep, Light, Shield" in out
    assert "Slots: L1 empty" in out
    command = play.store.last(1)[0].command
    assert "--spells sleep,light,shield" in command
    assert "--cantrip spark" in command


def test_a_clerics_rolled_prayerbook_holds_4_prayers_of_levels_1_2(play: Play) -> None:
    """issue 10 §2: a prayerbook of 4 level 1-2 spells (rolled in a script)."""
    play("character new Tomas --class cleric --kit 1")
    tomas = play.session.character("Tomas")
    from hacktable.rulesets.redhack.content.spells import load_spells

    spells = [load_spells().get(s) for s in tomas.magic.book]
    assert len(set(tomas.magic.book)) == 4
    assert all(s.kind == "divine" and s.level in (1, 2) for s in spells)
    assert tomas.magic.cantrip is None


@pytest.mark.parametrize(
    "flags",
    [
        "--class wizard --spells sleep,light",
        "--class wizard --spells sleep,sleep,light",
        "--class wizard --spells fireball,light,shield",
        "--class wizard --spells sleep,light,shield --cantrip sleep",
        "--class cleric --spells bless,light,silence,find-traps",
        "--class warrior --spells sleep",
    ],
)
def test_a_bad_book_is_refused_and_nothing_is_made(play: Play, flags: str) -> None:
    with pytest.raises(HacktableError):
        play(f"character new Bad {flags}")
    with pytest.raises(HacktableError):
        play.session.character("Bad")


def test_other_classes_have_no_magic(play: Play) -> None:
    out = play("character new Aldric --class warrior --kit 1")
    assert "Slots" not in out
    assert not play.session.character("Aldric").magic.book
