"""Hazards kept as state: ``disease`` (a daily check until cured) and ``exposure``
(extreme heat or cold, a check every 10 minutes at a DC that climbs) (fantasy-hack Part
III "Disease", "Extreme Heat & Cold"; docs/rulings.md H324, H418, H419).

A disease is caught with its DC and damage and checked at once, then once a day with
``disease NAME``: level + STR against its DC avoids (or halves) the day's damage, and
beating the DC by the cure band (10, or the GM's ``band N``) cures it. It is kept at
``("disease", KEY)`` until cured. Exposure keeps the number of checks made at
``("exposure", KEY)``: each 10 minutes' check is level + STR against DC 15 + 1 per
previous check, 1d6 damage on a failure, until ``exposure NAME end``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....errors import RuleError
from ....play.events import Change, Event
from ....play.outcome import Reply
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...powers import CHARACTERS, TIME
from .. import hazards
from ..character import FantasyHackCharacter
from ..derived import stat_modifier
from ..legal import OFFERS
from ..ruleset import FantasyHack
from .common import check_json, hurt, living, odds_line, read_options
from .hazards import PoisonSpec, afflict, read_poison, resolve_spec
from .registry import COMMANDS

__all__ = [
    "DISEASE",
    "EXPOSURE",
    "MAX_MINUTES",
    "DiseaseIntent",
    "ExposureIntent",
]

DISEASE = "disease"
"""The state kind of a character's disease (H418)."""
EXPOSURE = "exposure"
"""The state kind of a character's exposure to heat or cold (H419)."""
MAX_MINUTES = 600
"""The longest exposure one command rolls: 60 checks (H419)."""
CURE_BAND = 10
"""Part III: "If he beats the disease DC by 10 or more, the disease is cured"."""


def _names(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters() if not c.dead]
    return ("heat", "cold", "for", "end", "cure", "damage", "half", "band", "roll")


def _commit(
    ctx: Context,
    action: str,
    before: FantasyHackCharacter,
    after: FantasyHackCharacter,
    kept: Change | None,
    summary: str,
    detail: dict[str, Any],
) -> None:
    session = ctx.session
    changes = [session.character_change(before, after)] if after != before else []
    if kept is not None and kept.before != kept.after:
        changes.append(kept)
    session.commit(
        Event(
            action,
            actor=before.name,
            summary=summary,
            detail=detail,
            changes=tuple(changes),
            command=ctx.line,
        )
    )


# -- disease -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiseaseIntent(Intent):
    """A disease caught, a day's check, or a cure by other means.

    Attributes:
        character: who, as given.
        spec: the disease's words when caught (``None``: the day's check of the kept one).
        band: the cure band (10 unless the GM sets one).
        cure: the GM ends it (healed by other means).
        bonus: the GM's ``+N`` or ``-N``.
        faces: the d20 then the damage dice entered (RULINGS G5).
    """

    character: str
    spec: PoisonSpec | None = None
    band: int = CURE_BAND
    cure: bool = False
    bonus: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: the disease is the world's."""
        return Access.gm(CHARACTERS, "run a disease")

    def entered(self) -> tuple[int, ...]:
        """The d20, then the damage dice."""
        return self.faces


def _read_disease(args: Args) -> DiseaseIntent:
    name = args.word("NAME")
    following = (args.peek() or "").lower()
    if following == "cure":
        args.word("cure")
        args.done()
        return DiseaseIntent(name, cure=True)
    spec: PoisonSpec | None = None
    band = CURE_BAND
    if following and (following.isdigit() or following == "dc"):
        spec, flags, number = read_poison(args, ("band",))
        band = number if "band" in flags else CURE_BAND
    bonus, faces, _ = read_options(args)
    return DiseaseIntent(name, spec, band, False, bonus, faces)


def _disease_of(data: object) -> hazards.Disease:
    assert isinstance(data, dict)
    on = hazards.OnSuccess.HALF if data["half"] else hazards.OnSuccess.AVOID
    return hazards.Disease(
        "disease", str(data["damage"]), int(data["dc"]), str(data["target"]), on, int(data["band"])
    )


@COMMANDS.typed(
    "disease",
    "disease NAME DC [damage EXPR | STAT EXPR] [half] [band N] | disease NAME [+N] "
    "[roll N,...] | disease NAME cure",
    "a disease: a level + STR check each day until cured by beating its DC by 10",
    DiseaseIntent,
    _read_disease,
    details="""
A disease works as a poison (level + STR against its DC, its damage to HP or a stat),
but every day the character is not healed of it they check again; beating the DC by
10 or more cures it (the GM may set the band: "band 5" for a minor illness) (fantasy-
hack Part III "Disease"). "disease NAME DC ..." catches it and makes the first check at
once (H418); "disease NAME" makes the day's check; "disease NAME cure" ends it.
Example: disease Ottvar 15 STR 1d4
""",
    complete=_names,
)
def disease_command(ctx: Context, intent: DiseaseIntent) -> Reply:
    """Catch a disease, make the day's check, or cure it."""
    session = ctx.session
    character = living(session, intent.character, "fall ill")
    kept = session.state.get(DISEASE, character.key)
    reply = Reply()
    if intent.cure:
        if kept is None:
            raise RuleError(f"{character.name} has no disease to cure")
        reply.add(f"{character.name} is healed of the disease.", "success")
        change = Change(DISEASE, character.key, kept, None)
        _commit(ctx, "disease", character, character, change, reply.lines[0].text, {})
        return reply
    if intent.spec is not None:
        if kept is not None:
            raise RuleError(
                f"{character.name} already has a disease: 'disease {character.name}' for the "
                f"day's check, 'disease {character.name} cure' to end it"
            )
        spec = resolve_spec(ctx, intent.spec, "disease")
        data: dict[str, Any] = {
            "dc": spec.dc,
            "damage": spec.damage,
            "target": spec.target,
            "half": spec.half,
            "band": intent.band,
            "days": 0,
        }
        title = f"{character.name} catches a disease: DC {spec.dc}, {spec.damage}"
    elif isinstance(kept, dict):
        data = dict(kept)
        title = (
            f"{character.name}'s disease, day {int(data['days']) + 1}: DC {data['dc']}, "
            f"{data['damage']}"
        )
    else:
        raise RuleError(
            f"{character.name} has no disease: disease {character.name} DC damage EXPR "
            "(or STAT EXPR) catches one"
        )
    source = _disease_of(data)
    where = "HP" if source.target == "HP" else f"{source.target} damage"
    reply.add(f"{title} {where}; cured by beating it by {source.cure_margin}", "title")
    after, rolled, detail = afflict(session, character, source, intent.bonus, reply)
    data["days"] = int(data["days"]) + 1
    if rolled.cured:
        reply.add(f"  => {character.name} is cured", "success")
        stored = None
    else:
        reply.add(f"  the disease stays: its next check tomorrow (disease {character.name})")
        stored = data
    change = Change(DISEASE, character.key, kept, stored)
    detail["day"] = data["days"]
    detail["cured"] = rolled.cured
    _commit(ctx, "disease", character, after, change, f"{title}: {rolled.explanation}", detail)
    return reply


# -- exposure ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExposureIntent(Intent):
    """Time in extreme heat or cold without protection, or its end.

    Attributes:
        character: who, as given.
        kind: ``heat`` or ``cold`` (``""`` with ``end``).
        minutes: how long (10 a check).
        end: out of it: the count goes.
        bonus: the GM's ``+N`` or ``-N``.
        faces: each check's d20 and, on a failure, its d6, in order (RULINGS G5).
    """

    character: str
    kind: str = ""
    minutes: int = 10
    end: bool = False
    bonus: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: time in the weather passes."""
        return Access.gm(TIME, "run exposure")

    def entered(self) -> tuple[int, ...]:
        """The dice, in the order drawn."""
        return self.faces


def _read_exposure(args: Args) -> ExposureIntent:
    name = args.word("NAME")
    kind = args.word("heat, cold or end").lower()
    if kind == "end":
        args.done()
        return ExposureIntent(name, end=True)
    if kind not in ("heat", "cold"):
        raise args.error(f"exposure is to heat or cold (or 'end'), not {kind!r}")
    minutes = 10
    if (args.peek() or "").lower() == "for":
        args.word("for")
        text = args.word("MINUTES").lower().removesuffix("min").removesuffix("minutes")
        minutes = args.to_int(text, "the minutes", minimum=10)
        if minutes > MAX_MINUTES or minutes % 10:
            raise args.error(f"exposure runs in 10 minutes at a time, 10 to {MAX_MINUTES}")
    bonus, faces, _ = read_options(args)
    return ExposureIntent(name, kind, minutes, False, bonus, faces)


@COMMANDS.typed(
    "exposure",
    "exposure NAME heat|cold [for MINUTES] [+N|-N] [roll N,...] | exposure NAME end",
    "extreme heat or cold: level + STR every 10 minutes, DC 15 +1 per previous check, 1d6",
    ExposureIntent,
    _read_exposure,
    details="""
Without suitable protection, a character makes a character level + STR check every 10
minutes of extreme heat or cold, DC 15 +1 per previous check, taking 1d6 damage on each
failure (fantasy-hack Part III "Extreme Heat & Cold"). The count is kept until
"exposure NAME end" (H419). "for 30" is three checks. "roll" enters each check's d20
and, after a failure, its d6. Example: exposure Ottvar cold for 30
""",
    complete=_names,
)
def exposure_command(ctx: Context, intent: ExposureIntent) -> Reply:
    """Exposure checks, or their end."""
    session = ctx.session
    character = living(session, intent.character, "suffer the weather")
    kept = session.state.get(EXPOSURE, character.key)
    reply = Reply()
    if intent.end:
        if not isinstance(kept, dict):
            raise RuleError(f"{character.name} is not exposed to heat or cold")
        reply.add(f"{character.name} is out of the {kept['kind']}: the count goes.", "success")
        change = Change(EXPOSURE, character.key, kept, None)
        _commit(ctx, "exposure", character, character, change, reply.lines[0].text, {})
        return reply
    if isinstance(kept, dict) and kept["kind"] != intent.kind:
        raise RuleError(
            f"{character.name} is in the {kept['kind']}: 'exposure {character.name} end' first"
        )
    state = hazards.Exposure(int(kept["checks"]) if isinstance(kept, dict) else 0)
    strength = stat_modifier(character, "STR")
    title = f"{character.name} in the {intent.kind}, {intent.minutes} minutes"
    reply.add(title, "title")
    rng = session.rng()
    after = character
    lines: list[str] = []
    rolls: list[dict[str, Any]] = []
    for _ in range(intent.minutes // 10):
        odds = hazards.exposure_odds(state, character.level, strength, intent.bonus)
        reply.add(
            f"  level + STR {character.level + strength + intent.bonus:+d} against DC "
            f"{state.dc} (15 + {state.checks} previous): {odds_line(odds)}",
            "odds",
        )
        check = hazards.exposure(state, after.level, strength, rng, situational=intent.bonus)
        state = check.after
        reply.add(f"  {check.explanation}", "dice")
        lines.append(check.explanation)
        rolls.append(check_json(check.check) | {"dc": check.before.dc, "damage": check.damage})
        if check.damage:
            after, harmed = hurt(session, after, check.damage)
            reply.add(f"    {harmed.explanation}", "warning" if after.hp <= 0 else "")
        if after.dead or after.has_condition("dying"):
            reply.add(f"  {after.name} is down: the checks stop", "warning")
            break
    reply.add(f"  next check DC {state.dc}; 'exposure {character.name} end' when out of it")
    change = Change(EXPOSURE, character.key, kept, {"kind": intent.kind, "checks": state.checks})
    detail = {"kind": intent.kind, "checks": rolls}
    _commit(ctx, "exposure", character, after, change, f"{title}: " + "; ".join(lines), detail)
    return reply


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """Diseases caught, checked and cured; exposure to heat and cold and its end (the
    GM's)."""
    del ruleset
    if role != "gm":
        return []
    intents: list[Intent] = []
    for character in (c for c in view.characters() if not c.dead):
        name = character.name
        intents += [
            Words("disease", (name, "15", "STR", "1d4")),
            Words("disease", (name, "12", "damage", "1d6", "half", "band", "5")),
            Words("disease", (name,)),
            Words("disease", (name, "cure")),
            Words("exposure", (name, "heat")),
            Words("exposure", (name, "cold", "for", "30")),
            Words("exposure", (name, "end")),
        ]
    return intents


OFFERS.append(offer)
