"""Where a fight stands and how it ends: ``fight status`` and ``fight end``, with
ammunition recovered (RULINGS R9), thrown weapons picked up (docs/rulings.md H19), an
important foe's experience (H181) and a disrepair point when the gear was not maintained
today (R31)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice.usage import roll_usage
from ....play.events import Change
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access
from ...powers import FIGHTS
from ..combat import Band
from ..fight import Fighter
from ..view import CampaignView
from .act import Act
from .experience import gain
from .fight_start import FightIntent
from .mechanics import incapacitated

__all__ = ["FightEndIntent", "FightStatusIntent", "campaign_day", "end_fight", "status_reply"]


def campaign_day(session: CampaignView) -> int:
    """The campaign's current day (1 until time is kept)."""
    clock = session.state.get("clock", "now")
    if isinstance(clock, dict) and isinstance(clock.get("day"), int):
        return int(clock["day"])
    return 1


@dataclass(frozen=True, slots=True)
class FightStatusIntent(FightIntent):
    """Where the fight stands: round, phase, HP, cleave dice, distances (nothing is
    logged)."""

    def access(self) -> Access:
        """Anyone (docs/rulings.md H106)."""
        return Access.read()


@dataclass(frozen=True, slots=True)
class FightEndIntent(FightIntent):
    """The fight ends: its summary, ammunition recovered (RULINGS R9), thrown weapons
    picked up (docs/rulings.md H19), a disrepair point when the gear was not maintained
    today (R31)."""

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "fight end")


def status_reply(act: Act) -> Reply:
    """Where the fight stands, as lines (nothing is logged)."""
    fight = act.need_fight()
    reply = Reply()
    where = (
        "set-up"
        if fight.phase == "setup"
        else (
            "free round" if fight.phase == "free-round" else f"round {fight.round}, {fight.phase}"
        )
    )
    reply.add(f"Fight {fight.number}{': ' + fight.name if fight.name else ''} - {where}", "title")
    for fighter in fight.fighters:
        c = act.character(fighter.name)
        state = "OUT" if c.hp <= 0 else (incapacitated(c) or fighter.initiative or "-")
        if fighter.acted:
            state += ", acted"
        if fighter.holding:
            state += ", holding"
        if fighter.held_over:
            state += ", acts first next round"
        extra = f"  cleave {fighter.cleave_left}" if fighter.cleave_left else ""
        bands = ", ".join(f"{g} {Band(b)}" for g, b in fighter.bands)
        reply.add(
            f"  {c.name:<10} HP {c.hp}/{c.max_hp} AC {act.ruleset.armour_class(c)}"
            f"  [{state}]{extra}  {bands}"
        )
    for group in fight.groups:
        members = fight.members(group.key)
        standing = sum(1 for f in members if f.fighting)
        reply.add(
            f"  {group.name} ({group.key}): {standing} of {group.size} standing"
            + (", morale tested" if group.morale_tested else ""),
            "note",
        )
        for foe in members:
            bits = [foe.status, *list(foe.conditions)]
            bits += [f"{e.label} {e.die}" for e in foe.ongoing]
            if foe.aptitude is not None:  # a significant NPC (docs/rulings.md H252)
                bits.append(foe.aptitude.describe())
            reply.add(
                f"    {foe.name:<14} {foe.key:<14} HD {foe.hd} AC {foe.ac} "
                f"HP {foe.hp}/{foe.max_hp}  {', '.join(bits)}",
                "muted",
            )
    return reply


def end_fight(ctx: Context) -> Reply:
    """``fight end``: the summary, ammunition and thrown weapons gathered, an important
    foe's experience, disrepair (RULINGS R9, R31; docs/rulings.md H19, H181)."""
    act = Act(ctx)
    fight = act.need_fight()
    standing = [f for f in fight.fighters if act.character(f.name).hp > 0]
    foes_left = [f for f in fight.foes if f.fighting]
    verdict = (
        "the party is beaten"
        if not standing
        else "the party holds the field"
        if not foes_left
        else f"{len(foes_left)} foe(s) still stand"
    )
    act.say(f"Fight {fight.number} ends after {max(fight.round, 0)} round(s): {verdict}", "title")
    from ..magic.effects import advance

    advance(act, fight_round=0)
    for fighter in fight.fighters:
        character = act.character(fighter.name)
        state = "out of the fight" if character.hp <= 0 else "standing"
        conditions = f" ({', '.join(character.conditions)})" if character.conditions else ""
        act.say(f"  {character.name}: HP {character.hp}/{character.max_hp}, {state}{conditions}")
        _recover_ammunition(act, fighter)
        if fighter.thrown:
            picked = act.character(fighter.name)
            for item in fighter.thrown:
                picked = picked.add_item(item)
            act.update(picked)
            act.say(
                f"    {fighter.name} picks up {', '.join(i.name for i in fighter.thrown)}", "muted"
            )
        for item in act.character(fighter.name).inventory:
            if item.usage is not None and item.kind in ("ammunition", "light"):
                act.say(f"    {item.name}: {item.usage}", "muted", log=False)
    beaten: list[str] = []
    for group in fight.groups:
        members = fight.members(group.key)
        counts: dict[str, int] = {}
        for foe in members:
            counts[foe.status] = counts.get(foe.status, 0) + 1
        tally = ", ".join(f"{n} {s}" for s, n in counts.items())
        act.say(f"  {group.name}: {tally}")
        important = group.important or any("leader" in f.tags for f in members)
        if important and all(not f.fighting for f in members):
            beaten.append(group.name)
    if beaten:
        foes = ", ".join(beaten)
        fighters = [f.name for f in fight.fighters]
        gain(act, fighters, "foe", foes, f"  The {foes} were an important foe (H181)")
    _disrepair(act)
    act.fight = None
    act.detail["fight"] = fight.number
    return act.commit("fight.end")


def _recover_ammunition(act: Act, fighter: Fighter) -> None:
    """RULINGS R9: ammunition whose die stepped down in the battle may be rolled once
    more at the size before its last step; 3 or more restores that step."""
    character = act.character(fighter.name)
    for index, start in fighter.ammo:
        if index >= len(character.inventory):
            continue
        item = character.inventory[index]
        if item.usage is None or int(item.usage) >= start:
            continue
        previous = item.usage.step_up()
        result = roll_usage(previous, act.rng)
        if result.kept >= 3:
            character = character.replace_item(index, replace(item, usage=previous))
            act.say(
                f"  {character.name} gathers {item.name}: {previous} roll {result.kept}: "
                f"restored to {previous} (RULINGS R9)",
                "dice",
            )
        else:
            act.say(
                f"  {character.name} gathers {item.name}: {previous} roll {result.kept}: "
                f"stays {item.usage} (RULINGS R9)",
                "dice",
            )
    act.update(character)


def _disrepair(act: Act) -> None:
    """RULINGS R31: without maintenance in the last day, the GM gains a disrepair point
    after each battle (spend it to give a player disadvantage on an attack or defence)."""
    day = campaign_day(act.session)
    maintained = act.session.state.get("party", "maintained")
    if isinstance(maintained, int) and maintained >= day:
        act.say("  The party's gear was maintained today: no disrepair", "muted")
        return
    points = int(act.session.state.get("gm", "disrepair") or 0) + 1
    act.extra_changes.append(
        Change("gm", "disrepair", act.session.state.get("gm", "disrepair"), points)
    )
    act.say(
        f"  No maintenance today: the GM gains a disrepair point ({points} in hand; RULINGS R31)",
        "warning",
    )
