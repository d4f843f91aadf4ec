"""Character creation: attributes, class, starting kit and coins.

Sources: redhack: Character Creation > 1. Attributes, 2. Class, 3. Backgrounds,
4. Starting Equipment; RULINGS R8, R29.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...dice.render import render_roll, roll_to_json
from ...dice.roller import roll
from ...errors import CommandError
from ..base import Creation
from .character import Background, Character, Item
from .content.index import Content
from .content.schemas import ATTRIBUTES, Kit, KitItem
from .magic.state import Magic
from .spec import CharacterSpec, ScoresRoll

__all__ = ["build_character", "kit_item", "kit_line", "kit_lines", "roll_scores"]


def roll_scores(rng: random.Random) -> ScoresRoll:
    """3d6 for each attribute, in order: STR, DEX, CON, INT, WIS, CHA
    (redhack: Character Creation > 1. Attributes)."""
    rolls = tuple(roll("3d6", rng) for _ in ATTRIBUTES)
    return ScoresRoll(rolls, tuple(zip(ATTRIBUTES, (r.total for r in rolls), strict=True)))


def kit_lines(content: Content, class_id: str) -> tuple[str, ...]:
    """The class's starting kits, one line each (4. Starting Equipment).

    Raises:
        UnknownNameError: no such class.
    """
    cls = content.class_(class_id)
    return tuple(kit_line(kit) for kit in content.kits_for(cls.id))


def build_character(
    content: Content,
    spec: CharacterSpec,
    scores: ScoresRoll,
    rng: random.Random,
    *,
    ruleset: str,
    attribute: Callable[[str], str],
) -> Creation[Character]:
    """redhack: Character Creation. After the scores: an optional swap of two
    attributes, the class (starting HP = hit die + 4, rolled), the background, and
    the starting kit with its coins rolled (4. Starting Equipment; RULINGS R8).

    Every choice is checked before anything is rolled.

    Args:
        content: redhack's content.
        spec: the player's choices.
        scores: the attributes as rolled (:func:`roll_scores`).
        rng: the session's random source, for hit points and coins.
        ruleset: the ruleset id the character is stored under.
        attribute: the canonical attribute for a name (:meth:`Ruleset.attribute`).

    Raises:
        UnknownNameError: unknown class or attribute.
        CommandError: a swap of an attribute with itself, or a kit the class lacks.
    """
    cls = content.class_(spec.class_id)
    values = dict(scores.scores)
    lines = [
        "Attributes (3d6 in order): "
        + ", ".join(f"{a} {r.total}" for a, r in zip(ATTRIBUTES, scores.rolls, strict=True))
    ]
    if spec.swap is not None:
        first, second = (attribute(a) for a in spec.swap)
        if first == second:
            raise CommandError("swap two different attributes", "character")
        values[first], values[second] = values[second], values[first]
        lines.append(
            f"Swapped {first} and {second}: {first} {values[first]}, {second} {values[second]}"
        )
    kit: Kit | None = None
    if spec.kit is not None:
        kits = content.kits_for(cls.id)
        if not 1 <= spec.kit <= len(kits):
            have = f"kits 1-{len(kits)}" if kits else "no kits"
            raise CommandError(f"{cls.name} has {have}, not kit {spec.kit}", "character")
        kit = kits[spec.kit - 1]
    techniques = _techniques(spec, cls.id)
    hp_roll = roll(f"1d{cls.hit_die}+{cls.starting_hp_bonus}", rng)
    lines.append(f"{cls.name}: hit points {render_roll(hp_roll)}")
    inventory: tuple[Item, ...] = ()
    coins = 0
    detail: dict[str, object] = {
        "scores": [roll_to_json(r) for r in scores.rolls],
        "swap": list(spec.swap) if spec.swap else None,
        "class": cls.id,
        "hp": roll_to_json(hp_roll),
    }
    if kit is not None:
        inventory = tuple(kit_item(content, entry) for entry in kit.items)
        lines.append(f"Kit {kit.number}: {kit_line(kit)}")
        detail["kit"] = kit.number
        if kit.coins:
            coin_roll = roll(kit.coins, rng)
            coins = coin_roll.total
            note = f" ({kit.coins_note})" if kit.coins_note else ""
            lines.append(f"Coins {render_roll(coin_roll)}{note}")
            detail["coins"] = roll_to_json(coin_roll)
    if spec.background:
        lines.append(f"Background: {spec.background}")
    if techniques:
        from .techniques import technique  # (the rules loader: not at start-up)

        lines.append(f"Technique: {', '.join(technique(t).name for t in techniques)}")
        detail["techniques"] = list(techniques)
    magic, book_line = _book(spec, cls.id, values, rng)
    if book_line:
        lines.append(book_line)
        detail["book"] = list(magic.book)
    character = Character(
        name=spec.name,
        ruleset=ruleset,
        class_id=cls.id,
        scores=tuple((a, values[a]) for a in ATTRIBUTES),
        hp=hp_roll.total,
        max_hp=hp_roll.total,
        hit_die=cls.hit_die,
        background=Background(spec.background, spec.advantages, spec.disadvantages),
        inventory=inventory,
        coins=coins,
        kit=None if kit is None else kit.number,
        magic=magic,
        techniques=techniques,
    )
    return Creation(character, tuple(lines), detail)


def _techniques(spec: CharacterSpec, class_id: str) -> tuple[str, ...]:
    """The technique backgrounds chosen at creation, as ids, checked before any roll
    (redhack: Character Creation > 3. Backgrounds; docs/rulings.md H233, H253).

    Raises:
        UnknownNameError: no such technique; RuleError: one for another class.
    """
    from .techniques import check_class, technique  # (the rules loader: not at start-up)

    chosen: list[str] = []
    for wanted in spec.techniques:
        found = technique(wanted)
        check_class(found, spec.name, class_id)
        if found.id not in chosen:
            chosen.append(found.id)
    return tuple(chosen)


def _book(
    spec: CharacterSpec, class_id: str, scores: dict[str, int], rng: random.Random
) -> tuple[Magic, str]:
    """A caster's starting book, chosen or rolled after everything else is rolled, so
    a rolled book changes no other die (RULINGS R25, R27; docs/rulings.md H159)."""
    from .content.spells import load_spells
    from .magic.book import BOOK_SIZES, starting_book
    from .magic.slots import slot_levels

    if class_id not in BOOK_SIZES:
        if spec.spells or spec.cantrip:
            raise CommandError("only wizards and clerics start with spells", "character")
        return Magic(), ""
    levels = slot_levels(class_id, 1, scores)
    spells = load_spells().merged(spec.own_spells) if spec.own_spells else load_spells()
    return starting_book(spells, class_id, spec.spells, spec.cantrip, rng, levels)


def kit_item(content: Content, entry: KitItem) -> Item:
    """The item a kit entry gives, worn if it is armour, a shield or a helm; slots from
    the equipment list, or 2 for a generic two-handed weapon (RULINGS R29)."""
    ref_entry = None
    if entry.ref is not None:
        ref_entry = content.equipment(entry.ref)
    slots = ref_entry.slots if ref_entry is not None else (2 if entry.hands == 2 else 1)
    if entry.kind == "weapon" and entry.hands == 2 and ref_entry is None:
        slots = 2  # RULINGS R29: two-handed weapons take 2 slots
    return Item(
        name=entry.name,
        kind=entry.kind,
        ref=entry.ref,
        usage=entry.usage_die,
        damage=entry.damage,
        hands=entry.hands,
        types=tuple(entry.types),
        equipped=entry.kind in ("armour", "shield", "helm"),
        slots=slots,
        notes=entry.note,
    )


def kit_line(kit: Kit) -> str:
    """A kit in one line: its items with their dice, and its coins."""
    items = []
    for entry in kit.items:
        bits = [b for b in (entry.damage, entry.usage) if b]
        items.append(f"{entry.name} {' '.join(bits)}".strip())
    if kit.coins:
        items.append(f"{kit.coins} coins")
    return ", ".join(items)
