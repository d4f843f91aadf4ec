"""redhack's fortune rolls: tasks, roles, aptitudes and the roll itself.

redhack: Core Rules > Fortune Rolls; RULINGS R24; docs/rulings.md H30-H34.

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
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import msgspec

from ...dice.roller import roll
from ...errors import RuleError, RulesDataError, UnknownNameError
from ...rules.content import decode_toml, entry_label, load_toml_file, require_unique
from ...rules.tables import Table, TableEntry, describe_entry, lookup, validate_table
from .character import Character
from .content.loader import load_content
from .content.schemas import ATTRIBUTES, Attribute
from .core_rules import modifier

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

MODIFIER_CAP = 6
"""The most the combined attribute modifiers add to an aptitude (RULINGS R24)."""

NOBODY = -2
"""The aptitude of a role with nobody assigned (RULINGS R24)."""

Implied = Callable[[str], Iterable[str]]
"""Given a background tag, the broader tags it also counts as (docs/rulings.md H12)."""

_KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_ENUM = re.compile(r"^Invalid enum value (?P<value>.+?) - at `\$(?P<path>[^`]*)`$")
_FIELD = re.compile(r"\.(?P<field>[a-z_]+(?:\[\d+\])?)$")


# -- schema ------------------------------------------------------------------------------


class Role(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One character's responsibility within a task (redhack: Core Rules > Fortune Rolls).

    Attributes:
        id: kebab-case, unique within the task (``"scout"``).
        name: as shown (``"Scout"``).
        attributes: the two attributes whose modifiers make the aptitude.
        classes: ids of the classes that apply (+1).
        conflicting_classes: ids of the classes that conflict (-1).
        tags: background advantage tags that apply (+1).
        conflicting_tags: background tags that conflict (-1, H32).
        description: what the role does, in words.
    """

    id: str
    name: str
    attributes: tuple[Attribute, Attribute]
    classes: tuple[str, ...] = ()
    conflicting_classes: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    conflicting_tags: tuple[str, ...] = ()
    description: str = ""


class FortuneEntry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One row of a task's table: a :class:`~hacktable.rules.tables.TableEntry` that may
    name the role whose aptitude can change it (``Ambush [scout]``).

    Attributes:
        result: the short result (``"Ambush"``).
        low: lowest value of the range, or ``None`` when open below.
        high: highest value of the range, or ``None`` when open above.
        natural: the die face this entry matches whatever the modifiers (RULINGS R22),
            or ``None`` for a range entry.
        effect: what it means at the table, or ``""``.
        role: the id of the role the result names, or ``None``.
    """

    result: str
    low: int | None = None
    high: int | None = None
    natural: int | None = None
    effect: str = ""
    role: str | None = None

    def table_entry(self) -> TableEntry:
        """The entry as a plain table entry (without its role)."""
        return TableEntry(
            result=self.result,
            low=self.low,
            high=self.high,
            natural=self.natural,
            effect=self.effect,
        )


class Task(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """An undertaking resolved by one fortune roll, with its roles and its table.

    Attributes:
        id: kebab-case, unique in a campaign (``"jungle"``).
        name: as shown (``"Crossing the jungle"``).
        roles: the roles; none for a plain fortune roll.
        entries: the table's rows, validated as a table (no overlaps or gaps, every
            roll of ``dice`` covered).
        source: where the task comes from (the rules section, the campaign's notes).
        dice: the dice rolled (``"1d20"``).
        description: what the task is, in words.
    """

    id: str
    name: str
    roles: tuple[Role, ...]
    entries: tuple[FortuneEntry, ...]
    source: str
    dice: str = "1d20"
    description: str = ""

    def role(self, name: str) -> Role:
        """The role with id or name ``name`` (case-insensitive).

        Raises:
            UnknownNameError: there is none.
        """
        wanted = " ".join(name.split()).casefold()
        for role in self.roles:
            if wanted in (role.id, role.name.casefold()):
                return role
        raise UnknownNameError(f"role of {self.id}", name, [r.id for r in self.roles])


class TaskFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A campaign's fortune-task file: ``[[tasks]]`` with ``[[tasks.roles]]`` and
    ``[[tasks.entries]]``."""

    tasks: tuple[Task, ...]


# -- aptitude ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Aptitude:
    """A character's aptitude at a role (RULINGS R24).

    Attributes:
        role: the role's id.
        character: the character's name, or ``None`` when nobody is assigned.
        value: the aptitude.
        parts: what makes it, one string each (``"WIS +1, INT +2: +3"``,
            ``"background 'raised by goblins' (tracking): +1"``, ``"class Thief: +1"``,
            ``"nobody assigned: -2"``).
    """

    role: str
    character: str | None
    value: int
    parts: tuple[str, ...]

    def explain(self) -> str:
        """E.g. ``"Sly +3 (DEX +2, WIS +1: +3)"`` or ``"nobody assigned -2"``."""
        who = "nobody assigned" if self.character is None else self.character
        why = "; ".join(p for p in self.parts if p != "nobody assigned: -2")
        return f"{who} {self.value:+d}" + (f" ({why})" if why else "")


def _norm(tag: str) -> str:
    return "-".join(tag.replace("_", " ").split()).casefold()


def _matches(tags: Iterable[str], wanted: set[str], implied: Implied | None) -> list[str]:
    """The background tags among ``wanted`` (``"hiding as stealth"`` when only a tag it
    implies is)."""
    found: list[str] = []
    for tag in tags:
        own = _norm(tag)
        if own in wanted:
            found.append(own)
            continue
        broader = sorted({_norm(t) for t in implied(tag)} & wanted) if implied else []
        if broader:
            found.append(f"{own} as {', '.join(broader)}")
    return found


def aptitude(role: Role, character: Character | None, implied: Implied | None = None) -> Aptitude:
    """A character's aptitude at a role (redhack: Core Rules > Fortune Rolls; RULINGS R24).

    Args:
        role: the role.
        character: the character assigned to it, or ``None`` for nobody (-2).
        implied: the broader tags a background tag counts as (docs/rulings.md H12), or
            ``None`` to match tags as written.

    Returns:
        The aptitude and its parts. The +6 cap is on the combined modifiers only;
        background and class come on top (H31).

    Raises:
        UnknownNameError: the character has no score for one of the role's attributes.
    """
    if character is None:
        return Aptitude(role.id, None, NOBODY, (f"nobody assigned: {NOBODY:+d}",))
    parts: list[str] = []
    mods = [(attr, modifier(character.score(attr))) for attr in role.attributes]
    combined = sum(m for _, m in mods)
    shown = ", ".join(f"{attr} {m:+d}" for attr, m in mods)
    if combined > MODIFIER_CAP:
        value = MODIFIER_CAP
        parts.append(f"{shown}: {combined:+d}, capped at {MODIFIER_CAP:+d}")
    elif combined < 0:
        value = -1
        parts.append(f"{shown}: {combined:+d}, negative: -1")
    else:
        value = combined
        parts.append(f"{shown}: {combined:+d}")

    background = character.background
    label = f"background {background.text!r}" if background.text else "background"
    wanted = {_norm(t) for t in role.tags}
    unwanted = {_norm(t) for t in role.conflicting_tags}
    applies = _matches(background.advantages, wanted, implied)
    if applies:
        value += 1
        parts.append(f"{label} ({', '.join(applies)}): +1")
    conflicts = _matches(background.advantages, unwanted, implied) + _matches(
        background.disadvantages, wanted | unwanted, implied
    )
    if conflicts:
        value -= 1
        parts.append(f"{label} conflicts ({', '.join(conflicts)}): -1")

    class_name = character.class_id.replace("-", " ").title()
    if character.class_id in role.classes:
        value += 1
        parts.append(f"class {class_name}: +1")
    if character.class_id in role.conflicting_classes:
        value -= 1
        parts.append(f"class {class_name} conflicts: -1")
    return Aptitude(role.id, character.name, value, tuple(parts))


def aptitudes(
    task: Task, assignment: Mapping[str, Character | None], implied: Implied | None = None
) -> tuple[Aptitude, ...]:
    """Every role's aptitude, in the task's order (a role missing from ``assignment`` has
    nobody assigned).

    Raises:
        UnknownNameError: ``assignment`` names a role the task does not have.
    """
    ids = [r.id for r in task.roles]
    for role_id in assignment:
        if role_id not in ids:
            raise UnknownNameError(f"role of {task.id}", role_id, ids)
    return tuple(aptitude(r, assignment.get(r.id), implied) for r in task.roles)


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


def entry_text(entry: FortuneEntry) -> str:
    """The entry's result, the role it names and its effect: ``"Ambush [scout] -
    Predators strike ..."``."""
    text = entry.result + (f" [{entry.role}]" if entry.role else "")
    return f"{text} - {entry.effect}" if entry.effect else text


def task_table(task: Task) -> Table:
    """The task's table as a plain :class:`~hacktable.rules.tables.Table` (roles left
    out), for validation and lookup."""
    return Table(
        id=task.id,
        name=task.name,
        source=task.source,
        dice=task.dice,
        entries=tuple(e.table_entry() for e in task.entries),
    )


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


# -- loading and validation ----------------------------------------------------------------


def validate_task(
    task: Task, file: str, label: str, class_ids: Iterable[str] | None = None
) -> None:
    """Check a task: kebab-case ids, unique role ids, known classes, entries that name
    roles the task defines, and a well-formed table (RulesDataError otherwise).

    Args:
        task: the task.
        file: the file it came from, for errors.
        label: how errors name the task (``"tasks[0] (id 'jungle')"``).
        class_ids: the known class ids (default: redhack's packaged classes).

    Raises:
        RulesDataError: naming ``file``, the entry at fault and the reason.
    """
    if not _KEBAB.fullmatch(task.id):
        raise RulesDataError(file, label, f"id {task.id!r} is not kebab-case (like 'jungle')")
    known = tuple(c.id for c in load_content().classes) if class_ids is None else tuple(class_ids)
    require_unique(file, f"{label}.roles", (r.id for r in task.roles))
    for index, role in enumerate(task.roles):
        where = entry_label(f"{label}.roles[{index}]", role.id)
        if not _KEBAB.fullmatch(role.id):
            raise RulesDataError(file, where, f"id {role.id!r} is not kebab-case (like 'scout')")
        for field, ids in (
            ("classes", role.classes),
            ("conflicting_classes", role.conflicting_classes),
        ):
            for class_id in ids:
                if class_id not in known:
                    raise RulesDataError(
                        file,
                        where,
                        f"{field}: unknown class {class_id!r} (choose from {', '.join(known)})",
                    )
    role_ids = [r.id for r in task.roles]
    for index, row in enumerate(task.entries):
        if row.role is not None and row.role not in role_ids:
            defined = ", ".join(role_ids) if role_ids else "none"
            raise RulesDataError(
                file,
                f"{label}.entries[{index}] ({row.result!r})",
                f"role {row.role!r} is not defined by the task (its roles: {defined})",
            )
    validate_table(task_table(task), file=file, entry=label)


def _check(file: str, decoded: TaskFile, class_ids: Iterable[str] | None) -> tuple[Task, ...]:
    if not decoded.tasks:
        raise RulesDataError(file, "tasks", "the file has no tasks")
    require_unique(file, "tasks", (t.id for t in decoded.tasks))
    known = None if class_ids is None else tuple(class_ids)
    for index, task in enumerate(decoded.tasks):
        validate_task(task, file, entry_label(f"tasks[{index}]", task.id), known)
    return decoded.tasks


def _clearer(error: RulesDataError) -> RulesDataError:
    """An unknown attribute named as such, not as the decoder's "invalid enum value"."""
    found = _ENUM.match(error.reason)
    if found is None:
        return error
    field = _FIELD.search(found.group("path"))
    where = f"{field.group('field')}: " if field else ""
    if field is not None and field.group("field").startswith("attributes"):
        what = f"unknown attribute {found.group('value')} (choose from {', '.join(ATTRIBUTES)})"
    else:
        what = f"invalid value {found.group('value')}"
    return RulesDataError(error.file, error.entry, where + what)


def load_tasks_from(path: Path, class_ids: Iterable[str] | None = None) -> tuple[Task, ...]:
    """Load and validate a campaign's fortune-task file (TOML, :class:`TaskFile`).

    Args:
        path: the file.
        class_ids: the known class ids (default: redhack's packaged classes).

    Raises:
        RulesDataError: naming the file, the entry (``tasks[0] (id 'jungle').roles[1] (id
            'navigator')``) and the reason: unreadable, not TOML, an unknown attribute or
            field, a duplicate id, an entry naming a role the task does not define,
            overlapping ranges, gaps, or rolls the table does not cover.
    """
    try:
        decoded = load_toml_file(path, TaskFile)
    except RulesDataError as error:
        raise _clearer(error) from error
    return _check(path.name, decoded, class_ids)


def load_tasks(
    data: bytes | str, file: str, class_ids: Iterable[str] | None = None
) -> tuple[Task, ...]:
    """Load and validate fortune tasks from TOML text (as :func:`load_tasks_from`).

    Raises:
        RulesDataError: as :func:`load_tasks_from`.
    """
    try:
        decoded = decode_toml(data, file, TaskFile)
    except RulesDataError as error:
        raise _clearer(error) from error
    return _check(file, decoded, class_ids)


def describe_task(task: Task) -> list[str]:
    """The task's table as lines: ``"4           Ambush [scout] - ..."``."""
    return [f"{describe_entry(e.table_entry()):<12}{entry_text(e)}" for e in task.entries]
