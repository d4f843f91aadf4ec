"""What a character's backgrounds and gifts change, read from their effects as data.

Every rule that a gift or background can change asks here: the sources of advantage on
a test, the damage die, the critical range, the Doom die's size, natural armour, the
actions of the first turn, the actions that may be repeated without a Doom roll, extra
maximum HP, a short rest's extra healing and sorcery. The effects themselves are data
(:class:`~.content.schemas.Effect`, in ``data/gifts.toml`` and ``backgrounds.toml``).

Sources: RULINGS B4 (backgrounds and gifts are data), B7 (gifts at levels 3, 5, 7, 9);
black-sword-hack 2.1.6 ("these may change with Backgrounds and Gifts").
"""

from __future__ import annotations

from collections.abc import Iterator

from .character import Character
from .content.index import Content
from .content.schemas import Effect

__all__ = [
    "advantages",
    "critical_range",
    "damage_die",
    "doom_steps",
    "effects_of",
    "first_turn_actions",
    "free_repeats",
    "gift_ids",
    "max_hp_bonus",
    "natural_armour",
    "short_rest_bonus",
    "sorcery_attribute",
]

_ATTACKS = ("attack", "melee", "ranged")
_DEFENCES = ("parry", "dodge")


def effects_of(content: Content, character: Character) -> Iterator[tuple[str, Effect]]:
    """Every effect the character has, with where it comes from (``"Reaver
    (background)"``, ``"Iron Hide (gift)"``): backgrounds, the gifts they grant, and the
    character's gifts."""
    granted: list[str] = []
    for background_id in character.backgrounds:
        background = content.background(background_id)
        for effect in background.effects:
            yield f"{background.name} (background)", effect
        if background.gift is not None:
            granted.append(background.gift)
    for gift_id in (*granted, *character.gifts):
        gift = content.gift(gift_id)
        for effect in gift.effects:
            yield f"{gift.name} (gift)", effect


def gift_ids(content: Content, character: Character) -> tuple[str, ...]:
    """Every gift the character has, once each: those their backgrounds grant, then
    those they chose (RULINGS B4, B7)."""
    granted = (content.background(b).gift for b in character.backgrounds)
    found = [g for g in granted if g is not None]
    return tuple(dict.fromkeys((*found, *character.gifts)))


def _uses(use: str) -> tuple[str, ...]:
    """What an effect's ``use`` must be to apply to a test for ``use``: an effect for
    attacks applies to melee and ranged ones, one for any test to every test."""
    if use in ("melee", "ranged"):
        return (use, "attack", "test")
    return (use, "test")


def advantages(
    content: Content,
    character: Character,
    attribute: str,
    use: str = "test",
    tags: tuple[str, ...] = (),
) -> list[str]:
    """The sources of advantage the character's effects give a test of ``attribute``
    made for ``use`` (``test``, ``melee``, ``ranged``, ``parry``, ``dodge``,
    ``initiative``, ``cast``, ``save``) with ``tags``.

    An effect applies when each of its attribute, use and tags that is set matches; an
    effect for ``test`` (any test) is not applied to attacks and defences unless it
    names their attribute or tags.
    """
    found: list[str] = []
    wanted = _uses(use)
    for source, effect in effects_of(content, character):
        if effect.kind != "advantage":
            continue
        if effect.attribute is not None and effect.attribute != attribute:
            continue
        if effect.use is not None and effect.use not in wanted:
            continue
        if effect.tags and not set(effect.tags) & set(tags):
            continue
        if effect.use is None and not effect.tags and use in (*_ATTACKS, *_DEFENCES):
            continue  # "+adv on DEX tests" is not a dodge unless it says so
        found.append(source)
    return found


def damage_die(content: Content, character: Character, use: str) -> str:
    """The damage die for ``use`` (``melee``, ``ranged`` or ``unarmed``): 1d6 for any
    weapon, 1d4 unarmed (2.1.6; RULINGS B4), or the largest a gift or background gives.

    >>> _size("1d8"), _size("1d12")
    (8, 12)
    """
    best = "1d4" if use == "unarmed" else "1d6"
    for _source, effect in effects_of(content, character):
        if effect.kind != "damage-die" or effect.die is None:
            continue
        if use == "unarmed":
            applies = "unarmed" in effect.tags
        else:
            applies = "unarmed" not in effect.tags and (
                effect.use is None or effect.use in (use, "attack")
            )
        if applies and _size(effect.die) > _size(best):
            best = f"1{effect.die}"
    return best


def _size(die: str) -> int:
    return int(die.split("d", 1)[1])


def critical_range(content: Content, character: Character, use: str) -> int:
    """The highest natural face that is a critical success on an attack for ``use``
    (``melee`` or ``ranged``): 1 by the rules (RULINGS B1), wider with a gift."""
    best = 1
    for _source, effect in effects_of(content, character):
        if effect.kind == "critical-range" and (effect.use is None or effect.use in _uses(use)):
            best = max(best, effect.amount)
    return best


def _total(content: Content, character: Character, kind: str) -> int:
    return sum(e.amount for _s, e in effects_of(content, character) if e.kind == kind)


def doom_steps(content: Content, character: Character) -> int:
    """How many sizes larger the character's Doom die is than the rules' (RULINGS B2)."""
    return _total(content, character, "doom-die")


def natural_armour(content: Content, character: Character) -> int:
    """Armour the character's effects add to what they wear (RULINGS B5)."""
    return _total(content, character, "armour")


def first_turn_actions(content: Content, character: Character) -> int:
    """Actions the character's effects add to the first turn of a fight (2.1.1)."""
    return _total(content, character, "first-turn-actions")


def free_repeats(content: Content, character: Character) -> frozenset[str]:
    """The actions the character may take twice in a turn without a Doom roll (2.1.2)."""
    return frozenset(
        e.action for _s, e in effects_of(content, character) if e.kind == "free-repeat" and e.action
    )


def max_hp_bonus(content: Content, character: Character) -> int:
    """Maximum HP the character's effects add to CON + (level - 1) (RULINGS B4)."""
    return _total(content, character, "max-hp")


def short_rest_bonus(content: Content, character: Character) -> int:
    """HP the character's effects add to a short rest's healing (2.2; RULINGS B8)."""
    return _total(content, character, "short-rest")


def sorcery_attribute(content: Content, character: Character) -> str | None:
    """The attribute the character tests to cast sorcery, or ``None`` when they cannot
    cast (docs/rulings.md: sorcery is a background's or gift's)."""
    for _source, effect in effects_of(content, character):
        if effect.kind == "sorcery" and effect.attribute:
            return effect.attribute
    return None
