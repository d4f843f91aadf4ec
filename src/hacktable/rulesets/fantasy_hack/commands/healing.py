"""Stabilising and healing: ``stabilise HEALER PATIENT``, ``treat HEALER PATIENT`` and
``rest [NAME...]`` (fantasy-hack Part III "Healing"; RULINGS F1; docs/rulings.md
H325, H326, H413, H415-H417).

``stabilise`` is an ally's MND + Knowledge check against DC 10, as their action: a
success stops the dying patient's bleeding (the engine's ``harm.stabilise``).
``treat`` is MND + Knowledge against DC 20 for 1d6 + 5 HP, once per injury: the HP the
treatment left are kept as state (``("treated", KEY)``) and a patient below them has
taken new damage (H415). ``rest`` is a night: level x 2 HP, 1 point of each damaged
stat back, never above the maximum. Each is one event with every before and after.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ....errors import RuleError
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....play.state import CampaignState
from ....rules.render import check_detail
from ....rules.resolution import TestOdds
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...harm import pool_of, rule_for, stabilise, with_pool
from ...ordered_fight import fight_in
from ...powers import TIME
from .. import checks, healing
from ..character import FantasyHackCharacter
from ..derived import skill_rank, stat_modifier
from ..legal import OFFERS
from ..ruleset import FantasyHack
from .common import acting, check_json, fight_change, living, odds_line, read_options, rules_of, up
from .registry import COMMANDS

__all__ = ["STABILISE_DC", "TREATED", "CareIntent", "RestIntent", "injury_of"]

STABILISE_DC = 10
"""RULINGS F1: "an ally's MND + Knowledge check, DC 10"."""

FATIGUED = "fatigued"
"""The chase's fatigue as a character's condition (RULINGS F5): a night's rest ends it."""

TREATED = "treated"
"""The state kind of the HP a treatment left, per character (H415)."""


def injury_of(state: CampaignState, character: FantasyHackCharacter) -> healing.Injury:
    """Whether the character's injury has had its treatment: it has when a treatment
    left them at HP they have not fallen below since (new damage allows another,
    Part III; H415)."""
    mark = state.get(TREATED, character.key)
    treated = isinstance(mark, dict) and character.hp >= int(mark.get("hp", 0))
    return healing.Injury(treated=treated)


def _mark(state: CampaignState, character: FantasyHackCharacter, hp: int | None) -> Change | None:
    before = state.get(TREATED, character.key)
    after = None if hp is None else {"hp": hp}
    return None if before == after else Change(TREATED, character.key, before, after)


@dataclass(frozen=True, slots=True)
class CareIntent(Intent):
    """A character tends another: stabilising (``stabilise``) or treating (``treat``).

    Attributes:
        healer: who tends, as given.
        patient: who is tended, as given.
        bonus: the GM's ``+N`` or ``-N``.
        faces: the dice entered (RULINGS G5): the d20, then (treat) the 1d6.
    """

    healer: str
    patient: str
    bonus: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The healer's player."""
        return Access.play(self.healer, what="tend")

    def entered(self) -> tuple[int, ...]:
        """The dice entered, in the order drawn."""
        return self.faces


@dataclass(frozen=True, slots=True)
class StabiliseIntent(CareIntent):
    """``stabilise HEALER PATIENT`` (RULINGS F1)."""


@dataclass(frozen=True, slots=True)
class TreatIntent(CareIntent):
    """``treat HEALER PATIENT`` (Part III "Healing")."""


def _reader(kind: type[CareIntent]) -> Any:
    def read(args: Args) -> CareIntent:
        healer = args.word("HEALER")
        patient = args.word("PATIENT")
        bonus, faces, _ = read_options(args)
        return kind(healer, patient, bonus, faces)

    return read


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if len(words) < 2:
        return [c.name for c in session.characters() if not c.dead]
    return ("roll",)


def _pair(
    session: CampaignView[Any], intent: CareIntent, doing: str
) -> tuple[FantasyHackCharacter, FantasyHackCharacter]:
    healer = up(living(session, intent.healer, doing), doing)
    patient: FantasyHackCharacter = session.character(intent.patient)
    if patient.key == healer.key:
        raise RuleError(f"{healer.name} cannot {doing} themselves: an ally does it (F1; H416)")
    if patient.dead:
        raise RuleError(f"{patient.name} is dead: too late to {doing}")
    return healer, patient


def _head(verb: str, healer: FantasyHackCharacter, patient: FantasyHackCharacter, dc: int) -> str:
    mind = stat_modifier(healer, "MND")
    knowledge = skill_rank(healer, "Knowledge").value
    return (
        f"{healer.name} {verb} {patient.name}: MND + Knowledge against DC {dc} "
        f"(MND {mind:+d}, Knowledge {knowledge:+d})"
    )


@COMMANDS.typed(
    "stabilise",
    "stabilise HEALER PATIENT [+N|-N] [roll N]",
    "an ally's MND + Knowledge check, DC 10, as their action: the dying stop bleeding",
    StabiliseIntent,
    _reader(StabiliseIntent),
    details="""
A dying character (0 HP or below) loses 1 HP at the end of each of their turns until
an ally stabilises them with a MND + Knowledge check against DC 10, as their action
(RULINGS F1; in a fight, on the healer's turn: H413), or until any healing reaches
them. A stabilised character stays unconscious at their HP. "roll N" enters the d20.
Example: stabilise Folduin Ottvar
""",
    complete=_complete,
    aliases=("stabilize",),
)
def stabilise_command(ctx: Context, intent: StabiliseIntent) -> Reply:
    """Stabilise the dying (F1)."""
    session = ctx.session
    healer, patient = _pair(session, intent, "stabilise")
    if not patient.has_condition("dying"):
        raise RuleError(f"{patient.name} is not dying ({patient.hp} HP): nothing to stabilise")
    fight, note = acting(session, ctx.principal, healer, "stabilising check")
    request, _ = checks.character_check(
        healer, checks.parse_terms("MND+Knowledge"), STABILISE_DC, intent.bonus
    )
    odds: TestOdds = checks.odds(request)
    reply = Reply()
    head = _head("stabilises", healer, patient, STABILISE_DC)
    reply.add(head, "title")
    if note:
        reply.add(f"  {note}", "muted")
    reply.add(f"  {odds_line(odds)}", "odds")
    result = checks.resolve(request, session.rng())
    reply.check(request, odds, result)
    reply.add(f"  {result.explanation}", "dice")
    after = patient
    if result.success:
        after, change = stabilise(rules_of(session), patient, session.setting)
        reply.add(f"  => {patient.name} is stable: {change.explanation}", "success")
    else:
        reply.add(f"  => {patient.name} is still dying", "failure")
    changes = [session.character_change(patient, after)] if after != patient else []
    logged = fight_change(session, fight, healer.key, f"stabilise {patient.name}")
    if logged is not None:
        changes.append(logged)
    session.commit(
        Event(
            "stabilise",
            actor=healer.name,
            summary=f"{head}: {result.explanation}",
            detail={"patient": patient.name, "check": check_detail(request, result, odds)},
            changes=tuple(changes),
            command=ctx.line,
        )
    )
    return reply


@COMMANDS.typed(
    "treat",
    "treat HEALER PATIENT [+N|-N] [roll N[,N]]",
    "medical treatment: MND + Knowledge DC 20 heals 1d6 + 5, once per injury",
    TreatIntent,
    _reader(TreatIntent),
    details="""
Out of combat, a healer's MND + Knowledge check against DC 20 heals 1d6 + 5 HP, never
above the maximum (fantasy-hack Part III "Healing"). It can be tried once per injury,
a failure too (H325); new damage allows another (H415). Healing the dying stabilises
them (F1). "roll N,N" enters the d20 and the d6.
Example: treat Folduin Ottvar
""",
    complete=_complete,
)
def treat_command(ctx: Context, intent: TreatIntent) -> Reply:
    """Treat a wounded character (Part III "Healing")."""
    session = ctx.session
    healer, patient = _pair(session, intent, "treat")
    fight = fight_in(session.state)
    if fight is not None and (fight.has_fighter(healer.name) or fight.has_fighter(patient.name)):
        raise RuleError("treatment is out of combat: 'fight end' first (Part III; H416)")
    rule = rule_for(rules_of(session), patient, session.setting)
    mind = stat_modifier(healer, "MND")
    knowledge = skill_rank(healer, "Knowledge").value
    odds = healing.treatment_odds(mind, knowledge, intent.bonus)
    try:
        treatment = healing.treat(
            rule,
            pool_of(patient),
            injury_of(session.state, patient),
            mind,
            knowledge,
            session.rng(),
            situational=intent.bonus,
        )
    except RuleError as error:  # the refusal names the patient, not only their HP
        raise RuleError(f"{patient.name}: {error}") from None
    reply = Reply()
    head = _head("treats", healer, patient, healing.TREATMENT_DC)
    reply.add(head + (f", situation {intent.bonus:+d}" if intent.bonus else ""), "title")
    reply.add(f"  {odds_line(odds)}", "odds")
    reply.add(f"  {treatment.explanation}", "dice")
    after = patient if treatment.change is None else with_pool(patient, treatment.change)
    reply.add(
        f"  => {patient.name} HP {after.hp}/{after.max_hp}; no more treatment until new damage",
        "success" if treatment.check.success else "failure",
    )
    changes = [session.character_change(patient, after)] if after != patient else []
    mark = _mark(session.state, patient, after.hp)
    if mark is not None:
        changes.append(mark)
    detail: dict[str, Any] = {"patient": patient.name, "check": check_json(treatment.check, odds)}
    if treatment.dice is not None:
        detail["healing"] = treatment.dice.total
    session.commit(
        Event(
            "treat",
            actor=healer.name,
            summary=f"{head}: {treatment.explanation}",
            detail=detail,
            changes=tuple(changes),
            command=ctx.line,
        )
    )
    return reply


# -- rest ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RestIntent(Intent):
    """A night's rest.

    Attributes:
        names: who rests, as given (``()``: every living character).
    """

    names: tuple[str, ...] = ()

    def access(self) -> Access:
        """The GM's: a night passes."""
        return Access.gm(TIME, "rest")


def _read_rest(args: Args) -> RestIntent:
    return RestIntent(tuple(args.rest()))


@COMMANDS.typed(
    "rest",
    "rest [NAME...]",
    "a full night's rest: level x 2 HP and 1 point of each damaged stat back",
    RestIntent,
    _read_rest,
    details="""
A full night's rest heals level x 2 HP, never above the maximum (said when capped),
and gives back 1 point of each damaged stat (fantasy-hack Part III "Healing"; H326).
Without names every living character rests. A dying character who rests is healed,
and so stabilised (F1). A kept disease's daily check is reminded (disease NAME).
Example: rest Ottvar Folduin
""",
    complete=lambda session, words: [c.name for c in session.characters() if not c.dead],
)
def rest_command(ctx: Context, intent: RestIntent) -> Reply:
    """A night's rest for the named (or every living) character."""
    session = ctx.session
    ruleset = rules_of(session)
    if intent.names:
        resting = [living(session, name, "rest") for name in intent.names]
    else:
        resting = [c for c in session.characters() if not c.dead]
    if not resting:
        raise RuleError("nobody to rest: character new NAME first")
    if len({c.key for c in resting}) != len(resting):
        raise RuleError("a character is named twice")
    fight = fight_in(session.state)
    if fight is not None and any(fight.has_fighter(c.name) for c in resting):
        raise RuleError("nobody rests in a fight: 'fight end' first")
    reply = Reply().add("A night's rest.", "title")
    changes: list[Change] = []
    rests: list[dict[str, Any]] = []
    for character in resting:
        rule = rule_for(ruleset, character, session.setting)
        night = healing.night_rest(rule, pool_of(character), character.level, character.stat_damage)
        after = replace(with_pool(character, night.change), stat_damage=night.stat_damage)
        reply.add(f"  {character.name}: {night.explanation}")
        if after.has_condition(FATIGUED):
            kept = tuple(c for c in after.conditions if c != FATIGUED)
            after = replace(after, conditions=kept)
            reply.add("    no longer fatigued (F5: the action scene is over)")
        if session.state.get("disease", character.key) is not None:
            reply.add(f"    the disease's daily check is due: disease {character.name}", "warning")
        changes.append(session.character_change(character, after))
        if session.state.get(TREATED, character.key) is not None:
            mark = _mark(session.state, character, None if after.hp >= after.max_hp else after.hp)
            if mark is not None:
                changes.append(mark)
        rests.append({"character": character.name, "hp": [character.hp, after.hp]})
    session.commit(
        Event(
            "rest",
            actor="GM",
            summary="a night's rest: " + ", ".join(c.name for c in resting),
            detail={"rests": rests},
            changes=tuple(changes),
            command=ctx.line,
        )
    )
    return reply


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """Stabilising and treating between each pair, and rests (the GM's)."""
    del ruleset
    characters = [c for c in view.characters() if not c.dead]
    intents: list[Intent] = []
    for healer in characters:
        for patient in characters:
            if patient.key != healer.key:
                intents.append(Words("stabilise", (healer.name, patient.name)))
                intents.append(Words("treat", (healer.name, patient.name)))
        intents.append(Words("treat", (healer.name, healer.name)))
    if role == "gm":
        intents.append(Words("rest", ()))
        intents += [Words("rest", (c.name,)) for c in characters]
    return intents


OFFERS.append(offer)
