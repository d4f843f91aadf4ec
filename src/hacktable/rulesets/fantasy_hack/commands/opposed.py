"""Opposed checks: ``opposed`` (fantasy-hack Part III; RULINGS F5; docs/rulings.md
H306, H397). Both sides roll (the active side's die first: ``roll A,B`` enters both,
RULINGS G5); the active side must beat the other (F5). A side is a character, a foe of
the fight or a bestiary creature, or a bare modifier.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....errors import CommandError, RuleError, UnknownNameError
from ....play.events import Event
from ....play.outcome import Reply
from ....play.principal import Role
from ....rules.checks import opposed
from ....rules.checks.variants import FANTASY_HACK_OPPOSED
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent
from ...ordered_fight import fight_in
from ...powers import MONSTER_DICE
from .. import checks
from ..character import FantasyHackCharacter
from ..content.bestiary import load_bestiary
from ..foe_checks import creature_terms, foe_terms
from .checks import _complete, _pct
from .common import up
from .registry import COMMANDS

__all__ = ["OpposedIntent", "SideSpec"]


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
