"""The party's light sources burning down: the oil a lantern burns (docs/rulings.md
H250) and the torch check, every lit light's usage die (redhack: Equipment >
Miscellany; RULINGS R16). The ``light``, ``douse`` and ``fire`` commands are
:mod:`.lights`."""

from __future__ import annotations

from dataclasses import replace

from ....dice.usage import roll_usage
from ..character import Character
from .act import Act

__all__ = ["light_check", "oil_index"]


def oil_index(character: Character) -> int:
    """The index of the flask of oil a lantern burns: the carrier's first that is not
    used up, or -1 (redhack: Equipment > Miscellany: "Lantern ... Uses oil";
    docs/rulings.md H250)."""
    return next(
        (
            i
            for i, item in enumerate(character.inventory)
            if item.ref == "oil" and item.usage is not None and not item.usage.exhausted
        ),
        -1,
    )


def light_check(act: Act) -> None:
    """R16: every lit light source rolls its usage die; a lantern burns its carrier's
    oil. One that runs out is announced and goes dark."""
    for character in act.session.characters():
        current = act.character(character.name)
        for index, item in enumerate(current.inventory):
            if not item.lit:
                continue
            fuel_index = index
            if item.usage is None:  # a lantern: its carrier's oil
                fuel_index = oil_index(current)
                if fuel_index < 0:
                    current = current.replace_item(index, replace(item, lit=False))
                    act.say(f"  {current.name}'s {item.name} has no oil: it goes out", "warning")
                    continue
            fuel = current.inventory[fuel_index]
            assert fuel.usage is not None
            usage = roll_usage(fuel.usage, act.rng)
            act.say(f"  {current.name}'s {fuel.name}: {usage.explain()}", "dice")
            current = current.replace_item(fuel_index, replace(fuel, usage=usage.after))
            if usage.after.exhausted:
                current = current.replace_item(index, replace(current.inventory[index], lit=False))
                act.say(
                    f"  {current.name}'s {item.name} "
                    + (
                        "gutters out"
                        if fuel_index == index
                        else f"runs dry: the {fuel.name} is used up and it goes out"
                    ),
                    "warning",
                )
        act.update(current)
    lit = any(i.lit for c in act.session.characters() for i in act.character(c.name).inventory)
    from ..magic.effects import ActiveSpells

    spells = act.entity("spell-effects", "active", ActiveSpells, ActiveSpells())
    lit = lit or any(s.light for s in spells.spells)  # a Light spell (H176)
    if not lit and act.party().environment == "dungeon":
        act.say("  No light burns: darkness (disadvantage on tests of sight and morale)", "warning")
