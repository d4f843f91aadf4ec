"""``roll``: dice notation and bare usage dice (RULINGS G1-G3), in the open or in secret
(RULINGS G4, G6)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ...dice import Advantage, UsageDie, outcome_to_json, render_outcome, roll_outcome, roll_usage
from ...play.events import Event, Visibility
from ...play.outcome import Reply
from ...play.principal import Role
from ...rulesets.context import CampaignView, Context
from ...rulesets.grammar import Access, Args, Intent
from .registry import CORE


@dataclass(frozen=True, slots=True)
class RollIntent(Intent):
    """Roll dice notation or a bare usage die (RULINGS G1-G3), in the open or in secret
    (RULINGS G4).

    Attributes:
        expression: the notation, e.g. ``"4d6kh3"`` or ``"ud6"``.
        advantages: how many times ``adv`` was said.
        disadvantages: how many times ``dis`` was said (they cancel one for one).
        visibility: ``PUBLIC``; ``GM`` (``secret``: the roller and the GM see the
            result); ``BLIND`` (``blind``: only the GM does). Secret and blind rolls
            draw from the game session's secret stream (RULINGS G6).
    """

    expression: str
    advantages: int = 0
    disadvantages: int = 0
    visibility: Visibility = Visibility.PUBLIC
    faces: tuple[int, ...] = ()

    enter_word: ClassVar[str] = "entered"

    def access(self) -> Access:
        """Anyone at the table but an observer rolls dice, as themselves
        (docs/rulings.md H106)."""
        return Access.play()

    def entered(self) -> tuple[int, ...]:
        """The faces entered with ``entered N[,N...]`` (RULINGS G5)."""
        return self.faces

    def secret(self) -> bool:
        """``secret`` or ``blind`` (RULINGS G4)."""
        return self.visibility is not Visibility.PUBLIC


_ADVANTAGE = ("adv", "advantage")
_DISADVANTAGE = ("dis", "disadvantage")
_HIDDEN = {"secret": Visibility.GM, "blind": Visibility.BLIND}


def _read(args: Args) -> RollIntent:
    words = args.rest()
    faces: tuple[int, ...] = ()
    for index, word in enumerate(words):
        if word.lower() == "entered":
            if index + 1 >= len(words):
                raise args.error("entered takes the faces rolled, like 'entered 3,5'")
            faces = args.faces(words[index + 1])
            words = [*words[:index], *words[index + 2 :]]
            break
    advantages = sum(w.lower() in _ADVANTAGE for w in words)
    disadvantages = sum(w.lower() in _DISADVANTAGE for w in words)
    hidden = {_HIDDEN[w.lower()] for w in words if w.lower() in _HIDDEN}
    if len(hidden) > 1:
        raise args.error("a roll is secret or blind, not both")
    words_used = (*_ADVANTAGE, *_DISADVANTAGE, *_HIDDEN)
    text = " ".join(w for w in words if w.lower() not in words_used)
    if not text:
        raise args.error("missing the dice to roll")
    visibility = hidden.pop() if hidden else Visibility.PUBLIC
    return RollIntent(text, advantages, disadvantages, visibility, faces)


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    return ("adv", "dis", "secret", "blind", "entered", "d20", "3d6", "2d6", "d6", "ud6")


@CORE.typed(
    "roll",
    "roll EXPR [adv|dis] [secret|blind] [entered N[,N...]]",
    "roll dice: 3d6, 4d6kh3, (d6-1)x10, 2d20kh1+5, ud6; in secret or blind, or enter yours",
    RollIntent,
    _read,
    details="""
Dice notation: NdS, constants, + - and x (or *), keep highest/lowest (4d6kh3, 2d20kl1),
parentheses, d% for d100. "adv" or "dis" rolls the whole expression twice and keeps the
higher or lower total (RULINGS G2). "roll ud6" rolls a bare usage die and says whether
it steps down (RULINGS G3); to use up a character's item, use "usage NAME ITEM".
"secret": only you and the GM see the result; "blind": only the GM does (Legend Lore);
the others see that a roll was made (RULINGS G4). Both draw from the session's secret
stream, whose seed only the GM sees (RULINGS G6).
"entered 3,5" takes the dice you rolled at the table instead, one face for each die in
the order rolled: "roll 2d6 entered 3,5" (RULINGS G5; never for a secret roll).
Elsewhere the word is "roll": "test Sly DEX roll 14", "usage Sly torch roll 2".
""",
    complete=_complete,
)
def roll_command(ctx: Context, intent: RollIntent) -> Reply:
    """Roll an expression; logged as an event that changes nothing."""
    text = intent.expression
    advantage = Advantage.net(intent.advantages, intent.disadvantages)
    visibility = intent.visibility
    rng = ctx.session.rng(secret=visibility is not Visibility.PUBLIC)
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
    gm = ctx.principal.role is Role.GM
    if visibility is Visibility.BLIND and not gm:
        reply.add(f"You roll {text} blind: only the GM sees the result.", "dice")
    else:
        reply.add(summary, "dice")
    if visibility is Visibility.GM:
        reply.add("A secret roll: the others see only that it was made.", "muted")
    elif visibility is Visibility.BLIND and gm:
        reply.add("A blind roll: only the GM sees the result.", "muted")
    ctx.session.commit(
        Event(
            "roll",
            actor="GM" if gm else ctx.principal.name,
            summary=summary,
            detail=detail,
            command=ctx.line,
            visibility=visibility,
        )
    )
    return reply
