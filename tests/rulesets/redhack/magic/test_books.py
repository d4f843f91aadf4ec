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


OWN_SPELL = """
[[spells]]
id = "grave-chill"
name = "Grave Chill"
kind = "arcane"
level = 1
range = "near"
duration = "3 rounds"
save = "CON"
effect_test = "INT"
effect = "A cold from beyond the grave numbs a living creature."
source = "campaign"
"""


def test_a_campaign_s_own_spells_are_in_the_starting_book(tmp_path: Path) -> None:
    """issue 10 §1 (a campaign adds its own spells); H243: --spells accepts them and a
    rolled book may draw them."""
    from hacktable.rulesets.redhack.commands.spells import spells_for
    from hacktable.rulesets.redhack.magic.book import book_choices

    path = tmp_path / "own.toml"
    path.write_text(OWN_SPELL)
    play = Play(tmp_path / "c.db", seed=1)
    try:
        play(f"spell add {path}")
        play("character new Mirela --class wizard --kit 1 --spells grave-chill,sleep,light")
        assert "grave-chill" in play.session.character("Mirela").magic.book
        assert "grave-chill" in {s.id for s in book_choices(spells_for(play.session), "wizard")}
        rolled = set()
        for number in range(12):
            play(f"character new W{number} --class wizard --kit 1")
            rolled |= set(play.session.character(f"W{number}").magic.book)
        assert "grave-chill" in rolled
    finally:
        play.close()
