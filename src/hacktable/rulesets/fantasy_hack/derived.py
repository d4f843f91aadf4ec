"""What a fantasy-hack character's numbers come to: modifiers, skill ranks, AC, to-hit.

Pure functions of the character (and its worn gear), each with its terms so the sheet
and the explanations can show them. Sources: fantasy-hack Part III (Combat, Level
Advancement); RULINGS F1 (modifiers, ranks), F2 (AC), F4 (class bonuses, affinities).

>>> modifier(18), modifier(9), modifier(3)
(4, -1, -4)
"""

from __future__ import annotations

from dataclasses import dataclass

from .character import CLASS_SKILL, RACE_STAT, FantasyHackCharacter, fold, skill_named

__all__ = [
    "Total",
    "affinity_bonus",
    "armour_bonus",
    "armour_class",
    "damage_bonus",
    "fighter_bonus",
    "magic_to_hit",
    "modifier",
    "skill_rank",
    "stat_modifier",
    "to_hit",
]


@dataclass(frozen=True, slots=True)
class Total:
    """A number and the terms it adds up, for explanations (``AC 13 = 10 + DEX +1 ...``).

    Attributes:
        value: the sum.
        terms: ``(what, amount)`` pairs, in order.
    """

    value: int
    terms: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        """``"+6 (STR +4, level 1, Fighter +1)"``: the sum and its non-zero terms."""
        shown = ", ".join(f"{what} {amount:+d}" for what, amount in self.terms if amount)
        return f"{self.value:+d}" + (f" ({shown})" if shown else "")


def _total(*terms: tuple[str, int]) -> Total:
    return Total(sum(amount for _, amount in terms), terms)


def modifier(score: int) -> int:
    """floor((score - 10) / 2) (RULINGS F1)."""
    return (score - 10) // 2


def stat_modifier(character: FantasyHackCharacter, stat: str) -> int:
    """The modifier of ``stat``'s score less its damage (F1; fantasy-hack: Healing)."""
    return modifier(character.effective(stat))


def skill_rank(character: FantasyHackCharacter, skill: str) -> Total:
    """Rank = level, +1 for a Human, +3 in the class's skill (RULINGS F1).

    Raises:
        UnknownNameError: no such skill.
    """
    skill = skill_named(skill)
    human = 1 if character.race == "human" else 0
    own = 3 if CLASS_SKILL[character.klass] == skill else 0
    return _total(("level", character.level), ("Human", human), (character.klass.title(), own))


def affinity_bonus(character: FantasyHackCharacter, skill: str, field: str) -> int:
    """+2 when the character has an affinity with ``skill`` in ``field`` (RULINGS F4)."""
    wanted = (skill_named(skill), fold(field.replace("-", " ")))
    return (
        2 if any((s, fold(f.replace("-", " "))) == wanted for s, f in character.affinities) else 0
    )


def race_bonus(race: str, stat: str) -> int:
    """+2 to the stat an Elf (MND), Dwarf (STR) or Halfling (DEX) raises (F1)."""
    return 2 if RACE_STAT.get(race) == stat else 0


def armour_bonus(character: FantasyHackCharacter) -> Total:
    """The worn armour's and shield's bonuses: light +2, medium +4, heavy +6, shield +1
    (RULINGS F1), as each item's ``bonus``."""
    worn = [i for i in character.inventory if i.equipped and i.kind in ("armour", "shield")]
    return _total(*((item.name, item.bonus) for item in worn))


def armour_class(character: FantasyHackCharacter) -> Total:
    """AC = 10 + DEX modifier + armour bonus + floor(level / 2) (RULINGS F2: the "+1 AC
    at every even level" of Level Advancement is the last term, counted once)."""
    armour = armour_bonus(character)
    return _total(
        ("base", 10),
        ("DEX", stat_modifier(character, "DEX")),
        *armour.terms,
        ("half level", character.level // 2),
    )


def fighter_bonus(character: FantasyHackCharacter) -> int:
    """A Fighter's +1 to hit and damage, +1 more at levels 4 and 8 (RULINGS F4)."""
    if character.klass != "fighter":
        return 0
    return 1 + (character.level >= 4) + (character.level >= 8)


def to_hit(character: FantasyHackCharacter, stat: str = "STR", ranged: bool = False) -> Total:
    """d20 + STR (DEX for a light weapon if chosen, for ranged always) + level + class
    (Combat; RULINGS F4: the Fighter's bonus, the Outdoorsman's +1 ranged).

    Args:
        character: who attacks.
        stat: ``STR`` or ``DEX`` (a ranged attack always uses DEX).
        ranged: a ranged (or thrown) attack.
    """
    stat = "DEX" if ranged else stat.upper()
    outdoors = 1 if ranged and character.klass == "outdoorsman" else 0
    return _total(
        (stat, stat_modifier(character, stat)),
        ("level", character.level),
        ("Fighter", fighter_bonus(character)),
        ("Outdoorsman", outdoors),
    )


def magic_to_hit(character: FantasyHackCharacter) -> Total:
    """Magic To Hit = MND + level (Combat; RULINGS F4)."""
    return _total(("MND", stat_modifier(character, "MND")), ("level", character.level))


def damage_bonus(character: FantasyHackCharacter, strength: bool = True) -> Total:
    """What a hit adds to the weapon's dice: STR in melee and thrown (not for a bow),
    and the Fighter's bonus (Combat; RULINGS F4: "+1 to hit and damage")."""
    stat = stat_modifier(character, "STR") if strength else 0
    return _total(("STR", stat), ("Fighter", fighter_bonus(character)))
