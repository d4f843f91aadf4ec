"""Rules the content follows, as functions: the weapon die chain and tag implication.

Sources: RULINGS R7, R8; redhack: Combat > Weapon Types.
"""

from __future__ import annotations

from collections.abc import Mapping

from .schemas import Tag

__all__ = ["tag_closure", "weapon_die"]

_DIE_STEPS: tuple[int, ...] = (4, 6, 8, 10, 12)
"""The weapon die chain d4 > d6 > d8 > d10 > d12 (RULINGS R8)."""


def weapon_die(attack_die: int, two_handed: bool) -> int:
    """The damage die (its sides) of a class's weapon (RULINGS R8; redhack: Combat >
    Weapon Types).

    A one-handed weapon deals the class's attack die; a two-handed weapon one type
    better on the chain d4 > d6 > d8 > d10 > d12.

    Args:
        attack_die: the class's attack die, e.g. 8 for a warrior.
        two_handed: whether the weapon is two-handed (2H).

    Returns:
        The sides of the damage die.

    Raises:
        ValueError: a two-handed weapon for an attack die with no step above it on
            the chain (d12, or a die not on it).

    >>> weapon_die(8, two_handed=True), weapon_die(4, two_handed=True)
    (10, 6)
    """
    if not two_handed:
        return attack_die
    if attack_die not in _DIE_STEPS[:-1]:
        raise ValueError(f"d{attack_die} has no step above it on d4 > d6 > d8 > d10 > d12")
    return _DIE_STEPS[_DIE_STEPS.index(attack_die) + 1]


def tag_closure(tag: str, tags: Mapping[str, Tag]) -> set[str]:
    """The tag and every tag it implies, transitively, through ``tags`` (by id).

    A tag implies broader ones (``"picking-locks"`` implies ``"delicate"``), so what
    hinders a delicate task hinders picking locks (RULINGS R7). Ids not in ``tags``
    imply nothing.
    """
    seen = {tag}
    stack = [tag]
    while stack:
        current = tags.get(stack.pop())
        if current is None:
            continue
        for implied in current.implies:
            if implied not in seen:
                seen.add(implied)
                stack.append(implied)
    return seen
