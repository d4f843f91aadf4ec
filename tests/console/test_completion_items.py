"""Tab completion offers the equipment list and the tags (issue 10 §10)."""

from __future__ import annotations

from hacktable.console.completion import candidates

from .conftest import Play


def test_give_offers_the_equipment_list(party: Play) -> None:
    # issue 10 §10: "give NAME <Tab> offers nothing from the equipment list"
    offered = candidates(party.session, "give Aldric ")
    assert {"plate", "torches", "rope", "backpack", "custom"} <= set(offered)
    assert candidates(party.session, "give Aldric pla") == ["plate"]


def test_buy_offers_the_equipment_list_and_sell_what_is_carried(party: Play) -> None:
    assert "chain" in candidates(party.session, "buy Aldric ")
    sold = candidates(party.session, "sell Aldric ")
    assert "shield" in sold
    assert "plate" not in sold


def test_test_for_offers_the_tags(party: Play) -> None:
    # issue 10 §10: "test NAME ATTR for <Tab> no tags"
    offered = candidates(party.session, "test Sly DEX for ")
    assert {"climbing", "picking-locks", "stealth"} <= set(offered)
    assert candidates(party.session, "test Sly DEX for picking-l") == ["picking-locks"]
