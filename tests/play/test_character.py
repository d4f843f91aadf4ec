"""Characters as values: item lookup by the names players type."""

from __future__ import annotations

import pytest

from hacktable.errors import AmbiguousNameError, UnknownNameError
from hacktable.play.character import Character, Item


def carrying(*items: tuple[str, str | None]) -> Character:
    return Character(
        name="Sly",
        ruleset="redhack",
        level=1,
        hp=5,
        max_hp=5,
        inventory=tuple(Item(name, ref=ref) for name, ref in items),
    )


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("Short Bow", "Short Bow"),
        ("shortbow", "Short Bow"),
        ("short-bow", "Short Bow"),
        ("mace", "Sword/Mace/Axe"),
        ("hand-axe", "Dagger/Hand Axe"),
        ("crossbow", "Light Crossbow"),
        ("ＴＯＲＣＨ", "Torch"),
    ],
)
def test_items_are_found_by_the_names_players_type(typed: str, found: str) -> None:
    sly = carrying(
        ("Short Bow", "short-bow"),
        ("Sword/Mace/Axe", "sword"),
        ("Dagger/Hand Axe", "dagger"),
        ("Light Crossbow", "light-crossbow"),
        ("Torch", "torch"),
    )
    assert sly.inventory[sly.find_item(typed)].name == found
    with pytest.raises(AmbiguousNameError, match="Sword/Mace/Axe, Dagger/Hand Axe"):
        sly.find_item("axe")


def test_unknown_and_ambiguous_items() -> None:
    sly = carrying(("Short Bow", None), ("Shield", None))
    with pytest.raises(UnknownNameError, match="unknown item of Sly 'lute'"):
        sly.find_item("lute")
    with pytest.raises(AmbiguousNameError):
        sly.find_item("sh")
    with pytest.raises(UnknownNameError):
        sly.find_item("--")
