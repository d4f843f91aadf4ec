"""Magic at the table: ``memorise`` (``memorize``), ``cast`` and ``cure`` (redhack:
Spellcasting; Exploration & Dungeons > Magic; RULINGS R19, R25-R27, R33, R34;
docs/rulings.md H160-H167, H173, H174)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....dice.render import render_roll
from ....dice.roller import roll
from ....dice.usage import roll_usage
from ....errors import HacktableError, RuleError
from ....play.outcome import Reply
from ....rules.resolution import TestKind
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import OVERRIDING
from ..actors import incapacitated
from ..character import Character
from ..content.spells import Spell, SpellList
from ..magic.casting import casting_odds, describe_odds, result_of, roll_d6, with_result
from ..magic.effects import ActiveSpell, ActiveSpells
from ..magic.memorise import place
from ..magic.slots import CASTERS, character_slots
from ..magic.state import ALL, Slot
from ..view import CampaignView
from .act import Act
from .common import character_names
from .mechanics import damage_foe
from .registry import COMMANDS
from .spells import spell_names, spells_for

__all__ = ["CastIntent", "MemoriseIntent", "heal_with", "set_slots", "spend_action"]

EFFECTS = ("spell-effects", "active")
"""Where the spells at work live in the campaign state (:mod:`..magic.effects`)."""


def set_slots(act: Act, character: Character, slots: tuple[Slot, ...], **more: object) -> Character:
    """Stage the character with these slots (and other :class:`Magic` fields)."""
    updated = replace(character, magic=replace(character.magic, slots=slots, **more))  # type: ignore[arg-type]
    act.update(updated)
    return updated


def spend_action(act: Act, name: str) -> None:
    """In a fight, casting (or praying) is the character's action for the round: refused
    out of turn or once they have acted, as an attack is (``override``: the GM's), and
    marked as their action (redhack: Combat, "every player and NPC has an action" a
    round; RULINGS R13; docs/rulings.md H244). Out of a fight, or for a character who
    takes no part in it, nothing is checked.

    Raises:
        RuleError: out of turn or acted already (without ``override``), at 0 HP, or a
            condition leaves them no concerted action.
    """
    fight = act.fight
    character = act.character(name)
    if fight is None or not fight.has_fighter(character.name):
        return
    fighter = fight.fighter(character.name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    act.fight = fight.with_fighter(fighter.after_action())


def _caster(act: Act, name: str) -> tuple[Character, str]:
    """The character and their magic (arcane or divine).

    Raises:
        RuleError: not a wizard or cleric, or dead.
    """
    character = act.character(name)
    if character.class_id not in CASTERS:
        raise RuleError(
            f"{character.name} is a {character.class_id}: only wizards and clerics cast "
            "from slots (redhack: Spellcasting)"
        )
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    return character, CASTERS[character.class_id][0]


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    if len(words) == 1:
        return spell_names(session)
    return (
        *("with", "on", "in", "from", "inspiration", "components", "scroll"),
        *("ritual", "override"),
    )


# -- memorise ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MemoriseIntent(Intent):
    """Memorise spells into slots (redhack: Exploration & Dungeons > Magic; R19, R25).

    Attributes:
        name: the caster, as given.
        spells: the spells, as given.
        level: ``in LEVEL``: the slot level (``None``: the best slot for each).
    """

    name: str
    spells: tuple[str, ...]
    level: int | None = None

    def access(self) -> Access:
        """The caster's player, or the GM (docs/rulings.md H106)."""
        return Access.play(self.name, what="memorise")


def _read_memorise(args: Args) -> MemoriseIntent:
    name = args.word("NAME")
    spells = tuple(s for s in args.word("SPELL[,SPELL...]").split(",") if s)
    level = None
    if args.optional() is not None:  # "in"
        level = args.integer("LEVEL", minimum=1)
    args.done()
    return MemoriseIntent(name, spells, level)


@COMMANDS.typed(
    "memorise",
    "memorise NAME SPELL[,SPELL...] [in LEVEL]",
    "memorise spells or prayers into slots during a rest",
    MemoriseIntent,
    _read_memorise,
    details="""
A short rest lets a caster memorise one spell, a long rest, full day or downtime all of
them (redhack: Magic; RULINGS R19); the rest says so and the sheet shows "May memorise".
"memorise Mirela sleep" puts Sleep in the best slot; "memorise Mirela sleep in 2" puts
it in a level-2 slot (a slot can hold a lower-level spell, R25). A wizard memorises
from the book; a cleric from the prayerbook, and prayers of level 3+ granted by the
patron (H161). An "all" allowance lasts until the caster's next cast or rest (H160).
Example: after "rest long", a level-3 wizard with slots of levels 2 and 1:
  memorise Mirela web,sleep
  -> Mirela memorises Web, Sleep; Slots: L2 Web; L1 Sleep
""",
    complete=_complete,
    aliases=("memorize",),
)
def memorise_command(ctx: Context, intent: MemoriseIntent) -> Reply:
    """Memorise spells."""
    act = Act(ctx)
    character, kind = _caster(act, intent.name)
    spells = spells_for(act.session)
    found = [_known(spells, character, kind, name) for name in intent.spells]
    allowance = character.magic.memorise
    if allowance == 0:
        raise RuleError(
            f"{character.name} may memorise only during a rest (a short rest: one spell; "
            "a long rest, a full day or downtime: all; redhack: Magic, RULINGS R19)"
        )
    if allowance != ALL and len(found) > allowance:
        raise RuleError(
            f"{character.name} may memorise {allowance} more spell after a short rest, "
            f"not {len(found)} (RULINGS R19)"
        )
    slots = place(character_slots(character), [(s.id, s.level) for s in found], intent.level)
    left = ALL if allowance == ALL else allowance - len(found)
    set_slots(act, character, slots, memorise=left)
    names = ", ".join(s.name for s in found)
    act.say(f"{character.name} memorises {names}")
    act.say("  Slots: " + "; ".join(_slot_word(spells, s) for s in slots), "muted", log=False)
    act.detail["memorised"] = [s.id for s in found]
    return act.commit("memorise", character.name)


def _slot_word(spells: SpellList, slot: Slot) -> str:
    if slot.spell is None:
        return f"L{slot.level} empty"
    try:
        name = spells.get(slot.spell).name
    except HacktableError:
        name = slot.spell
    marks = " (cast)" if slot.spent else " (Inspiration)" if slot.inspired else ""
    return f"L{slot.level} {name}{marks}"


def _known(spells: SpellList, character: Character, kind: str, name: str) -> Spell:
    """A spell the caster may memorise (H161).

    Raises:
        UnknownNameError: no such spell. RuleError: not in the book, the wrong kind, or
            a cantrip.
    """
    spell = spells.get(name)
    if spell.kind != kind:
        raise RuleError(f"{spell.name} is a {spell.kind} spell; {character.name} casts {kind}")
    if spell.cantrip:
        raise RuleError(f"{spell.name} is a cantrip: cast at will, never memorised (R25)")
    granted = kind == "divine" and spell.level >= 3
    if spell.id not in character.magic.book and not granted:
        book = "prayerbook" if kind == "divine" else "book"
        raise RuleError(f"{spell.name} is not in {character.name}'s {book}")
    return spell


# -- cast --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CastIntent(Intent):
    """Cast a spell (redhack: Spellcasting; R25-R27, R33, R34).

    Attributes:
        name: the caster, as given.
        spell: the spell, as given.
        components: ``with components`` (+1, their usage die rolled; R26).
        targets: ``on A,B``: characters or foes (``goblin-1``), as given.
        scroll: ``from scroll``: from a scroll carried (R34).
        inspiration: ``inspiration SPELL``: the GM's Inspiration spell (R26).
        override: the GM lets the caster cast out of turn in a fight (H244).
        ritual: ``ritual``: a Ritual Caster's ritual from the book (H245).
    """

    name: str
    spell: str
    components: bool = False
    targets: tuple[str, ...] = ()
    scroll: bool = False
    inspiration: str | None = None
    override: bool = False
    ritual: bool = False

    def access(self) -> Access:
        """The caster's player, or the GM (docs/rulings.md H106); ``override`` (casting
        out of turn in a fight) is the GM's alone."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.name, what="cast")


def _read_cast(args: Args) -> CastIntent:
    name = args.word("NAME")
    spell = args.word("SPELL")
    components = scroll = override = ritual = False
    targets: tuple[str, ...] = ()
    inspiration = None
    while not args.empty:
        word = args.word("with, on, from, inspiration, ritual or override").lower()
        if word == "override":
            override = True
        elif word == "ritual":
            ritual = True
        elif word == "with":
            if args.word("components").lower() not in ("components", "spell-components"):
                raise args.error("'with components' is the only 'with'")
            components = True
        elif word == "on":
            targets = tuple(t for t in args.word("TARGET[,TARGET...]").split(",") if t)
        elif word == "from":
            if args.word("scroll").lower() != "scroll":
                raise args.error("'from scroll' casts from a scroll")
            scroll = True
        elif word == "inspiration":
            inspiration = args.word("SPELL")
        else:
            raise args.error(f"unexpected {word!r}")
    if ritual and (components or scroll or inspiration or override):
        raise args.error(
            "a ritual takes no components, scroll, Inspiration or override: it rolls no "
            "casting table and is never cast in a fight"
        )
    return CastIntent(name, spell, components, targets, scroll, inspiration, override, ritual)


@COMMANDS.typed(
    "cast",
    "cast NAME SPELL [with components] [on TARGET[,TARGET...]] [from scroll] [inspiration SPELL]"
    " [override] | cast NAME SPELL ritual [on TARGET[,TARGET...]]",
    "cast a memorised spell or prayer, the cantrip, or from a scroll",
    CastIntent,
    _read_cast,
    details="""
A wizard rolls on the casting table after casting (d6, +1 for a level-1 spell, +1 "with
components", whose usage die is rolled; armour at or heavier than leather rolls it with
disadvantage): the odds of each result come first, and the slot is changed as the result
says (RULINGS R26): Oblivion forgets it, Entropy replaces it with a spell of the book
one level lower, Equilibrium one of the same level, Inspiration one the GM names
("inspiration SPELL"; asked in the console; else from the "wandering-spells" table or
the spell list), Endurance keeps it, Epiphany rolls again and adds an Inspiration spell.
The cantrip is cast at will. A cleric's prayer is gone from its slot (R27). "on Sly"
makes a player save; "on goblin-1" rolls the caster's effect test against its HD (R33).
"cast Tomas cure-light-wounds on Sly" heals (never above max HP). "from scroll" uses a
scroll carried (Wizards and Bards; no slot, no table; R34).
In a fight a cast (the cantrip and a scroll too) is the caster's action for the round,
in their turn as an attack is ("override": the GM's; H244).
"ritual": a character with the Ritual Caster background (any class) casts a spell or
prayer of level 1-2 from their book with no slot and no casting roll, taking 10 minutes
per level: in a dungeon the ticks pass (with the torch and encounter checks; an
encounter breaks the ritual off), elsewhere the party's clock; never in a fight (H245).
A non-wizard's book is filled with "copy NAME SPELL [from book]" (H246).
A Light (or Holy Light) at work is a light source; Sleep, Web and Hold Person hold a
foe they affect, Light cast at a foe blinds it, until the spell ends (H176).
Example: Mirela, unarmoured, casts the level-1 Sleep with components (+1 +1):
  cast Mirela sleep with components on goblin-1
  -> Spell Components ud6 6: holds
     casting table odds: Entropy 33.33%, Equilibrium 16.67%, Inspiration 16.67%,
     Endurance 16.67%, Epiphany 16.67%
     d6 5 +1 level-1 spell +1 components = 7: Endurance
     Endurance: the spell remains memorised
     Mirela's effect test on Goblin 1: INT effect test, against 1 HD ... => success
     Goblin 1 is held by Sleep
     Sleep lasts while its ud8 lasts (rolled with the lights every 3 ticks)
In leather armour or heavier the d6 is rolled twice and the lower kept (R26).
""",
    complete=_complete,
)
def cast_command(ctx: Context, intent: CastIntent) -> Reply:
    """Cast a spell."""
    act = Act(ctx, {"override": True} if intent.override else None)
    spells = spells_for(act.session)
    spell = spells.get(intent.spell)
    if intent.ritual:
        from .ritual import cast_ritual

        if not cast_ritual(act, intent.name, spell):
            act.detail["spell"] = spell.id
            return act.commit("cast", act.character(intent.name).name)
    elif intent.scroll:
        from .scrolls import cast_from_scroll

        spend_action(act, intent.name)
        cast_from_scroll(act, intent.name, spell)
    else:
        character, kind = _caster(act, intent.name)
        spend_action(act, intent.name)
        if spell.cantrip and character.magic.cantrip == spell.id:
            act.say(f"{character.name} casts the cantrip {spell.name} (at will, no roll; R25)")
        else:
            _from_slot(ctx, act, character, kind, spell, spells, intent)
    flagged = _targets(act, intent.name, spell, intent.targets)
    _lasting(act, intent.name, spell, intent.targets, flagged)
    act.detail["spell"] = spell.id
    return act.commit("cast", act.character(intent.name).name)


def _from_slot(
    ctx: Context,
    act: Act,
    character: Character,
    kind: str,
    spell: Spell,
    spells: SpellList,
    intent: CastIntent,
) -> None:
    slots = character_slots(character)
    if spell.kind != kind:
        raise RuleError(f"{spell.name} is a {spell.kind} spell; {character.name} casts {kind}")
    if not any(s.level >= spell.level and not s.lost for s in slots):
        have = ", ".join(f"L{s.level}" for s in slots) or "none"
        raise RuleError(
            f"{character.name} has no slot of level {spell.level} or more for {spell.name} "
            f"(slots: {have}; RULINGS R25, R27)"
        )
    held = [i for i, s in enumerate(slots) if s.ready and s.spell == spell.id]
    if not held:
        raise RuleError(f"{character.name} has not memorised {spell.name} ('memorise' at a rest)")
    index = min(held, key=lambda i: slots[i].level)
    slot = slots[index]
    act.say(
        f"{character.name} casts {spell.name} (level {spell.level}, from a level-{slot.level} slot)"
    )
    if kind == "divine":
        new = replace(slot, spent=True)
        act.say("  the prayer is gone from its slot until prayed for again (RULINGS R27)", "note")
        set_slots(act, character, _put(slots, index, new), memorise=0)
        return
    modifier, why = 0, []
    if spell.level == 1:
        modifier, why = 1, ["+1 level-1 spell"]
    if intent.components:
        character = _components(act, character)
        modifier += 1
        why.append("+1 components")
    worn = _hindering_armour(act, character)
    disadvantage = worn is not None
    odds = casting_odds(modifier, disadvantage)
    act.say(f"  casting table odds: {describe_odds(odds)}", "odds", log=False)
    faces, kept = roll_d6(act.rng, disadvantage)
    how = (
        f"d6 {kept}"
        if not disadvantage
        else f"d6 with disadvantage ({worn}): {faces[0]}, {faces[1]} -> {kept}"
    )
    result = result_of(kept + modifier)
    act.say(f"  {how} {' '.join(why)} = {kept + modifier}: {result}".replace("  =", " ="), "dice")
    act.detail["casting"] = {
        "faces": list(faces),
        "kept": kept,
        "modifier": modifier,
        "result": result,
        "odds": {name: float(p * 100) for name, p in odds},
    }
    extra: Slot | None = None
    if result == "Epiphany":
        again = act.rng.randint(1, 6)
        result = result_of(again)
        act.say(
            f"  Epiphany: roll again unmodified: d6 {again}: {result}; and an Inspiration spell",
            "dice",
        )
        gained = _inspiration(ctx, act, character, spell, spells, intent)
        if gained is not None:
            extra = Slot(spell_level(spells, gained), gained, inspired=True, bonus=True)
    new_slot, line = with_result(
        slot,
        result,
        lower=_book_of_level(character, spells, spell.level - 1),
        same=_book_of_level(character, spells, spell.level),
        inspiration=_inspiration(ctx, act, character, spell, spells, intent)
        if result == "Inspiration"
        else None,
        rng=act.rng,
        name_of=lambda spell_id: _name(spells, spell_id),
    )
    act.say(f"  {result}: {line}", "success" if new_slot == slot else "warning")
    out = list(slots)
    if new_slot is None:
        out.pop(index)
    else:
        out[index] = new_slot
    if extra is not None:
        empty = [
            i
            for i, s in enumerate(out)
            if s.spell is None and not s.lost and s.level >= extra.level
        ]
        if empty:
            out[min(empty, key=lambda i: out[i].level)] = replace(
                extra, bonus=False, level=out[min(empty, key=lambda i: out[i].level)].level
            )
        else:
            out.append(extra)
        act.say(
            f"  Epiphany: {_name(spells, extra.spell or '')} is memorised too (Inspiration; H165)",
            "success",
        )
    set_slots(act, character, tuple(out), memorise=0)


def _name(spells: SpellList, spell_id: str) -> str:
    try:
        return spells.get(spell_id).name
    except HacktableError:
        return spell_id


def spell_level(spells: SpellList, spell_id: str) -> int:
    """A spell's level (1 if it is not on the list)."""
    try:
        return max(1, spells.get(spell_id).level)
    except HacktableError:
        return 1


def _put(slots: tuple[Slot, ...], index: int, slot: Slot) -> tuple[Slot, ...]:
    return (*slots[:index], slot, *slots[index + 1 :])


def _book_of_level(character: Character, spells: SpellList, level: int) -> list[str]:
    found = []
    for spell_id in character.magic.book:
        try:
            if spells.get(spell_id).level == level:
                found.append(spell_id)
        except HacktableError:
            continue
    return found


def _components(act: Act, character: Character) -> Character:
    """Roll the spell components' usage die (R26).

    Raises:
        RuleError: none carried, or used up.
    """
    for index, item in enumerate(character.inventory):
        if item.ref == "spell-components" and item.usage is not None and not item.usage.exhausted:
            rolled = roll_usage(item.usage, act.rng)
            act.say(f"  {item.name} {rolled.explain()}", "dice")
            if rolled.after.exhausted:
                act.say(f"  {character.name}'s {item.name} are used up", "warning")
            updated = character.replace_item(index, replace(item, usage=rolled.after))
            act.update(updated)
            return updated
    raise RuleError(f"{character.name} has no spell components left (redhack: Equipment)")


def _hindering_armour(act: Act, character: Character) -> str | None:
    """Worn armour at or heavier than leather (disadvantage on spellcasting, R26)."""
    options = TestOptions(tags=("spellcasting",))
    request = act.ruleset.character_test(character, "INT", options)
    worn = {i.name.lower() for i in character.inventory if i.equipped}
    hindering = [d for d in request.disadvantages if d in worn]
    return ", ".join(hindering) if hindering else None


def _inspiration(
    ctx: Context,
    act: Act,
    character: Character,
    spell: Spell,
    spells: SpellList,
    intent: CastIntent,
) -> str | None:
    """The Inspiration spell (H164): the GM's (``inspiration SPELL``, or asked in the
    console), else a roll on the campaign's wandering-spell table, else a random
    arcane spell of the cast spell's level from the list."""
    if intent.inspiration is not None:
        return spells.get(intent.inspiration).id
    if ctx.ask is not None:
        answer = ctx.ask(
            f"Inspiration: which spell does {character.name} gain (Enter rolls)?"
        ).strip()
        if answer:
            return spells.get(answer).id
    table_id = str(act.session.setting("wandering-spells"))
    if table_id and table_id != "none":
        from ....rules.tables import roll_table

        read = roll_table(spells.table(table_id), act.rng)
        act.read_table(read)
        act.say(f"  wandering spells: {read.explain()}", "dice")
        return spells.get(read.entry.result).id
    pool = [s.id for s in spells.of("arcane", spell.level)]
    return act.rng.choice(pool) if pool else None


# -- targets and durations ---------------------------------------------------------------


def _targets(act: Act, caster_name: str, spell: Spell, targets: tuple[str, ...]) -> tuple[str, ...]:
    """Saves, effect tests, damage and healing of the spell's targets (R33); a foe it
    affects takes the spell's ``foe_flag`` (H176). The keys of the foes flagged."""
    caster = act.character(caster_name)
    flagged: list[str] = []
    damage = roll(spell.damage, act.rng) if spell.damage and targets else None
    if damage is not None:
        act.say(f"  {spell.name} deals {render_roll(damage)}", "dice")
    for name in targets:
        foe = _foe(act, name)
        if foe is not None:
            hit = True
            if spell.effect_test:
                options = TestOptions(difficulty=max(1, foe.hd), kind=TestKind.EFFECT)
                request = act.ruleset.character_test(caster, spell.effect_test, options)
                result = act.ruleset.resolve_test(request, act.rng)
                act.show_test(f"{caster.name}'s effect test on {foe.name}", request, result)
                hit = result.success
            if damage is not None:
                amount = damage.total if hit else damage.total // 2
                if not hit:
                    act.say(f"  {foe.name} resists: half damage, {amount}", "note")
                damage_foe(act, foe.key, amount, caster.name)
            elif not hit:
                act.say(f"  {foe.name} is not affected", "note")
            if hit and spell.foe_flag and act.fight is not None:
                foe = act.fight.foe(foe.key)
                if foe.fighting:
                    others = tuple(c for c in foe.conditions if c != spell.foe_flag)
                    act.fight = act.fight.with_foe(
                        replace(foe, conditions=(*others, spell.foe_flag))
                    )
                    act.say(f"  {foe.name} is {spell.foe_flag} by {spell.name}", "success")
                    flagged.append(foe.key)
            continue
        target = act.character(name)
        if spell.heal:
            heal_with(act, spell, target)
            continue
        saved = False
        if spell.save:
            request = act.ruleset.character_test(
                target, spell.save, TestOptions(kind=TestKind.SAVE)
            )
            result = act.ruleset.resolve_test(request, act.rng)
            act.show_test(f"{target.name}'s saving throw", request, result)
            saved = result.success
        if damage is not None:
            from .mechanics import damage_character

            amount = damage.total // 2 if saved else damage.total
            damage_character(act, target.name, amount, spell.name)
        elif saved:
            act.say(f"  {target.name} is not affected", "note")
        elif spell.save and spell.foe_flag:
            act.say(f"  {target.name} is {spell.foe_flag} by {spell.name} (H176)", "warning")
    return tuple(flagged)


def _foe(act: Act, name: str):  # type: ignore[no-untyped-def]
    if act.fight is None:
        return None
    try:
        return act.fight.foe(name)
    except HacktableError:
        return None


def heal_with(act: Act, spell: Spell, target: Character) -> None:
    """A cure heals its target by the campaign's setting (R33), never above max HP
    (said when capped), never a mortally wounded one (R11); from 0 HP the injuries
    table comes first (H24)."""
    if target.mortal_wound is not None:
        from .miracles import restore_hp

        restore_hp(act, target, 0)
        return
    amount_text = str(act.session.setting(spell.id)) if spell.id in _CURE_SETTINGS else "1d6+1"
    if amount_text == "all":
        amount = target.max_hp
        act.say(f"  {spell.name} heals every hit point", "dice")
    else:
        rolled = roll(amount_text, act.rng)
        amount = rolled.total
        act.say(f"  {spell.name} heals {render_roll(rolled)}", "dice")
    from .miracles import restore_hp

    restore_hp(act, target, amount)


_CURE_SETTINGS = ("cure-light-wounds", "cure-serious-wounds", "cure-critical-wounds", "heal")


def _lasting(
    act: Act, caster: str, spell: Spell, targets: tuple[str, ...], flagged: tuple[str, ...]
) -> None:
    """A spell with a duration becomes a spell at work on the clock (R33; H167), with
    its light and the foes it flagged (H176)."""
    duration = spell.lasting
    if not duration.lasting:
        return
    active = act.entity(*EFFECTS, ActiveSpells, ActiveSpells())
    if duration.unit == "rounds" and act.fight is not None:
        entry = ActiveSpell(
            spell.id, spell.name, caster, targets, "rounds", act.fight.round + duration.count - 1
        )
        when = f"for {duration.count} rounds (to the end of round {entry.ends})"
    elif duration.unit == "variable":
        entry = ActiveSpell(spell.id, spell.name, caster, targets, "variable", die=duration.die)
        when = f"while its {duration.die} lasts (rolled with the lights every 3 ticks)"
    else:
        tick = int(act.session.setting("tick-minutes"))
        minutes = duration.count * (60 if duration.unit == "hours" else tick)
        when = f"for {duration.count} {duration.unit}"
        if duration.unit == "rounds":  # outside a fight (H175)
            minutes = tick
            when = f"{duration.count} rounds: outside a fight, until the next tick (H175)"
        entry = ActiveSpell(
            spell.id, spell.name, caster, targets, "time", act.party().minutes + minutes
        )
    entry = replace(entry, light=spell.light, flag=spell.foe_flag, flagged=flagged)
    act.set_entity(*EFFECTS, ActiveSpells((*active.spells, entry)))
    if spell.light:
        act.say(f"  {spell.name} is a light source while it lasts (H176)", "note")
    act.say(f"  {spell.name} lasts {when}", "note")
