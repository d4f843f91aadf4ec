"""Holding and moving in a fight: ``hold`` (redhack: Combat > Holding Actions &
Reactions; RULINGS R13; docs/rulings.md H227), ``move`` and ``block`` (redhack: Combat >
Movement & Blocking)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ..combat import Band
from ..procedure import dragging_move, hold_foe
from ..technique_rules import may_block_again
from ..view import CampaignView
from .act import (
    Act,
    Overridable,
    action_fields,
    current_fight,
    fighter_character,
    read_overrides,
    replace_fighter,
)
from .fight_words import complete_names, is_character, usage_error
from .mechanics import incapacitated
from .registry import COMMANDS

__all__ = [
    "BlockIntent",
    "HoldIntent",
    "MoveIntent",
    "block_command",
    "hold_command",
    "move_command",
]


def _fighter_names(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    if fight is None or words:
        return ()
    return [f.name for f in fight.fighters]


@dataclass(frozen=True, slots=True)
class HoldIntent(Intent):
    """A character (or a monster) holds their action: they act after anyone this round,
    or first next round (redhack: Combat > Holding Actions & Reactions; RULINGS R13;
    docs/rulings.md H227).

    Attributes:
        name: the character's name, or a foe's key or name, as given.
    """

    name: str

    def access(self) -> Access:
        """The character's player; a monster's hold is the GM's (docs/rulings.md
        H106)."""
        return Access.play(self.name)


def _read_hold(args: Args) -> HoldIntent:
    name = args.word("NAME")
    args.done()
    return HoldIntent(name)


@COMMANDS.typed(
    "hold",
    "hold NAME|FOE",
    "hold a character's action: act after anyone this round, or first next round",
    HoldIntent,
    _read_hold,
    details="""
A character (or a monster: the GM's) holding their action may act after anyone this
round; still holding at its end, they act first next round without a roll. Monsters
holding over act first too, after any players still holding (redhack: Combat > Holding
Actions & Reactions; RULINGS R13; docs/rulings.md H227).
""",
    complete=_fighter_names,
)
def hold_command(ctx: Context, intent: HoldIntent) -> Reply:
    """Hold an action (redhack: Combat > Holding Actions & Reactions; RULINGS R13)."""
    act = Act(ctx)
    fight = act.need_fight()
    if fight.has_foe(intent.name) and not is_character(act, intent.name):
        foe = fight.foe(intent.name)
        act.fight = hold_foe(fight, foe)
        act.say(
            f"{foe.name} holds its action: it may act after anyone this round; if it has "
            "not by its end, it acts first next round, after any players still holding"
        )
        return act.commit("fight.hold")
    fighter, character = fighter_character(act, intent.name)
    act.need_override(fight.check_can_act(fighter, character.hp, incapacitated(character)))
    replace_fighter(act, replace(fighter, holding=True))
    act.say(
        f"{fighter.name} holds their action: they may act after anyone this round; if "
        "they have not by its end, they act first next round without a roll"
    )
    return act.commit("fight.hold", fighter.name)


@dataclass(frozen=True, slots=True)
class MoveIntent(Overridable):
    """A character (or a monster group) moves to a range band (redhack: Combat >
    Movement & Blocking; Combat > Initiative & Surprise).

    Attributes:
        who: a character's name, or a monster group's key or name, as given.
        band: the range band moved to.
        group: for a character, the group they move to (the words after the band,
            joined), ``None`` for every group.
        override, roll, damage: the GM's overrides (:class:`.fight_words.Overridable`).
    """

    who: str
    band: Band
    group: str | None = None

    def access(self) -> Access:
        """The character's player; a monster group, and ``override``, are the GM's
        (docs/rulings.md H106)."""
        return self.acting(self.who)


def _read_move(args: Args) -> MoveIntent:
    words, overrides = read_overrides(args, args.rest())
    if len(words) < 2:
        raise args.error("missing BAND")
    rest = words[2:]
    return MoveIntent(
        words[0],
        Band.parse(words[1]),
        " ".join(rest) if rest else None,
        **action_fields(overrides),
    )


@COMMANDS.typed(
    "move",
    "move NAME BAND [GROUP] | move GROUP BAND",
    "move a character (or a monster group) to close, near, far or distant",
    MoveIntent,
    _read_move,
    details="""
Every character may make a move besides their action, or give up the action to move
twice (redhack: Combat > Movement & Blocking). "move Aldric close goblins" brings Aldric
Close to the goblins; "move goblins close" brings the goblins Close to the whole party.
Monsters move on their turn (after 'next'; or while the fight is set up), and a
character surprised in round one does not move then: otherwise the GM adds 'override'.
A Long weapon has advantage in the first round its wielder and target are Close.
""",
    complete=complete_names,
)
def move_command(ctx: Context, intent: MoveIntent) -> Reply:
    """Change distances."""
    act = Act(ctx, intent.overrides())
    fight = act.need_fight()
    who, band = intent.who, intent.band
    if fight.has_fighter(act.session.character(who).name if is_character(act, who) else who):
        fighter, character = fighter_character(act, who)
        if character.hp <= 0:
            raise RuleError(f"{character.name} is out of the fight")
        if fighter.initiative == "surprised" and fight.phase != "free-round":
            act.need_override(
                f"{fighter.name} was surprised and does not act in round one (redhack: Combat "
                "> Initiative & Surprise: they wait until the second round)"
            )
        groups = (
            [g.key for g in fight.groups]
            if intent.group is None
            else [fight.group(intent.group).key]
        )
        dragged = dragging_move(fighter, character)
        moves = fighter.moves + 1
        if moves > 2:
            act.need_override(f"{fighter.name} has already moved twice this round")
        if moves == 2 and fighter.acted and not fighter.holding:
            act.need_override(f"{fighter.name} has acted: a second move costs the action")
        for key in groups:
            fighter = fighter.with_band(key, band, fight.round)
        fighter = replace(fighter, moves=moves, acted=fighter.acted or moves == 2 or bool(dragged))
        replace_fighter(act, fighter)
        if dragged:
            act.say(dragged, "note")
        target = " and ".join(fight.group(k).name for k in groups)
        act.say(
            f"{fighter.name} moves {band} to the {target}"
            + (" (a second move: no action this round)" if moves == 2 else "")
        )
        return act.commit("fight.move", fighter.name)
    group = fight.group(who)
    if intent.group is not None:
        raise usage_error("move", f"unexpected {intent.group!r}")
    if fight.phase not in ("monsters", "setup"):
        act.need_override(
            f"it is the {fight.phase} phase: the {group.name} move on the monsters' turn "
            "('next'; redhack: Combat > Movement & Blocking)"
        )
    fighters = tuple(f.with_band(group.key, band, fight.round) for f in fight.fighters)
    act.fight = replace(fight, fighters=fighters)
    act.say(f"The {group.name} move {band} to the party")
    return act.commit("fight.move")


@dataclass(frozen=True, slots=True)
class BlockIntent(Intent):
    """A character or monster uses its move to block someone moving nearby: the mover
    ends Close to the blocker (redhack: Combat > Movement & Blocking).

    Attributes:
        blocker: a character's name, or a foe's key or name, as given.
        mover: the foe (for a character blocking) or the character (for a foe), as
            given.
    """

    blocker: str
    mover: str

    def access(self) -> Access:
        """The blocking character's player; a monster blocking is the GM's
        (docs/rulings.md H106)."""
        return Access.play(self.blocker)


def _read_block(args: Args) -> BlockIntent:
    blocker, mover = args.word("BLOCKER"), args.word("MOVER")
    args.done()
    return BlockIntent(blocker, mover)


@COMMANDS.typed(
    "block",
    "block BLOCKER MOVER",
    "a character or monster uses its move to block someone moving nearby",
    BlockIntent,
    _read_block,
    details="""
When someone moves to somewhere near another who has not moved yet this turn, that one
may move to block them: the mover does not reach their target but ends Close to the
blocker, and may attack the blocker instead (redhack: Combat > Movement & Blocking).
""",
    complete=complete_names,
)
def block_command(ctx: Context, intent: BlockIntent) -> Reply:
    """Block a move."""
    act = Act(ctx)
    fight = act.need_fight()
    blocker, mover = intent.blocker, intent.mover
    if is_character(act, blocker) and fight.has_fighter(act.session.character(blocker).name):
        fighter, character = fighter_character(act, blocker)
        foe = fight.foe(mover)
        again = may_block_again(character, fighter)
        if fighter.moves and not again:
            raise RuleError(f"{fighter.name} has already moved this round")
        fighter = replace(
            fighter.with_band(foe.group, Band.CLOSE, fight.round),
            moves=1,
            blocks=fighter.blocks + 1,
        )
        if again:
            act.say(f"{fighter.name} blocks a second foe (defensive fighting)", "note")
        replace_fighter(act, fighter)
        act.say(
            f"{character.name} blocks {foe.name}: it does not get past and is Close to "
            f"{character.name}"
        )
        return act.commit("fight.block", character.name)
    foe = fight.foe(blocker)
    fighter, character = fighter_character(act, mover)
    replace_fighter(act, fighter.with_band(foe.group, Band.CLOSE, fight.round))
    act.say(f"{foe.name} blocks {character.name}: they end Close to {foe.name} instead")
    return act.commit("fight.block", character.name)
