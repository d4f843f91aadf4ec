"""Supplies that run out: a lantern's oil and rations' weekly spoilage (redhack:
Equipment > Miscellany; Exploration & Dungeons > Light; RULINGS R16; issue 10 §7)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import RuleError

from ...console.conftest import Play


@pytest.fixture
def lamplighter(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=5)
    for line in (
        "character new Aldric --class warrior --kit 1",
        "character new Mirela --class wizard --kit 1",
        "give Aldric lantern",
        "give Mirela tinderbox",
        "where dungeon",
    ):
        play(line)
    yield play
    play.close()


def _item(play: Play, name: str, ref: str) -> tuple[int, UsageDie | None, bool]:
    character = play.session.character(name)
    index = next(i for i, item in enumerate(character.inventory) if item.ref == ref)
    item = character.inventory[index]
    return index, item.usage, item.lit


# -- a lantern needs oil (issue 10 §7; docs/rulings.md H250) -----------------------------------


def test_a_lantern_without_oil_is_refused_and_nothing_changes(lamplighter: Play) -> None:
    before = lamplighter.session.character("Aldric")
    with pytest.raises(RuleError, match="carries no oil"):
        lamplighter("light Aldric lantern")
    assert lamplighter.session.character("Aldric") == before


def test_another_characters_oil_does_not_fill_it(lamplighter: Play) -> None:
    lamplighter("give Mirela oil")
    with pytest.raises(RuleError, match="Aldric carries no oil"):
        lamplighter("light Aldric lantern")


def test_a_lit_lantern_burns_the_oils_usage_die_not_its_own(lamplighter: Play) -> None:
    lamplighter("give Aldric oil")
    assert "Aldric lights Lantern" in lamplighter("light Aldric lantern")
    shown = lamplighter("tick 3")
    assert "Aldric's Flask of Oil: ud20" in shown
    assert "Aldric's Lantern:" not in shown
    _, lantern_die, lit = _item(lamplighter, "Aldric", "lantern")
    assert lantern_die is None
    assert lit


def test_the_lantern_goes_out_when_the_oil_is_used_up(lamplighter: Play) -> None:
    lamplighter("give Aldric oil")
    lamplighter("light Aldric lantern")
    index, _, _ = _item(lamplighter, "Aldric", "oil")
    aldric = lamplighter.session.character("Aldric")
    lamplighter.set_character(
        "Aldric",
        inventory=aldric.replace_item(
            index, replace(aldric.inventory[index], usage=UsageDie(4))
        ).inventory,
    )
    for _ in range(60):
        shown = lamplighter("tick 3")
        if "runs dry" in shown:
            break
    assert "Aldric's Lantern runs dry: the Flask of Oil is used up and it goes out" in shown
    assert _item(lamplighter, "Aldric", "oil")[1] is UsageDie.EXHAUSTED
    assert not _item(lamplighter, "Aldric", "lantern")[2]
    with pytest.raises(RuleError, match="carries no oil"):
        lamplighter("light Aldric lantern")


def test_a_lantern_whose_oil_is_given_away_goes_out_at_the_next_check(lamplighter: Play) -> None:
    lamplighter("give Aldric oil")
    lamplighter("light Aldric lantern")
    lamplighter("drop Aldric oil")
    assert "Aldric's Lantern has no oil: it goes out" in lamplighter("tick 3")
    assert not _item(lamplighter, "Aldric", "lantern")[2]
