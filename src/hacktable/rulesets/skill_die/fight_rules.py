"""skill-die's plug into the shared ordered fight (RULINGS S5: the text has no fights,
hacktable offers a plain tracker a table may turn off).

Initiative is d20 + DEX modifier, ties to the higher DEX score; an attack is a STR or
DEX ability check (:data:`~hacktable.rules.checks.variants.SKILL_DIE_ABILITY`:
advantage keeps the higher of 2d20, no critical) against the target's defence DC (10 +
DEX modifier + armour, the ``defence`` setting); a hit deals the weapon's dice, 1d4
for a strike with no weapon (skill-die: Falling and Special Damage). Attacks on the
unconscious have advantage (S3), a fatigued attacker has disadvantage (S6). Foes' HP
follow S3 like everyone's (unconscious at 0, dead at -20) unless the ``foe-hp`` setting
kills them at 0. Rulings: docs/rulings.md H430-H436.
"""

from __future__ import annotations

from ...errors import RuleError, UnknownNameError
from ...play.character import Character, Item
from ...rules.checks.variants import SKILL_DIE_ABILITY
from ...rules.hit_points import SKILL_DIE, HitPointRule
from ..ordered_fight import Attack, FightRules, FoeStats
from ..ordered_fight.rules import Settings
from .character import SkillDieCharacter
from .checks import ability_modifier
from .fight_content import FightContent, Weapon, load_fight_content
from .sources import FATIGUED, UNCONSCIOUS_TARGET

__all__ = [
    "FIGHTS_OFF",
    "FIGHT_RULES",
    "FOE_DEAD_AT_0",
    "STRIKE",
    "SkillDieFightRules",
    "armour_of",
    "defence_dc",
]

STRIKE = Weapon("strike", "Strike", "1d4", "STR", "fists, feet or whatever is at hand")
"""An attack with no weapon: 1d4 a strike (skill-die: Falling and Special Damage, "roll
1d4 for each strike"; docs/rulings.md H430)."""

FOE_DEAD_AT_0 = HitPointRule("skill-die (setting foe-hp dead-at-0)", dead_at=0)
"""The ``foe-hp`` setting's ``dead-at-0``: foes die at 0 HP (docs/rulings.md H431)."""

FIGHTS_OFF = (
    "fights are off in this campaign (setting fights off): the GM calls ability checks "
    "instead, e.g. 'check Vex STR dc 15' (RULINGS S5)"
)
"""The one line every fight command answers when the tracker is off (RULINGS S5)."""


def _score(character: Character, ability: str) -> int:
    """``character``'s score of ``ability`` (RULINGS S1)."""
    if not isinstance(character, SkillDieCharacter):
        raise RuleError(f"{character.name} is no skill-die character")
    return character.score(ability)


def _modifier(character: Character, ability: str, setting: Settings) -> int:
    """``character``'s modifier of ``ability`` by the campaign's ``ability-modifier``
    setting (RULINGS S1)."""
    return ability_modifier(_score(character, ability), str(setting("ability-modifier")))


def armour_of(character: Character, content: FightContent) -> tuple[int, str]:
    """The armour ``character`` wears: its bonus to the defence DC and its name (0 and
    ``""`` when none; docs/rulings.md H432). Only equipped armour from the gear list
    counts."""
    for item in character.inventory:
        if item.kind == "armour" and item.equipped:
            found = content.armour_of(item.ref or item.name)
            if found is not None:
                return found.armour, item.name
    return 0, ""


def defence_dc(character: Character, setting: Settings, content: FightContent) -> int:
    """The DC an attack on ``character`` must meet or beat: 10 + DEX modifier + armour
    (RULINGS S5), or 10 + DEX modifier under the ``defence`` setting's ``10+DEX``;
    at least 1 (a DC runs 1-40, RULINGS S7)."""
    dc = 10 + _modifier(character, "DEX", setting)
    if setting("defence") != "10+DEX":
        dc += armour_of(character, content)[0]
    return max(1, min(40, dc))


class SkillDieFightRules(FightRules):
    """RULINGS S5's plain tracker on the shared ordered fight."""

    defence_name = "defence DC"
    surprise_source = "RULINGS S5's tracker; docs/rulings.md H450"
    surprised_source = "docs/rulings.md H450"
    initiative_source = "RULINGS S5; docs/rulings.md H434"
    next_summary = (
        "end the current turn; the next one's begins (the unconscious do not bleed: "
        "docs/rulings.md H436)"
    )
    down_details = (
        "Foes and\ncharacters alike are unconscious at 0 HP or below (attacks on them have "
        "advantage) and\ndead at -20 (RULINGS S3; the foe-hp setting: docs/rulings.md H431).\n"
    )
    foe_example = (
        "fight add dock-thug x3: three from the stock foes; fight\nadd Dray from smuggler: "
        "one called Dray"
    )

    def __init__(self) -> None:
        super().__init__(SKILL_DIE_ABILITY, advantage_on_down=True)

    @property
    def content(self) -> FightContent:
        """The foes, weapons and armour (loaded on first use).

        Raises:
            RulesDataError: a data file is broken.
        """
        return load_fight_content()

    def check_enabled(self, setting: Settings) -> None:
        """Refuse the tracker where the ``fights`` setting is off (RULINGS S5;
        docs/rulings.md H435).

        Raises:
            RuleError: it is off.
        """
        if setting("fights") == "off":
            raise RuleError(FIGHTS_OFF)

    # -- characters ----------------------------------------------------------------------
    def initiative_modifier(self, character: Character) -> int:
        """d20 + DEX modifier (RULINGS S5), by S1's default floor((DEX - 10) / 2)."""
        return ability_modifier(_score(character, "DEX"))

    def initiative_modifier_in(self, character: Character, setting: Settings) -> int:
        """d20 + DEX modifier by the campaign's ``ability-modifier`` (RULINGS S1, S5)."""
        return _modifier(character, "DEX", setting)

    def tie_key(self, character: Character) -> int | None:
        """Ties go to the higher DEX score (docs/rulings.md H434)."""
        return _score(character, "DEX")

    def attack(self, character: Character, weapon: str | None, setting: Settings) -> Attack:
        """``character``'s attack: a STR or DEX check by the weapon (RULINGS S5), with
        the weapon named, else the one readied, else a strike (1d4; H430).

        Raises:
            UnknownNameError: ``character`` carries no such weapon; RuleError: the item
                is no weapon, or ``character`` is asleep (S6).
        """
        if isinstance(character, SkillDieCharacter) and character.asleep:
            raise RuleError(
                f"{character.name} is asleep from fatigue and cannot attack until woken by a "
                f"rest (RULINGS S6; docs/rulings.md H436)"
            )
        name, chosen = self._weapon(character, weapon)
        modifier = _modifier(character, chosen.ability, setting)
        return Attack(
            name,
            modifier,
            chosen.damage,
            explanation=f"{chosen.ability} {modifier:+d}",
        )

    def _weapon(self, character: Character, weapon: str | None) -> tuple[str, Weapon]:
        """The weapon's shown name and its entry (docs/rulings.md H430)."""
        if weapon is not None and weapon.lower() in ("strike", "unarmed"):
            return STRIKE.name.lower(), STRIKE
        if weapon is None:
            for item in character.inventory:
                if item.kind == "weapon" and item.equipped:
                    return item.name, self._entry(item)
            return STRIKE.name.lower(), STRIKE
        try:
            index = character.find_item(weapon)
        except UnknownNameError:
            if self.content.weapon(weapon) is None:
                raise
            raise RuleError(
                f"{character.name} carries no {weapon} (give {character.name} {weapon})"
            ) from None
        return character.inventory[index].name, self._entry(character.inventory[index])

    def _entry(self, item: Item) -> Weapon:
        found = self.content.weapon(item.ref or item.name)
        if found is not None:
            return found
        if item.damage:
            return Weapon(item.ref or "custom", item.name, item.damage, "STR")
        raise RuleError(f"{item.name} is no weapon (weapons: {', '.join(self.content.weapons)})")

    def defence(self, character: Character, setting: Settings) -> int:
        """10 + DEX modifier + armour (RULINGS S5, the ``defence`` setting)."""
        return defence_dc(character, setting, self.content)

    def attacker_disadvantages(self, character: Character) -> tuple[str, ...]:
        """A fatigued attacker has disadvantage on all rolls (RULINGS S6), their attack
        checks included; initiative and damage dice are rolled plainly
        (docs/rulings.md H433)."""
        fatigued = isinstance(character, SkillDieCharacter) and character.fatigued
        return (FATIGUED,) if fatigued else ()

    def advantage_sources(self, target_down: bool) -> tuple[str, ...]:
        """An attack on an unconscious creature has advantage (RULINGS S3), foes
        included; the unconscious keep their place in the order (docs/rulings.md
        H436)."""
        return (UNCONSCIOUS_TARGET,) if target_down else ()

    # -- foes ----------------------------------------------------------------------------
    def foe_rule(self, setting: Settings) -> HitPointRule:
        """S3 for foes too (unconscious at 0, dead at -20), or dead at 0 under the
        ``foe-hp`` setting (docs/rulings.md H431)."""
        return FOE_DEAD_AT_0 if setting("foe-hp") == "dead-at-0" else SKILL_DIE

    def bestiary(self, ref: str) -> FoeStats | None:
        """A stock foe of ``data/foes.toml`` (docs/rulings.md H431)."""
        entry = self.content.foe(ref)
        if entry is None:
            return None
        return FoeStats(
            entry.id,
            entry.name,
            entry.level,
            entry.hp,
            entry.defence,
            entry.to_hit,
            entry.damage,
            entry.dex,
            entry.text,
        )

    def bestiary_ids(self) -> tuple[str, ...]:
        """The stock foes' ids, in the file's order."""
        return tuple(self.content.foes)


FIGHT_RULES = SkillDieFightRules()
"""skill-die's fight rules, as the command registry and the legal intents use them."""
