"""A spell's targets and its duration (redhack: Saving Throws & Effect Tests;
RULINGS R11, R33; docs/rulings.md H24, H166, H167, H175, H176): saves and effect tests,
damage and healing, the foes it flags, and the spell at work on the campaign's clock."""

from __future__ import annotations

from dataclasses import replace

from ....dice.render import render_roll
from ....dice.roller import roll
from ....errors import HacktableError
from ....rules.resolution import TestKind
from ...base import TestOptions
from ..character import Character
from ..content.spells import Spell
from ..magic.effects import ActiveSpell, ActiveSpells
from .act import Act
from .mechanics import damage_foe

__all__ = ["EFFECTS", "heal_with", "start_lasting", "target_spell"]

EFFECTS = ("spell-effects", "active")
"""Where the spells at work live in the campaign state (:mod:`..magic.effects`)."""


def target_spell(
    act: Act, caster_name: str, spell: Spell, targets: tuple[str, ...]
) -> tuple[tuple[str, ...], bool]:
    """Saves, effect tests, damage and healing of the spell's targets (R33); a foe it
    affects takes the spell's ``foe_flag`` (H176). The keys of the foes flagged, and
    whether the spell affected any target (with no targets named: ``True``)."""
    caster = act.character(caster_name)
    flagged: list[str] = []
    affected = not targets
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
            affected = affected or hit
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
            affected = True
            continue
        saved = False
        if spell.save:
            request = act.ruleset.character_test(
                target, spell.save, TestOptions(kind=TestKind.SAVE)
            )
            result = act.ruleset.resolve_test(request, act.rng)
            act.show_test(f"{target.name}'s saving throw", request, result)
            saved = result.success
        affected = affected or not saved
        if damage is not None:
            from .mechanics import damage_character

            amount = damage.total // 2 if saved else damage.total
            damage_character(act, target.name, amount, spell.name)
        elif saved:
            act.say(f"  {target.name} is not affected", "note")
        elif spell.save and spell.foe_flag:
            act.say(f"  {target.name} is {spell.foe_flag} by {spell.name} (H176)", "warning")
    return tuple(flagged), affected


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


def start_lasting(
    act: Act,
    caster: str,
    spell: Spell,
    targets: tuple[str, ...],
    flagged: tuple[str, ...],
    affected: bool = True,
) -> None:
    """A spell with a duration becomes a spell at work on the clock (R33; H167), with
    its light and the foes it flagged (H176)."""
    duration = spell.lasting
    if not duration.lasting:
        return
    if not affected:
        act.say(f"  {spell.name} affects none of its targets: it ends at once (H249)", "note")
        return
    active = act.entity(*EFFECTS, ActiveSpells, ActiveSpells())
    if duration.unit == "rounds" and act.fight is not None:
        entry = ActiveSpell(
            spell.id, spell.name, caster, targets, "rounds", act.fight.round + duration.count - 1
        )
        rounds = "round" if duration.count == 1 else "rounds"
        when = f"for {duration.count} {rounds} (to the end of round {entry.ends})"
    elif duration.unit == "variable":
        entry = ActiveSpell(spell.id, spell.name, caster, targets, "variable", die=duration.die)
        when = f"while its {duration.die} lasts (rolled with the lights every 3 ticks)"
    else:
        tick = int(act.session.setting("tick-minutes"))
        minutes = duration.count * (60 if duration.unit == "hours" else tick)
        unit = duration.unit[:-1] if duration.count == 1 else duration.unit
        when = f"for {duration.count} {unit}"
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
