"""Supplies that run out: a lantern's oil and rations' weekly spoilage (redhack:
Equipment > Miscellany; Exploration & Dungeons > Light; RULINGS R16; issue 10 §7)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import RuleError
from hacktable.play.character import Item
from hacktable.rulesets.redhack.spoilage import spoils, weeks_ended

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


# -- rations' weekly spoilage (issue 10 §7; docs/rulings.md H251) -----------------------------


def test_weeks_end_at_days_7_14_21() -> None:
    assert weeks_ended(1, 7) == ()
    assert weeks_ended(7, 8) == (1,)
    assert weeks_ended(1, 15) == (1, 2)
    assert weeks_ended(14, 22) == (2, 3)
    assert weeks_ended(8, 14) == ()


def test_rations_spoil_iron_rations_do_not() -> None:
    assert spoils(Item("Rations", "ration", "rations", UsageDie(8)))
    assert not spoils(Item("Iron Rations", "ration", "iron-rations", UsageDie(8)))
    assert not spoils(Item("Rations", "ration", "rations", UsageDie.EXHAUSTED))


@pytest.fixture
def townsfolk(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=5)
    for line in (
        "character new Aldric --class warrior --kit 1",
        "give Aldric rations",
        'give Aldric "iron rations"',
        "where town",
    ):
        play(line)
    yield play
    play.close()


def test_no_spoilage_roll_within_the_first_week(townsfolk: Play) -> None:
    shown = townsfolk("rest downtime days 6")  # day 1 -> day 7
    assert "spoilage" not in shown
    assert _item(townsfolk, "Aldric", "rations")[1] == UsageDie(8)


def test_the_end_of_a_week_rolls_the_rations_once_more(townsfolk: Play) -> None:
    shown = townsfolk("rest downtime days 7")  # day 1 -> day 8: week 1 ends
    assert "Week 1 ends (day 7): rations roll for spoilage" in shown
    assert shown.count("Aldric's Rations: ud8") == 1
    assert "Iron Rations:" not in shown
    assert _item(townsfolk, "Aldric", "iron-rations")[1] == UsageDie(8)
    event = townsfolk.session.log()[-1]
    assert [w["week"] for w in event.detail["spoilage"]] == [1]


def test_a_long_downtime_rolls_once_a_week(townsfolk: Play) -> None:
    shown = townsfolk("rest downtime days 21")  # day 1 -> day 22: weeks 1-3 end
    assert [line for line in shown.splitlines() if line.startswith("Week")] == [
        "Week 1 ends (day 7): rations roll for spoilage (iron rations do not spoil)",
        "Week 2 ends (day 14): rations roll for spoilage (iron rations do not spoil)",
        "Week 3 ends (day 21): rations roll for spoilage (iron rations do not spoil)",
    ]


def test_rations_that_spoil_away_are_said(townsfolk: Play) -> None:
    index, _, _ = _item(townsfolk, "Aldric", "rations")
    aldric = townsfolk.session.character("Aldric")
    townsfolk.set_character(
        "Aldric",
        inventory=aldric.replace_item(
            index, replace(aldric.inventory[index], usage=UsageDie(4))
        ).inventory,
    )
    shown = townsfolk("rest downtime days 140")
    assert "Aldric's Rations has spoiled: used up" in shown
    assert _item(townsfolk, "Aldric", "rations")[1] is UsageDie.EXHAUSTED
