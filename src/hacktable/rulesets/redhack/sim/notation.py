"""The simulator's monster notation: ``"6 goblin, goblin-chief; 4 orc"`` (``,`` between
entries, ``;`` between morale groups; RULINGS R12), read and written."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ....errors import CommandError
from ..bestiary import Bestiary
from .model import MAX_FOES, FoeSpec

__all__ = ["describe_foes", "parse_monsters"]


def describe_foes(foes: Sequence[FoeSpec]) -> str:
    """The foes as text: ``"6 Goblin, 1 Goblin Chief; 4 Orc"`` (``;`` between groups)."""
    parts: list[str] = []
    group: int | None = None
    for spec in foes:
        text = f"{spec.count} {spec.monster.name}"
        if group is None:
            parts.append(text)
        elif spec.group == group:
            parts.append(", " + text)
        else:
            parts.append("; " + text)
        group = spec.group
    return "".join(parts)


_ENTRY = re.compile(r"^(?:(?P<count>[+-]?\d+)\s*[x×]?\s+)?(?P<name>\S.*)$", re.IGNORECASE)


def parse_monsters(text: str, bestiary: Bestiary) -> tuple[FoeSpec, ...]:
    """Read ``--monsters``: comma-separated ``COUNT NAME`` entries (the count may be left
    out for one), all in one morale group unless ``;`` separates groups (RULINGS R12).

    >>> from hacktable.rulesets.redhack.bestiary import load_bestiary
    >>> foes = parse_monsters("6 goblin, goblin-chief; 4 orc", load_bestiary())
    >>> [(f.count, f.monster.id, f.group) for f in foes]
    [(6, 'goblin', 0), (1, 'goblin-chief', 0), (4, 'orc', 1)]

    Raises:
        UnknownNameError: a monster the bestiary does not know.
        CommandError: an empty list or entry, a count below 1, or more than
            :data:`MAX_FOES` foes in all.
    """
    foes: list[FoeSpec] = []
    if not text.strip():
        raise CommandError("no monsters given (e.g. --monsters '6 goblin')", "simulate")
    for group, part in enumerate(text.split(";")):
        for entry in part.split(","):
            words = " ".join(entry.split())
            found = _ENTRY.match(words)
            if found is None:
                raise CommandError(f"empty entry in the monster list {text.strip()!r}", "simulate")
            count = int(found.group("count") or 1)
            if count < 1:
                raise CommandError(
                    f"the count of {found.group('name')!r} must be 1 or more, not {count}",
                    "simulate",
                )
            foes.append(FoeSpec(bestiary.get(found.group("name")), count, group))
    total = sum(f.count for f in foes)
    if total > MAX_FOES:
        raise CommandError(f"at most {MAX_FOES} foes in all, not {total}", "simulate")
    return tuple(foes)
