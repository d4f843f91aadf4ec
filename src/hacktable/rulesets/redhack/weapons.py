"""The weapon a character attacks with, and its damage.

Sources: redhack: Combat > Weapon Types, Ongoing Damage; Equipment > Weapons,
Miscellany; RULINGS R8, R10.
"""

from __future__ import annotations

from dataclasses import replace

from ...dice.usage import UsageDie
from ...errors import RuleError, UnknownNameError
from .character import Character
from .content.equipment import Gear, Weapon, WeaponRules
from .content.index import Content

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .combat import WeaponProfile

__all__ = ["weapon_profile"]


def weapon_profile(
    content: Content, character: Character, name: str | None = None
) -> WeaponProfile:
    """The weapon ``character`` attacks with: the named item (or ``"unarmed"``,
    ``"improvised"``), else the weapon in hand (``equip NAME WEAPON``), else their
    first melee weapon, else unarmed.

    Damage (RULINGS R8): the item's own dice if the kit gave them; otherwise the
    class's attack die, stepped up once for a two-handed (2H) weapon; improvised,
    unarmed and thrown gear use the class's improvised die, and so does a torch, "used
    in melee as improvised weapon dealing fire damage" when lit (redhack: Equipment >
    Miscellany; docs/rulings.md H225). A weapon of the list brings its optional rules
    (redhack: Equipment > Weapons).

    Raises:
        UnknownNameError: no such item.
        RuleError: the item is not a weapon.
    """
    from .combat import Band, WeaponProfile, step_up_die

    cls = content.class_(character.class_id)
    if name is not None and name.lower() in ("unarmed", "improvised"):
        kind = name.lower()
        return WeaponProfile(kind.capitalize(), f"1d{cls.improvised_die}", (kind,))
    if name is None:
        for index, item in enumerate(character.inventory):
            if item.kind == "weapon" and item.equipped:
                return replace(weapon_profile(content, character, item.name), item=index)
        for index, item in enumerate(character.inventory):
            if item.kind == "weapon":
                profile = weapon_profile(content, character, item.name)
                if not profile.ranged:
                    return replace(profile, item=index)
        return WeaponProfile("Unarmed", f"1d{cls.improvised_die}", ("unarmed",))
    index = character.find_item(name)
    item = character.inventory[index]
    entry = None
    if item.ref is not None:
        try:
            entry = content.equipment(item.ref)
        except UnknownNameError:
            entry = None
    if isinstance(entry, Gear) and entry.thrown is not None:
        thrown = entry.thrown
        damage = f"1d{cls.improvised_die}" if thrown.damage == "improvised" else thrown.damage
        ongoing = UsageDie.parse(thrown.ongoing) if thrown.ongoing else None
        return WeaponProfile(
            item.name,
            damage,
            ("thrown", "improvised", "one-shot"),
            ongoing=None if ongoing is None else int(ongoing),
            ongoing_now=thrown.ongoing_now,
            only_against=thrown.only_against,
            item=index,
            throw=True,
        )
    if isinstance(entry, Gear) and entry.improvised_fire:
        return WeaponProfile(
            item.name,
            f"1d{cls.improvised_die}",
            ("improvised",),
            item=index,
            fire=item.lit,
        )
    if item.kind != "weapon":
        raise RuleError(f"{character.name}'s {item.name} is not a weapon")
    types: tuple[str, ...] = item.types or (("2h",) if item.hands == 2 else ())
    disadvantage_at = None
    rules = WeaponRules()
    if isinstance(entry, Weapon):
        types, rules = entry.types, entry.rules
        if entry.disadvantage_at is not None:
            disadvantage_at = Band.parse(entry.disadvantage_at)
    if item.damage is not None:
        damage = item.damage
    else:
        die = cls.attack_die
        damage = f"1d{step_up_die(die) if '2h' in types else die}"
    ammunition = None
    if "ranged" in types:
        ammunition = next(
            (
                i.name
                for i in character.inventory
                if i.kind == "ammunition" and i.usage is not None and not i.usage.exhausted
            ),
            "",
        )
    return WeaponProfile(
        item.name,
        damage,
        types,
        disadvantage_at,
        ammunition,
        item=index,
        bonus=item.bonus,
        rules=rules,
    )
