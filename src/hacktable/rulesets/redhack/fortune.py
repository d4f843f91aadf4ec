"""redhack's fortune rolls: tasks, roles, aptitudes and the roll itself.

redhack: Core Rules > Fortune Rolls; RULINGS R24; docs/rulings.md H30-H34.

This module is the roll itself; tasks, their roles and their files are
:mod:`.fortune_tasks`, aptitudes :mod:`.aptitude`. It re-exports every name they had
here before it was split.

A fortune roll condenses a long, uncertain undertaking (crossing a jungle) into one d20
roll on a table the GM prepares: a :class:`Task`. Where player skill matters the task
defines :class:`Role` s, each one character's responsibility and each defined by two
attributes. A character's :func:`aptitude` at a role (R24) is:

* the role's two attribute modifiers combined, if positive (at most +6);
* -1 if the combined modifiers are negative;
* +1 for an applicable background, +1 for an applicable class;
* -1 for a conflicting class and -1 for a conflicting background (H31);
* -2 for a role with nobody assigned (and nothing else).

The roll (:func:`fortune_roll`): roll the die, apply every negative aptitude at once and
look the result up; while the entry names a role whose positive aptitude has not yet been
applied, add it and look up again. An entry naming no role, a role already applied, or a
role whose aptitude is zero or negative is the final result. The text's jungle example
(5 -> 4 -> 6 -> 7) is reproduced by ``examples/data/jungle.toml`` with a -1 navigator
(H30: the text's "-2 navigator" contradicts its own arithmetic).

A background applies when one of the role's ``tags`` is among its advantage tags, and
conflicts when one of the role's ``conflicting_tags`` is among its advantage or
disadvantage tags, or one of the role's ``tags`` among its disadvantage tags (H32). Only
tags count, not the words of the background's sentence; a tag also counts as the broader
tags it implies when the caller passes ``implied`` (docs/rulings.md H12). Classes match by
id.

The cleric's prayer (redhack: Spellcasting > Divine Magic) is also "a fortune roll", but
on a fixed table with fixed modifiers and no roles; it is not a :class:`Task`.

>>> from hacktable.rulesets.redhack.character import Character
>>> scout = Role(id="scout", name="Scout", attributes=("DEX", "WIS"))
>>> sly = Character(name="Sly", ruleset="redhack", hp=4, max_hp=4, class_id="thief",
...                 scores=(("DEX", 16), ("WIS", 13)), hit_die=6)
>>> aptitude(scout, sly).value, aptitude(scout, None).value
(3, -2)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...dice.roller import roll
from ...errors import RuleError
from ...rules.tables import Table, lookup
from .aptitude import MODIFIER_CAP, NOBODY, Aptitude, aptitude, aptitudes
from .aptitude import Implied as _Implied
from .character import Character
from .fortune_tasks import (
    FortuneEntry,
    Role,
    Task,
    TaskFile,
    describe_task,
    entry_text,
    load_tasks,
    load_tasks_from,
    task_table,
    validate_task,
)

__all__ = [
    "MODIFIER_CAP",
    "NOBODY",
    "Aptitude",
    "FortuneEntry",
    "FortuneRoll",
    "Role",
    "Task",
    "TaskFile",
    "aptitude",
    "aptitudes",
    "describe_task",
    "entry_text",
    "fortune_roll",
    "load_tasks",
    "load_tasks_from",
    "task_table",
    "validate_task",
]


Implied = _Implied
"""Given a background tag, the broader tags it also counts as (docs/rulings.md H12;
:data:`.aptitude.Implied`, kept importable from here)."""

# -- the roll ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FortuneRoll:
    """A fortune roll, step by step (RULINGS R24).

    Attributes:
        task: the task's id.
        face: what the dice rolled.
        steps: every step, e.g. ``("d20 5", "navigator -1: 4 (Ambush [scout])", "scout
            +2: 6 (Spoiled food [quartermaster])", "quartermaster +1: 7 (The woods have
            eyes [scout]): scout already applied: final")``.
        value: the value of the final lookup (kept within the table, H33).
        entry: the final entry.
        aptitudes: every role's aptitude.
        applied: the ids of the roles whose aptitude was applied, in order.
    """

    task: str
    face: int
    steps: tuple[str, ...]
    value: int
    entry: FortuneEntry
    aptitudes: tuple[Aptitude, ...]
    applied: tuple[str, ...] = ()

    def explain(self) -> str:
        """The steps on one line, then the result: ``"d20 5; ...: final => The woods
        have eyes [scout] - ..."``."""
        return f"{'; '.join(self.steps)} => {entry_text(self.entry)}"


def _bounded(table: Table, value: int) -> int:
    """``value`` kept within the table's range entries (H33)."""
    ranges = [e for e in table.entries if e.natural is None]
    lows = [e.low for e in ranges]
    highs = [e.high for e in ranges]
    if None not in lows:
        value = max(value, min(low for low in lows if low is not None))
    if None not in highs:
        value = min(value, max(high for high in highs if high is not None))
    return value


def fortune_roll(
    task: Task,
    assignment: Mapping[str, Character | None],
    rng: random.Random,
    implied: Implied | None = None,
) -> FortuneRoll:
    """Make a fortune roll (redhack: Core Rules > Fortune Rolls; RULINGS R24).

    Roll the task's dice and apply every negative aptitude at once, then look the value
    up; while the entry names a role whose positive aptitude has not been applied, add
    it and look up again. The loop ends on an entry that names no role, a role already
    applied, a role whose aptitude is zero or negative, or a natural entry (which stands
    whatever the modifiers, RULINGS R22).

    Args:
        task: a validated task.
        assignment: the character holding each role (by role id); a role missing or
            mapped to ``None`` has nobody assigned (-2).
        rng: the random source (RULINGS G1).
        implied: the broader tags a background tag counts as, or ``None``.

    Raises:
        UnknownNameError: ``assignment`` names a role the task does not have.
        RuleError: the task's table does not cover the value (an invalid task).
    """
    apts = aptitudes(task, assignment, implied)
    by_role = {a.role: a for a in apts}
    table = task_table(task)
    outcome = roll(task.dice, rng)
    face = outcome.total
    terms = outcome.dice_terms()
    natural = terms[0].dice[0].value if len(terms) == 1 and len(terms[0].dice) == 1 else None

    def look(total: int) -> tuple[int, FortuneEntry, str]:
        """The value looked up, its entry, and the step's text after the label."""
        value = _bounded(table, total)
        found = lookup(table, value, natural)
        index = next(i for i, e in enumerate(table.entries) if e is found)
        entry = task.entries[index]
        shown = str(total) if value == total else f"{total}, read as {value}"
        named = f" [{entry.role}]" if entry.role else ""
        return value, entry, f"{shown} ({entry.result}{named})"

    dice = task.dice[1:] if task.dice.startswith("1d") else task.dice
    total = face
    applied: list[str] = []
    negatives = [a for a in apts if a.value < 0]
    if negatives:
        total += sum(a.value for a in negatives)
        applied.extend(a.role for a in negatives)
        value, entry, shown = look(total)
        applies = ", ".join(f"{a.role} {a.value:+d}" for a in negatives)
        steps = [f"{dice} {face}", f"{applies}: {shown}"]
    else:
        value, entry, shown = look(total)
        steps = [f"{dice} {shown}"]
    while True:
        if entry.natural is not None:
            reason = f"natural {entry.natural} stands whatever the aptitudes"
            break
        if entry.role is None:
            reason = "no role named"
            break
        named = by_role.get(entry.role)
        if named is None:  # pragma: no cover - validate_task refuses it
            raise RuleError(f"{task.id}: entry {entry.result!r} names unknown role {entry.role!r}")
        if entry.role in applied:
            reason = f"{entry.role} already applied"
            break
        if named.value <= 0:
            reason = f"{entry.role} {named.value:+d}: nothing to add"
            break
        total += named.value
        applied.append(entry.role)
        value, entry, shown = look(total)
        steps.append(f"{named.role} {named.value:+d}: {shown}")
    steps[-1] += f": {reason}: final"
    return FortuneRoll(task.id, face, tuple(steps), value, entry, apts, tuple(applied))
