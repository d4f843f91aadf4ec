"""A test-only ruleset with the shared ordered fight plugged in: black-sword-hack's
characters (six scores) with hit points to -10 and a natural-20 critical, so that the
tracker's commands run end to end through the command layer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from hacktable.play.character import Character as CoreCharacter
from hacktable.rules.checks.variants import FANTASY_HACK_TO_HIT, SKILL_DIE_ABILITY
from hacktable.rules.hit_points import FANTASY_HACK_NPC, SKILL_DIE, HitPointRule
from hacktable.rulesets.black_sword_hack.character import Character as BshCharacter
from hacktable.rulesets.black_sword_hack.ruleset import BlackSwordHack
from hacktable.rulesets.grammar import CommandSet
from hacktable.rulesets.ordered_fight import Attack, FightRules, FoeStats, add_fight_commands

Settings = Callable[[str], object]

TOY_PC = HitPointRule("toy", dead_at=-10, dying=True)
"""Like fantasy-hack's characters (RULINGS F1): dying at 0 or below, dead at -10."""


@dataclass(frozen=True, slots=True)
class ToyCharacter(BshCharacter):
    """black-sword-hack's character, with hit points to -10."""

    hp_floor: ClassVar[int] = -10


def modifier(score: int) -> int:
    return (score - 10) // 2


BESTIARY = {
    "goblin": FoeStats("goblin", "Goblin", 1, 5, 12, 1, "1d6", 12),
    "thug": FoeStats("thug", "Thug", 1, 12, 13, 3, "1d4+1", 16),
}


class ToyFightRules(FightRules):
    """To-hit d20 + STR modifier + level; damage 1d8 + STR modifier, a critical adds it
    again (as fantasy-hack's F3); AC 10 + DEX modifier."""

    def initiative_modifier(self, character: CoreCharacter) -> int:
        assert isinstance(character, BshCharacter)
        return modifier(character.score("DEX"))

    def tie_key(self, character: CoreCharacter) -> int | None:
        assert isinstance(character, BshCharacter)
        return character.score("DEX")

    def attack(self, character: CoreCharacter, weapon: str | None, setting: Settings) -> Attack:
        assert isinstance(character, BshCharacter)
        strength = modifier(character.score("STR"))
        dice = "1d4" if weapon == "fist" else "1d8"
        return Attack(
            weapon or "sword",
            strength + character.level,
            dice,
            bonus=strength,
            critical_bonus=strength,
            explanation=f"STR {strength:+d}, level {character.level}",
        )

    def defence(self, character: CoreCharacter, setting: Settings) -> int:
        assert isinstance(character, BshCharacter)
        return 10 + modifier(character.score("DEX"))

    def foe_rule(self, setting: Settings) -> HitPointRule:
        return FANTASY_HACK_NPC

    def bestiary(self, ref: str) -> FoeStats | None:
        return BESTIARY.get(ref.lower())

    def bestiary_ids(self) -> tuple[str, ...]:
        return tuple(BESTIARY)


class SoftFightRules(ToyFightRules):
    """skill-die-like: advantage on the down, foes unconscious at 0 and dead at -20."""

    def foe_rule(self, setting: Settings) -> HitPointRule:
        return SKILL_DIE


TOY_COMMANDS = CommandSet("ordered-toy")
add_fight_commands(TOY_COMMANDS, ToyFightRules(FANTASY_HACK_TO_HIT))

SOFT_COMMANDS = CommandSet("ordered-soft")
add_fight_commands(SOFT_COMMANDS, SoftFightRules(SKILL_DIE_ABILITY, advantage_on_down=True))


class ToyRuleset(BlackSwordHack):
    """black-sword-hack with the ordered fight in place of its own."""

    id: ClassVar[str] = "ordered-toy"
    title: ClassVar[str] = "Ordered Toy"
    character_type: ClassVar[type[BshCharacter]] = ToyCharacter

    def command_set(self) -> CommandSet:
        return TOY_COMMANDS

    def hit_point_rule(self, character: CoreCharacter, settings: Settings) -> HitPointRule | None:
        return TOY_PC


class SoftRuleset(ToyRuleset):
    """skill-die-like hit points (S3) and fight rules."""

    id: ClassVar[str] = "ordered-soft"
    title: ClassVar[str] = "Ordered Soft"

    def command_set(self) -> CommandSet:
        return SOFT_COMMANDS

    def hit_point_rule(self, character: CoreCharacter, settings: Settings) -> HitPointRule | None:
        return SKILL_DIE
