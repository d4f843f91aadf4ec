"""fantasy-hack's hooks for the shared ordered fight (fantasy-hack Part III "Combat";
RULINGS F1-F5; docs/rulings.md H390-H393).

:data:`FIGHT_RULES` tells :mod:`hacktable.rulesets.ordered_fight` how a fantasy-hack
character attacks and defends: to-hit d20 + STR (DEX for a light weapon with ``dex``,
for a ranged or ``thrown`` attack always) + level + class against AC (F2, F4), damage
by the weapon + STR in melee and thrown + the Fighter's bonus, a critical that rolls
the dice twice and doubles STR (F3), the Rogue's ``sneak`` attack (F4), a chase's
fatigue -2 to hit and damage (F5), and foes from the bestiary that die at 0 (F1).
The numbers come from :mod:`.derived` and :mod:`.combat`, never computed here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...errors import RuleError, UnknownNameError
from ...play.character import Character, Item, fold
from ...play.events import Change
from ...rules.checks.variants import FANTASY_HACK_TO_HIT
from ...rules.hit_points import FANTASY_HACK_NPC, HitPointRule
from ..ordered_fight import Attack, FightRules, FoeStats
from .character import FantasyHackCharacter
from .chase_state import CHASE_KEY
from .combat import FATIGUE_PENALTY, AttackKind
from .content.bestiary import load_bestiary
from .derived import armour_class, damage_bonus, skill_rank, stat_modifier, to_hit

TYPE_CHECKING = False  # the stage is named only in annotations
if TYPE_CHECKING:
    from ..ordered_fight.stage import Stage

__all__ = [
    "ATTACK_WORDS",
    "FATIGUED",
    "FIGHT_RULES",
    "FantasyHackFightRules",
    "attack_kind",
    "weapon_of",
]

Settings = Callable[[str], object]

FATIGUED = "fatigued"
"""The condition a chase leaves on a fatigued character until the chase is ended (F5)."""

ATTACK_WORDS = frozenset({"thrown", "dex", "sneak"})
"""fantasy-hack's own words on ``attack`` (docs/rulings.md H390)."""

UNARMED = Item("Fists", "weapon", damage="1d2", types=("light",))
"""What a character with no weapon in hand attacks with (docs/rulings.md H392)."""


def _fh(character: Character) -> FantasyHackCharacter:
    if not isinstance(character, FantasyHackCharacter):
        raise RuleError(f"{character.name} is not a fantasy-hack character")
    return character


def weapon_of(character: Character, name: str | None) -> Item:
    """The weapon ``name`` in ``character``'s inventory (by name or id, ignoring case and
    hyphens), or with ``None`` the first weapon worn, else the first carried, else
    :data:`UNARMED` (docs/rulings.md H392).

    Raises:
        UnknownNameError: they carry no weapon called so.
    """
    weapons = [i for i in character.inventory if i.kind == "weapon"]
    if name is None:
        worn = [w for w in weapons if w.equipped]
        return (worn or weapons or [UNARMED])[0]
    wanted = fold(name.replace("-", " "))
    for weapon in weapons:
        if wanted in (
            fold(weapon.name.replace("-", " ")),
            fold((weapon.ref or "").replace("-", " ")),
        ):
            return weapon
    raise UnknownNameError(f"weapon {character.name} carries", name, [w.name for w in weapons])


def attack_kind(weapon: Item, words: tuple[str, ...]) -> AttackKind:
    """How ``weapon`` attacks with ``words`` (Part III "Combat"; docs/rulings.md H390):
    a ranged weapon (bow, sling) always shoots with DEX; ``thrown`` throws a throwing
    weapon (DEX to hit, STR to damage); ``dex`` uses DEX with a light melee weapon;
    otherwise melee with STR.

    Raises:
        RuleError: ``thrown`` with a weapon that is not thrown, ``dex`` with one that is
            not light, or both.
    """
    types = weapon.types
    if "ranged" in types:
        return AttackKind.SHOT
    if "thrown" in words:
        if "thrown" not in types:
            raise RuleError(f"{weapon.name} is not a throwing weapon (H390)")
        return AttackKind.THROWN
    if "dex" in words:
        if "light" not in types:
            raise RuleError(f"only a light weapon may use DEX to hit; {weapon.name} is not (H390)")
        return AttackKind.LIGHT
    return AttackKind.MELEE


class FantasyHackFightRules(FightRules):
    """fantasy-hack's fight: d20 + DEX initiative with ties to the higher DEX score
    (F3), to-hit against AC (F2, F4), criticals (F3), NPCs dying at 0 (F1)."""

    def initiative_modifier(self, character: Character) -> int:
        """The DEX modifier (F3), less any stat damage (fantasy-hack: Healing)."""
        return stat_modifier(_fh(character), "DEX")

    def tie_key(self, character: Character) -> int | None:
        """The DEX score (F3: "the opponent with the highest DEX should go first")."""
        return _fh(character).effective("DEX")

    def attack_words(self) -> frozenset[str]:
        """``thrown``, ``dex`` and ``sneak`` (H390)."""
        return ATTACK_WORDS

    def attack_details(self) -> str:
        """The words ``thrown``, ``dex`` and ``sneak`` (H390)."""
        return (
            "fantasy-hack: 'thrown' throws a throwing weapon (DEX to hit, STR to damage); "
            "'dex' uses DEX\nwith a light weapon; a bow always shoots with DEX; 'sneak': a "
            "Rogue's sneak attack on an\nunaware or flanked target adds the Subterfuge "
            "rank to damage (F4; docs/rulings.md H390).\n"
        )

    def attack(self, character: Character, weapon: str | None, setting: Settings) -> Attack:
        """An attack with no words of fantasy-hack's own (melee, or a ranged weapon)."""
        return self.attack_with(character, weapon, (), False, setting)

    def attack_with(
        self,
        character: Character,
        weapon: str | None,
        words: tuple[str, ...],
        surprise: bool,
        setting: Settings,
    ) -> Attack:
        """The to-hit and damage of ``character``'s attack (Part III "Combat"; F3, F4,
        F5; H390, H393): STR or DEX + level + class to hit; the weapon's dice + STR in
        melee and thrown + the Fighter's bonus; a critical doubles STR; a Rogue's sneak
        attack (``sneak``, or any attack in the party's surprise round) adds the
        Subterfuge rank; a fatigued character has -2 to hit and damage.

        Raises:
            UnknownNameError: no such weapon; RuleError: a word that does not fit.
        """
        del setting
        who = _fh(character)
        item = weapon_of(who, weapon)
        kind = attack_kind(item, words)
        hit = to_hit(who, kind.stat, ranged=kind in (AttackKind.THROWN, AttackKind.SHOT))
        harm = damage_bonus(who, strength=kind.adds_strength)
        terms = [
            f"{what} {amount:+d}"
            for what, amount in hit.terms
            if amount or what in (kind.stat, "level")
        ]
        bonus = harm.value
        fatigued = who.has_condition(FATIGUED)
        to_hit_total = hit.value + (FATIGUE_PENALTY if fatigued else 0)
        if fatigued:
            terms.append(f"fatigued {FATIGUE_PENALTY:+d} (F5)")
            bonus += FATIGUE_PENALTY
        sneaking = "sneak" in words or (surprise and who.klass == "rogue")
        if "sneak" in words and who.klass != "rogue":
            raise RuleError(f"only a Rogue makes a sneak attack; {who.name} is a {who.klass} (F4)")
        label = f"{item.name}, {kind.value}"
        if sneaking:
            rank = skill_rank(who, "Subterfuge").value
            bonus += rank
            label += f", sneak attack +{rank} damage (F4)"
        strength = stat_modifier(who, "STR") if kind.adds_strength else 0
        return Attack(
            label,
            to_hit_total,
            item.damage or "1d2",
            bonus=bonus,
            critical_bonus=strength,
            explanation=", ".join(terms),
            critical_name="STR",  # F3: "doubles the STR modifier"
        )

    def defence(self, character: Character, setting: Settings) -> int:
        """AC = 10 + DEX + armour + floor(level / 2) (F2)."""
        del setting
        return armour_class(_fh(character)).value

    def foe_rule(self, setting: Settings) -> HitPointRule:
        """NPCs and monsters die at 0 (F1)."""
        del setting
        return FANTASY_HACK_NPC

    def minimum_damage(self) -> int:
        """A hit deals at least 1 (docs/rulings.md H321)."""
        return 1

    def bestiary(self, ref: str) -> FoeStats | None:
        """The bestiary's creature ``ref`` (id or name); its DEX modifier as the score
        10 + 2 x modifier, which gives the same modifier back (F1)."""
        try:
            creature = load_bestiary().get(ref)
        except UnknownNameError:
            return None
        return FoeStats(
            creature.id,
            creature.name,
            creature.level,
            creature.hp,
            creature.ac,
            creature.to_hit,
            creature.damage,
            10 + 2 * creature.dex,
            creature.note,
        )

    def bestiary_ids(self) -> tuple[str, ...]:
        """Every creature's id, in file order."""
        return tuple(c.id for c in load_bestiary().creatures)

    def scene_over(self, stage: Stage) -> None:
        """The fight is over, and with it the action scene: a chase still open ends, and
        every character of the fight loses the chase's ``fatigued`` (F5: "ends when the
        'action scene' is over"; docs/rulings.md H472). Foes go with the fight."""
        fight = stage.need_fight()
        open_chase = stage.session.state.get(*CHASE_KEY)
        if open_chase is not None:
            stage.extra_changes.append(Change(*CHASE_KEY, open_chase, None))
            stage.say("  the chase ends with the fight")
        for fighter in fight.fighters:
            character = stage.character(fighter.name)
            if character.has_condition(FATIGUED):
                kept = tuple(c for c in character.conditions if c != FATIGUED)
                stage.update(replace(character, conditions=kept))
                stage.say(f"  {character.name} catches their breath: no longer fatigued (F5)")


FIGHT_RULES = FantasyHackFightRules(FANTASY_HACK_TO_HIT)
"""fantasy-hack's fight rules: a natural 20 that hits is a critical, no advantage."""
