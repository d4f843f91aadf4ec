"""``buy`` and ``sell`` (issue 10 §4, §9; redhack: Equipment; RULINGS R29, R30, R35;
docs/rulings.md H192-H194)."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.redhack.shop import haggled

from ...console.conftest import Play


def _coins(table: Play, name: str) -> int:
    return table.session.character(name).coins


def test_buy_charges_the_list_price_and_gives_the_items(table: Play) -> None:
    # issue 10 §4: "prices from the equipment list, coins charged"
    table("coins Sly 100")
    shown = table("buy Sly torches x2, rope, dagger")
    assert "for 6 coins (list 6)" in shown  # 1 + 1 + 1 + 3
    assert _coins(table, "Sly") == 94
    inventory = table.session.character("Sly").inventory
    torches = [i for i in inventory if i.ref == "torches"]
    assert len(torches) == 2  # each bundle its own ud20 (H15), as give makes them
    given, _ = table.session.ruleset.make_item("torches")
    assert torches[0] == given
    assert table.store.last(1)[0].detail["paid"] == 6


def test_buying_plate_armour_gives_plate_mail_with_its_slots(table: Play) -> None:
    table("coins Tomas 500")
    table('buy Tomas "plate armour"')
    plate = table.session.character("Tomas").inventory[-1]
    assert (plate.ref, plate.slots, _coins(table, "Tomas")) == ("plate", 3, 0)


def test_short_of_coins_is_refused_and_nothing_changes(table: Play) -> None:
    table("coins Sly 99")
    before = table.session.character("Sly")
    with pytest.raises(RuleError, match="Sly has 99 coins; Chain Mail costs 100"):
        table("buy Sly chain mail")
    assert table.session.character("Sly") == before


@pytest.mark.parametrize(
    ("line", "error", "reason"),
    [
        # issue 10 §9: "buying what the list lacks": one clear line, nothing changed
        ("buy Sly lucky stone", UnknownNameError, "unknown equipment 'lucky stone'"),
        ("buy Sly plait armour", UnknownNameError, "did you mean 'Plate Mail'"),
        ("buy Sly torch", RuleError, "Torch has no list price .not sold singly"),
        ("buy Sly field plate", RuleError, "Field Plate is a custom order"),
        ("buy Sly rope, full plate", RuleError, "Full Plate is a custom order"),
    ],
)
def test_what_the_list_does_not_sell_is_refused(
    table: Play, line: str, error: type[Exception], reason: str
) -> None:
    table("coins Sly 5000")
    before = table.session.character("Sly")
    with pytest.raises(error, match=reason):
        table(line)
    assert table.session.character("Sly") == before


def test_more_than_can_be_carried_is_refused(table: Play) -> None:
    sly = table.session.character("Sly")
    table("coins Sly 100")
    count = sly.score("STR") + 1  # 2 slots each (RULINGS R29): past twice STR
    with pytest.raises(RuleError, match="cannot carry that"):
        table(f"buy Sly spear x{count}")
    assert _coins(table, "Sly") == 100


def test_sell_at_half_the_list_price(table: Play) -> None:
    # RULINGS R35: "Items sell for half their list price"
    table("coins Tomas 600")
    table("buy Tomas plate, dagger")
    shown = table("sell Tomas plate mail, dagger")
    assert "for 251 coins (half of the list's 503" in shown  # one rounding, H193
    assert _coins(table, "Tomas") == 97 + 251
    assert not any(i.ref == "plate" for i in table.session.character("Tomas").inventory)


def test_sell_price_is_a_setting(table: Play) -> None:
    table("settings sell-price full")
    table("coins Tomas 100")
    table("buy Tomas chain")
    assert "for 100 coins (full of the list's 100" in table("sell Tomas chain")


def test_only_what_is_carried_is_sold(table: Play) -> None:
    before = table.session.character("Sly")
    with pytest.raises(RuleError, match="Sly carries 0 Plate Mail, cannot sell 1"):
        table("sell Sly plate")
    assert table.session.character("Sly") == before


def test_haggle_arithmetic() -> None:
    # RULINGS R30: success takes the sum off, failure adds it; a critical adds 50%
    assert haggled(250, 20, True, False, False) == 230
    assert haggled(250, 20, False, False, False) == 270
    assert haggled(250, 20, False, True, False) == 280
    assert haggled(250, 20, True, True, True) == 280  # selling: success adds
    assert haggled(10, 20, False, False, True) == 0  # never below 0


def test_a_successful_haggle_takes_the_sum_off_the_whole_order(table: Play) -> None:
    table("coins Tomas 600")
    shown = table("buy Tomas chain, shield haggle roll 2")
    assert "haggles over 110 coins" in shown
    event = table.store.last(1)[0]
    assert event.detail["list"] == 110
    assert event.detail["paid"] == event.detail["final"] < 110
    assert _coins(table, "Tomas") == 600 - event.detail["paid"]


def test_a_failed_haggle_in_a_script_pays_the_inflated_price(table: Play) -> None:
    table("coins Tomas 600")
    table("buy Tomas chain haggle roll 1")  # a natural 1: a critical failure
    event = table.store.last(1)[0]
    assert event.action == "buy"
    assert event.detail["paid"] > 100
    assert "critical: +50%" in event.summary


def test_decline_leaves_everything_as_it_was(table: Play) -> None:
    table("coins Tomas 600")
    before = table.session.character("Tomas")
    shown = table("buy Tomas chain haggle roll 1 decline")
    assert "declines to pay: nothing is bought" in shown
    assert table.session.character("Tomas") == before
    assert table.store.last(1)[0].action == "buy.declined"  # the roll stays in the log


@pytest.mark.parametrize(("answer", "bought"), [("no", False), ("yes", True)])
def test_the_console_asks_before_paying_more(table: Play, answer: str, bought: bool) -> None:
    table("coins Tomas 600")
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return answer

    table.console.execute("buy Tomas chain haggle roll 1", ask=ask)
    assert len(asked) == 1
    assert asked[0].startswith("pay ")
    assert any(i.ref == "chain" for i in table.session.character("Tomas").inventory) == bought


def test_haggling_needs_an_order_of_10_coins(table: Play) -> None:
    # redhack: Equipment > Haggling: "an order with a value of at least 10gp"
    table("coins Sly 10")
    with pytest.raises(RuleError, match="at least 10 coins, not 6"):
        table("buy Sly torches x2, rope, dagger haggle")
    assert _coins(table, "Sly") == 10


def test_a_sale_haggle_raises_the_price_on_success(table: Play) -> None:
    table("coins Tomas 600")
    table("buy Tomas plate")
    table("sell Tomas plate haggle roll 2")
    event = table.store.last(1)[0]
    assert event.detail["offered"] == 250
    assert event.detail["paid"] > 250
