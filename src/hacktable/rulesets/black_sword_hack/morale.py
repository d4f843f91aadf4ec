"""Morale of the opposition (RULINGS B6).

When a group has lost half its number, or its leader falls, the GM rolls a d12 against
the group's morale (its bestiary entry's, else the campaign's ``morale`` setting,
default 7): above it, the group breaks and flees. Each of the two reasons is tested
once per group, and both at once make one roll (docs/rulings.md H139).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace

from .fight import Fight, Group

__all__ = ["MoraleRoll", "break_group", "morale_due", "roll_morale"]

WHY = {"half": "it has lost half its number", "leader": "its leader has fallen"}
"""Why a group tests its morale, in words (RULINGS B6)."""


def morale_due(fight: Fight, group_key: str, fallen: Iterable[str]) -> tuple[str, ...]:
    """The morale tests the group keyed ``group_key`` now owes after the foes keyed
    ``fallen`` fell: ``"leader"`` if its leader is among them, ``"half"`` once half its
    number are dead; none it has made already, and none when nobody of it still
    fights (RULINGS B6; docs/rulings.md H139)."""
    group = fight.group(group_key)
    members = fight.members(group.key)
    if not any(f.fighting for f in members):
        return ()
    fell = set(fallen)
    due: list[str] = []
    if "leader" not in group.tested and any(f.leader and f.key in fell for f in members):
        due.append("leader")
    dead = sum(1 for f in members if f.dead)
    if "half" not in group.tested and dead * 2 >= group.size:
        due.append("half")
    return tuple(due)


@dataclass(frozen=True, slots=True)
class MoraleRoll:
    """A morale roll (RULINGS B6).

    Attributes:
        group: the group's name.
        why: the reasons it was due (``"half"``, ``"leader"``).
        face: the d12.
        morale: the morale it is rolled against.
        broken: the d12 is above the morale: the group breaks and flees.
    """

    group: str
    why: tuple[str, ...]
    face: int
    morale: int
    broken: bool

    def explain(self) -> str:
        """E.g. ``"Morale of the City Guards (it has lost half its number): d12 9
        against morale 7: above it, they break and flee"``."""
        reasons = " and ".join(WHY.get(w, w) for w in self.why)
        verdict = "above it, they break and flee" if self.broken else "they hold"
        return (
            f"Morale of the {self.group} ({reasons}): d12 {self.face} against morale "
            f"{self.morale}: {verdict} (RULINGS B6)"
        )


def roll_morale(group: Group, why: tuple[str, ...], setting: int, rng: random.Random) -> MoraleRoll:
    """Roll the group's morale: a d12 above its morale (its own, else ``setting``)
    breaks it (RULINGS B6)."""
    morale = group.morale if group.morale is not None else setting
    face = rng.randrange(12) + 1
    return MoraleRoll(group.name, why, face, morale, face > morale)


def break_group(fight: Fight, roll: MoraleRoll, group_key: str) -> Fight:
    """The fight after ``roll`` for the group keyed ``group_key``: its tests noted, and
    if it broke, every member still fighting broken (fleeing)."""
    group = fight.group(group_key)
    tested = (*group.tested, *(w for w in roll.why if w not in group.tested))
    after = fight.with_group(replace(group, tested=tested))
    if not roll.broken:
        return after
    for foe in after.members(group.key):
        if foe.fighting:
            after = after.with_foe(replace(foe, status="broken"))
    return after
