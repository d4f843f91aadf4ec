"""skill-die's character sheet: abilities with modifiers, skills with their dice per
difficulty, role, HP with temporary HP and the condition, the fatigue clock (RULINGS
S1-S4, S6)."""

from __future__ import annotations

from ...rules.checks.variants import SKILL_DIE_SKILL
from .character import SkillDieCharacter
from .checks import ability_modifier

__all__ = ["character_sheet", "condition", "fatigue_line", "skill_dice"]


def condition(character: SkillDieCharacter) -> str:
    """``"dead"``, ``"unconscious"``, ``"asleep"`` or ``"up"`` (RULINGS S3, S6)."""
    if character.dead:
        return "dead"
    if character.unconscious:
        return "unconscious" + (", stable" if character.has_condition("stable") else "")
    if character.asleep:
        return "asleep"
    return "up"


def skill_dice(level: int) -> str:
    """Which difficulties' dice a level succeeds on, and how often (RULINGS S2):
    ``"d4 3/4 d6 3/6 d8 3/8 d10 3/10 d12 3/12 d20 3/20"``."""
    return " ".join(f"d{die} {min(level, die)}/{die}" for _, die in SKILL_DIE_SKILL.ladder)


def fatigue_line(character: SkillDieCharacter) -> str:
    """The fatigue clock: hours since the last rest and when the next check comes
    (RULINGS S6)."""
    state = "FATIGUED (disadvantage on all rolls, half speed)" if character.fatigued else "rested"
    due = max(0, character.check_at - character.awake)
    if character.asleep:
        return (
            f"Fatigue: ASLEEP where they fell asleep; {character.awake} h since the last rest; "
            f"'rest {character.name}' wakes them rested"
        )
    return (
        f"Fatigue: {state}; {character.awake} h since the last rest; next fatigue check in {due} h"
    )


def character_sheet(character: SkillDieCharacter, method: str = "floor-half") -> tuple[str, ...]:
    """The sheet as lines."""
    abilities = "  ".join(
        f"{a} {s} ({ability_modifier(s, method):+d})" for a, s in character.scores
    )
    temp = f" + {character.temp_hp} temporary" if character.temp_hp else ""
    lines = [
        f"{character.name}  {character.role}",
        f"  {abilities}",
        f"  HP {character.hp}/{character.max_hp}{temp}  [{condition(character)}]",
        "  Skills (level; succeeds on: simple d4 ... impossible d20):",
    ]
    width = max((len(name) for name, _ in character.skills), default=0)
    for name, level in character.skills:
        lines.append(f"    {name:<{width}} {level}  {skill_dice(level)}")
    lines.append(f"  {fatigue_line(character)}")
    if character.prone:
        lines.append("  Prone: standing up uses the movement this round (skill-die: Falling)")
    if character.inventory:
        lines.append("  Gear: " + ", ".join(item.describe() for item in character.inventory))
    return tuple(lines)
