"""Rulesets: the plugin registry.

Front ends list rulesets from :func:`available` (metadata only, nothing imported) and
get one with :func:`get_ruleset`, which imports it on first use. The built-in rulesets
are registered here, so start-up scans nothing; third-party rulesets are found through
the ``hacktable.rulesets`` entry point group (each entry point names a
:class:`RulesetInfo` or a ``Ruleset`` subclass), looked up only when a name is not
built in or when every ruleset is listed.

>>> [info.id for info in available()]
['redhack', 'black-sword-hack', 'skill-die', 'fantasy-hack']
"""

from __future__ import annotations

import importlib
from functools import cache

from ..dice.value import Value
from ..errors import UnknownNameError

TYPE_CHECKING = False  # typing is not imported at run time (one-shot start-up cost)
if TYPE_CHECKING:
    from typing import Any

    from .base import Ruleset

__all__ = [
    "ENTRY_POINT_GROUP",
    "RulesetInfo",
    "available",
    "get_ruleset",
    "register",
    "ruleset_info",
]


class RulesetInfo(Value):
    """What the registry knows of a ruleset without importing it.

    A :class:`~hacktable.dice.value.Value` (immutable, compared and printed as a frozen
    dataclass), not a dataclass: one-shot ``hacktable test`` reads the registry and must
    start fast.

    Attributes:
        id: the registry id.
        title: human name.
        target: ``"module:Class"`` of its :class:`~hacktable.rulesets.base.Ruleset`.
        summary: one line about it.
        oneshot: ``"module:attribute"`` of its one-shot test form
            (:class:`~hacktable.rulesets.oneshot.Form`: the options of ``hacktable
            test`` and ``odds`` with ``--ruleset``), or ``""`` for none.
    """

    __slots__ = ("id", "oneshot", "summary", "target", "title")
    __match_args__ = ("id", "title", "target", "summary", "oneshot")
    id: str
    title: str
    target: str
    summary: str
    oneshot: str

    def __init__(
        self, id: str, title: str, target: str, summary: str = "", oneshot: str = ""
    ) -> None:
        self._set(id=id, title=title, target=target, summary=summary, oneshot=oneshot)


ENTRY_POINT_GROUP = "hacktable.rulesets"
"""The entry point group third-party rulesets register under."""

_REGISTRY: dict[str, RulesetInfo] = {}


def register(info: RulesetInfo) -> None:
    """Add a ruleset to the registry (or replace one with the same id)."""
    _REGISTRY[info.id] = info
    get_ruleset.cache_clear()


def available() -> tuple[RulesetInfo, ...]:
    """Every registered ruleset, in registration order (built-in ones first, then any
    found through entry points)."""
    _scan_entry_points()
    return tuple(_REGISTRY.values())


@cache
def _scan_entry_points() -> None:
    """Register the rulesets other packages declare, once per process. An entry point
    that fails to load is skipped: one broken plugin does not stop the others."""
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name in _REGISTRY:
            continue
        try:
            target = point.load()
        except Exception:  # a broken plugin must not stop the table
            continue
        if isinstance(target, RulesetInfo):
            register(target)
        elif isinstance(target, type):
            register(
                RulesetInfo(
                    str(getattr(target, "id", point.name)),
                    str(getattr(target, "title", point.name)),
                    f"{target.__module__}:{target.__qualname__}",
                    (target.__doc__ or "").strip().split("\n")[0],
                )
            )


def ruleset_info(ruleset_id: str) -> RulesetInfo:
    """What the registry knows of ``ruleset_id`` (built-in ones without any scan).

    Raises:
        UnknownNameError: nothing is registered under that id (naming those that are).
    """
    found = _REGISTRY.get(ruleset_id)
    if found is None:
        _scan_entry_points()
        found = _REGISTRY.get(ruleset_id)
    if found is None:
        raise UnknownNameError("ruleset", ruleset_id, _REGISTRY)
    return found


@cache
def get_ruleset(ruleset_id: str) -> Ruleset[Any]:
    """The ruleset registered as ``ruleset_id``, imported on first use.

    Raises:
        UnknownNameError: nothing is registered under that id.
    """
    module_name, _, class_name = ruleset_info(ruleset_id).target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    instance: Ruleset[Any] = cls()
    return instance


register(
    RulesetInfo(
        "redhack",
        "redhack",
        "hacktable.rulesets.redhack.ruleset:Redhack",
        "House rules in the Black Hack family: five classes, usage dice, fortune rolls.",
        "hacktable.rulesets.redhack.oneshot:FORM",
    )
)

register(
    RulesetInfo(
        "black-sword-hack",
        "Black Sword Hack",
        "hacktable.rulesets.black_sword_hack.ruleset:BlackSwordHack",
        "Sword and sorcery: roll under, the Doom die, players roll every die.",
        "hacktable.rulesets.black_sword_hack.oneshot:FORM",
    )
)

register(
    RulesetInfo(
        "skill-die",
        "Skill Die",
        "hacktable.rulesets.skill_die.ruleset:SkillDie",
        "d20 + modifier ability checks; skill checks on a die chosen by difficulty; HP to -20.",
        "hacktable.rulesets.skill_die.oneshot:FORM",
    )
)

register(
    RulesetInfo(
        "fantasy-hack",
        "Fantasy Hack",
        "hacktable.rulesets.fantasy_hack.ruleset:FantasyHack",
        "An m20 hack: d20 + stat + skill against a DC, to-hit against AC, levels 1-10.",
        "hacktable.rulesets.fantasy_hack.oneshot:FORM",
    )
)
