"""Rests, the day and the place (black-sword-hack 2.2; RULINGS B2, B8; docs/rulings.md
H150-H152): CON 13 heals 6 on a short rest, once a day; a long rest only in a safe
place, all HP and the Doom die back, and a new day."""

from __future__ import annotations

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.engine.principal import NotAllowedError, Principal, Role
from hacktable.errors import CommandError, RuleError
from hacktable.rulesets.grammar import Words

from .rest_table import Table, rest_table  # noqa: F401  (the fixture)

ANN = Principal(Role.PLAYER, "Ann")


def test_con_13_heals_6_on_a_short_rest(table: Table) -> None:
    table.add("Kara", CON=13, hp=2)
    outcome = table.run("rest short")
    assert outcome.text == (
        "Short rest, 1 hour (day 1)\n  Kara heals 6 (half of CON 13, rounded down: 6): HP 2 -> 8"
    )
    assert table.character("Kara").hp == 8
    (event,) = outcome.events
    assert event.action == "rest.short"
    assert event.detail["healed"] == {"Kara": 6}
    kinds = {(c.kind, c.key) for c in event.changes}
    assert kinds == {("character", "kara"), ("calendar", "day")}


def test_a_short_rest_never_heals_above_the_maximum(table: Table) -> None:
    table.add("Kara", CON=13, hp=10)
    outcome = table.run("rest short Kara")
    assert "Kara heals 3 (half of CON 13, rounded down: 6): HP 10 -> 13 (at most 13)" in (
        outcome.text
    )
    (adjustment,) = outcome.adjustments
    assert (adjustment.asked, adjustment.applied) == (16, 13)


def test_one_short_rest_a_day(table: Table) -> None:
    table.add("Kara", CON=13, hp=2)
    table.add("Bran", CON=9, hp=1)
    table("rest short Kara")
    with pytest.raises(RuleError, match="Kara has had today's short rest \\(day 1\\)"):
        table("rest short Kara")
    everyone = table("rest short")  # Kara is passed over, Bran rests
    assert "Kara has had today's short rest" in everyone
    assert "Bran heals 4 (half of CON 9, rounded down: 4): HP 1 -> 5" in everyone
    last = table.store.last_seq()
    with pytest.raises(RuleError, match="everyone has had today's short rest"):
        table("rest short")
    assert table.store.last_seq() == last
    assert table("day") == "Day 1\n  Today's short rest taken: Kara, Bran"
    assert table("day next") == "Day 2 (after day 1)\n  Everyone may take a short rest again"
    assert "Kara heals 5 (half of CON 13, rounded down: 6): HP 8 -> 13" in table("rest short")


def test_a_long_rest_needs_a_safe_place(table: Table) -> None:
    table.add("Kara", hp=3)
    last = table.store.last_seq()
    with pytest.raises(RuleError, match="only be taken in a safe place"):
        table("rest long")
    table("place camp by the old well")
    with pytest.raises(RuleError, match="a wilderness camp never is one"):
        table("rest long")
    assert table("place") == (
        "The place: a wilderness camp (by the old well)\n  A long rest cannot be taken here"
    )
    table("settings camp-is-safe yes")
    assert "counts as safe in this campaign" in table("rest long")
    assert table.character("Kara").hp == 10
    assert table.store.last_seq() > last


def test_the_gm_may_call_one_place_safe_for_one_rest(table: Table) -> None:
    table.add("Kara", hp=3)
    assert table("rest long safe").startswith(
        "Long rest, 6 hours (day 1 -> day 2): the GM calls this place safe"
    )
    table("place safe the Drowned Rat inn")
    assert "somewhere safe (the Drowned Rat inn)" in table("rest long")
    assert table("day").startswith("Day 3")
    with pytest.raises(CommandError, match="'safe' is for a long rest"):
        table("rest short safe")


def test_a_long_rest_restores_hp_the_doom_die_and_what_was_spent(table: Table) -> None:
    table.add(
        "Kara",
        hp=1,
        doom=UsageDie.EXHAUSTED,
        doom_size=UsageDie.UD8,
        spent=("iron-hide",),
        conditions=("injured",),
    )
    table("rest short Kara")
    text = table("rest long safe")
    assert "Kara heals to full: HP 6 -> 10" in text
    assert "Kara's Doom die is restored (Doomed, exhausted -> ud8, RULINGS B2)" in text
    assert "Kara may use again: iron-hide" in text
    assert "still Injured (disadvantage on all attribute tests): until the session ends" in text
    assert "Day 2 begins: everyone may take a short rest again" in text
    kara = table.character("Kara")
    assert (kara.hp, kara.doom, kara.spent) == (10, UsageDie.UD8, ())
    assert kara.has_condition("injured")  # a session's end ends it, not a rest (B8)
    assert "Kara is at full HP (10)" in table("rest short Kara")  # a new day's short rest


def test_nobody_rests_during_a_fight(table: Table) -> None:
    table.add("Kara", hp=3)
    table("fight start")
    for line in ("rest short", "rest long safe"):
        with pytest.raises(RuleError, match="fight going on"):
            table(line)
    offered = table.session.ruleset.legal_intents(table.session, "gm")
    assert not [i for i in offered if isinstance(i, Words) and i.command == "rest"]


def test_the_helpless_and_the_dead_do_not_rest(table: Table) -> None:
    table.add("Kara", hp=3)
    table.add("Bran", hp=0)
    table.add("Oda", hp=0, conditions=("dead",))
    with pytest.raises(RuleError, match="Bran is Helpless \\(0 HP\\): the Helpless d6 comes"):
        table("rest short Bran")
    with pytest.raises(RuleError, match="Oda is dead"):
        table("rest long Oda safe")
    text = table("rest short")
    assert "Bran is Helpless (0 HP)" in text  # passed over
    assert "Oda" not in text
    assert table.character("Bran").hp == 0


def test_nobody_to_rest(table: Table) -> None:
    with pytest.raises(RuleError, match="nobody can rest"):
        table("rest short")


def test_undo_takes_back_the_whole_rest(table: Table) -> None:
    table.add("Kara", CON=13, hp=2)
    table("rest short")
    table("undo")
    assert table.character("Kara").hp == 2
    assert table("day") == "Day 1\n  Today's short rest taken: nobody"


def test_resting_and_the_day_are_the_gms_time(table: Table) -> None:
    table("player add Ann")
    table.add("Kara", owner="Ann", hp=2)
    for line in ("rest short Kara", "day next", "place safe"):
        with pytest.raises(NotAllowedError):
            table.run(line, ANN)
    assert table.run("day", ANN).text.startswith("Day 1")
    assert table.run("place", ANN).text.startswith("The place: not safe")


def test_bad_words(table: Table) -> None:
    for line, message in (
        ("rest day", "a rest is short or long"),
        ("day 3", "unexpected '3'"),
        ("day next 0", "at least 1"),
        ("place inn", "a place is safe, camp, unsafe"),
    ):
        with pytest.raises(CommandError, match=message):
            table(line)


def test_setting_the_place_twice_changes_nothing(table: Table) -> None:
    table("place safe")
    last = table.store.last_seq()
    assert table("place safe") == "The place is safe already"
    assert table.store.last_seq() == last
