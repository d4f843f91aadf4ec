"""Fortune rolls at the table: ``fortune add FILE``, ``fortune [list]``, ``fortune show
TASK``, ``fortune assign TASK ROLE NAME``, ``fortune unassign TASK ROLE``, ``fortune roll
TASK [roll N]`` and ``fortune remove TASK``.

redhack: Core Rules > Fortune Rolls; RULINGS R24; docs/rulings.md H30-H34. A campaign's
tasks come from a TOML file (:mod:`hacktable.rulesets.redhack.fortune`) and are kept in
its log as entities of kind ``fortune-task`` (key: the task's id); who holds which role is
kind ``fortune-assign`` (key: the task's id). Every change, and every roll, is one event.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec

from ....errors import HacktableError, RuleError, UnknownNameError
from ....play.codec import from_json, to_json
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CONTENT, FORTUNE
from ..character import Character
from ..fortune import (
    Implied,
    Task,
    aptitude,
    describe_task,
    entry_text,
    fortune_roll,
    load_tasks_from,
)
from ..ruleset import Redhack
from ..view import CampaignView
from .act import Act, read_overrides
from .registry import COMMANDS

__all__ = [
    "ASSIGN_KIND",
    "TASK_KIND",
    "Assignment",
    "FortuneAction",
    "FortuneIntent",
    "Holder",
    "assignment_of",
    "holders_of",
    "task_named",
    "tasks_of",
]

TASK_KIND = "fortune-task"
"""The entity kind of a campaign's fortune tasks (key: the task's id)."""

ASSIGN_KIND = "fortune-assign"
"""The entity kind of a task's role assignment (key: the task's id)."""

_SUBCOMMANDS = ("list", "add", "show", "assign", "unassign", "roll", "remove")


class Holder(msgspec.Struct, frozen=True, kw_only=True):
    """One role and the character holding it.

    Attributes:
        role: the role's id.
        character: the character's name.
    """

    role: str
    character: str


class Assignment(msgspec.Struct, frozen=True, kw_only=True):
    """Who holds each of a task's roles (a character may hold several, H34).

    Attributes:
        holders: one per assigned role, in the order assigned.
    """

    holders: tuple[Holder, ...] = ()

    def holder(self, role: str) -> str | None:
        """The name of the character holding ``role``, or ``None``."""
        return next((h.character for h in self.holders if h.role == role), None)

    def with_holder(self, role: str, character: str) -> Assignment:
        """A copy with ``character`` holding ``role`` (replacing whoever held it)."""
        kept = tuple(h for h in self.holders if h.role != role)
        return Assignment(holders=(*kept, Holder(role=role, character=character)))

    def without(self, role: str) -> Assignment:
        """A copy with nobody holding ``role``."""
        return Assignment(holders=tuple(h for h in self.holders if h.role != role))

    def roles_of(self, character: str) -> list[str]:
        """The ids of the roles ``character`` holds."""
        return [h.role for h in self.holders if h.character == character]


# -- state -------------------------------------------------------------------------------


def tasks_of(session: CampaignView) -> list[Task]:
    """The campaign's fortune tasks, in the order added."""
    return [from_json(Task, data) for data in session.state.values(TASK_KIND)]


def task_named(session: CampaignView, name: str) -> Task:
    """The campaign's task with id ``name`` (case-insensitive).

    Raises:
        UnknownNameError: there is none.
    """
    key = "-".join(name.split()).casefold()
    data = session.state.get(TASK_KIND, key)
    if data is None:
        raise UnknownNameError("fortune task", name, session.state.keys(TASK_KIND))
    return from_json(Task, data)


def assignment_of(session: CampaignView, task: Task) -> Assignment:
    """Who holds the task's roles."""
    data = session.state.get(ASSIGN_KIND, task.id)
    return Assignment() if data is None else from_json(Assignment, data)


def holders_of(
    session: CampaignView, task: Task, assignment: Assignment
) -> tuple[dict[str, Character | None], list[str]]:
    """Each role's character (``None``: nobody), and a warning for each assigned
    character who is no longer in the campaign (they count as nobody, H34)."""
    holders: dict[str, Character | None] = {}
    warnings: list[str] = []
    for role in task.roles:
        name = assignment.holder(role.id)
        if name is None:
            holders[role.id] = None
            continue
        try:
            holders[role.id] = session.character(name)
        except UnknownNameError:
            holders[role.id] = None
            warnings.append(f"{name} ({role.name}) is no longer in the campaign: nobody assigned")
    return holders, warnings


def _implied(session: CampaignView) -> Implied | None:
    """The broader tags a background tag counts as (docs/rulings.md H12); free words
    that are not redhack tags count only as themselves."""
    ruleset = session.ruleset
    if not isinstance(ruleset, Redhack):  # pragma: no cover - only redhack loads us
        return None
    content = ruleset.content

    def implied(tag: str) -> Iterable[str]:
        try:
            return content.tags_implied(tag)
        except UnknownNameError:
            return (tag,)

    return implied


# -- the command -------------------------------------------------------------------------


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return _SUBCOMMANDS
    sub = words[0].lower()
    try:
        if len(words) == 1 and sub in ("show", "assign", "unassign", "roll", "remove"):
            return session.state.keys(TASK_KIND)
        if len(words) == 2 and sub in ("assign", "unassign"):
            return [r.id for r in task_named(session, words[1]).roles]
        if len(words) == 3 and sub == "assign":
            return [c.name for c in session.characters()]
    except HacktableError:
        return ()
    return ()


FortuneAction = Literal["list", "add", "show", "assign", "unassign", "roll", "remove"]
"""What ``fortune`` does (:data:`_SUBCOMMANDS`)."""


@dataclass(frozen=True, slots=True)
class FortuneIntent(Intent):
    """List, add, show, assign, unassign, roll or remove the campaign's fortune tasks
    (redhack: Core Rules > Fortune Rolls; RULINGS R24; docs/rulings.md H30-H34).

    Attributes:
        action: what is asked.
        task: the task's id, as given (show, assign, unassign, roll, remove).
        role: the role's id, as given (assign, unassign).
        character: the character's name, as given (assign).
        file: the TOML file's path, as given (add).
        roll: the GM's ``roll N``: the d20's face (roll; ``None``: rolled).
    """

    action: FortuneAction = "list"
    task: str = ""
    role: str = ""
    character: str = ""
    file: str = ""
    roll: int | None = None

    def access(self) -> Access:
        """Anyone lists and reads the tasks; the GM adds and removes them, hands out
        their roles and rolls them (docs/rulings.md H106)."""
        if self.action in ("list", "show"):
            return Access.read()
        if self.action in ("add", "remove"):
            return Access.gm(CONTENT, f"fortune {self.action}")
        return Access.gm(FORTUNE, f"fortune {self.action}")


def _read_fortune(args: Args) -> FortuneIntent:
    sub = args.optional()
    if sub is None or sub.lower() == "list":
        args.done()
        return FortuneIntent()
    action = sub.lower()
    if action == "add":
        return FortuneIntent("add", file=" ".join(args.rest()) or args.word("FILE"))
    if action in ("show", "remove"):
        task = args.word("TASK")
        args.done()
        return FortuneIntent("show" if action == "show" else "remove", task)
    if action == "assign":
        task, role = args.word("TASK"), args.word("ROLE")
        name = " ".join(args.rest())
        if not name:
            raise args.error("missing NAME")
        return FortuneIntent("assign", task, role, name)
    if action == "unassign":
        task, role = args.word("TASK"), args.word("ROLE")
        args.done()
        return FortuneIntent("unassign", task, role)
    if action == "roll":
        return _read_roll(args)
    raise args.error(f"unknown subcommand {sub!r} (choose from {', '.join(_SUBCOMMANDS)})")


def _read_roll(args: Args) -> FortuneIntent:
    rest, overrides = read_overrides(args, args.rest())
    if not rest:
        raise args.error("missing TASK")
    if len(rest) > 1:
        raise args.error(f"unexpected {' '.join(rest[1:])!r}")
    if set(overrides) - {"faces"}:
        raise args.error("a fortune roll takes only 'roll N' (the d20's face)")
    faces = overrides.get("faces")
    if faces is not None and len(faces) > 1:
        raise args.error("a fortune roll rolls one d20: give one face, like 'roll 5'")
    return FortuneIntent("roll", rest[0], roll=None if faces is None else faces[0])


@COMMANDS.typed(
    "fortune",
    "fortune [list] | fortune add FILE | fortune show TASK | fortune assign TASK ROLE NAME "
    "| fortune unassign TASK ROLE | fortune roll TASK [roll N] | fortune remove TASK",
    "fortune rolls: one d20 on the GM's table for a long task, with roles (R24)",
    FortuneIntent,
    _read_fortune,
    details="""
A fortune roll condenses a long, uncertain task (crossing a jungle) into one roll on a
table the GM prepares (redhack: Core Rules > Fortune Rolls; RULINGS R24).
  fortune add examples/data/jungle.toml   add (or replace) the campaign's tasks
  fortune show jungle                     roles, aptitudes and the table
  fortune assign jungle scout Sly         Sly is the scout (one may hold several roles)
  fortune roll jungle                     roll it; the GM may fix the d20 with 'roll 5'
Aptitude: the role's two attribute modifiers combined if positive (at most +6), -1 if
negative; +1 for an applicable background tag, +1 for an applicable class; -1 for each
conflicting one; a role nobody holds is -2. Every negative aptitude applies at once;
while the result names a role whose positive aptitude has not been applied, it is added
and the table read again.
""",
    complete=_complete,
)
def fortune_command(ctx: Context, intent: FortuneIntent) -> Reply:
    """Dispatch the ``fortune`` subcommands."""
    handlers = {
        "add": _add,
        "show": _show,
        "assign": _assign,
        "unassign": _unassign,
        "roll": _roll,
        "remove": _remove,
    }
    if intent.action == "list":
        return _list(ctx.session)
    return handlers[intent.action](ctx, intent)


def _list(session: CampaignView) -> Reply:
    tasks = tasks_of(session)
    reply = Reply()
    if not tasks:
        return reply.add("No fortune tasks yet: add some with 'fortune add FILE'.", "note")
    for task in tasks:
        assignment = assignment_of(session, task)
        held = sum(assignment.holder(r.id) is not None for r in task.roles)
        roles = ", ".join(r.name for r in task.roles) or "no roles"
        reply.add(
            f"{task.id:<16} {task.name} ({task.dice}; roles: {roles}; "
            f"{held}/{len(task.roles)} assigned)"
        )
    return reply


def _add(ctx: Context, intent: FortuneIntent) -> Reply:
    path = Path(intent.file)
    act = Act(ctx)
    tasks = load_tasks_from(path, [c.id for c in act.ruleset.content.classes])
    for task in tasks:
        verb = "replaced" if act.session.state.get(TASK_KIND, task.id) is not None else "added"
        act.set_entity(TASK_KIND, task.id, task)
        roles = ", ".join(r.name for r in task.roles) or "no roles"
        act.say(f"Fortune task {task.id} {verb}: {task.name} (roles: {roles})")
        assignment = assignment_of(act.session, task)
        ids = {r.id for r in task.roles}
        gone = [h for h in assignment.holders if h.role not in ids]
        if gone:
            kept = Assignment(holders=tuple(h for h in assignment.holders if h.role in ids))
            act.set_entity(ASSIGN_KIND, task.id, kept if kept.holders else None)
            dropped = ", ".join(f"{h.role} ({h.character})" for h in gone)
            act.say(f"  roles no longer in {task.id} are unassigned: {dropped}", "note")
    act.detail["file"] = str(path)
    return act.commit("fortune.add")


def _show(ctx: Context, intent: FortuneIntent) -> Reply:
    session = ctx.session
    task = task_named(session, intent.task)
    assignment = assignment_of(session, task)
    holders, warnings = holders_of(session, task, assignment)
    implied = _implied(session)
    reply = Reply().add(f"{task.name} ({task.id}): roll {task.dice}", "title")
    if task.description:
        reply.add(f"  {task.description}")
    reply.add(f"  source: {task.source}", "muted")
    if task.roles:
        reply.add("Roles (negative aptitudes apply at once; a positive one when named):")
    else:
        reply.add("No roles: the roll is read as it falls.")
    for role in task.roles:
        apt = aptitude(role, holders[role.id], implied)
        reply.add(f"  {role.name} [{role.id}] ({' + '.join(role.attributes)}): {apt.explain()}")
        bits = []
        if role.classes:
            bits.append(f"classes {', '.join(role.classes)}")
        if role.tags:
            bits.append(f"tags {', '.join(role.tags)}")
        conflicts = (*role.conflicting_classes, *role.conflicting_tags)
        if conflicts:
            bits.append(f"conflicts {', '.join(conflicts)}")
        if bits:
            reply.add(f"      {'; '.join(bits)}", "muted")
        if role.description:
            reply.add(f"      {role.description}", "muted")
    for text in warnings:
        reply.add(text, "warning")
    for note in _several(task, assignment):
        reply.add(note, "note")
    reply.add(f"Table ({task.dice}):")
    reply.extend((f"  {line}" for line in describe_task(task)), "")
    return reply


def _several(task: Task, assignment: Assignment) -> list[str]:
    """A note for each character holding more than one of the task's roles."""
    names = {r.id: r.name for r in task.roles}
    notes = []
    for character in dict.fromkeys(h.character for h in assignment.holders):
        held = [names[r] for r in assignment.roles_of(character) if r in names]
        if len(held) > 1:
            notes.append(
                f"{character} holds {len(held)} roles: {', '.join(held)} (each aptitude counts)"
            )
    return notes


def _assign(ctx: Context, intent: FortuneIntent) -> Reply:
    session = ctx.session
    task = task_named(session, intent.task)
    role = task.role(intent.role)
    act = Act(ctx)
    character = act.character(intent.character)
    assignment = assignment_of(session, task)
    previous = assignment.holder(role.id)
    if previous == character.name:
        raise RuleError(f"{character.name} already holds the {role.name} role in {task.id}")
    after = assignment.with_holder(role.id, character.name)
    act.set_entity(ASSIGN_KIND, task.id, after)
    apt = aptitude(role, character, _implied(session))
    act.say(f"{character.name} is the {role.name} for {task.name}: aptitude {apt.explain()}")
    if previous is not None:
        act.say(f"  (instead of {previous})", "note")
    for note in _several(task, after):
        if note.startswith(f"{character.name} "):
            act.say(note, "note")
    return act.commit("fortune.assign", character.name)


def _unassign(ctx: Context, intent: FortuneIntent) -> Reply:
    session = ctx.session
    task = task_named(session, intent.task)
    role = task.role(intent.role)
    assignment = assignment_of(session, task)
    previous = assignment.holder(role.id)
    if previous is None:
        raise RuleError(f"nobody holds the {role.name} role in {task.id}")
    act = Act(ctx)
    after = assignment.without(role.id)
    act.set_entity(ASSIGN_KIND, task.id, after if after.holders else None)
    act.say(f"{previous} no longer holds the {role.name} role in {task.id} (nobody: -2)")
    return act.commit("fortune.unassign", previous)


def _roll(ctx: Context, intent: FortuneIntent) -> Reply:
    session = ctx.session
    task = task_named(session, intent.task)
    if intent.roll is not None and task.dice != "1d20":
        raise RuleError(f"'roll N' sets a d20's face, but {task.id} rolls {task.dice}")
    act = Act(ctx, {} if intent.roll is None else {"faces": [intent.roll]})
    holders, warnings = holders_of(session, task, assignment_of(session, task))
    result = fortune_roll(task, holders, act.rng, _implied(session))
    act.say(f"Fortune roll: {task.name}", "title")
    names = {r.id: r.name for r in task.roles}
    for apt in result.aptitudes:
        act.say(f"  {names[apt.role]}: {apt.explain()}", "odds", log=False)
    for text in warnings:
        act.say(f"  {text}", "warning")
    for step in result.steps:
        act.say(f"  {step}", "dice")
    act.say(f"  => {entry_text(result.entry)}", "note")
    act.detail["fortune"] = to_json(result)
    return act.commit("fortune.roll")


def _remove(ctx: Context, intent: FortuneIntent) -> Reply:
    session = ctx.session
    task = task_named(session, intent.task)
    act = Act(ctx)
    act.set_entity(TASK_KIND, task.id, None)
    if session.state.get(ASSIGN_KIND, task.id) is not None:
        act.set_entity(ASSIGN_KIND, task.id, None)
    act.say(f"Fortune task {task.id} removed (undo brings it back).")
    return act.commit("fortune.remove")
