"""Rulesets: the plugin registry.

Front ends list rulesets from :func:`available` (metadata only, nothing imported) and
get one with :func:`get_ruleset`, which imports it on first use.

>>> [info.id for info in available()]
['redhack']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

from ..errors import UnknownNameError

TYPE_CHECKING = False  # typing is not imported at run time (one-shot start-up cost)
if TYPE_CHECKING:
    from .base import Ruleset

__all__ = ["RulesetInfo", "available", "get_ruleset", "register"]


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """What the registry knows of a ruleset without importing it.

    Attributes:
        id: the registry id.
        title: human name.
        target: ``"module:Class"`` of its :class:`~hacktable.rulesets.base.Ruleset`.
        summary: one line about it.
    """

    id: str
    title: str
    target: str
    summary: str = ""


_REGISTRY: dict[str, RulesetInfo] = {}


def register(info: RulesetInfo) -> None:
    """Add a ruleset to the registry (or replace one with the same id)."""
    _REGISTRY[info.id] = info
    get_ruleset.cache_clear()


def available() -> tuple[RulesetInfo, ...]:
    """Every registered ruleset, in registration order."""
    return tuple(_REGISTRY.values())


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered as ``ruleset_id``, imported on first use.

    Raises:
        UnknownNameError: nothing is registered under that id.
    """
    info = _REGISTRY.get(ruleset_id)
    if info is None:
        raise UnknownNameError("ruleset", ruleset_id, _REGISTRY)
    module_name, _, class_name = info.target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    instance: Ruleset = cls()
    return instance


register(
    RulesetInfo(
        "redhack",
        "redhack",
        "hacktable.rulesets.redhack.ruleset:Redhack",
        "House rules in the Black Hack family: five classes, usage dice, fortune rolls.",
    )
)
