"""Checks: ``check`` (fantasy-hack Part III; RULINGS F1, F4; docs/rulings.md H305,
H306); ``opposed`` is :mod:`.opposed`, ``odds`` :mod:`.odds`.

A check shows its exact odds first, then the d20 and everything added, the DC and the
margin; its event carries the detail.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ....errors import RuleError
from ....play.events import Event
from ....play.outcome import Reply
from ....rules.render import check_detail
from ....rules.resolution import TestOdds, TestRequest, TestResult
from ...base import PromptOdds
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from .. import checks
from ..character import SKILLS, STATS, FantasyHackCharacter
from ..derived import Total
from ..legal import OFFERS
from ..ruleset import FantasyHack
from .common import up
from .registry import COMMANDS

__all__ = ["CheckIntent"]

_TERMS = [f"{s}+{k}" for s in STATS for k in SKILLS] + list(STATS)
_EXPECTS = "check NAME STAT+SKILL dc N [+N|-N] [for FIELD] [roll N]"


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    if len(words) == 1:
        return _TERMS
    return ("dc", "for", "roll", "vs")


def _read_situation(args: Args) -> tuple[int, str, tuple[int, ...]]:
    """``[+N|-N]... [for FIELD] [roll N]`` after a check's DC."""
    bonus = 0
    field = ""
    entered: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("an option")
        if word[:1] in "+-" and word[1:].isdigit():
            bonus += args.to_int(word, "a modifier")
        elif word.lower() == "for":
            field = " ".join(args.word("the affinity's field").replace("-", " ").split())
        elif word.lower() == "roll":
            entered = args.faces(args.word("the faces rolled"))
        else:
            raise args.error(f"unexpected {word!r}")
    return bonus, field, entered


@dataclass(frozen=True, slots=True)
class CheckIntent(Intent):
    """A character's check: d20 + stat + skill against a DC (Part III; F1, F4).

    Attributes:
        character: the character's name, as given.
        terms: ``STR+Athletics``, as given.
        dc: the DC (1-40).
        bonus: the situation's modifier (the GM's +N or -N).
        field: an affinity's field the check is in (``for magical-lore``), or ``""``.
        faces: the d20 entered (``roll 14``, RULINGS G5), ``()`` to roll.
    """

    character: str
    terms: str
    dc: int
    bonus: int = 0
    field: str = ""
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The character's player."""
        return Access.play(self.character)

    def entered(self) -> tuple[int, ...]:
        """The d20 entered (RULINGS G5)."""
        return self.faces


def _read_dc(args: Args) -> int:
    word = args.word("dc N")
    if word.lower() != "dc":
        raise args.error(f"a check names its DC: 'dc 15', not {word!r}")
    return args.integer("the DC")


def _read_check(args: Args) -> CheckIntent:
    name = args.word("NAME")
    terms = args.word("STAT+SKILL")
    dc = _read_dc(args)
    bonus, field, entered = _read_situation(args)
    return CheckIntent(name, terms, dc, bonus, field, entered)


def _request(
    session: CampaignView[Any], name: str, terms: str, dc: int, bonus: int, field: str
) -> tuple[FantasyHackCharacter, TestRequest, Total]:
    character: FantasyHackCharacter = session.character(name)
    request, total = checks.character_check(character, checks.parse_terms(terms), dc, bonus, field)
    return character, request, total


def prompt_odds(ctx: Context, intent: Intent) -> PromptOdds | None:
    """A check's test and exact odds, for a prompt (issue 12 §2; fantasy-hack Part III;
    RULINGS F1, F4), refused as ``check`` refuses it; ``None`` for anything else."""
    if not isinstance(intent, CheckIntent):
        return None
    character, request, total = _request(
        ctx.session, intent.character, intent.terms, intent.dc, intent.bonus, intent.field
    )
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead make no checks")
    up(character, "make a check")
    odds = checks.odds(request)
    test = _head(character.name, request, total).removeprefix(f"{character.name}: ")
    return PromptOdds(test, odds, _odds_line(odds).removeprefix("odds: "))


def _head(who: str, request: TestRequest, total: Total) -> str:
    terms = ", ".join(f"{what} {amount:+d}" for what, amount in total.terms)
    if request.bonus:
        terms += f", situation {request.bonus:+d}"
    return f"{who}: {request.attribute} check against DC {request.difficulty} ({terms})"


def _odds_line(odds: TestOdds) -> str:
    return f"odds: success {_pct(odds.success)}, failure {_pct(1 - odds.success)}"


@COMMANDS.typed(
    "check",
    _EXPECTS,
    "a character's check: d20 + stat + skill meets or beats the DC; odds first",
    CheckIntent,
    _read_check,
    details="""
Roll d20, add the stat's modifier and the skill's rank (and +2 for an Expert's
affinity named with "for FIELD"), and meet or beat the DC (1-40) to succeed; the margin
is the total less the DC (fantasy-hack Part III; RULINGS F1, F4). "+N" or "-N" is the
GM's situational modifier. No natural face is special on a check.
Example: check Ottvar STR+Athletics dc 15 +2
""",
    complete=_complete,
)
def check_command(ctx: Context, intent: CheckIntent) -> Reply:
    """A character's check."""
    session = ctx.session
    character, request, total = _request(
        session, intent.character, intent.terms, intent.dc, intent.bonus, intent.field
    )
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead make no checks")
    up(character, "make a check")  # RULINGS F1: at 0 HP or below, unconscious
    odds = checks.odds(request)
    result: TestResult = checks.resolve(request, session.rng())
    reply = Reply()
    reply.check(request, odds, result)
    head = _head(character.name, request, total)
    reply.add(head, "title")
    reply.add(f"  {_odds_line(odds)}", "odds")
    reply.add(f"  {result.explanation}", "dice")
    reply.add(f"  => {result.outcome}", "success" if result.success else "failure")
    detail = check_detail(request, result, odds) | {
        "terms": [list(t) for t in total.terms],
        "margin": result.score + result.kept - request.difficulty,
    }
    session.commit(
        Event(
            "check",
            actor=character.name,
            summary=f"{head}: {result.explanation} => {result.outcome}",
            detail=detail,
            command=ctx.line,
        )
    )
    return reply


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """Checks of each stat with a skill by each living character, their odds, an
    opposed check against a foe and between two characters, a DC out of range."""
    del ruleset, role
    intents: list[Intent] = [Words("odds", ("+6", "dc", "15"))]
    living = [c for c in view.characters() if not c.dead]
    for character in living:
        name = character.name
        for stat, skill in zip(STATS, ("Athletics", "Subterfuge", "Knowledge"), strict=True):
            intents.append(Words("check", (name, f"{stat}+{skill}", "dc", "15")))
            intents.append(Words("odds", (name, f"{stat}+{skill}", "dc", "15")))
        intents.append(Words("check", (name, "STR", "dc", "12", "+2")))
        intents.append(Words("check", (name, "MND+Knowledge", "dc", "20", "for", "magical-lore")))
        intents.append(Words("check", (name, "DEX+Athletics", "dc", "41")))
        intents.append(Words("opposed", ("8", "+5", "vs", name, "MND+Subterfuge")))
        intents.append(Words("opposed", (name, "DEX+Athletics", "vs", "3")))
    if len(living) >= 2:
        a, b = living[0].name, living[1].name
        intents.append(Words("opposed", (a, "DEX+Subterfuge", "vs", b, "MND+Subterfuge")))
    return intents


OFFERS.append(offer)
