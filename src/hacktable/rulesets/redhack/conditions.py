"""Lasting conditions on characters, as data (redhack: Combat > Damage & Injuries;
RULINGS R11): what each does to tests and what removes it."""

from __future__ import annotations

from functools import cache
from typing import Literal

import msgspec

from ...errors import RulesDataError, UnknownNameError
from ...rules.content import load_toml, require_unique

__all__ = ["Condition", "condition", "load_conditions"]

Attribute = Literal["STR", "DEX", "CON", "INT", "WIS", "CHA"]


class Condition(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A condition.

    Attributes:
        id: e.g. ``"wounded"``.
        name: shown.
        effect: the rule in words.
        disadvantage_on: attributes whose tests it gives disadvantage.
        until: what removes it: ``long-rest``, ``healing`` (the GM) or ``death``.
        source: where the rule is.
    """

    id: str
    name: str
    effect: str
    source: str
    until: Literal["long-rest", "healing", "death"]
    disadvantage_on: tuple[Attribute, ...] = ()


class ConditionsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The file's shape."""

    conditions: tuple[Condition, ...]


@cache
def load_conditions() -> dict[str, Condition]:
    """Every condition by id (cached).

    Raises:
        RulesDataError: the data file is broken.
    """
    data = load_toml("hacktable.rulesets.redhack.data", "conditions.toml", ConditionsFile)
    require_unique("conditions.toml", "conditions", (c.id for c in data.conditions))
    if not data.conditions:
        raise RulesDataError("conditions.toml", "(file)", "no conditions")
    return {c.id: c for c in data.conditions}


def condition(condition_id: str) -> Condition:
    """The condition called ``condition_id``.

    Raises:
        UnknownNameError: no such condition.
    """
    conditions = load_conditions()
    found = conditions.get(condition_id.lower())
    if found is None:
        raise UnknownNameError("condition", condition_id, conditions)
    return found
