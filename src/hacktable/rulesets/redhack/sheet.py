"""The character sheet and the status lines shown under it.

Sources: redhack: Character Creation; Equipment > Encumberance; Wilderness Survival >
Fatigue & Supplies; RULINGS R7, R19, R23, R29.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import HacktableError
from ...play.codec import from_json
from ...play.state import CampaignState
from . import containers, experience
from .actors import below_two
from .armour import armour_class
from .character import Character
from .content.index import Content
from .core_rules import modifier
from .inventory import load
from .party import Needs

if TYPE_CHECKING:
    from .content.spells import SpellList

__all__ = ["character_sheet", "condition_label", "status_lines"]


def character_sheet(
    content: Content, character: Character, spells: SpellList | None = None
) -> tuple[str, ...]:
    """The sheet: class, scores with modifiers, HP, AC, damage dice, coins,
    background, inventory with slots (RULINGS R29) and class features; spells named
    from ``spells`` (a campaign's list, H156; default: the packaged list)."""
    try:
        cls = content.class_(character.class_id)
        class_name = cls.name
        dice = f"attack d{cls.attack_die} (improvised d{cls.improvised_die})"
        features = ", ".join(f.name for f in cls.features)
    except HacktableError:
        class_name, dice, features = character.class_id, "", ""
    scores = "  ".join(f"{a} {s} ({modifier(s):+d})" for a, s in character.scores)
    worn = [
        i.name.lower()
        for i in character.inventory
        if i.equipped and i.kind in ("armour", "shield", "helm")
    ]
    armour = f" ({', '.join(worn)})" if worn else ""
    status = " - DEAD" if character.dead else ""
    lines = [
        f"{character.name} - {class_name}, level {character.level}{status}",
        f"  {scores}",
        f"  HP {character.hp}/{character.max_hp}  AC {armour_class(content, character)}{armour}"
        f"  hit die d{character.hit_die}  {dice}  coins {character.coins}",
    ]
    background = character.background
    if background.text:
        tags = []
        if background.advantages:
            tags.append("advantage: " + ", ".join(background.advantages))
        if background.disadvantages:
            tags.append("disadvantage: " + ", ".join(background.disadvantages))
        extra = f" ({'; '.join(tags)})" if tags else ""
        lines.append(f"  Background: {background.text}{extra}")
    if character.conditions or character.mortal_wound is not None:
        shown = [condition_label(c) for c in character.conditions]
        if character.mortal_wound is not None:
            shown.append(f"duration die {character.mortal_wound}")
        lines.append(f"  Conditions: {', '.join(shown)}")
    low = below_two(character)
    if low is not None:
        lines.append(f"  Incapacitated: {low} (cannot act in a fight or test)")
    if character.xp:
        lines.append(f"  Experience: {experience.describe(character)}")
    used, strength = load(character), character.score("STR")
    if used <= strength:
        burden = "unencumbered"
    elif used <= 2 * strength:
        burden = "encumbered: disadvantage on movement tests, -1 travel speed"
    else:
        burden = "over the limit: cannot carry this much"
    loose = containers.loose_coins(character)
    coins = f", coins {-(-loose // 250)}" if loose else ""
    hands = _hands(character)
    lines.append(f"  Inventory ({used} slots of {strength}{coins}{hands}; {burden}):")
    lines.extend(_inventory_lines(character))
    if features:
        lines.append(f"  Features: {features}")
    if character.techniques:  # technique backgrounds (docs/rulings.md H233, H253)
        lines.append(f"  Techniques: {_technique_names(character)}")
    lines.extend(magic_lines(character, spells))
    return tuple(lines)


def magic_lines(character: Character, spells: SpellList | None = None) -> tuple[str, ...]:
    """A caster's cantrip, book, slots with what each holds, what they may memorise,
    their patrons and unspent downtime actions (RULINGS R19, R25-R27, R34), the spells
    named from ``spells`` (a campaign's list with its own spells, H156; default: the
    packaged list)."""
    from .content.spells import load_spells
    from .magic.slots import CASTERS, character_slots
    from .magic.state import ALL

    if spells is None:
        spells = load_spells()

    def name(spell_id: str) -> str:
        try:
            return spells.get(spell_id).name
        except HacktableError:
            return spell_id

    magic = character.magic
    lines: list[str] = []
    if magic.cantrip:
        lines.append(f"  Cantrip: {name(magic.cantrip)} (at will)")
    if magic.book:
        title = "Prayerbook" if character.class_id == "cleric" else "Book"
        lines.append(f"  {title}: {', '.join(name(s) for s in magic.book)}")
    slots = character_slots(character)
    if slots:
        shown = []
        for slot in slots:
            what = "empty" if slot.spell is None else name(slot.spell)
            marks = [
                mark
                for mark, on in (
                    ("cast", slot.spent),
                    ("Inspiration", slot.inspired),
                    ("lost", slot.lost),
                    ("extra", slot.bonus),
                )
                if on
            ]
            extra = f" ({', '.join(marks)})" if marks else ""
            shown.append(f"L{slot.level} {what}{extra}")
        lines.append(f"  Slots: {'; '.join(shown)}")
    elif magic.book and character.class_id in CASTERS:  # a Ritual Caster's has none (H246)
        lines.append("  Slots: none yet")
    if magic.memorise:
        lines.append(f"  May memorise: {'all' if magic.memorise == ALL else magic.memorise}")
    if magic.patrons:
        patrons = ", ".join(f"{p} {points:+d}" for p, points in magic.patrons)
        lines.append(f"  Patrons: {patrons}")
    if character.downtime_actions:
        lines.append(f"  Downtime actions: {character.downtime_actions}")
    return tuple(lines)


def _hands(character: Character) -> str:
    """``", 7 in hand of DEX 11"`` when the character keeps things in containers or holds
    more than DEX (RULINGS R29; docs/rulings.md H196), else nothing."""
    count, dex = containers.held(character), character.score("DEX")
    labelled = any(containers.holds(i) is not None and i.label for i in character.inventory)
    if count > dex:
        return f", {count} in hand of DEX {dex}: too many"
    return f", {count} in hand of DEX {dex}" if labelled else ""


def _inventory_lines(character: Character) -> list[str]:
    """Each item, and under each container what it holds (redhack: Equipment >
    Encumberance; docs/rulings.md H195)."""
    inventory = character.inventory
    labels = {i.label for i in inventory if i.label and containers.holds(i) is not None}
    stored = containers.stored_coins(character)
    lines = []
    for item in inventory:
        if item.holder in labels:
            continue
        kind = containers.holds(item)
        if kind is None or not item.label:
            lines.append(f"    - {item.describe()}")
            continue
        inside = containers.inner_slots(character, item.label)
        if kind.ammunition:
            room = "arrows and quarrels"
        elif kind.items is None:
            room = f"{stored.get(item.label, 0)} of {kind.coins} coins"
        else:
            room = f"{inside} of {kind.items}"
        worn = ", worn" if kind.worn else ""
        lines.append(f"    - {item.describe()} [{item.label}{worn}: {room}]")
        if stored.get(item.label):
            lines.append(f"        - {stored[item.label]} coins")
        inner = containers.contents(character, item.label)
        lines.extend(f"        - {inventory[i].describe()}" for i in inner)
    return lines


def condition_label(condition: str) -> str:
    """The condition's name from conditions.toml, lower-case, with its detail
    (``"exhausted"`` is shown as "debilitated (fatigue)", the fatigue table's word)."""
    from .conditions import load_conditions

    key, _, detail = condition.partition(":")
    found = load_conditions().get(key.strip())
    if found is None:
        return condition
    name = found.name[:1].lower() + found.name[1:]
    return f"{name}:{detail}" if detail else name


def status_lines(character: Character, state: CampaignState) -> tuple[str, ...]:
    """Food, water and sleep (redhack: Wilderness Survival > Fatigue & Supplies;
    RULINGS R19, R23) when something is missing."""
    data = state.get("needs", character.key)
    if data is None:
        return ()
    needs = from_json(Needs, data)
    wants = [w for w, on in (("hungry", needs.hungry), ("thirsty", needs.thirsty)) if on]
    if needs.tired:
        wants.append("tired")
    if needs.half_rations:
        wants.append("on half rations")
    if needs.healing_blocked:
        wants.append("cannot heal until they eat and drink")
    return (f"  Needs: {', '.join(wants)}",) if wants else ()


def _technique_names(character: Character) -> str:
    """The character's technique backgrounds by name (an unknown id as it is)."""
    from ...errors import UnknownNameError
    from .techniques import technique

    names = []
    for technique_id in character.techniques:
        try:
            names.append(technique(technique_id).name)
        except UnknownNameError:
            names.append(technique_id)
    return ", ".join(names)
