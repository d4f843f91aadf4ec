"""The fight's finer procedure: ``alert`` (a player wakes a surprised ally) and
``smother`` (an action spent against ongoing damage) (redhack: Combat > Initiative &
Surprise, Ongoing Damage; RULINGS R10, R13; docs/rulings.md H226). The rules are
:mod:`..procedure`; monsters holding their actions are ``hold``'s, a Dragging
character's moves ``move``'s."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS
from ..procedure import alert, smother
from ..view import CampaignView
from .act import Act, current_fight, fighter_character
from .registry import COMMANDS

__all__ = ["AlertIntent", "SmotherIntent", "alert_command", "smother_command"]


def _fighters(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    if fight is None or len(words) > 1:
        return ()
    return [f.name for f in fight.fighters]


def _burning(session: CampaignView, words: list[str]) -> Iterable[str]:
    fight = current_fight(session)
    if fight is None:
        return ()
    if not words:
        return [f.key for f in fight.active_foes() if f.ongoing]
    if len(words) == 1 and fight.has_foe(words[0]):
        return [*(o.label for o in fight.foe(words[0]).ongoing), "end"]
    return ()


@dataclass(frozen=True, slots=True)
class AlertIntent(Intent):
    """A player who was not surprised spends their action to alert a surprised ally,
    who may act at once (redhack: Combat > Initiative & Surprise; docs/rulings.md H226).

    Attributes:
        name: the alerting character's name, as given.
        ally: the surprised character's name, as given.
    """

    name: str
    ally: str

    def access(self) -> Access:
        """The alerting character's player: it is their action (docs/rulings.md
        H106)."""
        return Access.play(self.name)


def _read_alert(args: Args) -> AlertIntent:
    name, ally = args.word("NAME"), args.word("ALLY")
    args.done()
    return AlertIntent(name, ally)


@COMMANDS.typed(
    "alert",
    "alert NAME ALLY",
    "spend a character's action to wake a surprised ally, who acts at once",
    AlertIntent,
    _read_alert,
    details="""
In round one of an unexpected fight, a player who was not surprised may spend their
action to alert a surprised one, who may then act immediately; the alerter does not act
this round (redhack: Combat > Initiative & Surprise; docs/rulings.md H226).
Example: alert Aldric Mirela
""",
    complete=_fighters,
)
def alert_command(ctx: Context, intent: AlertIntent) -> Reply:
    """Alert a surprised ally."""
    act = Act(ctx)
    fighter, _ = fighter_character(act, intent.name)
    ally, character = fighter_character(act, intent.ally)
    if character.hp <= 0:
        act.need_override(f"{ally.name} is out of the fight: an alert does not wake them")
    act.fight = alert(act.need_fight(), fighter, ally)
    act.detail.update(alerted=ally.name)
    act.say(
        f"{fighter.name} spends their action alerting {ally.name}, who may act now; "
        f"{fighter.name} does not act this round"
    )
    return act.commit("fight.alert", fighter.name)


@dataclass(frozen=True, slots=True)
class SmotherIntent(Intent):
    """A foe spends its action against an ongoing damage on it: the die steps down, or
    the effect ends (redhack: Combat > Ongoing Damage; docs/rulings.md H226).

    Attributes:
        foe: the foe's key or name, as given.
        label: which ongoing damage (a prefix of its label, ``"burning oil"``), ``None``
            for the first.
        end: the effect ends (``end``: the GM says the means are at hand).
    """

    foe: str
    label: str | None = None
    end: bool = False

    def access(self) -> Access:
        """The GM's: monsters' actions (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "smother")


def _read_smother(args: Args) -> SmotherIntent:
    foe = args.word("FOE")
    words = args.rest()
    end = bool(words) and words[-1].lower() == "end"
    if end:
        words = words[:-1]
    return SmotherIntent(foe, " ".join(words) or None, end)


@COMMANDS.typed(
    "smother",
    "smother FOE [LABEL] [end]",
    "a foe spends its action against ongoing damage: the die steps down (or it ends)",
    SmotherIntent,
    _read_smother,
    details="""
"Spending an action may degrade the die or end the effect prematurely" (redhack: Combat >
Ongoing Damage): the foe's action steps the ongoing die down one size (a ud4 ends it);
"end" ends it outright when the GM says the means are at hand (water, mud). The foe's
attacks for the round are spent (docs/rulings.md H226).
Example: smother goblin-1 burning oil
""",
    complete=_burning,
)
def smother_command(ctx: Context, intent: SmotherIntent) -> Reply:
    """Spend a foe's action against ongoing damage."""
    act = Act(ctx)
    fight = act.need_fight()
    done = smother(fight.foe(intent.foe), intent.label, intent.end)
    act.fight = fight.with_foe(done.foe)
    after = "ends" if done.after is None else f"steps down: {done.before} -> {done.after}"
    act.detail.update(foe=done.foe.key, label=done.label, before=int(done.before))
    act.detail["after"] = None if done.after is None else int(done.after)
    act.say(f"{done.foe.name} spends its action on the {done.label}: it {after}")
    return act.commit("fight.smother")
