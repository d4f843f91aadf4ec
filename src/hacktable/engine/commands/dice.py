"""``roll``: dice notation and bare usage dice (RULINGS G1-G3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...dice import Advantage, UsageDie, outcome_to_json, render_outcome, roll_outcome, roll_usage
from ...play.events import Event
from ...play.outcome import Reply
from ...rulesets.context import CampaignView, Context
from ...rulesets.grammar import Access, Args, Intent
from .registry import CORE


@dataclass(frozen=True, slots=True)
class RollIntent(Intent):
    """Roll dice notation or a bare usage die (RULINGS G1-G3).

    Attributes:
        expression: the notation, e.g. ``"4d6kh3"`` or ``"ud6"``.
        advantages: how many times ``adv`` was said.
        disadvantages: how many times ``dis`` was said (they cancel one for one).
    """

    expression: str
    advantages: int = 0
    disadvantages: int = 0

    def access(self) -> Access:
        """Any player, rolling as themselves (docs/rulings.md H106)."""
        return Access.play()


def _read(args: Args) -> RollIntent:
    words = args.rest()
    advantages = sum(w.lower() in ("adv", "advantage") for w in words)
    disadvantages = sum(w.lower() in ("dis", "disadvantage") for w in words)
    text = " ".join(
        w for w in words if w.lower() not in ("adv", "advantage", "dis", "disadvantage")
    )
    if not text:
        raise args.error("missing the dice to roll")
    return RollIntent(text, advantages, disadvantages)


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    return ("adv", "dis", "d20", "3d6", "2d6", "d6", "ud6")


@CORE.typed(
    "roll",
    "roll EXPR [adv|dis]",
    "roll dice: 3d6, 4d6kh3, (d6-1)x10, 2d20kh1+5, ud6",
    RollIntent,
    _read,
    details="""
Dice notation: NdS, constants, + - and x (or *), keep highest/lowest (4d6kh3, 2d20kl1),
parentheses, d% for d100. "adv" or "dis" rolls the whole expression twice and keeps the
higher or lower total (RULINGS G2). "roll ud6" rolls a bare usage die and says whether
it steps down (RULINGS G3); to use up a character's item, use "usage NAME ITEM".
""",
    complete=_complete,
)
def roll_command(ctx: Context, intent: RollIntent) -> Reply:
    """Roll an expression; logged as an event that changes nothing."""
    text = intent.expression
    advantage = Advantage.net(intent.advantages, intent.disadvantages)
    rng = ctx.session.rng()
    reply = Reply()
    if text.lower().startswith("ud"):
        usage = roll_usage(UsageDie.parse(text), rng, advantage)
        summary = usage.explain()
        detail: dict[str, object] = {
            "usage": str(usage.before),
            "rolls": list(usage.rolls),
            "kept": usage.kept,
            "after": str(usage.after),
        }
    else:
        outcome = roll_outcome(text, rng, advantage)
        summary = render_outcome(outcome)
        detail = outcome_to_json(outcome)
    reply.add(summary, "dice")
    ctx.session.commit(Event("roll", summary=summary, detail=detail, command=ctx.line))
    return reply
