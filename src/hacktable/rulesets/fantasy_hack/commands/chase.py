"""fantasy-hack's chases at the table: ``flee``, ``chase`` (give chase, rounds, status,
end), ``hide`` and ``mount`` over the pure :mod:`..chase` (fantasy-hack Part III
"Combat"; RULINGS F5; docs/rulings.md H393-H396).

A chase runs inside the current fight: both sides are its combatants (characters or
foes). Each command is one event holding the chase's (and the fight's and characters')
before and after, so ``undo`` reverts it. The odds come before the dice; every die may
be entered (``roll N,N``: the one fleeing's die first, RULINGS G5).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ....errors import RuleError
from ....play.codec import to_json
from ....play.events import Change
from ....play.outcome import Reply
from ....rules.checks.opposed import OpposedOdds
from ...context import CampaignView, Context
from ...grammar import Intent
from ...ordered_fight import fight_in, may_act
from ...ordered_fight.stage import Stage
from ...ordered_fight.state import FOES
from .. import chase as rules
from ..chase import Outcome, Runner
from ..chase_state import CHASE_KEY, ChaseState, chase_in, foe_runner, runner_of, tire_foe
from ..fight_rules import FATIGUED, FIGHT_RULES
from ..legal import OFFERS
from .chase_words import (
    ChaseIntent,
    FleeIntent,
    HideIntent,
    MountIntent,
    read_chase,
    read_flee,
    read_hide,
    read_mount,
)
from .registry import COMMANDS

if TYPE_CHECKING:
    import random

    from ..character import FantasyHackCharacter

__all__ = ["ChaseIntent", "FleeIntent", "HideIntent", "MountIntent"]


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.2f}%"


# -- helpers -------------------------------------------------------------------------
def _runner(stage: Stage, key: str) -> Runner:
    if stage.need_fight().side_of(key) == FOES:
        return foe_runner(stage.foe(key))
    character: FantasyHackCharacter = stage.character(key)  # type: ignore[assignment]
    return runner_of(character)


def _need_chase(stage: Stage) -> ChaseState:
    found = chase_in(stage.session.state)
    if found is None:
        raise RuleError("there is no chase: 'flee RUNNER' breaks away first")
    return found


def _store(stage: Stage, before: ChaseState | None, after: ChaseState | None) -> None:
    old = None if before is None else to_json(before)
    new = None if after is None else to_json(after)
    if old != new:
        stage.extra_changes.append(Change(*CHASE_KEY, old, new))


def _tire(stage: Stage, state: ChaseState, was: ChaseState) -> None:
    """Mark each side fatigued now (it was not before): a character's condition, a
    foe's -2 to hit and damage (F5; H395)."""
    for key in (state.fleeing, state.pursuer):
        if state.runner(key).fatigued and not was.runner(key).fatigued:
            fight = stage.need_fight()
            if fight.side_of(key) == FOES:
                stage.fight = fight.with_foe(tire_foe(fight.foe(key)))
            else:
                character = stage.character(key)
                stage.update(replace(character, conditions=(*character.conditions, FATIGUED)))
            stage.say(
                f"  {state.runner(key).name} is fatigued: -5 to chase rolls, -2 to hit "
                "and damage if it ends in a fight (F5)",
                "warning",
            )


def _opposed_line(odds: OpposedOdds, active: str, resisting: str) -> str:
    return (
        f"  odds: {active} wins {_pct(odds.active)}, {resisting} wins {_pct(odds.resisting)} "
        f"(equal totals {_pct(odds.tie)} go to {resisting}, F5)"
    )


def _terms(runner: Runner, situational: int) -> str:
    """``"Ottvar +5 (situation -4, mounted +10) = +11"``: a side's chase modifier."""
    parts = [f"situation {situational:+d}"] if situational else []
    if runner.mounted:
        parts.append(f"mounted +{rules.MOUNT_BONUS}")
    if runner.fatigued:
        parts.append(f"fatigued {rules.FATIGUE_CHASE_PENALTY:+d}")
    base = runner.athletics + runner.dex
    shown = f"{runner.name} {base:+d}"
    if parts:
        shown += f" ({', '.join(parts)}) = {runner.chase_modifier(situational):+d}"
    return shown


# -- flee ----------------------------------------------------------------------------
def _pursuer_key(stage: Stage, runner: str, given: str | None) -> str:
    fight = stage.need_fight()
    if given is not None:
        return stage.combatant(given)
    side = fight.side_of(runner)
    others = [k for k in fight.combatant_keys() if fight.side_of(k) != side and stage.alive(k)]
    if len(others) != 1:
        names = ", ".join(fight.name_of(k) for k in others) or "nobody"
        raise RuleError(f"flee from whom? 'flee {fight.name_of(runner)} from NAME' ({names})")
    return others[0]


def _foe_rng(stage: Stage, foe: bool) -> random.Random | None:
    """The GM's own source for a foe's die when a player entered theirs (a player's
    entered dice are their character's alone: RULINGS G5; docs/rulings.md H248)."""
    session = stage.session
    if foe and session.dice_entered() and not stage.gm:
        return session.rng(gm=True)
    return None


@COMMANDS.typed(
    "flee",
    "flee RUNNER [from PURSUER] [+N] [roll N,N]",
    "break away from the fight: opposed Athletics + DEX, the one fleeing must beat it (F5)",
    FleeIntent,
    read_flee,
    details="""
The one fleeing rolls d20 + Athletics + DEX against the one they are engaged with
(from PURSUER; the only living opponent by default), odds first. A loss: the pursuer
gets a free attack ('attack PURSUER RUNNER', the GM's out of turn) and the fight goes
on. A win: they get away; 'chase PURSUER' gives chase, 'chase end' lets them go.
'roll 11,2' enters the d20s, the one fleeing's first (RULINGS G5); a player enters
only their character's ('roll 11'): a foe's die is the GM's (H248).
""",
)
def flee_command(ctx: Context, intent: FleeIntent) -> Reply:
    """Roll a break-away (Part III; F5)."""
    stage = Stage(ctx, FIGHT_RULES)
    if chase_in(stage.session.state) is not None:
        raise RuleError("a chase is already on: 'chase' shows it, 'chase end' ends it")
    fight = stage.need_fight()
    runner = stage.combatant(intent.runner)
    pursuer = _pursuer_key(stage, runner, intent.pursuer)
    for key in (runner, pursuer):
        if not stage.alive(key) or stage.down(key):
            raise RuleError(f"{fight.name_of(key)} is {stage.hp_text(key)}: no chase")
    if fight.side_of(runner) == fight.side_of(pursuer):
        raise RuleError(f"{fight.name_of(pursuer)} is on {fight.name_of(runner)}'s side")
    # breaking away is the runner's action: a player's on their turn (H501)
    out_of_turn = may_act(fight, runner, ctx.principal, FIGHT_RULES, "break-away")
    begun = rules.begin(_runner(stage, runner), _runner(stage, pursuer))
    fleeing, chaser = begun.fleeing, begun.pursuer
    stage.say(
        f"{fleeing.name} tries to break away from {chaser.name}: Athletics + DEX "
        f"{fleeing.chase_modifier(intent.modifier):+d} vs {chaser.chase_modifier():+d} (F5)",
        "title",
    )
    if out_of_turn:
        stage.say(f"  {out_of_turn}", "note")
    odds = rules.break_away_odds(begun, fleeing_situational=intent.modifier)
    stage.say(_opposed_line(odds, fleeing.name, chaser.name), "odds", log=False)
    result = rules.break_away(
        begun,
        stage.rng,
        fleeing_situational=intent.modifier,
        pursuer_rng=_foe_rng(stage, fight.side_of(pursuer) == FOES),
    )
    stage.say(f"  {result.check.explanation}", "dice")
    stage.detail["break_away"] = {
        "fleeing": fleeing.name,
        "pursuer": chaser.name,
        "totals": [result.check.active.total, result.check.resisting.total],
        "faces": [result.check.active.face, result.check.resisting.face],
        "away": not result.free_attack,
    }
    if result.free_attack:
        stage.say(
            f"  => {fleeing.name} cannot break away: {chaser.name} gets a free attack "
            f"('attack {chaser.name} {fleeing.name}'); the fight goes on",
            "failure",
        )
        return stage.commit("chase.flee", actor=fleeing.name)
    stage.say(
        f"  => {fleeing.name} gets away: 'chase {chaser.name}' gives chase, 'chase end' "
        "lets them go",
        "success",
    )
    foes = tuple(k for k in (runner, pursuer) if fight.side_of(k) == FOES)
    _store(stage, None, ChaseState(result.chase, runner, pursuer, foes=foes))
    return stage.commit("chase.flee", actor=fleeing.name)


# -- chase ---------------------------------------------------------------------------
@COMMANDS.typed(
    "chase",
    "chase [status] | chase PURSUER | chase round [SIDE +N|-N]... [roll N,...] | chase end",
    "a chase: give chase, roll opposed Athletics + DEX rounds, a margin of 10 ends it (F5)",
    ChaseIntent,
    read_chase,
    details="""
After a break-away, 'chase PURSUER' gives chase. Each 'chase round' is an opposed
Athletics + DEX check (the one fleeing must beat it), the odds first; 'chase round
Ottvar -3' gives a side the situation's modifier (the barrels' -3 or -4), 'mount NAME'
a horse's +10. A margin of 10 or more ends it: the one fleeing escapes, or is caught
and the fight goes on. From round 5 each side not yet fatigued first checks Athletics
+ STR against DC 15 or is fatigued (-5 to chase rolls; -2 to hit and damage in the
fight). 'roll N,N' enters the d20s: any fatigue checks first, then the chase roll,
the one fleeing's die first each time (RULINGS G5). 'chase end' ends the chase; the
fatigue lasts until 'fight end', the end of the action scene (H472).
""",
)
def chase_command(ctx: Context, intent: ChaseIntent) -> Reply:
    """Give chase, roll a round, show or end the chase."""
    stage = Stage(ctx, FIGHT_RULES)
    state = _need_chase(stage)
    if intent.action == "status":
        reply = Reply().add(state.describe(), "title")
        for line in state.chase.history:
            reply.add(f"  {line}")
        return reply
    if intent.action == "end":
        return _end(stage, state)
    if intent.action == "give":
        key = state.key_of(intent.name)
        if key != state.pursuer:
            raise RuleError(f"{intent.name} is not the pursuer ({state.chase.pursuer.name})")
        if state.given:
            raise RuleError(f"{state.chase.pursuer.name} is already giving chase")
        stage.say(f"{state.chase.pursuer.name} gives chase to {state.chase.fleeing.name} (F5)")
        _store(stage, state, replace(state, given=True))
        return stage.commit("chase.give", actor=state.chase.pursuer.name)
    return _round(stage, state, intent.modifiers)


def _round(stage: Stage, state: ChaseState, modifiers: tuple[tuple[str, int], ...]) -> Reply:
    if not state.given:
        raise RuleError(f"'chase {state.chase.pursuer.name}' gives chase first")
    if state.chase.outcome not in (Outcome.CHASING, Outcome.FOUND):
        raise RuleError(f"the chase is over ({state.chase.outcome.value}): 'chase end'")
    extra = {state.fleeing: 0, state.pursuer: 0}
    for name, amount in modifiers:
        key = state.key_of(name)
        if key is None:
            raise RuleError(
                f"{name} is not in the chase ({state.chase.fleeing.name}, "
                f"{state.chase.pursuer.name})"
            )
        extra[key] += amount
    mine, theirs = extra[state.fleeing], extra[state.pursuer]
    chase = state.chase
    number = chase.round + 1
    stage.say(f"Chase round {number}: {chase.fleeing.name} flees {chase.pursuer.name}", "title")
    stage.say(f"  Athletics + DEX: {_terms(chase.fleeing, mine)}; {_terms(chase.pursuer, theirs)}")
    if number >= rules.FATIGUE_FROM_ROUND:
        for runner in (chase.fleeing, chase.pursuer):
            if not runner.fatigued:
                tired = rules.fatigue_odds(runner)
                stage.say(
                    f"  {runner.name} fatigue check (Athletics + STR, DC 15): "
                    f"keeps going {_pct(tired.success)}",
                    "odds",
                    log=False,
                )
    result = rules.chase_round(
        chase, stage.rng, fleeing_situational=mine, pursuer_situational=theirs
    )
    after = replace(state, chase=result.chase)
    lines = result.chase.history[len(chase.history) :]
    for line in lines[: len(result.fatigue)]:  # the fatigue checks come first (H322)
        stage.say(f"  {line}", "dice")
    rolled_at = result.chase  # as the fatigue checks left the sides: the chase roll's odds
    if any(f.fatigued for f in result.fatigue):  # H475
        stage.say(
            f"  Athletics + DEX now: {_terms(rolled_at.fleeing, mine)}; "
            f"{_terms(rolled_at.pursuer, theirs)}"
        )
    odds = rules.round_odds(rolled_at, fleeing_situational=mine, pursuer_situational=theirs)
    stage.say(
        _opposed_line(odds.opposed, chase.fleeing.name, chase.pursuer.name), "odds", log=False
    )
    stage.say(
        f"  escape (by 10 or more) {_pct(odds.escape)}, caught {_pct(odds.caught)}",
        "odds",
        log=False,
    )
    for line in lines[len(result.fatigue) :]:
        stage.say(f"  {line}", "dice")
    _tire(stage, after, state)
    outcome = result.chase.outcome
    if outcome is Outcome.ESCAPED:
        stage.say(f"  => {chase.fleeing.name} escapes: 'chase end'", "success")
    elif outcome is Outcome.CAUGHT:
        stage.say(
            f"  => {chase.pursuer.name} catches up: the fight goes on ('chase end' ends the chase)",
            "failure",
        )
    else:
        margin = result.check.margin
        lead = chase.fleeing.name if margin > 0 else chase.pursuer.name
        stage.say(f"  => {lead} wins by {abs(margin)}: the chase goes on")
    stage.detail["chase_round"] = {
        "round": number,
        "totals": [result.check.active.total, result.check.resisting.total],
        "margin": result.check.margin,
        "fatigue": {f.name: f.fatigued for f in result.fatigue},
        "outcome": outcome.value,
    }
    _store(stage, state, after)
    return stage.commit("chase.round")


def _how_it_ended(state: ChaseState) -> str:
    """One phrase for how the chase stands as it ends (H472)."""
    fleeing, pursuer = state.chase.fleeing.name, state.chase.pursuer.name
    if not state.given:
        return f"{pursuer} lets {fleeing} go"
    phrases = {
        Outcome.ESCAPED: f"{fleeing} escaped {pursuer}",
        Outcome.CAUGHT: f"{pursuer} caught {fleeing}",
        Outcome.HIDDEN: f"{fleeing} hid from {pursuer}",
        Outcome.FOUND: f"{pursuer} found {fleeing}",
    }
    rounds = f" after {state.chase.round} round(s)" if state.chase.round else ""
    return phrases.get(state.chase.outcome, f"{fleeing} and {pursuer} stop running") + rounds


def _end(stage: Stage, state: ChaseState) -> Reply:
    """End the chase. Its fatigue stays while the fight it ran in goes on and ends with
    it (F5: "ends when the 'action scene' is over"; H395 as H472 amends it)."""
    stage.say(f"The chase ends: {_how_it_ended(state)}", "title")
    fight = fight_in(stage.session.state)
    for key in (state.fleeing, state.pursuer):
        if not state.runner(key).fatigued:
            continue
        name = state.runner(key).name
        if fight is not None:
            stage.say(f"  {name} stays fatigued until the fight ends (-2 to hit and damage, F5)")
            continue
        character = stage.character(key)  # a chase kept from before H472: the fight is over
        kept = tuple(c for c in character.conditions if c != FATIGUED)
        stage.update(replace(character, conditions=kept))
        stage.say(f"  {name} catches their breath: no longer fatigued")
    _store(stage, state, None)
    return stage.commit("chase.end")


# -- hide and mount ------------------------------------------------------------------
@COMMANDS.typed(
    "hide",
    "hide RUNNER [+N] [roll N,N]",
    "the one fleeing hides: Subterfuge + DEX against the pursuer's Subterfuge + MND (F5)",
    HideIntent,
    read_hide,
    details="""
The one fleeing must beat the pursuer's total, odds first. Hidden: the pursuer loses
them and the chase is over. Found: the pursuer may act at once (an attack) or the
chase rounds go on (docs/rulings.md H323). 'roll 5,14' enters the d20s, the hider's
first (RULINGS G5); a player enters only their character's: a foe's die is the GM's.
""",
)
def hide_command(ctx: Context, intent: HideIntent) -> Reply:
    """Roll a hide (Part III; F5)."""
    stage = Stage(ctx, FIGHT_RULES)
    state = _need_chase(stage)
    if state.key_of(intent.runner) != state.fleeing:
        raise RuleError(f"only the one fleeing ({state.chase.fleeing.name}) hides")
    if not state.given:
        raise RuleError(f"nobody gives chase: {state.chase.fleeing.name} is away already")
    chase = state.chase
    hider, seeker = chase.fleeing, chase.pursuer
    stage.say(
        f"{hider.name} hides: Subterfuge + DEX {hider.subterfuge + hider.dex + intent.modifier:+d}"
        f" vs {seeker.name}'s Subterfuge + MND {seeker.subterfuge + seeker.mind:+d} (F5)",
        "title",
    )
    odds = rules.hide_odds(chase, hider_situational=intent.modifier)
    stage.say(_opposed_line(odds, hider.name, seeker.name), "odds", log=False)
    foe = state.pursuer in state.foes
    result = rules.hide(
        chase, stage.rng, hider_situational=intent.modifier, seeker_rng=_foe_rng(stage, foe)
    )
    stage.say(f"  {result.check.explanation}", "dice")
    if result.hidden:
        stage.say(f"  => {seeker.name} loses {hider.name}: the chase is over", "success")
    else:
        stage.say(f"  => {seeker.name} finds {hider.name} and may act at once (H323)", "failure")
    stage.detail["hide"] = {
        "totals": [result.check.active.total, result.check.resisting.total],
        "hidden": result.hidden,
    }
    _store(stage, state, replace(state, chase=result.chase))
    return stage.commit("chase.hide", actor=hider.name)


@COMMANDS.typed(
    "mount",
    "mount NAME [off]",
    "a side of the chase mounts a willing horse: +10 to its chase rolls (Part III)",
    MountIntent,
    read_mount,
)
def mount_command(ctx: Context, intent: MountIntent) -> Reply:
    """Mount (or leave) a horse in the chase."""
    stage = Stage(ctx, FIGHT_RULES)
    state = _need_chase(stage)
    key = state.key_of(intent.name)
    if key is None:
        raise RuleError(f"{intent.name} is not in the chase")
    name = state.runner(key).name
    if state.chase.outcome.over:  # H497: a mount after the chase is over changes nothing
        raise RuleError(f"the chase is over ({state.chase.outcome.value}): 'chase end'")
    if state.runner(key).mounted != intent.off:  # one mount, one +10: nothing to change
        raise RuleError(f"{name} is {'not' if intent.off else 'already'} mounted")
    after = replace(state, chase=rules.mount(state.chase, name, not intent.off))
    stage.say(f"{name} {'leaves the mount' if intent.off else 'mounts: +10 to chase rolls'}")
    _store(stage, state, after)
    return stage.commit("chase.mount")


def offer(ruleset: Any, view: CampaignView[Any], role: str) -> list[Intent]:
    """A break-away in a started fight; a chase's status, round, hide and end."""
    del ruleset
    if role == "observer":
        return []
    fight = fight_in(view.state)
    state = chase_in(view.state)
    if state is not None:
        intents: list[Intent] = [ChaseIntent(), ChaseIntent("end")]
        if not state.given:
            intents.append(ChaseIntent("give", state.chase.pursuer.name))
        elif not state.chase.outcome.over:
            intents.append(ChaseIntent("round"))
            if state.chase.outcome is Outcome.CHASING:
                intents.append(HideIntent(state.chase.fleeing.name))
        return intents
    if fight is None or not fight.started or fight.current is None:
        return []
    return [FleeIntent(fight.name_of(fight.current))]


OFFERS.append(offer)
