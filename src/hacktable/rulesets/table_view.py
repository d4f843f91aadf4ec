"""What every ruleset's web-table view is made of (issue 12 §2): the sheets a
principal is shown, a test button per attribute with its odds first, and a character's
name as one word of a command line (docs/rulings.md H630, H631).

The hooks themselves are :meth:`~hacktable.rulesets.base.Ruleset.table_panels` and
:meth:`~hacktable.rulesets.base.Ruleset.table_actions`; a ruleset's own
``table_view`` module builds on these.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ..dice.advantage import Advantage
from ..dice.usage import UsageDie
from ..play.character import Character
from ..play.players import characters_of
from ..play.principal import Principal, Role
from ..play.state import CampaignState
from .base import Panel, Ruleset, TableAction

__all__ = [
    "DC",
    "DIFFICULTY",
    "PLACEHOLDERS",
    "attribute_tests",
    "sheet_panels",
    "usage_actions",
    "usage_odds",
    "viewed",
    "word",
]

DC = "{dc}"
"""Where an action's line takes the DC the player types (fantasy-hack and skill-die
checks: docs/rulings.md H632)."""
DIFFICULTY = "{difficulty}"
"""Where an action's line takes a difficulty's word or DC the player types (skill-die
skill checks: simple ... impossible, RULINGS S2; docs/rulings.md H632)."""
PLACEHOLDERS = {DC: "15", DIFFICULTY: "normal"}
"""Each placeholder with a value it may take (what the conformance suite sends)."""


def word(name: str) -> str:
    """``name`` as one word of a command line: quoted when it holds a space or a quote.

    >>> word("Aldric"), word("Old Tom")
    ('Aldric', '"Old Tom"')
    """
    if name and not any(c.isspace() or c in "\"'" for c in name):
        return name
    return '"' + name.replace('"', "") + '"'


def viewed(state: CampaignState, principal: Principal) -> tuple[str, ...]:
    """The names of the characters whose sheets ``principal`` is shown (docs/rulings.md
    H630): the GM every character, a player those they play, an observer none."""
    if principal.role is Role.GM:
        values = state.values("character")
        return tuple(str(data["name"]) for data in values if isinstance(data, dict))
    if principal.role is Role.OBSERVER:
        return ()
    return tuple(characters_of(state, principal.name))


def sheet_panels(state: CampaignState, principal: Principal) -> tuple[Panel, ...]:
    """A ``character show`` panel for each character :func:`viewed` gives."""
    return tuple(Panel(name, f"character show {word(name)}") for name in viewed(state, principal))


def attribute_tests(
    attributes: Iterable[str], name: str, test: str = "test", kind: str = "test"
) -> tuple[TableAction, ...]:
    """A ``test NAME ATTR`` button per attribute, its odds by ``odds NAME ATTR`` (the
    odds command of redhack and black-sword-hack reads the test's words)."""
    who = word(name)
    return tuple(
        TableAction(f"{attribute} {kind}", f"{test} {who} {attribute}", f"odds {who} {attribute}")
        for attribute in attributes
    )


def usage_odds(die: UsageDie, advantage: Advantage = Advantage.NONE, why: str = "") -> str:
    """The exact odds of a usage roll, in words (docs/rulings.md H673): a 1 or 2 steps
    the die down, on a ud4 exhausts it (RULINGS G3); advantage keeps the higher of two
    dice, disadvantage the lower (RULINGS G2).

    >>> usage_odds(UsageDie.UD6)
    'odds: steps down 33.33%, holds 66.67% (a 1 or 2 on the ud6)'
    """
    low = Fraction(2, die.value)
    if advantage is Advantage.ADVANTAGE:
        down, how = low * low, f"; {advantage.word}{why}: the higher of 2"
    elif advantage is Advantage.DISADVANTAGE:
        down, how = 1 - (1 - low) ** 2, f"; {advantage.word}{why}: the lower of 2"
    else:
        down, how = low, ""
    step = "exhausted" if die is UsageDie.UD4 else "steps down"
    return (
        f"odds: {step} {float(down * 100):.2f}%, holds {float((1 - down) * 100):.2f}%"
        f" (a 1 or 2 on the {die}{how})"
    )


def usage_actions(
    character: Character, ruleset: Ruleset[Any] | None = None
) -> tuple[TableAction, ...]:
    """A ``usage NAME ITEM`` button for each item with a usage die left (RULINGS G3).
    The roll shows no odds of its own; given the ``ruleset`` (whose advantages on an
    item's die count, RULINGS G2), each button carries them in words (H673)."""
    who = word(character.name)
    actions: list[TableAction] = []
    for item in character.inventory:
        if item.usage is None or item.usage.exhausted:
            continue
        odds = ""
        if ruleset is not None:
            sources = ruleset.usage_advantages(character, item)
            why = f" ({'; '.join(sources)})" if sources else ""
            odds = usage_odds(item.usage, Advantage.net(len(sources), 0), why)
        label, line = f"{item.name} {item.usage}", f"usage {who} {word(item.name)}"
        actions.append(TableAction(label, line, odds_text=odds))
    return tuple(actions)
