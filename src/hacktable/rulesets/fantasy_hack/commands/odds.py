"""``odds``: the exact odds of a check or an opposed check, rolling nothing
(fantasy-hack Part III; RULINGS F1, F5)."""

from __future__ import annotations

from dataclasses import dataclass

from ....play.outcome import Reply
from ....rules.resolution import TestRequest
from ...context import Context
from ...grammar import Access, Args, Intent
from .. import checks
from .checks import CheckIntent, _complete, _head, _odds_line, _read_dc, _read_situation, _request
from .opposed import OpposedIntent, _is_number, _opposed_odds, _read_opposed, _side
from .registry import COMMANDS

__all__ = ["OddsIntent"]


@dataclass(frozen=True, slots=True)
class OddsIntent(Intent):
    """The exact odds of a check or an opposed check, rolling nothing.

    Attributes:
        check: a character's check, or ``None``.
        contest: an opposed check, or ``None``.
        modifier: a bare modifier's check (``odds +6 dc 15``), when neither.
        dc: the bare check's DC.
    """

    check: CheckIntent | None = None
    contest: OpposedIntent | None = None
    modifier: int = 0
    dc: int = 0

    def access(self) -> Access:
        """Anyone: odds roll nothing and store nothing."""
        return Access.read()


def _read_odds(args: Args) -> OddsIntent:
    words = list(args.words)
    if any(w.lower() in ("vs", "against") for w in words):
        contest = _read_opposed(args)
        if contest.faces:
            raise args.error("odds rolls nothing: 'roll' is for 'opposed'")
        return OddsIntent(contest=contest)
    first = args.word("NAME or +N")
    if _is_number(first):
        modifier = args.to_int(first, "the modifier")
        dc = _read_dc(args)
        args.done()
        return OddsIntent(modifier=modifier, dc=dc)
    terms = args.word("STAT+SKILL")
    dc = _read_dc(args)
    bonus, field, entered = _read_situation(args)
    if entered:
        raise args.error("odds rolls nothing: 'roll' is for 'check'")
    return OddsIntent(check=CheckIntent(first, terms, dc, bonus, field))


@COMMANDS.typed(
    "odds",
    "odds NAME STAT+SKILL dc N [+N|-N] [for FIELD] | odds +N dc N | "
    "odds NAME|FOE STAT+SKILL [+N] vs NAME|FOE STAT+SKILL [+N]",
    "the exact odds of a check or an opposed check, without rolling",
    OddsIntent,
    _read_odds,
    details="""
The same words as "check" and "opposed", or a bare modifier: odds +6 dc 15. Nothing is
rolled or logged (fantasy-hack Part III; RULINGS F1, F5).
""",
    complete=_complete,
)
def odds_command(ctx: Context, intent: OddsIntent) -> Reply:
    """Exact odds; nothing is logged."""
    session = ctx.session
    reply = Reply()
    if intent.contest is not None:
        active, active_words = _side(session, intent.contest.active)
        resisting, resisting_words = _side(session, intent.contest.resisting)
        reply.add(f"Opposed: {active_words} vs {resisting_words}", "title")
        return reply.add(f"  {_opposed_odds(active, resisting)}", "odds")
    if intent.check is not None:
        c = intent.check
        character, request, total = _request(session, c.character, c.terms, c.dc, c.bonus, c.field)
        head = _head(character.name, request, total)
    else:
        request = TestRequest("d20", intent.modifier, checks.check_dc(intent.dc))
        head = f"d20 {intent.modifier:+d} check against DC {intent.dc}"
    odds = checks.odds(request)
    reply.add(head, "title")
    reply.add(f"  {_odds_line(odds)}", "odds")
    reply.data["odds"] = {"test": head, "success": odds.success}
    return reply
