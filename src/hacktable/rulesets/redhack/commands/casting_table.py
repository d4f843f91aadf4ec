"""A wizard's cast from a slot: the casting table with its +1s, the components'
usage die, the disadvantage of armour, and the result applied to the slot (redhack:
Spellcasting > Arcane Magic; RULINGS R25-R27; docs/rulings.md H162-H165); a cleric's
prayer is gone from its slot (R27)."""

from __future__ import annotations

from dataclasses import replace

from ....dice.usage import roll_usage
from ....errors import HacktableError, RuleError
from ...base import TestOptions
from ...context import Context
from ..character import Character
from ..content.spells import Spell, SpellList
from ..magic.casting import casting_odds, describe_odds, result_of, roll_d6, with_result
from ..magic.slots import character_slots
from ..magic.state import Slot
from .act import Act
from .caster import set_slots, spell_level, spell_name

__all__ = ["from_slot"]


def from_slot(
    ctx: Context,
    act: Act,
    character: Character,
    kind: str,
    spell: Spell,
    spells: SpellList,
    components: bool,
    inspiration: str | None,
) -> None:
    """Cast ``spell`` from the lowest slot holding it: a cleric's prayer is spent (R27);
    a wizard rolls the casting table (``components``: +1, their usage die rolled;
    ``inspiration``: the GM's Inspiration spell) and the slot takes the result (R26).

    Raises:
        RuleError: the other magic's spell, no slot of its level, or not memorised.
    """
    slots = character_slots(character)
    if spell.kind != kind:
        article = "an" if spell.kind[:1] in "aeiou" else "a"
        raise RuleError(
            f"{spell.name} is {article} {spell.kind} spell; {character.name} casts {kind}"
        )
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
    if components:
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
        gained = _inspiration(ctx, act, character, spell, spells, inspiration)
        if gained is not None:
            extra = Slot(spell_level(spells, gained), gained, inspired=True, bonus=True)
    new_slot, line = with_result(
        slot,
        result,
        lower=_book_of_level(character, spells, spell.level - 1),
        same=_book_of_level(character, spells, spell.level),
        inspiration=_inspiration(ctx, act, character, spell, spells, inspiration)
        if result == "Inspiration"
        else None,
        rng=act.rng,
        name_of=lambda spell_id: spell_name(spells, spell_id),
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
        gained_name = spell_name(spells, extra.spell or "")
        act.say(f"  Epiphany: {gained_name} is memorised too (Inspiration; H165)", "success")
    set_slots(act, character, tuple(out), memorise=0)


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
    named: str | None,
) -> str | None:
    """The Inspiration spell (H164): the GM's (``inspiration SPELL``, or asked in the
    console), else a roll on the campaign's wandering-spell table, else a random
    arcane spell of the cast spell's level from the list."""
    if named is not None:
        return spells.get(named).id
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
