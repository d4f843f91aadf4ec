"""What a prayer's higher results do to the party (redhack: Spellcasting > Divine Magic,
the prayer table 11 and 21-24; RULINGS R11, R27, R33; docs/rulings.md H171, H240,
H241): alms charged, the party blessed, healed or protected, Flame Strike on the
biggest foe, and HP restored by any cure (never above max HP, and said when capped)."""

from __future__ import annotations

from dataclasses import replace

from ....dice.render import render_roll
from ....dice.roller import roll
from ..character import Character
from ..content.spells import SpellList
from .act import Act

__all__ = ["alms", "miracle", "restore_hp"]


def restore_hp(act: Act, target: Character, amount: int, *, prefix: str = "  ") -> None:
    """Heal ``target`` by ``amount`` as a cure does: never the mortally wounded (RULINGS
    R11), from 0 HP the injuries table first (H24), never above max HP, and the cap
    said when it bites (issue 10 §8)."""
    if target.mortal_wound is not None:
        act.say(
            f"{prefix}{target.name} is mortally wounded: ordinary cures do not save them "
            "(RULINGS R11)",
            "warning",
        )
        return
    if target.hp == 0:
        healed, lines = act.ruleset.heal_from_zero(target, amount, act.rng, act.session.setting)
        for line, style in lines:
            act.say(f"{prefix}{line}", style)
        act.update(healed)
        return
    after = target.with_hp(target.hp + amount)
    capped = target.hp + amount > target.max_hp
    note = f" (capped at max HP {target.max_hp})" if capped else ""
    act.say(f"{prefix}{target.name}: HP {target.hp} -> {after.hp}{note}", "success")
    act.update(after)


def alms(act: Act, cleric: Character) -> None:
    """Prayer 11: alms of 10 x level x 1d6 coins, paid from the cleric's coins; what
    cannot be paid is owed (the ``owes-alms`` condition names the sum; H171, H242)."""
    rolled = roll("1d6", act.rng)
    asked = 10 * cleric.level * rolled.total
    paid = min(asked, cleric.coins)
    owed = asked - paid
    conditions = cleric.conditions
    if owed:
        before = owed_alms(cleric)
        owed_now = before + owed
        conditions = (
            *(c for c in conditions if c.split(":", 1)[0] != "owes-alms"),
            f"owes-alms: {owed_now}",
        )
    act.update(replace(cleric.with_coins(cleric.coins - paid), conditions=conditions))
    act.detail["alms"] = {"rolled": rolled.total, "asked": asked, "paid": paid, "owed": owed}
    act.say(
        f"  alms 10 x level {cleric.level} x {render_roll(rolled)} = {asked} coins: {paid} paid"
        + (f", {owed} owed (H171)" if owed else ""),
        "warning",
    )


def owed_alms(character: Character) -> int:
    """The alms a cleric still owes (0 if none)."""
    for condition in character.conditions:
        head, _, rest = condition.partition(":")
        if head == "owes-alms":
            try:
                return int(rest.strip())
            except ValueError:
                return 0
    return 0


def miracle(act: Act, cleric: Character, value: int, spells: SpellList) -> None:
    """21 the party blessed; 22 the injured healed 1d8, the others blessed; 23 Flame
    Strike on the foe of most HD in the fight, else as 22; 24 the injured healed to
    full, the others blessed and protected from evil (R33; H171, H240). The party is
    every living character of the campaign."""
    from .mechanics import damage_foe

    if value == 23:
        foes = act.fight.active_foes() if act.fight is not None else ()
        if foes:
            foe = max(foes, key=lambda f: f.hd)
            damage = roll(spells.get("flame-strike").damage or "6d8", act.rng)
            act.say(f"  Flame Strike falls on {foe.name}: {render_roll(damage)}", "dice")
            damage_foe(act, foe.key, damage.total, cleric.name)
            return
        act.say("  no foe present: as 22", "note")
        value = 22
    for character in act.session.characters():
        now = act.character(character.name)
        if now.dead:
            continue
        injured = now.hp < now.max_hp
        if value == 22 and injured:
            rolled = roll("1d8", act.rng)
            act.say(f"  {now.name} is healed {render_roll(rolled)}", "dice")
            restore_hp(act, now, rolled.total, prefix="    ")
        elif value == 24 and injured:
            act.say(f"  {now.name} is healed to full", "dice")
            restore_hp(act, now, now.max_hp - now.hp, prefix="    ")
        else:
            extra = ("blessed", "protected") if value == 24 else ("blessed",)
            added = tuple(c for c in extra if not now.has_condition(c))
            act.update(replace(now, conditions=(*now.conditions, *added)))
            act.say(f"  {now.name} is {' and '.join(extra)}", "success")
