"""fantasy-hack's levels 1-10: what each level adds (fantasy-hack: Level Advancement;
RULINGS F2, F4).

Each level: +2 maximum HP; +1 to every to-hit and skill (both follow from the level,
:mod:`.derived`); at levels 3, 6 and 9 +1 to a chosen stat (never above 18, F1); a
Fighter's +1 to hit and damage at 4 and 8 (F4); an Expert's new affinity at 3, 6 and 9
(F4); AC follows F2's floor(level / 2), so its "+1 at every even level" is counted
once; current HP rise with the maximum (docs/rulings.md H301). Levels above 10 are
refused (the text: "not meant to support levels above 10").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import RuleError
from .character import KEY_STAT, MAX_LEVEL, MAX_SCORE, STATS, FantasyHackCharacter, skill_named
from .derived import armour_class, fighter_bonus, stat_modifier

__all__ = [
    "AFFINITY_LEVELS",
    "HP_PER_LEVEL",
    "STAT_LEVELS",
    "Gain",
    "default_raise",
    "gain_level",
    "needs_affinity",
    "needs_stat",
    "parse_affinity",
]

HP_PER_LEVEL = 2
"""Each level adds 2 to maximum HP (Level Advancement; RULINGS F1)."""

STAT_LEVELS = (3, 6, 9)
"""Levels that add 1 to STR, DEX or MND (Level Advancement; RULINGS F4)."""

AFFINITY_LEVELS = (1, 3, 6, 9)
"""Levels at which an Expert gains an affinity (RULINGS F4)."""


@dataclass(frozen=True, slots=True)
class Gain:
    """A level gained.

    Attributes:
        character: the character at the new level.
        lines: each gain in words.
        detail: the same as JSON.
    """

    character: FantasyHackCharacter
    lines: tuple[str, ...]
    detail: dict[str, object]


def default_raise(character: FantasyHackCharacter) -> str:
    """The stat a level raises when none is named: the class's key stat, or the first
    of the others (STR, DEX, MND order) below 18 (docs/rulings.md H302)."""
    key = KEY_STAT[character.klass]
    for stat in (key, *(s for s in STATS if s != key)):
        if character.score(stat) < MAX_SCORE:
            return stat
    return key


def needs_stat(level: int) -> bool:
    """Whether reaching ``level`` raises a stat (3, 6, 9)."""
    return level in STAT_LEVELS


def needs_affinity(character: FantasyHackCharacter, level: int) -> bool:
    """Whether an Expert reaching ``level`` gains an affinity (F4: 1, 3, 6, 9)."""
    return character.klass == "expert" and level in AFFINITY_LEVELS


def parse_affinity(text: str) -> tuple[str, str]:
    """``Knowledge:magical-lore`` as ``("Knowledge", "magical lore")`` (F4: +2 to one
    skill's checks in one field).

    Raises:
        RuleError: no field, or an unknown skill.
    """
    skill, _, field = text.partition(":")
    field = " ".join(field.replace("-", " ").split())
    if not field:
        raise RuleError(
            f"an affinity is a skill and a field, like Knowledge:magical-lore, not {text!r} "
            "(RULINGS F4)"
        )
    try:
        return skill_named(skill), field
    except Exception as error:
        raise RuleError(f"an affinity names one of the five skills: {error}") from None


def gain_level(
    character: FantasyHackCharacter,
    stat: str | None = None,
    affinity: tuple[str, str] | None = None,
) -> Gain:
    """``character`` one level up, with every gain the text lists.

    Args:
        character: the character.
        stat: the stat raised at 3, 6 or 9 (``None``: the class's key stat, H302).
        affinity: an Expert's new affinity at 3, 6 or 9.

    Raises:
        RuleError: already level 10; an Expert's affinity missing or repeated; a stat
            or affinity given at a level that gives none.
    """
    level = character.level + 1
    if level > MAX_LEVEL:
        raise RuleError(
            f"{character.name} is level {character.level}: fantasy-hack has no levels above "
            f"{MAX_LEVEL} (Level Advancement)"
        )
    before_ac = armour_class(character).value
    before_fighter = fighter_bonus(character)
    after = replace(
        character,
        level=level,
        max_hp=character.max_hp + HP_PER_LEVEL,
        hp=character.hp + HP_PER_LEVEL,
    )
    lines = [
        f"{character.name} reaches level {level}:",
        f"  max HP {character.max_hp} -> {after.max_hp} (+{HP_PER_LEVEL}); "
        f"HP {character.hp} -> {after.hp}",
        f"  +1 to every to-hit (level {level}) and every skill (rank = level + race + class)",
    ]
    detail: dict[str, object] = {"level": level, "max_hp": after.max_hp}
    if needs_stat(level):
        chosen = (stat or default_raise(character)).upper()
        if chosen not in STATS:
            raise RuleError(f"a level raises STR, DEX or MND, not {stat!r}")
        old = after.score(chosen)
        open_stats = [s for s in STATS if after.score(s) < MAX_SCORE]
        if old >= MAX_SCORE and open_stats:
            raise RuleError(
                f"{chosen} is {old}, the most (RULINGS F1): raise {' or '.join(open_stats)}"
            )
        after = after.with_score(chosen, old + 1)
        capped = " (18 is the most, F1)" if old >= MAX_SCORE else ""
        lines.append(f"  {chosen} {old} -> {after.score(chosen)}{capped}")
        detail["stat"] = [chosen, old, after.score(chosen)]
    elif stat is not None:
        raise RuleError(f"level {level} raises no stat: only levels 3, 6 and 9 do")
    if needs_affinity(character, level):
        if affinity is None:
            raise RuleError(
                f"an Expert gains an affinity at level {level}: give one, like "
                "--affinity Knowledge:magical-lore (RULINGS F4)"
            )
        if affinity in after.affinities:
            raise RuleError(
                f"{character.name} has the affinity {affinity[0]}: {affinity[1]} already"
            )
        after = replace(after, affinities=(*after.affinities, affinity))
        lines.append(f"  new affinity: +2 to {affinity[0]} in {affinity[1]} (F4)")
        detail["affinity"] = list(affinity)
    elif affinity is not None:
        raise RuleError(f"level {level} gives {character.name} no affinity (Experts: 3, 6, 9; F4)")
    fighter = fighter_bonus(after)
    if fighter != before_fighter:
        lines.append(f"  Fighter bonus +{before_fighter} -> +{fighter} to hit and damage (F4)")
    ac = armour_class(after).value
    if ac != before_ac:
        lines.append(f"  AC {before_ac} -> {ac} ({_ac_reasons(character, after)}, F2)")
    return Gain(after, tuple(lines), detail)


def _ac_reasons(before: FantasyHackCharacter, after: FantasyHackCharacter) -> str:
    """Why AC moved at a level: the half level (F2's one "+1 AC at every even level",
    never counted twice) and a raised DEX's modifier (docs/rulings.md H473)."""
    reasons = []
    if after.level // 2 != before.level // 2:
        reasons.append("half level")
    dex, new_dex = stat_modifier(before, "DEX"), stat_modifier(after, "DEX")
    if new_dex != dex:
        reasons.append(f"DEX {dex:+d} -> {new_dex:+d}")
    return " and ".join(reasons)
