"""Checks: ``check``, ``opposed`` and ``odds`` (fantasy-hack Part III; RULINGS F1, F4,
F5; docs/rulings.md H305, H306), and ``test`` refused with what fantasy-hack asks
instead.

A check shows its exact odds first, then the d20 and everything added, the DC and the
margin; its event carries the detail. An opposed check rolls both sides (the active
side's die first: ``roll A,B`` enters both, RULINGS G5); the active side must beat the
other (F5).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ....errors import CommandError, RuleError, UnknownNameError
from ....play.events import Event
from ....play.outcome import Reply
from ....play.principal import Role
from ....rules.checks import opposed
from ....rules.checks.variants import FANTASY_HACK_OPPOSED
from ....rules.render import check_detail
from ....rules.resolution import TestOdds, TestRequest, TestResult
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...ordered_fight import fight_in
from ...powers import MONSTER_DICE
from .. import checks
from ..character import SKILLS, STATS, FantasyHackCharacter
from ..content.bestiary import load_bestiary
from ..derived import Total
from ..foe_checks import creature_terms, foe_terms
from ..legal import OFFERS
from ..ruleset import FantasyHack
from .common import up
from .registry import COMMANDS

__all__ = ["CheckIntent", "OddsIntent", "OpposedIntent", "SideSpec"]

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


# -- opposed -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SideSpec:
    """One side of an opposed check as typed: a character and its terms, or a foe's
    modifier (a number), with the situation's modifier.

    Attributes:
        character: the character's name, or ``""`` for a foe.
        terms: ``STAT+SKILL`` (``""`` for a foe).
        modifier: a foe's modifier, or the situation's added to a character's.
    """

    character: str = ""
    terms: str = ""
    modifier: int = 0


def _is_number(word: str) -> bool:
    return word.lstrip("+-").isdigit()


def _read_side(args: Args, what: str) -> SideSpec:
    first = args.word(what)
    if _is_number(first):
        base = args.to_int(first, "the foe's modifier")
        return SideSpec("", "", base + _read_extra(args))
    terms = args.word("STAT+SKILL")
    return SideSpec(first, terms, _read_extra(args))


def _read_extra(args: Args) -> int:
    """The ``+N`` and ``-N`` that follow a side: the situation's modifiers."""
    extra = 0
    while True:
        word = args.peek() or ""
        if word[:1] not in "+-" or not _is_number(word):
            return extra
        extra += args.to_int(args.word("a modifier"), "a modifier")


@dataclass(frozen=True, slots=True)
class OpposedIntent(Intent):
    """An opposed check (Part III; F5): the active side must beat the resisting one.

    Attributes:
        active: the side acting (sneaking, breaking away, hiding).
        resisting: the side opposing it.
        faces: both d20s entered, the active side's first (RULINGS G5).
    """

    active: SideSpec
    resisting: SideSpec
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The players of the characters named; the GM when only foes roll."""
        names = [s.character for s in (self.active, self.resisting) if s.character]
        if not names:
            return Access.gm(MONSTER_DICE, "roll for foes")
        return Access.play(*names, what="make an opposed check")  # not "may not opposed"

    def entered(self) -> tuple[int, ...]:
        """Both d20s entered, the active side's first."""
        return self.faces


def _read_opposed(args: Args) -> OpposedIntent:
    active = _read_side(args, "NAME or the foe's modifier")
    word = args.word("vs")
    if word.lower() not in ("vs", "against"):
        raise args.error(
            f"an opposed check is NAME STAT+SKILL [+N] vs NAME STAT+SKILL [+N], not {word!r}"
        )
    resisting = _read_side(args, "NAME or the foe's modifier")
    faces: tuple[int, ...] = ()
    if not args.empty:
        if args.word("roll").lower() != "roll":
            raise args.error("after the two sides only 'roll A,B' may follow")
        faces = args.faces(args.word("the faces rolled"))
        if len(faces) not in (1, 2):
            raise args.error(
                "an opposed check enters two d20s, the active side's first: roll 14,9 "
                "(a player enters only their character's: roll 14)"
            )
    args.done()
    return OpposedIntent(active, resisting, faces)


def _side(session: CampaignView[Any], spec: SideSpec) -> tuple[opposed.Side, str]:
    """The engine's side and its terms in words: a character, a foe of the current
    fight by name (its bestiary ranks, docs/rulings.md H320, H397), or a bare modifier."""
    if not spec.character:
        return opposed.Side("the foe", spec.modifier), f"foe {spec.modifier:+d}"
    if not _is_character(session, spec.character):
        found = _foe_side(session, spec)
        if found is not None:
            return found
    character: FantasyHackCharacter = session.character(spec.character)
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead make no checks")
    up(character, "make an opposed check")  # RULINGS F1: at 0 HP or below, unconscious
    request, total = checks.character_check(character, checks.parse_terms(spec.terms), 10)
    terms = ", ".join(f"{w} {a:+d}" for w, a in total.terms)
    if spec.modifier:
        terms += f", situation {spec.modifier:+d}"
    label = f"{character.name} {request.attribute}"
    return opposed.Side(character.name, total.value + spec.modifier), f"{label} ({terms})"


def _foe_side(session: CampaignView[Any], spec: SideSpec) -> tuple[opposed.Side, str] | None:
    """A foe of the current fight, else a bestiary creature, as a side (H397)."""
    terms = checks.parse_terms(spec.terms)
    fight = fight_in(session.state)
    if fight is not None and fight.has_foe(spec.character):
        foe = fight.foe(spec.character)
        if foe.dead or foe.down:
            state = "dead" if foe.dead else "down"
            raise RuleError(f"{foe.name} is {state}: it makes no checks (RULINGS F1)")
        name, parts = foe.name, foe_terms(foe, terms)
    else:
        try:
            creature = load_bestiary().get(spec.character)
        except UnknownNameError:
            return None
        name, parts = creature.name, creature_terms(creature, terms)
    if spec.modifier:
        parts.append(("situation", spec.modifier))
    words = ", ".join(f"{w} {a:+d}" for w, a in parts)
    return opposed.Side(name, sum(value for _, value in parts)), f"{name} {spec.terms} ({words})"


def _is_pc(session: CampaignView[Any], spec: SideSpec) -> bool:
    """Whether the side is a character (not a foe, nor a foe's bare modifier)."""
    return bool(spec.character) and _is_character(session, spec.character)


def _is_character(session: CampaignView[Any], name: str) -> bool:
    try:
        session.character(name)
    except UnknownNameError:
        return False
    return True


def _opposed_odds(active: opposed.Side, resisting: opposed.Side) -> str:
    odds = opposed.odds(FANTASY_HACK_OPPOSED, active, resisting)
    return (
        f"odds: {active.label} wins {_pct(odds.active)}, {resisting.label} wins "
        f"{_pct(odds.resisting)} (equal totals {_pct(odds.tie)} go to {resisting.label}, F5)"
    )


@COMMANDS.typed(
    "opposed",
    "opposed NAME|FOE STAT+SKILL [+N] vs NAME|FOE STAT+SKILL [+N] | opposed N vs NAME "
    "STAT+SKILL [roll A,B]",
    "an opposed check: both roll d20 + stat + skill, the active side must beat the other",
    OpposedIntent,
    _read_opposed,
    details="""
The side named first acts (sneaks, breaks away, flees, hides); it must beat the
other's total, so equal totals go to the resisting side (fantasy-hack Part III; RULINGS
F5). A side is a character or a foe of the current fight and their STAT+SKILL (a
foe's from the bestiary), with the situation's +N, or a foe's whole modifier as a
number. "roll A,B" enters both d20s, the active side's first; a player enters only
their character's ("roll A"): a foe's die is the GM's (RULINGS G5; H248).
Example (the mugger's sneak): opposed Mugger DEX+Subterfuge +5 vs Ottvar MND+Subterfuge
""",
    complete=_complete,
)
def opposed_command(ctx: Context, intent: OpposedIntent) -> Reply:
    """An opposed check."""
    session = ctx.session
    active, active_words = _side(session, intent.active)
    resisting, resisting_words = _side(session, intent.resisting)
    if active.label == resisting.label:
        raise CommandError("an opposed check needs two sides, not one character twice", "opposed")
    rng = session.rng()
    # A player's entered dice are their characters' alone: a foe's die is the GM's, from
    # its own seeded stream (RULINGS G5; docs/rulings.md H248). The GM may enter any die.
    gm_rng = (
        session.rng(gm=True)
        if session.dice_entered() and ctx.principal.role is not Role.GM
        else None
    )
    result = opposed.resolve(
        FANTASY_HACK_OPPOSED,
        active,
        resisting,
        rng,
        active_rng=None if _is_pc(session, intent.active) else gm_rng,
        resisting_rng=None if _is_pc(session, intent.resisting) else gm_rng,
    )
    reply = Reply()
    head = f"Opposed: {active_words} vs {resisting_words}"
    reply.add(head, "title")
    reply.add(f"  {_opposed_odds(active, resisting)}", "odds")
    reply.add(f"  {result.explanation}", "dice")
    won = result.winner is opposed.Winner.ACTIVE
    winner = active.label if won else resisting.label
    reply.add(f"  => {winner} wins (margin {result.margin:+d})", "success" if won else "failure")
    detail = {
        "active": {
            "label": active.label,
            "modifier": active.modifier,
            "face": result.active.face,
            "total": result.active.total,
        },
        "resisting": {
            "label": resisting.label,
            "modifier": resisting.modifier,
            "face": result.resisting.face,
            "total": result.resisting.total,
        },
        "faces": [r.face for r in result.rolls],
        "margin": result.margin,
        "winner": result.winner.value,
    }
    session.commit(
        Event(
            "opposed",
            actor=active.label if intent.active.character else resisting.label,
            summary=f"{head}: {result.explanation}",
            detail=detail,
            command=ctx.line,
        )
    )
    return reply


# -- odds ----------------------------------------------------------------------------------


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
