"""black-sword-hack's console tests: ``test``, ``save``, ``odds`` and ``doom``
(black-sword-hack 2.1, 2.1.5; RULINGS B1, B2; docs/rulings.md H153).

Known answers: STR 12, a d20 of 11 succeeds and 12 fails; a level-1 character against
a level-4 foe adds 3 to the attack die and nothing to a defence; a critical failure
rolls the Doom die at once.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.engine.principal import NotAllowedError, Principal, Role
from hacktable.errors import CommandError, RuleError

from .rest_table import Table, rest_table  # noqa: F401  (the fixture)

ANN = Principal(Role.PLAYER, "Ann")
BEA = Principal(Role.PLAYER, "Bea")


@pytest.mark.parametrize(("face", "outcome"), [(11, "success"), (12, "failure")])
def test_str_12_succeeds_below_12_only(
    table: Table, monkeypatch: pytest.MonkeyPatch, face: int, outcome: str
) -> None:
    table.add("Kara", STR=12)
    table.deal(monkeypatch, face)
    outcome_ = table.run("test Kara STR")
    assert outcome_.lines[0].text == "Kara: STR test"
    assert outcome_.lines[1].text == (
        "  odds: success 55.00% (critical 5.00%), critical failure 5.00%"
    )
    assert outcome_.lines[-1].text == f"  => {outcome}"
    (check,) = outcome_.checks
    assert (check.faces, check.kept, check.success) == ((face,), face, outcome == "success")
    assert dict(check.odds)["success"] == Fraction(11, 20)
    (event,) = outcome_.events
    assert (event.action, event.actor, event.changes) == ("test", "Kara", ())
    assert event.detail["faces"] == [face]


def test_a_threat_level_is_added_to_the_attack_die(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A level-1 character against a level-4 foe: threat 3 (2.1.5)."""
    table.add("Kara", STR=12)
    table.deal(monkeypatch, 8)
    hit = table.run("test Kara STR threat 3")
    assert hit.lines[0].text == "Kara: STR attack at threat level 3, +3 to the die"
    assert hit.checks[0].success  # 8 + 3 = 11 < 12
    assert hit.events[-1].detail["modifier"] == 3
    table.deal(monkeypatch, 9)
    assert not table.run("test Kara STR threat 3").checks[0].success  # 12 is not below 12
    odds = table.run("odds Kara STR threat 3")
    assert odds.checks == ()  # odds roll nothing
    assert dict(odds.data)["odds"]["success"] == Fraction(8, 20)
    assert "+3" not in table("odds Kara STR for parry")  # no threat on a defence (B1)


def test_a_natural_one_is_critical_whatever_the_threat(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.add("Kara", STR=5)
    table.deal(monkeypatch, 1)
    assert table("test Kara STR threat 10").endswith("=> critical success")


def test_no_threat_level_on_a_defence_or_a_save(table: Table) -> None:
    table.add("Kara", STR=12)
    for line in ("test Kara STR for parry threat 3", "save Kara CON threat 2"):
        with pytest.raises(RuleError, match="attack tests only"):
            table(line)
    assert table.actions() == ["session.start", "test.setup"]


def test_a_critical_failure_rolls_the_doom_die_in_the_same_command(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.add("Kara", STR=12)
    table.deal(monkeypatch, 20, 2)
    outcome = table.run("test Kara STR")
    text = outcome.text
    assert "=> critical failure" in text
    assert "Doom die (a critical failure): ud6 2: steps down to ud4" in text
    assert [e.action for e in outcome.events] == ["test", "doom"]
    doom = outcome.events[-1]
    assert doom.changes  # the character's Doom die stepped down, in the log
    assert {k: v for k, v in doom.detail.items() if k != "outcome"} == {
        "why": "critical failure",
        "die": "ud6",
        "faces": [2],
        "kept": 2,
        "after": "ud4",
        "doomed": False,
    }
    assert table.character("Kara").doom is UsageDie.UD4
    assert table.character("Kara").doom_size is UsageDie.UD6


def test_a_doom_die_run_out_leaves_the_character_doomed_on_every_test(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.add("Kara", STR=12, doom=UsageDie.UD4)
    table.deal(monkeypatch, 20, 1)
    text = table("save Kara CON for poison")
    assert "ud4 1: exhausted; Kara is Doomed" in text
    assert "disadvantage on attribute tests until a long rest" in text
    assert table.character("Kara").doomed
    table.deal(monkeypatch, 3, 15)
    doomed = table.run("test Kara STR")
    assert doomed.lines[0].text == "Kara: STR test, disadvantage (Doomed (Doom die exhausted))"
    assert doomed.checks[0].kept == 15  # the higher of two (RULINGS B1)
    assert dict(doomed.checks[0].odds)["success"] == Fraction(11 * 11, 400)
    # a second critical failure has no die to roll
    table.deal(monkeypatch, 20, 20)
    again = table.run("test Kara STR")
    assert "Doomed already: no Doom die to roll" in again.text
    assert [e.action for e in again.events] == ["test"]


def test_injured_and_impaired_give_disadvantage(table: Table) -> None:
    table.add("Kara", conditions=("impaired",))
    table.add("Bran", conditions=("injured",))
    assert "disadvantage (Impaired (DEX" in table("odds Kara DEX")
    assert "disadvantage" not in table("odds Kara STR")
    assert "disadvantage (Injured" in table("odds Bran STR")


def test_uses_after_for_and_tags(table: Table) -> None:
    table.add("Kara", WIS=11)
    assert table("odds Kara WIS for initiative,ambush").startswith("Kara: WIS initiative")
    with pytest.raises(CommandError, match="for one thing"):
        table("test Kara DEX for parry,dodge")
    with pytest.raises(CommandError, match="at most 19"):
        table("test Kara STR threat 20")
    with pytest.raises(CommandError, match="unexpected 'difficulty'"):
        table("test Kara STR difficulty 4")


def test_odds_of_a_bare_score_and_nothing_stored(table: Table) -> None:
    before = table.store.last_seq()
    outcome = table.run("odds 12 adv")
    odds = dict(outcome.data)["odds"]
    assert odds["success"] == 1 - Fraction(9 * 9, 400)  # fails only if both dice are 12+
    assert odds["critical_success"] == 1 - Fraction(19 * 19, 400)
    assert table.store.last_seq() == before
    assert outcome.events == ()


def test_a_bare_save_only_reminds(table: Table) -> None:
    assert "saved after every action" in table("save")


def test_the_dead_make_no_tests(table: Table) -> None:
    table.add("Kara", conditions=("dead",))
    with pytest.raises(RuleError, match="dead"):
        table("test Kara STR")
    with pytest.raises(RuleError, match="dead"):
        table("doom Kara")


def test_doom_rolls_the_die_and_a_doomed_character_has_none(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    table.add("Kara")
    table.deal(monkeypatch, 5)
    assert table("doom Kara effect") == (
        "Kara's Doom die (ud6)\n  Doom die (an attack effect declared): ud6 5: holds"
    )
    table.set_character("Kara", doom=UsageDie.EXHAUSTED)
    last = table.store.last_seq()
    with pytest.raises(RuleError, match="Doomed: no Doom die to roll until a long rest"):
        table("doom Kara")
    assert table.store.last_seq() == last
    with pytest.raises(CommandError, match="why is one of"):
        table("doom Kara critical")


def test_a_player_tests_and_rolls_doom_for_their_own_character_only(table: Table) -> None:
    table("player add Ann")
    table("player add Bea")
    table.add("Kara", owner="Ann")
    assert table.run("test Kara STR", ANN).checks
    assert table.run("doom Kara", ANN).events[-1].action == "doom"
    assert table.run("odds Kara STR", BEA).data  # odds only read
    for line in ("test Kara STR", "save Kara CON", "doom Kara"):
        with pytest.raises(NotAllowedError):
            table.run(line, BEA)


def test_the_offers_name_what_exists(table: Table) -> None:
    from hacktable.rulesets.grammar import Words

    table.add("Kara")
    offered = table.session.ruleset.legal_intents(table.session, "gm")
    assert Words("test", ("Kara", "STR", "threat", "3")) in offered
    assert Words("doom", ("Kara",)) in offered
    table.set_character("Kara", doom=UsageDie.EXHAUSTED)
    offered = table.session.ruleset.legal_intents(table.session, "gm")
    assert Words("doom", ("Kara",)) not in offered


def test_a_players_own_doom_roll_is_theirs_not_the_gms(table: Table) -> None:
    """A player rolling their own Doom die unasked: the log says the player rolled it."""
    table("player add Ann")
    table.add("Kara", owner="Ann")
    outcome = table.run("doom Kara", ANN)
    assert "(the player rolls it)" in outcome.text
    assert "(the GM asks for it)" in table("doom Kara")
    with pytest.raises(CommandError, match="why is one of repeat, effect, sorcery, gm, not"):
        table("doom Kara player")
