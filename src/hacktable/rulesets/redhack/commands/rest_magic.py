"""What a rest does for magic (RULINGS R19, R27; docs/rulings.md H160, H169, H170,
H172): the casters' memorising allowance (a short rest one spell, the others all), lost
slots and a silenced prayer restored by a long rest, a full day or downtime (the
downtime action a downtime rest grants is :mod:`..downtime`'s)."""

from __future__ import annotations

from dataclasses import replace

from ..magic.state import ALL
from .act import Act

__all__ = ["after_rest"]


def after_rest(act: Act, kind: str, casters: list[str], rested: list[str]) -> None:
    """Record what the rest gives (called by :func:`.rest.take_rest`)."""
    for name in rested:
        character = act.character(name)
        magic = character.magic
        if name in casters:
            allowance = ALL if kind != "short" or magic.memorise == ALL else max(1, magic.memorise)
            magic = replace(magic, memorise=allowance)
        if kind != "short":
            slots = tuple(replace(s, lost=False) for s in magic.slots)
            magic = replace(magic, slots=slots, silenced_day=0)
        if magic != character.magic:
            act.update(replace(character, magic=magic))
    from ..magic.effects import advance

    advance(act)  # the rest's hours end the spells whose time is up (H167)
