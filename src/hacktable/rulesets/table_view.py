"""What every ruleset's web-table view is made of (issue 12 §2): the sheets a
principal is shown, a test button per attribute with its odds first, and a character's
name as one word of a command line (docs/rulings.md H630, H631).

The hooks themselves are :meth:`~hacktable.rulesets.base.Ruleset.table_panels` and
:meth:`~hacktable.rulesets.base.Ruleset.table_actions`; a ruleset's own
``table_view`` module builds on these.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..play.character import Character, fold
from ..play.players import characters_of
from ..play.principal import Principal, Role
from ..play.state import CampaignState
from .base import Panel, TableAction

__all__ = [
    "DC",
    "DIFFICULTY",
    "PLACEHOLDERS",
    "attribute_tests",
    "sheet_panels",
    "table_panels_with",
    "usage_actions",
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
    """``name`` as one word of a command line: quoted when it holds a space, a quote or
    a backslash, each quote and backslash in it escaped (as the line's reader undoes).

    >>> word("Aldric"), word("Old Tom"), word('Tom "Big" Jones')
    ('Aldric', '"Old Tom"', '"Tom \\\\"Big\\\\" Jones"')
    """
    if name and not any(c.isspace() or c in "\"'\\" for c in name):
        return name
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def viewed(state: CampaignState, principal: Principal) -> tuple[str, ...]:
    """The names of the characters whose sheets ``principal`` is shown (docs/rulings.md
    H630): the GM every character, a player those they play, an observer none."""
    if principal.role is Role.GM:
        values = state.values("character")
        return tuple(str(data["name"]) for data in values if isinstance(data, dict))
    if principal.role is Role.OBSERVER:
        return ()
    return tuple(characters_of(state, principal.name))


def table_panels_with(
    state: CampaignState, principal: Principal, *more: Panel
) -> tuple[Panel, ...]:
    """The panels every ruleset's table shows, then ``more``: an observer the fight
    alone; anyone else the sheets they see, the fight (order, whose turn: ``fight
    status`` in every ruleset) and ``more`` (docs/rulings.md H630, H633)."""
    fight = (Panel("Fight", "fight status"),)
    if principal.role is Role.OBSERVER:
        return fight
    return (*sheet_panels(state, principal), *fight, *more)


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


def usage_actions(character: Character) -> tuple[TableAction, ...]:
    """A ``usage NAME ITEM`` button for each item name with a usage die left (RULINGS
    G3), labelled with the die ``usage`` rolls: of two torches the first not used up,
    so a second torch's button never rolls the first's die (docs/rulings.md H687)."""
    who = word(character.name)
    actions: dict[str, TableAction] = {}
    for item in character.inventory:
        if item.usage is None or item.usage.exhausted or fold(item.name) in actions:
            continue
        actions[fold(item.name)] = TableAction(
            f"{item.name} {item.usage}", f"usage {who} {word(item.name)}"
        )
    return tuple(actions.values())
