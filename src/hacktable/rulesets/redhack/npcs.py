"""Significant NPCs' Major/Minor values (redhack: Core Rules > Monster Rolls:
"Significant NPCs can have Major/Minor values, the first representing their attribute
in things they are good at (lore for a sage, combat for a man at arms) and the latter
representing their aptitude for all other tasks"; docs/rulings.md H252).

Pure: the values, and which one a test uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import RuleError
from ...rules.resolution import TestKind, TestRequest

__all__ = ["HIGHEST", "LOWEST", "Aptitude", "NamedNpc", "npc_request"]

LOWEST = 1
"""The lowest Major or Minor value: a test of 1 succeeds only on a natural 20 (R1)."""

HIGHEST = 19
"""The highest: an attribute's cap (redhack: Core Rules > Attributes Above 19; R2)."""


@dataclass(frozen=True, slots=True)
class Aptitude:
    """A significant NPC's Major and Minor values.

    Attributes:
        major: their attribute in the things they are good at.
        minor: their aptitude for all other tasks.
        tags: what the Major value is for (test tags, ``lore``, ``combat``...); none:
            only a test the GM marks ``major`` uses it.
    """

    major: int
    minor: int
    tags: tuple[str, ...] = ()

    @classmethod
    def of(cls, major: int, minor: int, tags: Sequence[str] = ()) -> Aptitude:
        """Checked values (tags folded to lower case, each once).

        Raises:
            RuleError: a value outside 1-19, or a Major below the Minor.

        >>> Aptitude.of(16, 9, ["Lore", "history", "lore"])
        Aptitude(major=16, minor=9, tags=('lore', 'history'))
        """
        for word, value in (("major", major), ("minor", minor)):
            if not LOWEST <= value <= HIGHEST:
                raise RuleError(
                    f"a {word} value is {LOWEST} to {HIGHEST}, like an attribute, not {value} "
                    "(redhack: Core Rules > Monster Rolls)"
                )
        if major < minor:
            raise RuleError(
                f"major {major} is below minor {minor}: the major value is for what they are "
                "good at (redhack: Core Rules > Monster Rolls)"
            )
        folded = tuple(dict.fromkeys(t.strip().lower() for t in tags if t.strip()))
        return cls(major, minor, folded)

    def describe(self) -> str:
        """E.g. ``"major 16 (lore, history), minor 9"``."""
        what = f" ({', '.join(self.tags)})" if self.tags else ""
        return f"major {self.major}{what}, minor {self.minor}"

    def pick(self, tags: Sequence[str], use: str = "") -> tuple[str, int, str]:
        """Which value a test uses: ``(word, value, why)``. Major when the GM says so
        (``use="major"``) or when a tag of the test is one of the NPC's; Minor when the
        GM says so or otherwise (docs/rulings.md H252).

        >>> Aptitude(16, 9, ("lore",)).pick(["lore"])
        ('major', 16, 'lore')
        >>> Aptitude(16, 9, ("lore",)).pick(["climbing"])
        ('minor', 9, 'not lore')
        >>> Aptitude(16, 9, ("lore",)).pick(["lore"], "minor")
        ('minor', 9, "the GM's call")
        """
        if use in ("major", "minor"):
            value = self.major if use == "major" else self.minor
            return use, value, "the GM's call"
        matched = [t for t in (t.lower() for t in tags) if t in self.tags]
        if matched:
            return "major", self.major, ", ".join(matched)
        why = f"not {', '.join(self.tags)}" if self.tags else "no major tags"
        return "minor", self.minor, why


def npc_request(
    name: str, aptitude: Aptitude, tags: Sequence[str], use: str = "", **fields: object
) -> tuple[TestRequest, str]:
    """A significant NPC's test: their Major or Minor value as the attribute instead of
    HD + 10 (redhack: Core Rules > Monster Rolls; docs/rulings.md H252). Returns the
    request (difficulty 1 unless ``fields`` says otherwise, RULINGS R1) and why that
    value was used.

    >>> request, why = npc_request("Sage", Aptitude(16, 9, ("lore",)), ["lore"])
    >>> (request.attribute, request.score, request.difficulty, why)
    ('major', 16, 1, 'lore')
    """
    word, value, why = aptitude.pick(tags, use)
    base = TestRequest(word, value, 1, kind=TestKind.MONSTER, who=name)
    return base.replace(**fields), why


@dataclass(frozen=True, slots=True)
class NamedNpc:
    """A significant NPC the GM named outside a fight (the sage in town), kept in the
    campaign state under ``npc`` (docs/rulings.md H252).

    Attributes:
        name: as the GM wrote it.
        aptitude: their Major/Minor values.
    """

    name: str
    aptitude: Aptitude
