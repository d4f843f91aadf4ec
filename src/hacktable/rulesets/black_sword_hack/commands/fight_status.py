"""Where a fight stands, as lines: the turn and whose go, the order of play, each
character's HP, Doom die and actions left, each group and foe (black-sword-hack 2.1)."""

from __future__ import annotations

from ....play.codec import to_json
from ....play.outcome import Reply
from .. import armour
from ..fight import OPPOSITION, Fight, Foe
from .staging import Stage

__all__ = ["foe_line", "order_line", "status_reply"]


def order_line(fight: Fight) -> str:
    """The order of play, whose go marked: ``"Conan > [the opposition] > Mira"``."""
    names = []
    for index, key in enumerate(fight.order):
        name = "the opposition" if key == OPPOSITION else fight.fighter(key).name
        names.append(f"[{name}]" if fight.started and index == fight.go else name)
    return " > ".join(names)


def foe_line(foe: Foe) -> str:
    """One foe: key, level, HP, armour, status, marks, ongoing, actions."""
    bits = [] if foe.fighting else [foe.status.upper()]
    if foe.leader:
        bits.append("leader")
    bits += [m.kind + ("" if m.until == 0 else f" (turn {m.until})") for m in foe.marks]
    bits += [f"{o.label} {o.die}" for o in foe.ongoing]
    actions = "; ".join(a.describe() for a in foe.actions)
    return (
        f"    {foe.name} ({foe.key}): level {foe.level}, HP {foe.hp}/{foe.max_hp}, armour "
        f"{foe.armour}" + (f" [{', '.join(bits)}]" if bits else "") + f"; {actions}"
    )


def status_reply(stage: Stage) -> Reply:
    """Where the fight stands (nothing is logged)."""
    fight = stage.need_fight()
    reply = Reply()
    where = f"turn {fight.turn}, {fight.whose_go()} go" if fight.started else "set-up"
    title = f"Fight {fight.number}" + (f": {fight.name}" if fight.name else "")
    reply.add(f"{title} - {where}", "title")
    if fight.started:
        reply.add(f"  Order: {order_line(fight)}", "note")
    for fighter in fight.fighters:
        character = stage.character(fighter.name)
        state = []
        if character.dead:
            state.append("DEAD")
        elif character.helpless:
            state.append("HELPLESS")
        if fighter.initiative:
            state.append(f"{fighter.initiative} the opposition")
        if fight.started and not character.dead and not character.helpless:
            state.append(f"{fighter.actions} action{'' if fighter.actions == 1 else 's'} left")
        if fighter.taken:
            state.append(f"took {', '.join(fighter.taken)}")
        if fighter.extra_attack:
            state.append("extra attack (flurry)")
        state += [f"{o.label} {o.die}" for o in fighter.ongoing]
        doomed = " DOOMED" if character.doomed else ""
        reply.add(
            f"  {character.name}: HP {character.hp}/{character.max_hp}, Doom die "
            f"{character.doom}{doomed}, armour {armour.armour_rating(stage.content, character)}"
            + (f" [{'; '.join(state)}]" if state else "")
        )
    for group in fight.groups:
        members = fight.members(group.key)
        fighting = sum(1 for f in members if f.fighting)
        morale = group.morale if group.morale is not None else stage.setting("morale")
        tested = f", morale tested ({', '.join(group.tested)})" if group.tested else ""
        reply.add(
            f"  {group.name} ({group.key}): {fighting} of {group.size} fighting, morale "
            f"{morale}{tested}",
            "note",
        )
        for foe in members:
            reply.add(foe_line(foe), "muted")
    reply.data["fight"] = to_json(fight)
    return reply
