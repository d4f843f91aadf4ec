"""Completions for the fight commands: the fighters, the opponents still fighting,
their actions, the effects and options (the console's Tab)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...context import CampaignView
from ..attacks import EFFECTS
from ..fight import Fight
from .staging import current_fight

__all__ = ["complete_attack", "complete_defend", "complete_fighter", "complete_target"]

_ATTACK_WORDS = ("with", "effect", "close", "adv", "dis", "override", "damage", *EFFECTS)


def _fight(session: CampaignView[Any]) -> Fight | None:
    try:
        return current_fight(session)
    except Exception:  # a completion never fails
        return None


def complete_fighter(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    """The first word: a character in the fight."""
    fight = _fight(session)
    if fight is None or words:
        return ()
    return [f.name for f in fight.fighters]


def complete_target(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    """A fighter or an opponent still fighting (``ongoing``)."""
    fight = _fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters] + [f.key for f in fight.fighting_foes()]
    return ("ud4", "ud6", "ud8") if len(words) == 1 else ()


def complete_attack(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    """A fighter, an opponent still fighting, then options and effects."""
    fight = _fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters]
    if len(words) == 1:
        return [f.key for f in fight.fighting_foes()]
    return _ATTACK_WORDS


def complete_defend(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    """A fighter, parry or dodge, an opponent still fighting, one of its actions."""
    fight = _fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.name for f in fight.fighters]
    if len(words) == 1:
        return ("parry", "dodge")
    rest = [w for w in words[2:] if w.lower() != "against"]
    if not rest:
        return ["against", *(f.key for f in fight.fighting_foes())]
    if len(rest) == 1 and fight.has_foe(rest[0]):
        return [a.name for a in fight.foe(rest[0]).actions] + ["adv", "dis", "override"]
    return ("adv", "dis", "override")
