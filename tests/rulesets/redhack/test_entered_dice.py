"""The players' own dice (RULINGS G5; docs/rulings.md H205, H206; issue 10 §6): every
roll the console makes for a player takes the face they rolled at the table, logged as
entered; a face the die cannot show, a die the rule did not need, a player entering for
another's character or when the campaign says gm-only, and any secret roll are refused,
and nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import NotAllowedError, Principal, Role
from hacktable.engine.session import Session
from hacktable.errors import CommandError, RuleError
from hacktable.store import CampaignStore

from ...intents import campaign

ANN = Principal(Role.PLAYER, "Ann")
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Sly --class thief --kit 1 --player Ann",
    "character new Tomas --class cleric --kit 1 --player Bea",
)


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "c.db", 3, SETUP)
    yield layer
    layer.session.store.close()


def _dex(layer: CommandLayer) -> int:
    return dict(layer.session.character("Sly").scores)["DEX"]  # type: ignore[attr-defined]


def _refused(layer: CommandLayer, line: str, principal: Principal | None = None) -> str:
    """The one line ``line`` is refused with; nothing was stored."""
    before = layer.session.state.last_seq
    with pytest.raises((RuleError, CommandError, NotAllowedError)) as error:
        layer.run(line) if principal is None else layer.run(line, principal)
    assert layer.session.state.last_seq == before
    assert layer.session.store.last(1)[0].seq == before
    return str(error.value)


def test_a_test_takes_the_players_die_and_logs_it_as_entered(layer: CommandLayer) -> None:
    """issue 10 §6: `test Sly DEX roll 14` (before: "unexpected 'roll'")."""
    dex = _dex(layer)
    outcome = layer.run("test Sly DEX roll 14", ANN)
    assert [(d.sides, d.face, d.entered_by) for d in outcome.dice] == [(20, 14, "Ann")]
    assert outcome.checks[0].faces == (14,)
    assert outcome.checks[0].success is (dex >= 14)
    assert "dice entered by Ann, not rolled: d20 14 (RULINGS G5)" in outcome.text
    (event,) = outcome.events
    assert event.summary.endswith("(dice entered by Ann)")
    (stored,) = layer.session.store.last(1)
    assert stored.detail["outcome"]["dice"] == [{"sides": 20, "face": 14, "entered_by": "Ann"}]


def test_a_face_the_die_cannot_show_is_refused(layer: CommandLayer) -> None:
    assert _refused(layer, "test Sly DEX roll 25") == "a d20 shows 1 to 20, not 25"
    assert _refused(layer, "usage Sly torch roll 7") == "a d6 shows 1 to 6, not 7"
    assert "whole number" in _refused(layer, "test Sly DEX roll x")


def test_a_die_the_rule_did_not_need_is_refused(layer: CommandLayer) -> None:
    """issue 10 §6: "a second die the rule did not need, is refused"."""
    line = "save Tomas CON roll 3,17"
    assert _refused(layer, line) == "the save needed one d20; 17 was not needed"
    # advantage: a natural 20 succeeds, so no second die is rolled (RULINGS R3)
    assert _refused(layer, "test Sly DEX adv roll 20,3") == (
        "the test needed one d20; 3 was not needed"
    )


def test_with_advantage_the_second_die_is_asked_only_when_needed(layer: CommandLayer) -> None:
    """issue 10 §6 (RULINGS G5, R3): a success with advantage needs one d20; a failure
    needs a second, which the console asks for and a script is told to enter."""
    assert len(layer.run("test Sly DEX adv roll 2").dice) == 1  # 2 succeeds at difficulty 1
    line = "test Sly DEX adv difficulty 19 roll 5"
    assert _refused(layer, line) == "the test needs a second d20: enter 'roll 5,N'"
    questions: list[str] = []

    def ask(question: str) -> str:
        questions.append(question)
        return "20"

    outcome = layer.run(line, ask=ask, warn=lambda text: None)
    assert questions == ["the test needs a second d20: the face rolled? "]
    assert [d.face for d in outcome.dice] == [5, 20]
    assert all(d.entered_by == "GM" for d in outcome.dice)
    assert outcome.checks[0].success
    assert "entered by the GM" in outcome.text
    assert len(layer.run("test Sly DEX adv difficulty 19 roll 5,20").dice) == 2


def test_a_wrong_answer_is_asked_again(layer: CommandLayer) -> None:
    answers = iter(["25", "x", "4"])
    warned: list[str] = []
    outcome = layer.run(
        "test Sly DEX adv difficulty 19 roll 5", ask=lambda q: next(answers), warn=warned.append
    )
    assert [d.face for d in outcome.dice] == [5, 4]
    assert warned[0] == "a d20 shows 1 to 20, not 25"


def test_a_player_enters_only_for_their_own_character(layer: CommandLayer) -> None:
    refusal = _refused(layer, "test Tomas CON roll 14", ANN)
    assert refusal == "Ann may not test for Tomas: Tomas is played by Bea"


def test_the_campaign_may_keep_entering_dice_the_gms(layer: CommandLayer) -> None:
    """RULINGS G5: the setting (default allowed); the GM may always enter."""
    assert layer.session.setting("player-dice") == "allowed"
    layer.run("settings player-dice gm-only")
    refusal = _refused(layer, "test Sly DEX roll 14", ANN)
    assert refusal == (
        "Ann may not enter their own dice: the campaign's setting player-dice is gm-only "
        "(RULINGS G5)"
    )
    assert len(layer.run("test Sly DEX", ANN).dice) == 1  # rolling stays hers
    assert layer.run("test Sly DEX roll 14").dice[0].entered_by == "GM"


def test_a_secret_roll_is_never_entered(layer: CommandLayer) -> None:
    """RULINGS G4, G5: not by a player, not by the GM."""
    expected = "a secret roll is rolled by hacktable, never entered (RULINGS G4, G5)"
    assert _refused(layer, "test Sly DEX roll 14 secret", ANN) == expected
    assert _refused(layer, "test Sly INT for legend-lore roll 14") == expected
    assert _refused(layer, "roll 1d20 blind entered 4") == expected


def test_roll_usage_and_table_take_entered_dice(layer: CommandLayer) -> None:
    """issue 10 §6: `roll 2d6 entered 3,5`, `usage Sly torch roll 2`, tables."""
    outcome = layer.run("roll 2d6 entered 3,5", ANN)
    assert "2d6: [3, 5] -> 8" in outcome.text
    assert _refused(layer, "roll 2d6 entered 3") == (
        "the roll needs a second d6: enter 'entered 3,N'"
    )
    assert _refused(layer, "roll 2d6 entered 3,5,6") == (
        "the roll needed two d6s; 6 was not needed"
    )
    usage = layer.run("usage Sly torch roll 2", ANN)
    assert "ud6 2: steps down to ud4" in usage.text
    assert layer.session.character("Sly").inventory[1].usage is not None
    table = layer.run("table reactions roll 3,5")
    assert table.tables[0].value == 8


def test_odds_roll_nothing(layer: CommandLayer) -> None:
    assert "odds rolls nothing" in _refused(layer, "odds Sly DEX roll 14")


def test_black_sword_hacks_test_takes_entered_dice_too(tmp_path: Path) -> None:
    """RULINGS G5 for every ruleset: a critical failure's Doom die must be entered too."""
    store = CampaignStore.open(tmp_path / "b.db", ruleset="black-sword-hack")
    layer = CommandLayer(Session(store, 3))
    try:
        layer.run(
            "character new Kael --origin barbarian --backgrounds reaver,pit-fighter,sellsword"
        )
        assert [d.face for d in layer.run("test Kael STR roll 5").dice] == [5]
        assert _refused(layer, "test Kael STR roll 5,3") == (
            "the test needed one d20; 3 was not needed"
        )
        assert _refused(layer, "test Kael STR roll 20") == (
            "the test needs a d6: enter 'roll 20,N'"
        )
    finally:
        store.close()
