"""Initiative and the turn: ``init`` and ``next`` (fantasy-hack Part III "Combat";
RULINGS F1, F3, S5; docs/rulings.md H373, H375).

``init`` rolls every combatant's d20 + DEX modifier once through
:func:`hacktable.rules.initiative.roll_initiative` (ties by the higher DEX, then a
roll-off that never changes the shown totals), and the order is kept for the fight
(F3). ``next`` ends the current turn (a dying combatant bleeds then, F1) and gives the
turn to the next living combatant, a new round when the order wraps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...errors import RuleError
from ...play.outcome import Reply
from ...play.players import owner_of
from ...play.principal import NotAllowedError
from ...rules import hit_points
from ...rules.hit_points import Condition
from ...rules.initiative import Combatant, roll_initiative
from .. import harm
from ..context import Context
from ..grammar import Access, Args, Intent
from ..powers import FIGHTS
from .rules import FightRules
from .stage import Stage
from .state import FOES, advance

__all__ = ["InitIntent", "NextIntent", "read_init", "read_next", "resolve_init", "resolve_next"]


@dataclass(frozen=True, slots=True)
class InitIntent(Intent):
    """Every combatant rolls initiative (F3, S5).

    Attributes:
        roll: ``roll N,N,...``: the d20s rolled at the table, one per combatant in the
            order ``fight`` lists them (characters, then foes), then any roll-offs
            (RULINGS G5).
    """

    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: it rolls for everyone."""
        return Access.gm(FIGHTS, "roll initiative")

    def entered(self) -> tuple[int, ...]:
        """The dice entered with ``roll`` (RULINGS G5)."""
        return self.roll


@dataclass(frozen=True, slots=True)
class NextIntent(Intent):
    """The current turn ends (a dying combatant bleeds, F1); the next one's begins."""

    def access(self) -> Access:
        """Any player may ask (the command checks it is their character's turn,
        docs/rulings.md H375); the GM always may."""
        return Access.play(what="end the turn")


def read_init(args: Args) -> InitIntent:
    """Read ``init [roll N,N,...]``.

    Raises:
        CommandError: anything else.
    """
    faces: tuple[int, ...] = ()
    if not args.empty:
        if args.word("roll").lower() != "roll":
            raise args.error("init takes only 'roll N,N,...'")
        faces = args.faces(args.word("the faces rolled"))
    args.done()
    return InitIntent(faces)


def read_next(args: Args) -> NextIntent:
    """Read ``next`` (no words)."""
    args.done()
    return NextIntent()


def resolve_init(ctx: Context, intent: InitIntent, rules: FightRules) -> Reply:
    """Roll initiative for every living combatant and keep the order (F3, S5)."""
    del intent
    stage = Stage(ctx, rules)
    fight = stage.need_fight()
    if fight.started:
        raise RuleError(
            f"initiative was rolled for round 1: the order is kept for the fight (RULINGS F3); "
            f"it is {fight.whose_turn()} turn"
        )
    if not fight.foes:
        raise RuleError("no foes: add them with 'fight add NAME' first")
    combatants: list[Combatant] = []
    keys: dict[str, str] = {}
    for key in fight.combatant_keys():
        if not stage.alive(key):
            continue
        name = fight.name_of(key)
        if fight.side_of(key) == FOES:
            foe = fight.foe(key)
            modifier = rules.foe_initiative_modifier(foe.dex)
            tie = rules.foe_tie_key(foe.dex)
        else:
            character = stage.character(key)
            modifier = rules.initiative_modifier_in(character, stage.setting)
            tie = rules.tie_key(character)
        combatants.append(Combatant(name, modifier, tie))
        keys[name] = key
    if fight.surprise_round:
        whose = "the party's" if fight.surprise_by == "party" else "the foes'"
        stage.say(f"The surprise round ({whose} free attacks) ends.", "muted")
    initiative = roll_initiative(combatants, stage.rng, rules.tie_name)
    order = tuple(keys[name] for name in initiative.names)
    stage.say(f"Fight {fight.number}, initiative (d20 + {rules.tie_name} modifier):", "title")
    before = ("", *initiative.names)  # each tie names the one it comes after (H480)
    for roll, after in zip(initiative.order, before, strict=False):
        stage.say(f"  {roll.place}. {roll.describe(after)}", "dice")
    stage.detail["initiative"] = {
        "dice": list(initiative.dice),
        "order": [
            {
                "name": r.combatant.name,
                "face": r.face,
                "total": r.total,
                "roll_offs": list(r.roll_offs),
                "why": r.why,
            }
            for r in initiative.order
        ],
    }
    stage.fight = replace(
        fight, initiative=initiative, order=order, round=1, turn=0, acted=()
    ).logged("", initiative.explanation)
    stage.say(f"Round 1: {stage.fight.whose_turn()} turn", "title")
    return stage.commit("fight.init")


def _end_of_turn(stage: Stage, key: str) -> None:
    """A dying combatant loses HP at the end of their turn (F1); nobody else does."""
    fight = stage.need_fight()
    if fight.side_of(key) == FOES:
        foe = fight.foe(key)
        rule = stage.rules.foe_rule(stage.setting)
        change = hit_points.bleed(rule, foe.pool)
        if change.after == change.before:
            return
        conditions = _foe_conditions(change.condition)
        stage.fight = fight.with_foe(replace(foe, pool=change.after, conditions=conditions))
        stage.say(f"  {foe.name} is dying: {change.explanation}", "warning")
        return
    character = stage.character(key)
    if not character.has_condition("dying"):
        return
    after, change = harm.bleed(stage.ruleset, character, stage.setting)
    stage.update(after)
    style = "critical" if change.condition is Condition.DEAD else "warning"
    stage.say(f"  {character.name} is dying: {change.explanation} (RULINGS F1)", style)


def _foe_conditions(condition: Condition) -> tuple[str, ...]:
    """A foe's conditions for where its hit points leave it."""
    return () if condition is Condition.UP else (condition.value,)


def resolve_next(ctx: Context, intent: NextIntent, rules: FightRules) -> Reply:
    """End the current turn and begin the next living combatant's."""
    del intent
    stage = Stage(ctx, rules)
    fight = stage.need_fight()
    current = fight.current
    if current is None:
        raise RuleError("initiative has not been rolled: 'init' first")
    if not stage.gm:
        owner = owner_of(stage.session.state, current) if fight.side_of(current) != FOES else None
        if owner is None or owner.casefold() != ctx.principal.name.casefold():
            raise NotAllowedError(
                ctx.principal.name,
                "end the turn",
                f"it is {fight.whose_turn()} turn (docs/rulings.md H375)",
            )
    stage.say(f"{fight.name_of(current)}'s turn ends.")
    _end_of_turn(stage, current)
    before_round = stage.need_fight().round
    stage.fight = advance(stage.need_fight(), stage.alive)
    now = stage.fight
    if now.round != before_round:
        stage.say(f"Round {now.round} begins.", "title")
    assert now.current is not None
    stage.say(f"{now.whose_turn()} turn: {stage.hp_text(now.current)}", "title")
    return stage.commit("fight.next")
