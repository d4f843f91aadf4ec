"""Fortune tasks as campaign data: a task's roles and table (its schema), the table as a
plain table, and loading and validating a campaign's task file (redhack: Core Rules >
Fortune Rolls; RULINGS R24; docs/rulings.md H30-H34). Part of :mod:`.fortune`, which
re-exports every name."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import msgspec

from ...errors import RulesDataError, UnknownNameError
from ...rules.content import decode_toml, entry_label, load_toml_file, require_unique
from ...rules.tables import Table, TableEntry, describe_entry, validate_table
from .content.loader import load_content
from .content.schemas import ATTRIBUTES, Attribute

__all__ = [
    "FortuneEntry",
    "Role",
    "Task",
    "TaskFile",
    "describe_task",
    "entry_text",
    "load_tasks",
    "load_tasks_from",
    "task_table",
    "validate_task",
]

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
