"""Containers and what is held (issue 10 §4; redhack: Equipment > Encumberance,
Miscellany; RULINGS R29; docs/rulings.md H195-H198)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.redhack import containers
from hacktable.rulesets.redhack.character import Character, Item
from hacktable.rulesets.redhack.inventory import encumbrance, hands_check

from ...console.conftest import Play

RULES = get_ruleset("redhack")


def _character(strength: int, dex: int, *items: Item, coins: int = 0) -> Character:
    scores = (("STR", strength), ("DEX", dex), ("CON", 10), ("INT", 10), ("WIS", 10))
    return Character(
        name="Bo",
        ruleset="redhack",
        hp=5,
        max_hp=5,
        class_id="warrior",
        scores=(*scores, ("CHA", 10)),
        hit_die=10,
        inventory=items,
        coins=coins,
    )


def _pouches(count: int) -> tuple[Item, ...]:
    pouch, _ = RULES.make_item("coin pouch")
    return tuple(replace(pouch, label=f"coin-pouch-{n}", coins=250) for n in range(1, count + 1))


def test_the_texts_str_15_dex_8_example() -> None:
    # redhack: Equipment > Encumberance (issue 10 §4): "a character with STR 15 and DEX 8
    # can carry 3750gp, but if that GP is stored in 15 coin pouches he could not balance
    # more than 8 of them in his hands and stuffed into his belt"
    loose = _character(15, 8, coins=3750)
    assert containers.load(loose) == 15
    assert encumbrance(loose) == "unencumbered"
    pouched = _character(15, 8, *_pouches(15), coins=3750)
    assert containers.load(pouched) == 15  # the pouch's slot is its coins' slot (H195)
    assert containers.held(pouched) == 15
    eight = _character(15, 8, *_pouches(8), coins=2000)
    assert containers.held(eight) == 8
    assert hands_check(_character(15, 8), eight) is None
    said = hands_check(eight, pouched)
    assert said is not None
    assert "15 items in hand, pockets and clothes, more than DEX 8" in said


def test_ten_rings_or_gems_to_a_slot() -> None:
    # RULINGS R29: "Bundles of one slot: 250 coins, 10 rings or gems"
    gems = Item(name="gems", quantity=10)
    assert containers.item_slots(gems) == 1
    assert containers.item_slots(replace(gems, quantity=11)) == 2
    assert containers.item_slots(Item(name="silver rings", quantity=3)) == 1
    assert containers.item_slots(Item(name="stones", quantity=3)) == 3


def test_worn_containers_and_worn_armour_are_not_held() -> None:
    backpack, _ = RULES.make_item("backpack")
    sack, _ = RULES.make_item("small sack")
    plate, _ = RULES.make_item("plate")
    rope, _ = RULES.make_item("rope")
    bo = _character(12, 8, backpack, sack, replace(plate, equipped=True), rope)
    assert containers.held(bo) == 2  # the sack and the rope
    assert containers.load(bo) == 1 + 1 + 3 + 1


@pytest.fixture
def packed(table: Play) -> Play:
    table("coins Sly 1000")
    table("buy Sly small sack, backpack, coin pouch, rope, torches, plate")
    return table


def test_what_is_in_a_container_counts_once(packed: Play) -> None:
    before = RULES.load(packed.session.character("Sly"))
    packed("put Sly rope in backpack")  # the backpack's 1 slot is now the rope's
    assert RULES.load(packed.session.character("Sly")) == before - 1


def test_a_small_sack_holds_5_items_or_1250_coins(packed: Play) -> None:
    packed("put Sly plate in small sack")  # 3 slots
    packed("put Sly torches in small sack")
    with pytest.raises(RuleError, match="holds 5 items or 1,250 coins: 4 in it"):
        packed("put Sly 251 coins in small sack")  # 2 more slots' worth
    packed("put Sly 250 coins in small sack")
    sheet = packed("character show Sly")
    assert "Small Sack [small-sack: 5 of 5]" in sheet
    assert "        - 250 coins" in sheet
    assert "        - Plate Mail" in sheet


def test_a_coin_pouch_holds_250_coins_only(packed: Play) -> None:
    with pytest.raises(RuleError, match="holds only coins, at most 250, not 50' Rope"):
        packed("put Sly rope in pouch")
    packed("put Sly 250 coins in coin pouch")
    with pytest.raises(RuleError, match="250 coins in it already"):
        packed("put Sly 1 coins in coin pouch")
    assert "Coin Pouch [coin-pouch: 250 of 250 coins]" in packed("character show Sly")


def test_a_backpack_is_worn(packed: Play) -> None:
    assert "Backpack [backpack, worn: 1 of 10]" not in packed("character show Sly")
    packed("put Sly rope in backpack")
    assert "Backpack [backpack, worn: 1 of 10]" in packed("character show Sly")


def test_take_puts_it_back_in_hand(packed: Play) -> None:
    packed("put Sly rope in backpack")
    held = containers.held(packed.session.character("Sly"))
    assert "takes 50' Rope out of the Backpack" in packed("take Sly rope")
    assert containers.held(packed.session.character("Sly")) == held + 1
    packed("put Sly 100 coins in small sack")
    packed("take Sly 40 coins from small-sack")
    assert containers.stored_coins(packed.session.character("Sly")) == {"small-sack": 60}


def test_coins_spent_come_from_the_loose_coins_first(packed: Play) -> None:
    sly = packed.session.character("Sly")
    packed("put Sly 100 coins in small sack")
    packed("coins Sly 110")
    assert containers.stored_coins(packed.session.character("Sly")) == {"small-sack": 100}
    packed("coins Sly 30")
    assert containers.stored_coins(packed.session.character("Sly")) == {"small-sack": 30}
    assert sly.coins > 30


def test_refusals_change_nothing(packed: Play) -> None:
    before = packed.session.character("Sly")
    for line, reason in (
        ("put Sly backpack in small sack", "a container does not go in another"),
        ("put Sly rope in torches", "unknown container 'torches'"),
        ("put Sly 5000 coins in backpack", "coins in no container, not 5000"),
        ("take Sly rope", "50' Rope is in no container"),
    ):
        with pytest.raises((RuleError, UnknownNameError), match=reason):
            packed(line)
    assert packed.session.character("Sly") == before


def test_two_sacks_get_two_labels(packed: Play) -> None:
    packed("buy Sly small sack")
    packed("put Sly plate in small sack")
    packed("put Sly torches in small sack")
    packed("put Sly rope in small sack")
    labels = [i.label for i in packed.session.character("Sly").inventory if i.label]
    assert labels == ["small-sack"]
    packed("buy Sly dagger, spear")
    packed("put Sly spear in small sack")  # 2 slots: 4 + 2 > 5, the second sack
    labels = [i.label for i in packed.session.character("Sly").inventory if i.label]
    assert labels == ["small-sack", "small-sack-2"]
    packed("put Sly dagger in small-sack-2")
    assert "Small Sack [small-sack-2: 3 of 5]" in packed("character show Sly")


def test_containers_bought_several_are_one_line_each(table: Play) -> None:
    table("coins Sly 20")
    table("buy Sly small sack x3")
    sacks = [i for i in table.session.character("Sly").inventory if i.ref == "small-sack"]
    assert len(sacks) == 3
