"""Reading the words of an action in a fight (``attack``, ``defend``, ``tricksy``, ...):
options, the GM's overrides as an intent's fields, completions, the GM's sources of
advantage, and the test as an event's detail."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypedDict

from ....errors import CommandError
from ....rules.resolution import TestRequest, TestResult
from ...grammar import Args, Intent
from ..attacks import darkness
from ..fight import Fight
from ..view import CampaignView
from .act import Act, current_fight, read_overrides
from .registry import COMMANDS

__all__ = [
    "ActionFields",
    "Overridable",
    "RollFields",
    "RollOverridable",
    "action_fields",
    "complete_attack",
    "complete_defend",
    "event_detail",
    "fight_sources",
    "gm_sources",
    "is_fighter",
    "read_action_words",
    "roll_fields",
    "usage_error",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class RollOverridable(Intent):
    """An intent whose turn order and die the GM may override (``override``, ``roll
    N[,N]``: see :func:`.act.read_overrides`; the event records them).

    Attributes:
        override: the GM allows what a rule refuses (acting out of turn, ...).
        roll: the faces the command's die shows first (a d20; the injuries table's d6
            for ``injury`` and ``bandage``), ``()`` to roll.
    """

    override: bool = False
    roll: tuple[int, ...] = ()

    def overrides(self) -> dict[str, Any]:
        """The overrides as :class:`.act.Act` takes them (``override``, ``faces``)."""
        found: dict[str, Any] = {}
        if self.override:
            found["override"] = True
        if self.roll:
            found["faces"] = list(self.roll)
        return found


@dataclass(frozen=True, slots=True, kw_only=True)
class Overridable(RollOverridable):
    """An action the GM may override, the damage too (``damage N``).

    Attributes:
        damage: the damage total the GM fixes, ``None`` to roll it.
    """

    damage: int | None = None

    def overrides(self) -> dict[str, Any]:
        """The overrides as :class:`.act.Act` takes them (``override``, ``faces``,
        ``damage``)."""
        found = RollOverridable.overrides(self)
        if self.damage is not None:
            found["damage"] = self.damage
        return found


class RollFields(TypedDict):
    """The fields of :class:`RollOverridable`, read."""

    override: bool
    roll: tuple[int, ...]


class ActionFields(RollFields):
    """The fields of :class:`Overridable`, read."""

    damage: int | None


def roll_fields(found: dict[str, Any]) -> RollFields:
    """The fields of :class:`RollOverridable` from what :func:`.act.read_overrides`
    found."""
    return RollFields(override=bool(found.get("override")), roll=tuple(found.get("faces", ())))


def action_fields(found: dict[str, Any]) -> ActionFields:
    """The fields of :class:`Overridable` from what :func:`.act.read_overrides`
    found."""
    return ActionFields(
        override=bool(found.get("override")),
        roll=tuple(found.get("faces", ())),
        damage=found.get("damage"),
    )


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


def event_detail(request: TestRequest, result: TestResult) -> dict[str, Any]:
    """A test as an event's detail."""
    return {
        "attribute": request.attribute,
        "score": request.score,
        "difficulty": request.difficulty,
        "advantages": list(request.advantages),
        "disadvantages": list(request.disadvantages),
        "faces": list(result.faces),
        "kept": result.kept,
        "success": result.success,
        "critical": result.critical.value,
    }
