"""Sources of advantage and disadvantage on a character's test, from their tags.

A test's tags (``"climbing"``, ``"picking-locks"``) are expanded with every tag they
imply (tags.toml); class features, the background, worn armour, carried gear, lasting
conditions, the situation and encumbrance then add their advantage or disadvantage.

Sources: redhack: Character Creation > 2. Class, 3. Backgrounds; Equipment; Exploration
& Dungeons > Time & Movement, Preparation & Supplies > Light; RULINGS R7, R11, R29, R31.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import RuleError, UnknownNameError
from ...play.state import CampaignState
from ...rules.resolution import TestKind, TestRequest
from ..base import TestOptions
from .character import Character, Item
from .content.equipment import Armour, ArmourPiece, Gear
from .content.index import Content
from .inventory import encumbrance

__all__ = [
    "VISION",
    "character_test",
    "circumstances",
    "condition_sources",
    "expand_tags",
    "tag_hint",
    "tool_needs",
    "usage_advantages",
]

VISION = frozenset({"perception", "searching", "vision", "searching-for-traps", "surprise"})
"""Test tags that need sight: in the dark they have disadvantage (redhack: Exploration &
Dungeons > Preparation & Supplies > Light)."""


def expand_tags(content: Content, tags: Iterable[str]) -> frozenset[str]:
    """Test tags with everything they imply; tags not in tags.toml (a background's
    own words) stand for themselves."""
    known = content.tag_ids
    expanded: set[str] = set()
    for tag in tags:
        if tag in known:
            expanded |= content.tags_implied(tag)
        else:
            expanded.add(tag)
    return frozenset(expanded)


def character_test(
    content: Content, character: Character, attribute: str, options: TestOptions
) -> TestRequest:
    """The test with every source of advantage and disadvantage that applies:

    - the caller's (``adv``/``dis``: the GM's call);
    - class features whose ``advantage_on`` matches the test's tags, attribute and
      kind, given the items carried (redhack: Character Creation > 2. Class; e.g.
      Thief Skills, Divine Fortitude on CON saves vs poison);
    - the background's advantage and disadvantage tags (3. Backgrounds);
    - worn armour, shield and helm (RULINGS R7: leather or heavier on spellcasting,
      chain or heavier on stealth, swimming and delicate tasks; the helm on
      perception, surprise and non-intimidate CHA tests);
    - carried gear that gives advantage without a condition (iron spikes on
      climbing).

    Args:
        content: redhack's content.
        character: who tests.
        attribute: the canonical attribute (``"DEX"``; :meth:`Ruleset.attribute`).
        options: difficulty, tags, kind, the caller's sources and the circumstances.

    Raises:
        RuleError: the character is dead.
    """
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    score = character.score(attribute)
    tags = expand_tags(content, options.tags)
    save = options.kind is TestKind.SAVE
    items = {item.ref for item in character.inventory if item.ref and not _spent(item)}
    advantages = list(options.advantages)
    disadvantages = list(options.disadvantages)
    cls = content.class_(character.class_id)
    for feature in cls.features:
        if any(c.matches(tags, attribute, save, items) for c in feature.advantage_on):
            advantages.append(f"{cls.name}: {feature.name}")
    background = character.background
    if tags & expand_tags(content, background.advantages):
        advantages.append("background")
    if tags & expand_tags(content, background.disadvantages):
        disadvantages.append("background")
    if character.has_condition("blessed"):  # a prayer's blessing (RULINGS R33; H171)
        advantages.append("blessed")
    for item in character.inventory:
        if item.ref is None or _spent(item):
            continue
        try:
            entry = content.equipment(item.ref)
        except UnknownNameError:
            continue
        if item.equipped and isinstance(entry, Armour | ArmourPiece):
            if any(c.matches(tags, attribute, save, items) for c in entry.disadvantage_on):
                disadvantages.append(item.name.lower())
        elif isinstance(entry, Gear) and any(
            not c.note and c.matches(tags, attribute, save, items) for c in entry.advantage_on
        ):
            advantages.append(item.name.lower())
    disadvantages += condition_sources(character, attribute)
    situation = set(options.circumstances)
    if "dark" in situation and (tags & VISION or options.kind is TestKind.MORALE):
        disadvantages.append("darkness")
    if "careless" in situation and tags & {"searching", "surprise"}:
        disadvantages.append("moving fast and carelessly")
    if "bright" in situation and tags & {"searching", "surprise"}:
        advantages.append("an unusual amount of light")
    if "movement" in tags and encumbrance(character) != "unencumbered":
        disadvantages.append("encumbered")
    for item_id, needed_for in tool_needs(content):
        if needed_for & tags and item_id not in items:
            entry = content.equipment(item_id)
            disadvantages.append(f"no {entry.name.lower()}")
    return TestRequest(
        attribute=attribute,
        score=score,
        difficulty=1 if options.difficulty is None else options.difficulty,
        bonus=options.bonus,
        penalty=options.penalty,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        kind=options.kind,
        who=character.name,
        purpose=_purpose(options.tags, options.kind),
    )


def condition_sources(character: Character, attribute: str) -> list[str]:
    """Disadvantage from lasting conditions on tests of ``attribute`` (RULINGS R11:
    wounded on STR, DEX and CON; injured on every ability)."""
    from .conditions import condition

    sources = []
    for text in character.conditions:
        found = condition(text.split(":", 1)[0])
        if attribute in found.disadvantage_on:
            sources.append(found.name.lower())
    return sources


def tool_needs(content: Content) -> tuple[tuple[str, frozenset[str]], ...]:
    """Gear whose lack gives disadvantage, with the test tags it is needed for (the
    holy symbol for turning undead, thieves' tools for locks and traps)."""
    return tuple(
        (entry.id, frozenset(entry.needed_for))
        for entry in content.equipment_items
        if isinstance(entry, Gear) and entry.needed_for
    )


def circumstances(state: CampaignState) -> tuple[str, ...]:
    """``dark`` in a dungeon with no light lit (disadvantage on tests of vision or
    morale), ``careless`` while moving fast and carelessly (disadvantage on search and
    surprise), ``bright`` with an unusual amount of light (advantage on them)
    (redhack: Exploration & Dungeons > Time & Movement, Preparation > Light)."""
    from ...play.codec import from_json
    from .party import PartyState

    data = state.get("party", "state")
    party = PartyState() if data is None else from_json(PartyState, data)
    found = []
    if party.environment == "dungeon":
        lit = any(
            item.get("lit")
            for character in state.values("character")
            for item in character.get("inventory", ())
        )
        from .magic.effects import spell_light

        if not lit and not spell_light(state.get("spell-effects", "active")):
            found.append("dark")  # a Light spell at work is a light (docs/rulings.md H176)
    if party.careless:
        found.append("careless")
    if party.light:
        found.append("bright")
    return tuple(found)


def tag_hint(content: Content, character: Character, tags: tuple[str, ...]) -> str | None:
    """Tags not in tags.toml nor among the character's background tags."""
    import difflib

    known = {t.id for t in content.tags}
    own = set(character.background.advantages) | set(character.background.disadvantages)
    unknown = [t for t in tags if t not in known and t not in own]
    if not unknown:
        return None
    hints = []
    for tag in unknown:
        close = difflib.get_close_matches(tag, sorted(known | own), n=1)
        hints.append(f"'{tag}'" + (f" (did you mean '{close[0]}'?)" if close else ""))
    return f"no rule or background knows {', '.join(hints)}: only the GM's adv/dis apply to it"


def usage_advantages(content: Content, character: Character, item: Item) -> list[str]:
    """Class features with advantage on what this item is used for, applied to its
    usage die: a Warrior's Armour Maintenance on Armourer's Tools (RULINGS R31, G2)."""
    if item.ref is None:
        return []
    try:
        entry = content.equipment(item.ref)
    except UnknownNameError:
        return []
    tags = expand_tags(content, entry.tags)
    items = {i.ref for i in character.inventory if i.ref}
    cls = content.class_(character.class_id)
    return [
        f"{cls.name}: {feature.name}"
        for feature in cls.features
        if any(
            c.tag is not None and c.matches(tags, None, False, items) for c in feature.advantage_on
        )
    ]


def _purpose(tags: tuple[str, ...], kind: TestKind) -> str:
    """``"for climbing"``; nothing when the only tag repeats the kind (a surprise test
    tagged ``surprise``)."""
    shown = [t for t in tags if t != kind.value]
    return f"for {', '.join(shown)}" if shown else ""


def _spent(item: Item) -> bool:
    return item.usage is not None and item.usage.exhausted
