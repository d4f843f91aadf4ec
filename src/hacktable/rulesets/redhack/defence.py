"""A monster's attack, which the player rolls as a defence, and a Warrior's parry
(redhack: Combat > Attacking & Defending; Warrior > Parry; RULINGS R5, R6, R12-R14)."""

from __future__ import annotations

from dataclasses import replace

from ...errors import RuleError
from .actors import has_feature, incapacitated
from .character import Character
from .combat import Band
from .fight import Fight, Fighter, Foe, FoeAttack

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .ruleset import Redhack

__all__ = [
    "BROKEN_DAMAGE",
    "check_parrier",
    "check_parry_target",
    "foe_attack",
    "foe_damage",
    "monster_attack_reasons",
    "parry_surprise",
    "record_defence",
    "spend_parry",
]

BROKEN_DAMAGE = "1d4"
"""A broken foe forced to fight attacks as 1 HD (RULINGS R12), and 1 HD's damage is a
d4 (R5); so does a foe without a listed attack (R5)."""


def monster_attack_reasons(
    fight: Fight, fighter: Fighter, character: Character, foe: Foe
) -> tuple[str, ...]:
    """Why ``foe`` may not attack ``fighter`` now, each for the GM to override: not the
    monsters' phase (RULINGS R13; a monster holding its action may act after anyone,
    and one held over acts first: docs/rulings.md H227), not Close (it must come Close
    to strike, unless its attack reaches), or its attacks for the round made (R5).

    Raises:
        RuleError: the foe is out of the fight, or the character is.
    """
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}: it does not attack")
    if character.hp <= 0:
        raise RuleError(f"{character.name} is out of the fight")
    reasons = []
    holds = foe.holding or (foe.held_over and fight.phase == "before")
    if fight.phase not in ("monsters",) and not holds:
        reasons.append(f"it is the {fight.phase} phase, not the monsters' turn")
    band = fighter.band(foe.group)
    if band != Band.CLOSE:
        reasons.append(
            f"{foe.name} is {band} from {character.name}: it must come Close to strike "
            f"('move {foe.group} close'), unless its attack reaches"
        )
    per_round = sum(a.count for a in foe.attacks) or 1
    if foe.attacks_made >= per_round:
        reasons.append(f"{foe.name} has already made its {per_round} attack(s) this round")
    return tuple(reasons)


def foe_attack(foe: Foe, wanted: str | None = None) -> FoeAttack | None:
    """The attack ``foe`` makes: the named one (by a prefix), else the next of its
    routine this round (claw, claw, bite: each attack ``count`` times); ``None`` for a
    foe with no listed attack (damage by HD, RULINGS R5).

    Raises:
        RuleError: it has no attack called ``wanted``.
    """
    routine = [a for a in foe.attacks for _ in range(a.count)]
    attack = routine[foe.attacks_made % len(routine)] if routine else None
    if wanted:
        matches = [a for a in foe.attacks if a.name.lower().startswith(wanted.lower())]
        if not matches:
            raise RuleError(f"{foe.name} has no attack called {wanted!r}")
        attack = matches[0]
    return attack


def foe_damage(foe: Foe, attack: FoeAttack | None) -> str:
    """The damage dice of ``foe``'s ``attack``: :data:`BROKEN_DAMAGE` when broken (RULINGS
    R12) or with no attack listed (R5)."""
    if foe.broken or attack is None:
        return BROKEN_DAMAGE
    return attack.damage


def record_defence(fight: Fight, fighter: Fighter, foe: Foe, defended: bool) -> Fight:
    """After ``foe``'s attack on ``fighter``: it has made one more attack this round and
    is no longer hindered (a Bard's trick lasts one attack, RULINGS R15); the fighter
    was attacked by it (a backstab condition) and, if ``defended``, may parry it (R14)."""
    foe = replace(
        foe,
        attacks_made=foe.attacks_made + 1,
        conditions=tuple(c for c in foe.conditions if c != "hindered"),
    )
    fighter = replace(fighter, attacked_by=(*fighter.attacked_by, foe.key))
    if defended:
        fighter = replace(fighter, defended=(*fighter.defended, foe.key))
    return fight.with_foe(foe).with_fighter(fighter)


def check_parrier(ruleset: Redhack, character: Character) -> None:
    """A parry is a Warrior's concerted action (redhack: Warrior > Parry; RULINGS R11).

    Raises:
        RuleError: not a Warrior, or unable to act.
    """
    if not has_feature(ruleset, character, "parry"):
        raise RuleError(f"only a Warrior parries ({character.name} cannot)")
    condition = incapacitated(character)
    if condition is not None:
        raise RuleError(f"{character.name} is {condition}: no concerted action")


def parry_surprise(fight: Fight, fighter: Fighter) -> str | None:
    """Why a surprised Warrior may not parry in round one (RULINGS R13), for the GM to
    override; ``None`` if they may."""
    if fighter.initiative == "surprised" and fight.phase != "free-round":
        return (
            f"{fighter.name} was surprised and does not act in round one (redhack: "
            "Combat > Initiative & Surprise: they wait until the second round)"
        )
    return None


def check_parry_target(fighter: Fighter, foe: Foe) -> None:
    """A parry spends a cleave die on an attacker just defended against this round, once
    per attacker per round, a melee blow on a foe still in the fight (RULINGS R14).

    Raises:
        RuleError: any of that does not hold.
    """
    if foe.key not in fighter.defended:
        raise RuleError(f"{fighter.name} has not just defended against {foe.name} this round")
    if foe.key in fighter.parried:
        raise RuleError(f"{fighter.name} has already parried {foe.name} this round")
    if fighter.cleave_left < 1:
        raise RuleError(f"{fighter.name} has no cleave dice left this round")
    if not foe.fighting:
        raise RuleError(f"{foe.name} is {foe.status}")
    if fighter.band(foe.group) != Band.CLOSE:
        raise RuleError(f"{foe.name} is not Close to {fighter.name}: a parry is a melee blow")


def spend_parry(fighter: Fighter, foe_key: str) -> Fighter:
    """A parry's cleave die, spent on ``foe_key`` (RULINGS R14)."""
    return replace(
        fighter, cleave_left=fighter.cleave_left - 1, parried=(*fighter.parried, foe_key)
    )
