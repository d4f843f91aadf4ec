"""What a character may not be called (issue 10 §10; docs/rulings.md H210): a name a
command line would read as something else (a monster's id in a fight, an attribute, a
word of the grammar), so that a fight's target or a test's attribute never resolves to
the wrong thing."""

from __future__ import annotations

import re
from typing import Any

from ..errors import RuleError
from ..play.character import fold
from .context import CampaignView

__all__ = ["GRAMMAR_WORDS", "check_name", "name_clash"]

GRAMMAR_WORDS: frozenset[str] = frozenset(
    {
        "all",
        "gm",
        "everyone",
        "party",
        "none",
        "observer",
        "adv",
        "advantage",
        "dis",
        "disadvantage",
        "roll",
        "entered",
        "secret",
        "blind",
        "override",
        "damage",
        "for",
        "with",
        "on",
    }
)
"""Words the command lines of every ruleset read as keywords where a name may stand
(``eat all``, ``character owner NAME gm``, ``test ... roll 14``)."""

_MONSTER_ID = re.compile(r"^[a-z][a-z'-]*-[0-9]+$")
"""A foe's key in a fight: a bestiary id and a number (``goblin-1``, ``Goblin 1``)."""


def name_clash(ruleset: Any, name: str) -> str | None:
    """Why a character may not be called ``name`` in a campaign of ``ruleset``, or
    ``None`` when they may.

    >>> from hacktable.rulesets import get_ruleset
    >>> name_clash(get_ruleset("redhack"), "goblin-1")
    "'goblin-1' is how a fight names a monster (goblin-1)"
    >>> name_clash(get_ruleset("redhack"), "Sly") is None
    True
    """
    folded = fold(name)
    if name.upper() in ruleset.attributes:
        return f"{name!r} is an attribute of {ruleset.id}"
    if folded in GRAMMAR_WORDS or folded in ruleset.reserved_words:
        return f"{name!r} is a word the commands read ({folded})"
    if _MONSTER_ID.match(folded.replace(" ", "-")):
        return f"{name!r} is how a fight names a monster (goblin-1)"
    return None


def check_name(view: CampaignView[Any], name: str, what: str = "character new") -> None:
    """Refuse ``name`` for a new character (``character new``, ``character import``).

    Raises:
        RuleError: one line naming why (docs/rulings.md H210).
    """
    why = name_clash(view.ruleset, name)
    if why is not None:
        raise RuleError(f"{what}: {why}, so a character cannot be called so (H210)")
    monster = fold(name).replace(" ", "-")
    if monster in view.ruleset.bestiary_ids(view.state):
        raise RuleError(
            f"{what}: a character cannot be named like a monster: {monster} is in the "
            "bestiary (H210, H254)"
        )
