"""Helpless (black-sword-hack 2.1.12, 2.1.13; RULINGS B8).

At 0 HP a character is Helpless: they can do nothing but talk feebly. Once the fight
is over, or they are dragged to a safe place, the player rolls a d6 on the Helpless
table and it is applied:

1. Scratched: nothing but a scar.
2. Missed: one random piece of carried equipment is destroyed.
3. Impaired: disadvantage on DEX tests until the session ends (:data:`.IMPAIRED`).
4. Injured: disadvantage on all attribute tests until the session ends
   (:data:`.INJURED`).
5. Butchered: a d6 on the Butchered table, 1-3 STR, 4-6 DEX, loses a point for good.
6. Killed: the character dies (the player makes a new one of the same level).

A survivor (1 to 5) gets 1d4 HP back at once. How a 2 picks its item and the rest:
docs/rulings.md H140.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..base import TableOutcome
from .character import IMPAIRED, INJURED, Character

__all__ = ["BUTCHERED_TABLE", "HELPLESS_TABLE", "HelplessRoll", "roll_helpless"]

HELPLESS_TABLE = "helpless"
"""The Helpless table's id (``data/tables.toml``)."""

BUTCHERED_TABLE = "butchered"
"""The Butchered table's id: which attribute a 5 costs."""

RollTable = Callable[[str, random.Random], TableOutcome]
"""Rolls a table of the ruleset by id (:meth:`.BlackSwordHack.roll_table`)."""


@dataclass(frozen=True, slots=True)
class HelplessRoll:
    """A Helpless roll and what it did.

    Attributes:
        character: the character afterwards.
        outcome: the Helpless table's entry read.
        butchered: the Butchered table's entry (on a 5), else ``None``.
        lines: what happened, in words, one step a line.
        healed: the 1d4 HP a survivor got back (0 for the dead).
        destroyed: the item a 2 destroyed, if any.
    """

    character: Character
    outcome: TableOutcome
    butchered: TableOutcome | None
    lines: tuple[str, ...]
    healed: int = 0
    destroyed: str | None = None

    @property
    def killed(self) -> bool:
        """Whether the roll killed the character (6)."""
        return self.character.dead


def roll_helpless(character: Character, rng: random.Random, roll_table: RollTable) -> HelplessRoll:
    """Roll ``character``'s Helpless d6 and apply it (2.1.13; RULINGS B8).

    Args:
        character: the Helpless character (at 0 HP).
        rng: the random source (RULINGS G1).
        roll_table: rolls a ruleset table (so each roll is explained as a table roll).
    """
    outcome = roll_table(HELPLESS_TABLE, rng)
    lines = [f"{character.name}'s Helpless roll: {outcome.explanation}"]
    after = character
    butchered = None
    destroyed = None
    value = outcome.value
    if value >= 6:
        after = replace(after, conditions=(*after.conditions, "dead"))
        lines.append(
            f"{character.name} is dead: the player makes a new character of level "
            f"{character.level} (2.1.13)"
        )
        return HelplessRoll(after, outcome, None, tuple(lines))
    if value == 2:
        after, destroyed, text = _destroy_one(after, rng)
        lines.append(text)
    elif value == 3:
        after = _with_condition(after, IMPAIRED)
        lines.append(
            f"{character.name} is Impaired: disadvantage on DEX tests until the "
            "session ends (RULINGS B8)"
        )
    elif value == 4:
        after = _with_condition(after, INJURED)
        lines.append(
            f"{character.name} is Injured: disadvantage on all attribute tests "
            "until the session ends (RULINGS B8)"
        )
    elif value == 5:
        butchered = roll_table(BUTCHERED_TABLE, rng)
        attribute = butchered.result
        before = after.score(attribute)
        after = after.with_score(attribute, before - 1)
        lines.append(
            f"{butchered.explanation} {attribute} {before} -> {after.score(attribute)} for good"
        )
    heal = rng.randrange(4) + 1
    healed = after.with_hp(after.hp + heal)
    lines.append(f"{character.name} survives: 1d4 {heal}: HP {after.hp} -> {healed.hp} (2.1.13)")
    return HelplessRoll(healed, outcome, butchered, tuple(lines), healed.hp - after.hp, destroyed)


def _with_condition(character: Character, condition: str) -> Character:
    if character.has_condition(condition):
        return character
    return replace(character, conditions=(*character.conditions, condition))


def _destroy_one(character: Character, rng: random.Random) -> tuple[Character, str | None, str]:
    """Missed: one random carried item is destroyed (a die as large as the inventory)."""
    items = character.inventory
    if not items:
        return character, None, f"{character.name} carries nothing: nothing is destroyed"
    face = rng.randrange(len(items)) + 1
    item = items[face - 1]
    text = f"d{len(items)} {face}: {item.name} is destroyed"
    return character.remove_item(face - 1), item.name, text
