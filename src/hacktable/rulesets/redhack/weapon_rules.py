"""The equipment list's optional weapon rules in a fight (redhack: Equipment > Weapons,
"Optional Rules"; docs/rulings.md H221-H225): crossbows fire once a round and always
before the monsters, the long bow strikes at most 4 targets, the flail ignores a point
of AC on a shielded foe, the pike has disadvantage in confined spaces and outreaches
other Long weapons.

Pure functions on values; the ``attack`` and ``defend`` commands call them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import RuleError
from .combat import WeaponProfile
from .fight import Fight, Fighter, Foe

__all__ = [
    "SHIELD",
    "TargetAc",
    "check_fires_first",
    "check_targets",
    "confined_disadvantages",
    "has_shield",
    "target_ac",
]

SHIELD = "shield"
"""The bestiary tag (or the GM's foe flag) of a foe that carries a shield."""


def check_fires_first(fighter: Fighter, weapon: WeaponProfile) -> str | None:
    """A crossbow fires once per round (redhack: Equipment > Weapons, "Fire once per
    round but always before the monsters"; docs/rulings.md H221): why this shot may not
    be made, for the GM to override, or ``None``."""
    if weapon.rules.fires_first and fighter.fired_first:
        return (
            f"{weapon.name} fires once per round and {fighter.name} has fired it this round "
            "(redhack: Equipment > Weapons)"
        )
    return None


def check_targets(weapon: WeaponProfile, others: int) -> None:
    """An attack on ``1 + others`` targets (cleave dice on other foes): a crossbow fires
    once a round, so it strikes only its one target; a long bow strikes at most 4, a
    short bow any number (redhack: Equipment > Weapons; docs/rulings.md H221, H222).

    Raises:
        RuleError: more targets than the weapon allows.
    """
    if others and weapon.rules.fires_first:
        raise RuleError(
            f"{weapon.name} fires once per round: no cleave dice on other targets "
            "(redhack: Equipment > Weapons)"
        )
    limit = weapon.rules.max_targets
    if limit is not None and 1 + others > limit:
        raise RuleError(
            f"{weapon.name} strikes at most {limit} targets in an attack, not {1 + others} "
            "(redhack: Equipment > Weapons)"
        )


def has_shield(foe: Foe) -> bool:
    """Whether ``foe`` carries a shield: its bestiary tag, or the GM's flag."""
    return SHIELD in foe.tags or SHIELD in foe.conditions


@dataclass(frozen=True, slots=True)
class TargetAc:
    """The AC an attack rolls against, and why it differs from the foe's, if it does."""

    ac: int
    why: str | None = None


def target_ac(weapon: WeaponProfile, foe: Foe) -> TargetAc:
    """The foe's defence against ``weapon``: a flail ignores 1 point of AC on targets
    with shields (redhack: Equipment > Weapons; docs/rulings.md H223), never below 0,
    and says so."""
    ignored = weapon.rules.ignores_shield_ac
    if not ignored or not has_shield(foe):
        return TargetAc(foe.defence)
    ac = max(0, foe.defence - ignored)
    floor = " (at least 0)" if foe.defence - ignored < 0 else ""
    return TargetAc(
        ac,
        f"{weapon.name} ignores {ignored} point of {foe.name}'s AC (a shield): "
        f"AC {foe.defence} -> {ac}{floor}",
    )


def confined_disadvantages(fight: Fight, weapon: WeaponProfile) -> tuple[str, ...]:
    """A pike has disadvantage in confined spaces (redhack: Equipment > Weapons; the
    fight's ``confined`` flag, docs/rulings.md H224)."""
    if fight.confined and weapon.rules.confined_disadvantage:
        return (f"{weapon.name} in a confined space",)
    return ()
