"""What may be asked of a redhack table now: the intents a tool or a test can play, the
tests whose odds are checked, the example sessions and the values each table is read at.

:func:`legal_intents` reads the campaign state and offers :class:`Words` intents of
redhack's commands (and the engine's ``table`` and ``note``) that name what exists:
characters created by the rules with each class and kit, tests and saves of each
attribute, usage dice that are not spent, hit points, the fight in the phase it is in,
rests, tables and notes. Each succeeds or fails only for a rule's reason (a fighter who
has already acted, a foe that has made its attacks), never for a typo; what cannot make
sense now (an attack with no fight, a rest during one) is not offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...errors import RuleError
from ...play.codec import from_json
from ...rules.resolution import TestKind, TestRequest
from ..grammar import Intent, Words
from ..tables import table_values
from .character import Character, fold
from .combat import Band
from .fight import Fight, Fighter
from .techniques import is_ritual_caster

if TYPE_CHECKING:
    from .ruleset import Redhack
    from .view import CampaignView

__all__ = [
    "EXAMPLE_SESSIONS",
    "legal_intents",
    "odds_configurations",
    "table_range",
]

EXAMPLE_SESSIONS: tuple[tuple[str, int, str], ...] = (
    ("examples/first-session.txt", 11, "tests/golden/first-session.out"),
    ("examples/goblin-ambush.txt", 10, "tests/golden/goblin-ambush.out"),
    ("examples/into-the-marsh.txt", 52, "tests/golden/into-the-marsh.out"),
    ("examples/the-drowned-library.txt", 25, "tests/golden/the-drowned-library.out"),
)
"""The sessions ``make run`` plays on one campaign, in order, with their seeds, and
their golden transcripts."""

MAX_CHARACTERS = 8
"""New characters are offered until the campaign has this many living ones."""

MAX_FOES = 12
"""Monsters are offered to a fight until it has this many still fighting."""

TARGETS = 3
"""Attacks and defences are offered against the first few foes still fighting."""

MONSTER = "goblin"
"""The packaged bestiary's monster that fights are set up with (RULINGS R5)."""

PLACE = "the lower crypt"
"""The place an ``enter`` intent names (once: entering it again is refused by the rule,
docs/rulings.md H182)."""

NOTE = "The party presses on."
"""The narration a ``note`` intent writes."""


def legal_intents(ruleset: Redhack, view: CampaignView, principal_role: str) -> list[Intent]:
    """The intents the principal can ask now (see :meth:`Ruleset.legal_intents`).

    Observers only watch (they may read, never act: nothing is offered). The GM and the
    players get the same intents, as the command layer gives players the GM's rights
    until players own their characters.

    - ``character new NAME --class C --kit K`` for each class and kit while there are
      fewer than :data:`MAX_CHARACTERS` living characters (redhack: Character Creation);
    - ``test`` and ``save`` of each attribute by each living character (redhack: Core
      Rules > Tests, Saving Throws & Effect Tests);
    - ``usage`` of each item with a usage die not exhausted (redhack: Core Rules > Usage
      & Duration Dice; RULINGS G3);
    - ``hp`` damage and healing, by a number and by dice (redhack: Combat > Damage &
      Injuries; RULINGS R11 for healing from 0);
    - the fight as its phase allows (redhack: Combat; RULINGS R6, R13): ``fight start``
      (expected or not) when there is none; in one, ``fight add N goblin``, ``init`` in
      the set-up and after the monsters' turn, ``attack PC FOE`` by whoever's turn it
      is, ``defend PC FOE`` on the monsters' turn, ``move`` Close by whoever's turn it
      is, ``next`` once the round has begun, ``fight end``;
    - ``rest short`` and ``rest long`` when there is no fight (redhack: Resting; RULINGS
      R19); then experience and levels (:func:`_experience`);
    - out of a fight, ``buy`` a cheap order (torches, a rope and a backpack) and a
      haggled one (chain mail), ``sell`` the first item carried from the list; ``put``
      an item in hand in each container carried, ``take`` each item out of one
      (redhack: Equipment; RULINGS R29, R30, R35; docs/rulings.md H192-H197);
    - ``table NAME`` for each rolled table, ``table NAME = N`` at both ends of each
      table that is read, not rolled (redhack: Wilderness Survival > Fatigue Table);
    - ``memorise``, ``cast``, ``pray`` and ``cure`` of each caster (redhack:
      Spellcasting; RULINGS R19, R25-R27);
    - ``character export`` of each living character's sheet, Markdown and JSON
      (:func:`_sheets`);
    - ``npc`` values for a named NPC and a foe, and their ``monster`` tests
      (:func:`_npcs`);
    - ``note TEXT``.
    """
    if principal_role == "observer":
        return []
    state = view.state
    characters = [from_json(Character, data) for data in state.values("character")]
    living = [c for c in characters if not c.dead]
    intents: list[Intent] = []
    if len(living) < MAX_CHARACTERS:
        intents += _creations(ruleset, {fold(c.name) for c in characters})
    for character in living:
        intents.append(Words("technique", (character.name, "defensive-fighting")))
        intents.append(Words("technique", (character.name, "ritual-caster")))
        for attribute in ruleset.attributes:
            intents.append(Words("test", (character.name, attribute)))
            intents.append(Words("save", (character.name, attribute)))
        intents += _usages(character)
        intents.append(Words("test", (character.name, "INT", "for", "legend-lore")))  # G4
        intents.append(Words("save", (character.name, "CON", "secret")))
        intents.append(Words("hp", (character.name, "-3")))
        intents.append(Words("hp", (character.name, "-1d6")))
        intents.append(Words("hp", (character.name, "+1d4")))
        intents += _magic(character)
        intents += _sheets(character)
    data = state.get("fight", "current")
    fight = None if data is None else from_json(Fight, data)
    if fight is None:
        if living:
            intents.append(Words("fight", ("start",)))
            intents.append(Words("fight", ("start", "--unexpected")))
        intents.append(Words("rest", ("short",)))
        intents.append(Words("rest", ("long",)))
        intents += _experience(living)
        for character in living:
            intents += _shopping(character)
    else:
        intents += _fight(fight, {c.key: c for c in living})
    for character in living:
        intents += _stowing(character)
    intents += _tables(ruleset)
    intents += _npcs(view, fight)
    intents.append(Words("note", (NOTE,)))
    return intents


NPC = "Oswin"
"""The significant NPC a ``npc`` intent names (docs/rulings.md H252)."""


def _npcs(view: CampaignView, fight: Fight | None) -> Iterator[Words]:
    """Major/Minor values for a named NPC and the fight's first foe, and their tests
    once they have them (redhack: Core Rules > Monster Rolls; docs/rulings.md H252)."""
    yield Words("npc", (NPC, "major", "16", "minor", "9", "for", "lore"))
    if view.state.get("npc", fold(NPC)) is not None:
        yield Words("monster", (NPC, "for", "lore"))
        yield Words("monster", (NPC, "difficulty", "5"))
    first = next((f for f in fight.foes if f.fighting), None) if fight is not None else None
    if first is not None:
        yield Words("npc", (first.key, "major", "14", "minor", "8", "for", "combat"))
        yield Words("monster", (first.key, "for", "combat"))


def _sheets(character: Character) -> Iterator[Words]:
    """``character export`` of the sheet in both formats, shown (the engine's
    subcommand of every ruleset's ``character``, offered by its two-word name; never
    ``--to``: the playthroughs write no files; issue 10 §5; docs/rulings.md H209)."""
    yield Words("character export", (character.name,))
    yield Words("character export", (character.name, "--format", "json"))


def _experience(living: list[Character]) -> Iterator[Words]:
    """Experience and levels (redhack: Experience & Gaining Levels; RULINGS R28): a
    downtime rest, a deadly save, the GM's quest and a new place, ``level`` (refused by
    the rule when the experience, the downtime action or the coins are short) and the
    GM's edits."""
    yield Words("rest", ("downtime",))
    yield Words("enter", (PLACE,))
    for character in living:
        yield Words("save", (character.name, "CON", "deadly"))
        yield Words("xp", (character.name, "quest", NOTE))
        yield Words("level", (character.name,))
        yield Words("character", ("set", character.name, "max-hp", str(character.max_hp + 1)))
        yield Words("character", ("set", character.name, "level", str(character.level + 1)))


def _magic(character: Character) -> Iterator[Words]:
    """A caster's magic (redhack: Spellcasting; RULINGS R19, R25-R27): memorising and
    casting the book's first spell, the cantrip, a Ritual Caster's ritual of it (H245),
    praying and a cure trade; each fails
    only for a rule's reason (no rest's allowance, nothing memorised)."""
    magic = character.magic
    if magic.cantrip:
        yield Words("cast", (character.name, magic.cantrip))
    if magic.book:
        yield Words("memorise", (character.name, magic.book[0]))
        yield Words("cast", (character.name, magic.book[0]))
    if magic.book and is_ritual_caster(character):  # H245
        yield Words("cast", (character.name, magic.book[0], "ritual"))
    if character.class_id == "cleric":
        yield Words("pray", (character.name,))
        if character.has_condition("owes-alms"):
            yield Words("alms", (character.name, "pay"))
            yield Words("alms", (character.name, "clear"))
        if magic.book:
            yield Words("cure", (character.name, magic.book[0]))


def _shopping(character: Character) -> Iterator[Words]:
    """Orders from the equipment list, and a sale of the first item carried from it."""
    yield Words("buy", (character.name, "torches,", "rope,", "backpack"))
    yield Words("buy", (character.name, "chain", "haggle"))
    sold = next((i.ref for i in character.inventory if i.ref and not i.holder), None)
    if sold is not None and sold not in ("torch", "field-plate", "full-plate"):
        yield Words("sell", (character.name, sold))


def _stowing(character: Character) -> Iterator[Words]:
    """``put`` the first item in hand in each container, ``take`` what is in one."""
    from .containers import holds

    loose = [i for i in character.inventory if not i.holder and holds(i) is None]
    free = next((i for i in loose if not i.equipped and not i.lit), None)
    for container in character.inventory:
        if holds(container) is not None and free is not None:
            target = container.label or container.name
            yield Words("put", (character.name, free.name, "in", target))
    labels = {c.label for c in character.inventory if c.label}
    for item in character.inventory:
        if item.holder in labels:  # (an item whose container has gone is in hand)
            yield Words("take", (character.name, item.name, "from", item.holder))


def _creations(ruleset: Redhack, taken: set[str]) -> Iterator[Words]:
    """A new character of each class with each of its kits, under a name nobody has."""
    for class_id, name in ruleset.classes():
        number = 1
        while fold(f"{name}{number}") in taken:
            number += 1
        for kit in range(1, len(ruleset.kits(class_id)) + 1):
            words = (f"{name}{number}", "--class", class_id, "--kit", str(kit))
            yield Words("character", ("new", *words))


def _usages(character: Character) -> Iterator[Words]:
    """``usage`` of each differently named item with a usage die left."""
    seen: set[str] = set()
    for item in character.inventory:
        if item.usage is None or item.usage.exhausted or item.name in seen:
            continue
        seen.add(item.name)
        yield Words("usage", (character.name, item.name))


def _fight(fight: Fight, living: dict[str, Character]) -> Iterator[Words]:
    """What the fight's phase allows (redhack: Combat > Initiative & Surprise,
    Attacking & Defending, Movement & Blocking; RULINGS R6, R13): attacks and moves Close
    by those whose turn it is, defences of those still standing and the monsters' moves
    on the monsters' turn."""
    fighting = [foe.key for foe in fight.foes if foe.fighting]
    targets = fighting[:TARGETS]
    fighters = [f for f in fight.fighters if f.key in living]
    fighting_groups = {foe.group for foe in fight.foes if foe.fighting}
    groups = [g.key for g in fight.groups if g.key in fighting_groups]
    if len(fighting) < MAX_FOES:
        yield Words("fight", ("add", "1", MONSTER))
        yield Words("fight", ("add", "3", MONSTER))
    if fight.phase in ("setup", "after") and fighting:
        yield Words("init")
    if fight.phase in ("free-round", "before", "after"):
        for fighter in fighters:
            if _may_act(fight, fighter, living[fighter.key]):
                yield from (Words("attack", (fighter.name, foe)) for foe in targets)
                for group in groups:
                    if fighter.band(group) != Band.CLOSE:
                        yield Words("move", (fighter.name, "close", group))
    if fight.phase in ("setup", "monsters"):
        yield from (Words("move", (group, "close")) for group in groups)
    if fight.phase == "monsters":
        for fighter in fighters:
            if living[fighter.key].hp > 0:
                yield from (Words("defend", (fighter.name, foe)) for foe in targets)
    yield from _procedure(fight, fighters, living)
    if fight.phase != "setup":
        yield Words("next")
    yield Words("fight", ("end",))


def _procedure(
    fight: Fight, fighters: list[Fighter], living: dict[str, Character]
) -> Iterator[Words]:
    """The fight's finer procedure (docs/rulings.md H226, H227): a player alerting a
    surprised ally in round one, a monster holding its action on the monsters' turn,
    a foe smothering ongoing damage, the confined-space flag."""
    surprised = [f.name for f in fighters if f.initiative == "surprised"]
    if fight.round == 1 and surprised and fight.phase in ("before", "after"):
        for fighter in fighters:
            if _may_act(fight, fighter, living[fighter.key]):
                yield from (Words("alert", (fighter.name, ally)) for ally in surprised)
    for foe in fight.foes:
        if foe.fighting and foe.ongoing:
            yield Words("smother", (foe.key,))
        if fight.phase == "monsters" and foe.fighting and not foe.attacks_made:
            yield Words("hold", (foe.key,))
    if fight.phase != "setup":
        yield Words("flag", ("fight", "confined", *(("off",) if fight.confined else ())))
        for fighter in fighters:
            if not fighter.acted and not fighter.attacked and living[fighter.key].hp > 0:
                yield Words("guard", (fighter.name,))


def _may_act(fight: Fight, fighter: Fighter, character: Character) -> bool:
    """Whether the fighter's turn has come and they have not acted (RULINGS R13)."""
    try:
        return fight.check_can_act(fighter, character.hp) is None
    except RuleError:
        return False


def _tables(ruleset: Redhack) -> Iterator[Words]:
    """Each rolled table rolled, each looked-up table read at both ends."""
    for table in ruleset.content.tables:
        if table.dice is not None:
            yield Words("table", (table.id,))
        else:
            values = table_range(ruleset, table.id)
            for value in (values[0], values[-1]):
                yield Words("table", (table.id, "=", str(value)))


def odds_configurations() -> Iterator[TestRequest]:
    """The tests whose odds are checked: every attribute 1-20 against every difficulty
    1-20, with no modifier and with a bonus of 3 and a penalty of 2 (the bonus takes
    scores of 17 and more over 19, whose excess comes off the difficulty: RULINGS R2),
    each with no advantage, advantage and disadvantage (R3); and monster tests of 0-15
    HD (HD + 10 as the attribute, R5) against difficulties 1, 5, 10 and 15."""
    modifiers = ((0, 0), (3, 2))
    sources = (((), ()), (("GM",), ()), ((), ("GM",)))
    for score in range(1, 21):
        for difficulty in range(1, 21):
            for bonus, penalty in modifiers:
                for advantages, disadvantages in sources:
                    yield TestRequest(
                        "STR",
                        score,
                        difficulty,
                        bonus,
                        penalty,
                        advantages,
                        disadvantages,
                    )
    for hd in range(16):
        for difficulty in (1, 5, 10, 15):
            for advantages, disadvantages in sources:
                yield TestRequest(
                    "HD+10",
                    hd + 10,
                    difficulty,
                    advantages=advantages,
                    disadvantages=disadvantages,
                    kind=TestKind.MONSTER,
                )


def table_range(ruleset: Redhack, table_id: str) -> range:
    """Every value the table can be read at: from the least to the greatest of what its
    dice roll (or its clamp allows) and the bounds its entries name (redhack: Wilderness
    Survival > Survival Tables; RULINGS R22).

    Raises:
        UnknownNameError: no such table.
    """
    return table_values(ruleset.content.table(table_id))
