"""Reading the words of an action in a fight (``attack``, ``defend``, ``tricksy``, ...):
options, the GM's overrides as an intent's fields, completions, the GM's sources of
advantage, and the test as an event's detail."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ....errors import CommandError, HacktableError
from ...grammar import Args
from ..attacks import darkness
from ..fight import Fight
from ..view import CampaignView
from .act import Act, current_fight, read_overrides
from .registry import COMMANDS

__all__ = [
    "complete_attack",
    "complete_defend",
    "complete_names",
    "fight_sources",
    "gm_sources",
    "is_character",
    "is_fighter",
    "read_action_words",
    "usage_error",
]


def usage_error(command: str, message: str) -> CommandError:
    """A usage error of redhack's ``command`` found as it resolves (a word that the
    state makes wrong): the message shows the usage, as :meth:`.Args.error` does."""
    found = COMMANDS.get(command)
    assert found is not None, command
    return Args(found, []).error(message)


_FLAGS = ("cover", "backstab", "unsuspecting", "offhand", "throw")


def complete_attack(session: CampaignView, words: list[str]) -> Iterable[str]:
    """Completions for an action on a target: a fighter, a foe (or fighter), options."""
    fight = current_fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters]
    if len(words) == 1:
        return [f.key for f in fight.foes if f.fighting] + [f.name for f in fight.fighters]
    return (
        "adv",
        "dis",
        "weapon",
        "cleave",
        "cover",
        "backstab",
        "unsuspecting",
        "offhand",
        "throw",
        "override",
        "roll",
        "damage",
    )


def complete_defend(session: CampaignView, words: list[str]) -> Iterable[str]:
    """Completions for a defence: a fighter, a foe in the fight, options."""
    fight = current_fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters]
    if len(words) == 1:
        return [f.key for f in fight.foes if f.fighting]
    return ("adv", "dis", "with", "override", "roll", "damage")


def read_action_words(args: Args) -> tuple[list[str], dict[str, Any], dict[str, Any]]:
    """Split an action's options: returns (unused words, options, overrides).

    Raises:
        CommandError: ``weapon`` without a name, or a malformed override.
    """
    words, overrides = read_overrides(args, args.rest())
    options: dict[str, Any] = {"adv": 0, "dis": 0, "cleave": None}
    rest: list[str] = []
    items = iter(words)
    for word in items:
        low = word.lower()
        if low in ("adv", "advantage"):
            options["adv"] += 1
        elif low in ("dis", "disadvantage"):
            options["dis"] += 1
        elif low == "weapon":
            options["weapon"] = next(items, "")
            if not options["weapon"]:
                raise args.error("weapon needs a name")
        elif low == "cleave":
            following = next(items, None)
            if following is None or following.lower() in (
                "adv",
                "dis",
                "weapon",
                *_FLAGS,
                "with",
            ):
                options["cleave"] = []
                if following is not None:
                    rest.append(following)
            else:
                options["cleave"] = [t for t in following.split(",") if t]
        elif low == "with":
            options["attack"] = next(items, "")
        elif low in _FLAGS:
            options[low] = True
        else:
            rest.append(word)
    # a word left over after "adv"/"weapon" handling may be a flag we re-scan
    leftover = []
    for word in rest:
        low = word.lower()
        if low in _FLAGS:
            options[low] = True
        elif low in ("adv", "advantage"):
            options["adv"] += 1
        elif low in ("dis", "disadvantage"):
            options["dis"] += 1
        else:
            leftover.append(word)
    return leftover, options, overrides


def gm_sources(adv: int, dis: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The GM's advantages and disadvantages (each ``adv`` and ``dis`` one source;
    RULINGS R3)."""
    return ("GM",) * adv, ("GM",) * dis


def fight_sources(act: Act, adv: int, dis: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The GM's advantage and disadvantage, and darkness's (:func:`..attacks.darkness`),
    on an attack or defence."""
    gm_adv, gm_dis = gm_sources(adv, dis)
    return gm_adv, gm_dis + darkness(act.ruleset.circumstances(act.session.state))


def is_fighter(act: Act, fight: Fight, name: str) -> bool:
    """Whether ``name`` names a character in the fight."""
    try:
        return fight.has_fighter(act.session.character(name).name)
    except Exception:
        return False


def complete_names(session: CampaignView, words: list[str]) -> Iterable[str]:
    """Completions naming anyone in a fight: the characters, and the current fight's
    foes and groups (``move``, ``block``, ``flag``)."""
    fight = current_fight(session)
    names = [c.name for c in session.characters()]
    if fight is not None:
        names += [f.key for f in fight.foes] + [g.key for g in fight.groups]
    return names


def is_character(act: Act, name: str) -> bool:
    """Whether ``name`` names one of the campaign's characters."""
    try:
        act.session.character(name)
    except HacktableError:
        return False
    return True
