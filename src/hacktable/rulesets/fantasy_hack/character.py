"""fantasy-hack's character: the core character with what the game adds to it.

fantasy-hack Part III; RULINGS F1 (stats, races, skills, HP, dying), F2 (AC), F4
(classes, affinities). The ruleset names this class as its ``character_type``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from ...errors import UnknownNameError
from ...play.character import Character, Item, Scored, fold

__all__ = [
    "CLASSES",
    "CLASS_SKILL",
    "HP_FLOOR",
    "KEY_STAT",
    "MAX_LEVEL",
    "MAX_SCORE",
    "RACES",
    "RACE_STAT",
    "SKILLS",
    "STATS",
    "FantasyHackCharacter",
    "Item",
    "class_named",
    "fold",
    "race_named",
    "skill_named",
]

STATS: tuple[str, ...] = ("STR", "DEX", "MND")
"""The three stats, in the sheet's order (RULINGS F1)."""

SKILLS: tuple[str, ...] = ("Athletics", "Communication", "Knowledge", "Subterfuge", "Survival")
"""The five skills (RULINGS F1)."""

RACES: tuple[str, ...] = ("human", "elf", "dwarf", "halfling")
"""The races (RULINGS F1)."""

RACE_STAT: dict[str, str] = {"elf": "MND", "dwarf": "STR", "halfling": "DEX"}
"""The stat each race but Human raises by 2; Humans get +1 to every skill (F1)."""

CLASSES: tuple[str, ...] = ("fighter", "rogue", "outdoorsman", "expert", "sorcerer")
"""The classes (RULINGS F1, F4)."""

CLASS_SKILL: dict[str, str] = {
    "fighter": "Athletics",
    "rogue": "Subterfuge",
    "outdoorsman": "Survival",
    "expert": "Knowledge",
    "sorcerer": "Knowledge",
}
"""The skill each class has at +3 (RULINGS F1)."""

KEY_STAT: dict[str, str] = {
    "fighter": "STR",
    "rogue": "DEX",
    "outdoorsman": "DEX",
    "expert": "MND",
    "sorcerer": "MND",
}
"""The stat a script gives the highest score, and a level's stat raise by default
(docs/rulings.md H302)."""

MAX_SCORE = 18
"""No stat is above 18 (RULINGS F1)."""

MAX_LEVEL = 10
"""The game does not support levels above 10 (fantasy-hack: Level Advancement)."""

HP_FLOOR = -30
"""The lowest HP can go: the least ``dead-at`` a campaign may set (docs/rulings.md
H300); the campaign's own threshold kills first."""


def _named(kind: str, name: str, options: tuple[str, ...]) -> str:
    wanted = name.strip().casefold()
    found = [o for o in options if o.casefold() == wanted]
    if not found:
        found = [o for o in options if wanted and o.casefold().startswith(wanted)]
    if len(found) != 1:
        raise UnknownNameError(kind, name, options)
    return found[0]


def race_named(name: str) -> str:
    """The race ``name`` means (case-insensitive, or a unique beginning; F1).

    Raises:
        UnknownNameError: no such race.
    """
    return _named("race", name, RACES)


def class_named(name: str) -> str:
    """The class ``name`` means (F1, F4).

    Raises:
        UnknownNameError: no such class.
    """
    return _named("class", name, CLASSES)


def skill_named(name: str) -> str:
    """The skill ``name`` means (F1): ``"ath"`` is Athletics.

    Raises:
        UnknownNameError: no such skill.
    """
    return _named("skill", name, SKILLS)


@dataclass(frozen=True, slots=True, kw_only=True)
class FantasyHackCharacter(Scored, Character):
    """A fantasy-hack player character: the core, and the game's own.

    Attributes:
        race: ``human``, ``elf``, ``dwarf`` or ``halfling`` (RULINGS F1).
        klass: ``fighter``, ``rogue``, ``outdoorsman``, ``expert`` or ``sorcerer``.
        scores: ``(stat, score)`` in STR, DEX, MND order, race and levels included.
        stat_damage: ``(stat, points)`` of damage taken to a stat (poison, disease),
            healed 1 point a night (fantasy-hack: Healing).
        affinities: an Expert's ``(skill, field)`` pairs, +2 to that skill's checks in
            that field (RULINGS F4).
    """

    hp_floor: ClassVar[int] = HP_FLOOR

    race: str
    klass: str
    scores: tuple[tuple[str, int], ...]
    stat_damage: tuple[tuple[str, int], ...] = ()
    affinities: tuple[tuple[str, str], ...] = ()

    def damage_to(self, stat: str) -> int:
        """The points of damage ``stat`` has taken (fantasy-hack: Healing)."""
        return sum(points for name, points in self.stat_damage if name == stat.upper())

    def effective(self, stat: str) -> int:
        """The stat's score less its damage (fantasy-hack: Healing: "your stat score is
        immediately reduced")."""
        return self.score(stat) - self.damage_to(stat)

    def with_score(self, stat: str, value: int) -> FantasyHackCharacter:
        """A copy with ``stat`` at ``value``, within 1 .. 18 (RULINGS F1).

        Raises:
            UnknownNameError: no such stat.
        """
        self.score(stat)
        wanted = stat.upper()
        clamped = max(1, min(MAX_SCORE, value))
        return replace(
            self, scores=tuple((n, clamped if n == wanted else s) for n, s in self.scores)
        )

    def with_stat_damage(self, stat: str, points: int) -> FantasyHackCharacter:
        """A copy with ``stat``'s damage at ``points`` (0 removes it)."""
        self.score(stat)
        wanted = stat.upper()
        kept = tuple((n, p) for n, p in self.stat_damage if n != wanted)
        if points > 0:
            kept = tuple(sorted((*kept, (wanted, points)), key=lambda e: STATS.index(e[0])))
        return replace(self, stat_damage=kept)
