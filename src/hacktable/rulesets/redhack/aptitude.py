"""A character's aptitude at a fortune task's role: the role's two attribute modifiers
combined (at most +6, -1 if negative), +1 or -1 for an applicable or conflicting
background and class, -2 for nobody (redhack: Core Rules > Fortune Rolls; RULINGS R24;
docs/rulings.md H12, H31, H32). Part of :mod:`.fortune`, which re-exports every name."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ...errors import UnknownNameError
from .character import Character
from .core_rules import modifier
from .fortune_tasks import Role, Task

__all__ = ["MODIFIER_CAP", "NOBODY", "Aptitude", "Implied", "aptitude", "aptitudes"]

MODIFIER_CAP = 6
"""The most the combined attribute modifiers add to an aptitude (RULINGS R24)."""

NOBODY = -2
"""The aptitude of a role with nobody assigned (RULINGS R24)."""

Implied = Callable[[str], Iterable[str]]
"""Given a background tag, the broader tags it also counts as (docs/rulings.md H12)."""


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
