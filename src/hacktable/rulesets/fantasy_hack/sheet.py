"""The fantasy-hack character sheet, as lines of text.

Sources: RULINGS F1 (stats, modifiers, race, skills, HP, dying), F2 (AC and its
terms), F4 (class bonuses, affinities); fantasy-hack Part III, Combat (to-hit).
"""

from __future__ import annotations

from .character import SKILLS, STATS, FantasyHackCharacter
from .derived import armour_class, damage_bonus, magic_to_hit, modifier, skill_rank, to_hit

__all__ = ["character_sheet", "hp_line"]


def hp_line(character: FantasyHackCharacter) -> str:
    """``"HP 7/19 (+3 temporary) DYING"``: HP, temporary HP and where they leave the
    character (F1)."""
    temp = character.temp_hp
    text = f"HP {character.hp}/{character.max_hp}"
    if temp:
        text += f" (+{temp} temporary)"
    for condition in ("dead", "dying", "stable", "unconscious"):
        if character.has_condition(condition):
            text += f"  {condition.upper()}"
    return text


def character_sheet(character: FantasyHackCharacter) -> tuple[str, ...]:
    """The sheet: race, class and level; stats with modifiers (and damage); skills with
    ranks; affinities; AC with its terms; to-hit (melee, ranged, magic) and damage
    bonus; HP; conditions; inventory."""
    stats = []
    for stat in STATS:
        score = character.score(stat)
        hurt = character.damage_to(stat)
        shown = f"{stat} {score}" + (f" (-{hurt} damage: {score - hurt})" if hurt else "")
        stats.append(f"{shown} {modifier(character.effective(stat)):+d}")
    ranks = "  ".join(f"{s} {skill_rank(character, s).value:+d}" for s in SKILLS)
    ac = armour_class(character)
    terms = " + ".join(f"{what} {amount}" for what, amount in ac.terms if amount or what == "base")
    lines = [
        f"{character.name}, {character.race.title()} {character.klass.title()}, "
        f"level {character.level}",
        "  " + "  ".join(stats),
        f"  Skills: {ranks}",
    ]
    if character.affinities:
        shown = ", ".join(f"{s} in {f} +2" for s, f in character.affinities)
        lines.append(f"  Affinities: {shown}")
    lines += [
        f"  AC {ac.value} ({terms})",
        f"  To hit: melee {to_hit(character).value:+d}, "
        f"ranged {to_hit(character, ranged=True).value:+d}, "
        f"magic {magic_to_hit(character).value:+d}; damage {damage_bonus(character).value:+d} "
        "(melee and thrown)",
        f"  {hp_line(character)}",
    ]
    others = [
        c for c in character.conditions if c not in ("dead", "dying", "stable", "unconscious")
    ]
    if others:
        lines.append(f"  Conditions: {', '.join(others)}")
    if character.inventory:
        lines.append("  Inventory: " + "; ".join(i.describe() for i in character.inventory))
    return tuple(lines)
