"""Spells lasting on the campaign's clock (RULINGS R16, R33; docs/rulings.md H167):
rounds count in a fight, ticks and hours on the party's clock (a tick is the campaign's
``tick-minutes``); a variable duration's usage die is rolled with the lights, every 3
ticks, and the spell ends when it is exhausted."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ....dice.usage import UsageDie, roll_usage
from ....errors import HacktableError

__all__ = [
    "ActiveSpell",
    "ActiveSpells",
    "expire_rounds",
    "expire_time",
    "roll_variable",
    "spell_light",
]


@dataclass(frozen=True, slots=True)
class ActiveSpell:
    """A spell at work.

    Attributes:
        spell: its id.
        name: its name.
        caster: who cast it.
        targets: on whom (as named).
        unit: ``rounds``, ``time`` (ticks and hours: ``ends`` is a party minute) or
            ``variable``.
        ends: the fight round it ends after, or the party minute it ends at.
        die: a variable duration's usage die.
        light: it is a light source while it lasts (RULINGS R16; docs/rulings.md H176).
        flag: the condition it set on the foes in ``flagged`` (their keys), taken off
            when it ends (H176).
        flagged: the foes it set ``flag`` on.
    """

    spell: str
    name: str
    caster: str
    targets: tuple[str, ...] = ()
    unit: str = "time"
    ends: int = 0
    die: UsageDie | None = None
    light: bool = False
    flag: str | None = None
    flagged: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ActiveSpells:
    """Every spell at work in the campaign (entity ``spell-effects``/``active``)."""

    spells: tuple[ActiveSpell, ...] = ()


def spell_light(data: object) -> bool:
    """Whether the spells at work (the entity's JSON) include a light source (H176)."""
    if not isinstance(data, dict):
        return False
    return any(isinstance(s, dict) and s.get("light") for s in data.get("spells") or ())


def expire_rounds(active: ActiveSpells, round_number: int) -> tuple[ActiveSpells, list[str]]:
    """End the spells counted in rounds whose last round is before ``round_number``
    (``0``: the fight ended, all of them)."""
    kept, lines = [], []
    for spell in active.spells:
        if spell.unit == "rounds" and (round_number == 0 or spell.ends < round_number):
            lines.append(f"{spell.caster}'s {spell.name} ends")
        else:
            kept.append(spell)
    return ActiveSpells(tuple(kept)), lines


def expire_time(active: ActiveSpells, minute: int) -> tuple[ActiveSpells, list[str]]:
    """End the spells counted in ticks or hours whose time is up at ``minute``."""
    kept, lines = [], []
    for spell in active.spells:
        if spell.unit == "time" and spell.ends <= minute:
            lines.append(f"{spell.caster}'s {spell.name} ends")
        else:
            kept.append(spell)
    return ActiveSpells(tuple(kept)), lines


def roll_variable(active: ActiveSpells, rng: random.Random) -> tuple[ActiveSpells, list[str]]:
    """Roll every variable duration's usage die (with the lights, R33): exhausted, the
    spell ends."""
    kept, lines = [], []
    for spell in active.spells:
        if spell.unit != "variable" or spell.die is None:
            kept.append(spell)
            continue
        rolled = roll_usage(spell.die, rng)
        if rolled.after.exhausted:
            lines.append(f"{spell.caster}'s {spell.name}: {rolled.explain()}: it ends")
        else:
            lines.append(f"{spell.caster}'s {spell.name}: {rolled.explain()}")
            kept.append(replace(spell, die=rolled.after))
    return ActiveSpells(tuple(kept)), lines


def advance(act: object, *, fight_round: int | None = None, lights: bool = False) -> None:
    """Move the spells at work on: rounds at a new round (``fight_round``; 0 when the
    fight ends), ticks and hours by the party's clock, and variable dice with the
    lights (``lights``); every ending is announced (H167). ``act`` is the command's
    :class:`..commands.act.Act`."""
    from ..commands.act import Act

    assert isinstance(act, Act)
    key = ("spell-effects", "active")
    active = act.entity(*key, ActiveSpells, ActiveSpells())
    if not active.spells:
        return
    before = active
    lines: list[str] = []
    if fight_round is not None:
        active, ended = expire_rounds(active, fight_round)
        lines += ended
    active, ended = expire_time(active, act.party().minutes)
    lines += ended
    if lights:
        active, rolled = roll_variable(active, act.rng)
        lines += rolled
    for line in lines:
        act.say(f"  {line}", "note")
    for gone in (s for s in before.spells if s not in active.spells):
        unflag(act, gone, active)
    act.set_entity(*key, active)


def unflag(act: object, spell: ActiveSpell, still: ActiveSpells) -> None:
    """Take an ended spell's condition off the foes it set it on (H176), if the fight
    goes on and no other spell at work holds the same condition on them."""
    from ..commands.act import Act

    assert isinstance(act, Act)
    if act.fight is None or spell.flag is None:
        return
    held = {k for s in still.spells if s.flag == spell.flag for k in s.flagged}
    for key in spell.flagged:
        if key in held:
            continue
        try:
            foe = act.fight.foe(key)
        except HacktableError:
            continue
        if spell.flag in foe.conditions:
            conditions = tuple(c for c in foe.conditions if c != spell.flag)
            act.fight = act.fight.with_foe(replace(foe, conditions=conditions))
            act.say(f"  {foe.name} is no longer {spell.flag}", "note")
