"""The ``attack`` command: d20 + to-hit against the target's AC or defence DC, meeting
or beating it hits; a hit rolls the damage and applies it (fantasy-hack Part III
"Combat", RULINGS F1, F3; skill-die S3, S5; docs/rulings.md H371, H372).

The odds are shown before the d20 (exactly, by enumeration: :mod:`..checks`). A
critical (the to-hit rule's natural 20 that hits, F3) rolls the damage dice
:meth:`~.rules.FightRules.critical_times` times and adds the attack's critical bonus.
Foes take damage under the fight rules' foe rule (F1: NPCs die at 0), characters
through :mod:`hacktable.rulesets.harm` (dying, unconscious, dead as conditions).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...dice import render_roll, roll, roll_to_json
from ...dice.advantage import Advantage
from ...errors import RuleError
from ...play.outcome import Reply
from ...play.principal import NotAllowedError, Principal, Role
from ...rules import hit_points
from ...rules.checks import against_dc
from ...rules.checks.against_dc import AgainstDCRequest
from ...rules.checks.values import AdvantageRule
from ...rules.hit_points import Condition, HitPointRule
from ...rules.resolution import Critical, TestOdds
from .. import harm
from ..base import PromptOdds
from ..context import Context
from ..grammar import Access, Args, Intent
from .rules import Attack, FightRules
from .stage import Stage
from .state import FOES, Fight

__all__ = [
    "AttackIntent",
    "attack_odds",
    "damage_foe",
    "may_act",
    "read_attack",
    "resolve_attack",
]


@dataclass(frozen=True, slots=True)
class AttackIntent(Intent):
    """One combatant attacks another.

    Attributes:
        attacker: a character's name or a foe's key or name, as given.
        target: likewise.
        weapon: ``with WEAPON`` (a character's), ``None`` for the one in hand.
        modifier: ``+N`` or ``-N`` added to the to-hit (the GM's situation).
        adv: ``adv`` words (each one a source).
        dis: ``dis`` words.
        roll: ``roll N[,N]``: the d20 (two under advantage) rolled at the table (G5).
        damage_roll: ``damage roll N,...``: the damage dice rolled at the table.
        words: the ruleset's own words (:meth:`~.rules.FightRules.attack_words`).
    """

    attacker: str
    target: str
    weapon: str | None = None
    modifier: int = 0
    adv: int = 0
    dis: int = 0
    roll: tuple[int, ...] = ()
    damage_roll: tuple[int, ...] = ()
    words: tuple[str, ...] = ()

    def access(self) -> Access:
        """The attacker's player (a foe's attack is the GM's: no player plays it)."""
        return Access.play(self.attacker, what="attack")

    def entered(self) -> tuple[int, ...]:
        """The d20 then the damage dice entered (RULINGS G5), in the order drawn."""
        return (*self.roll, *self.damage_roll)


def read_attack(args: Args, words: frozenset[str] = frozenset()) -> AttackIntent:
    """Read ``ATTACKER TARGET [with WEAPON] [+N|-N] [adv|dis] [roll N[,N]] [damage roll
    N,...]`` and any of the ruleset's own ``words``.

    Raises:
        CommandError: a malformed word.
    """
    attacker = args.word("ATTACKER")
    target = args.word("TARGET")
    found: dict[str, object] = {"adv": 0, "dis": 0}
    own: list[str] = []
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low in ("adv", "advantage", "dis", "disadvantage"):
            found[low[:3]] = int(str(found[low[:3]])) + 1
        elif low == "with":
            found["weapon"] = args.word("the weapon")
        elif low[:1] in "+-" and low[1:].isdigit():
            found["modifier"] = int(str(found.get("modifier", 0))) + args.to_int(low, "+N")
        elif low == "roll":
            found["roll"] = args.faces(args.word("the d20 rolled"))
        elif low == "damage":
            if (args.optional() or "").lower() != "roll":
                raise args.error("damage dice are entered as 'damage roll N,N'")
            found["damage_roll"] = args.faces(args.word("the damage dice rolled"))
        elif low in words:
            own.append(low)
        else:
            raise args.error(f"unexpected {word!r}")
    if own:
        found["words"] = tuple(own)
    return AttackIntent(attacker, target, **found)  # type: ignore[arg-type]


def _may_act(stage: Stage, fight: Fight, key: str) -> str:
    """Refuse an attack out of turn (:func:`may_act`)."""
    return may_act(fight, key, stage.ctx.principal, stage.rules)


_VERBS = {"spell": "cast", "stabilising check": "stabilise", "break-away": "flee"}
"""What a player refused out of turn is told they may not do, by the action's name."""


def may_act(
    fight: Fight,
    key: str,
    principal: Principal,
    rules: FightRules,
    action: str = "attack",
) -> str:
    """Refuse an action out of turn: in the surprise round only the aware side acts,
    once each; then only the combatant whose turn it is, unless the GM calls a free
    action (F5's break-away; docs/rulings.md H372). Returns a note for the GM's out of
    turn action (``""`` when in turn); a spell or a stabilising check is an action too
    (docs/rulings.md H413), whose note names it: ``action`` (docs/rulings.md H474).
    A surprised combatant's refusal cites the ruleset's
    :attr:`~.rules.FightRules.surprised_source`.

    Raises:
        RuleError: surprised, or the surprise attack already made, or no initiative yet.
        NotAllowedError: a player, out of turn.
    """
    name = fight.name_of(key)
    if fight.surprise_round:
        side = fight.side_of(key)
        if side != fight.surprise_by:
            raise RuleError(
                f"{name} is surprised: only the {fight.surprise_by} attack before 'init' "
                f"({rules.surprised_source})"
            )
        if key in fight.acted:
            raise RuleError(f"{name} has had their free attack: 'init' ends the surprise round")
        return ""
    if not fight.started:
        raise RuleError("initiative has not been rolled: 'init' first")
    if fight.current == key:
        return ""
    if principal.role is not Role.GM:
        verb = _VERBS.get(action, action)  # what is refused names the action (H502)
        raise NotAllowedError(
            principal.name,
            f"{verb} with {name}",
            f"it is {fight.whose_turn()} turn (docs/rulings.md H372)",
        )
    return f"out of turn ({fight.whose_turn()} turn): the GM's free {action}"


def _profile(stage: Stage, key: str, weapon: str | None, words: tuple[str, ...] = ()) -> Attack:
    fight = stage.need_fight()
    if fight.side_of(key) == FOES:
        if weapon is not None or words:
            raise RuleError(f"{fight.name_of(key)} attacks with its own stats, not 'with'")
        foe = fight.foe(key)
        return Attack("attack", foe.to_hit, foe.damage)
    attack = stage.rules.attack_with(
        stage.character(key), weapon, words, fight.surprise_round, stage.setting
    )
    stage.rules.check_weapon(attack)
    return attack


def _defence(stage: Stage, key: str) -> int:
    fight = stage.need_fight()
    if fight.side_of(key) == FOES:
        return fight.foe(key).ac
    return stage.rules.defence(stage.character(key), stage.setting)


@dataclass(frozen=True, slots=True)
class _Reckoned:
    """An attack reckoned before its d20: who, against what, the to-hit and its odds."""

    key: str
    target: str
    name: str
    target_name: str
    note: str
    attack: Attack
    sources: tuple[str, ...]
    hindrances: tuple[str, ...]
    advantage: Advantage
    against: str
    request: AgainstDCRequest
    odds: TestOdds


def attack_odds(ctx: Context, intent: AttackIntent, rules: FightRules) -> PromptOdds:
    """The attack ``intent`` makes and its exact to-hit odds, refused as the attack
    refuses it (out of turn, the dead, the down), nothing rolled: what a button or a
    prompt shows before the d20 (issue 12 §2; docs/rulings.md H685).

    Raises:
        HacktableError: as :func:`resolve_attack` would refuse it.
    """
    done = _reckon(Stage(ctx, rules), intent)
    test = f"{done.name} attacks {done.target_name} ({done.attack.weapon}, to-hit "
    test += f"{done.request.modifier:+d} against {done.against})"
    return PromptOdds(test, done.odds, against_dc.describe_odds(rules.to_hit_rule, done.odds))


def _reckon(stage: Stage, intent: AttackIntent) -> _Reckoned:
    """Everything an attack settles before its d20 (:func:`resolve_attack`)."""
    rules = stage.rules
    fight = stage.need_fight()
    key = stage.combatant(intent.attacker)
    target = stage.combatant(intent.target)
    name, target_name = fight.name_of(key), fight.name_of(target)
    if not stage.alive(key):
        raise RuleError(f"{name} is dead")
    if stage.down(key):
        raise RuleError(f"{name} is down ({stage.hp_text(key)}) and cannot attack")
    if target == key:
        raise RuleError(f"{name} cannot attack themselves")
    if not stage.alive(target):
        raise RuleError(f"{target_name} is already dead")
    note = _may_act(stage, fight, key)
    attack = _profile(stage, key, intent.weapon, intent.words)
    dc = _defence(stage, target)
    sources = rules.advantage_sources(stage.down(target))
    hindrances = (
        () if fight.side_of(key) == FOES else rules.attacker_disadvantages(stage.character(key))
    )
    advantage = Advantage.net(intent.adv + len(sources), intent.dis + len(hindrances))
    _check_entered(intent, rules, advantage)
    against = f"{rules.defence_name} {dc}"
    request = AgainstDCRequest(attack.to_hit + intent.modifier, dc, advantage, against)
    odds = against_dc.odds(rules.to_hit_rule, request)
    return _Reckoned(
        key,
        target,
        name,
        target_name,
        note,
        attack,
        tuple(sources),
        tuple(hindrances),
        advantage,
        against,
        request,
        odds,
    )


def resolve_attack(ctx: Context, intent: AttackIntent, rules: FightRules) -> Reply:
    """Roll an attack, show its odds first, and apply the damage of a hit."""
    stage = Stage(ctx, rules)
    done = _reckon(stage, intent)
    key, target, name, target_name = done.key, done.target, done.name, done.target_name
    note, attack, sources, hindrances = done.note, done.attack, done.sources, done.hindrances
    advantage, request, odds = done.advantage, done.request, done.odds
    head = f"{name} attacks {target_name} ({attack.weapon}, to-hit {request.modifier:+d}"
    if attack.explanation:
        head += f": {attack.explanation}"
    if intent.modifier:
        head += f", {intent.modifier:+d} situation"
    head += f", against {done.against})"
    stage.say(head, "title")
    if note:
        stage.say(f"  {note}", "muted")
    for source in sources:
        stage.say(f"  advantage: {source}", "muted")
    for source in hindrances:
        stage.say(f"  disadvantage: {source}", "muted")
    shown_odds = against_dc.describe_odds(rules.to_hit_rule, odds)  # only its criticals
    stage.say(f"  odds: {shown_odds}", "odds", log=False)
    result = against_dc.resolve(rules.to_hit_rule, request, stage.rng)
    critical = result.critical is Critical.SUCCESS
    outcome = "critical hit" if critical else "hit" if result.success else "miss"
    if intent.damage_roll and not result.success:
        raise RuleError(
            f"{name} misses ({result.explanation}): there is no damage to enter; "
            "'damage roll' only on a hit (RULINGS G5)"
        )
    stage.say(f"  {result.explanation}", "dice")
    stage.say(
        f"  => {outcome}", "critical" if critical else "success" if result.success else "failure"
    )
    stage.detail["attack"] = {
        "attacker": name,
        "target": target_name,
        "weapon": attack.weapon,
        "to_hit": request.modifier,
        "ac": request.dc,
        "advantage": int(advantage),
        "faces": list(result.faces),
        "kept": result.natural,
        "total": result.total,
        "hit": result.success,
        "critical": critical,
        "odds": odds.percentages(),
    }
    what = f"attack {target_name}: {outcome}"
    if result.success:
        amount = _damage(stage, attack, critical)
        what += f", {amount} damage"
        _apply(stage, target, amount)
    now = stage.need_fight()
    if all(f.dead or f.down for f in now.foes):
        stage.say("Every foe is down or dead: 'fight end' when the fight is over.", "muted")
    if now.surprise_round:
        now = replace(now, acted=(*now.acted, key))
    stage.fight = now.logged(key, what)
    return stage.commit("fight.attack", actor=name)


def _check_entered(intent: AttackIntent, rules: FightRules, advantage: Advantage) -> None:
    """Refuse damage dice entered without every d20 before them: the dice are drawn in
    order, so they would be read as the to-hit d20 (RULINGS G5).

    Raises:
        RuleError: ``damage roll`` without ``roll``, or with one d20 where the rule's
            advantage or disadvantage rolls two.
    """
    if not intent.damage_roll:
        return
    pairs = advantage is not Advantage.NONE and rules.to_hit_rule.advantage is (
        AdvantageRule.BEST_OF_TWO
    )
    needed = 2 if pairs else 1
    if len(intent.roll) < needed:
        shown = "roll N,N (both d20s)" if pairs else "roll N (the d20)"
        raise RuleError(
            f"'damage roll' comes after the to-hit dice: enter {shown} before it (RULINGS G5)"
        )


def _damage(stage: Stage, attack: Attack, critical: bool) -> int:
    """Roll the damage of a hit: the dice once, or on a critical as often as the rules
    say, plus the attack's bonus (and its critical bonus, F3); never below 0."""
    times = stage.rules.critical_times() if critical else 1
    rolls = [roll(attack.dice, stage.rng) for _ in range(times)]
    bonus = attack.bonus + (attack.critical_bonus if critical else 0)
    raw = sum(r.total for r in rolls) + bonus
    least = stage.rules.minimum_damage()
    total = max(least, raw)
    shown = " + ".join(render_roll(r) for r in rolls)
    if attack.bonus:
        shown += f" {'+' if attack.bonus > 0 else '-'} {abs(attack.bonus)}"
    if critical and attack.critical_bonus:
        shown += f" {'+' if attack.critical_bonus > 0 else '-'} {abs(attack.critical_bonus)}"
    if critical:
        shown += f" (critical: the dice {times} times"
        shown += f", {attack.critical_name} again)" if attack.critical_bonus else ")"
    bare = len(rolls) == 1 and shown == render_roll(rolls[0]) and total == rolls[0].total
    stage.say(f"  damage: {shown}" if bare else f"  damage: {shown} = {total}", "dice")  # H493
    stage.reply.adjust("damage", raw, total, f"damage is never below {least}")
    stage.detail["damage"] = {
        "rolls": [roll_to_json(r) for r in rolls],
        "bonus": bonus,
        "critical": critical,
        "total": total,
    }
    return total


def _apply(stage: Stage, target: str, amount: int) -> None:
    """``amount`` damage to ``target``: a foe under the foe rule, a character through
    :mod:`hacktable.rulesets.harm`."""
    fight = stage.need_fight()
    if fight.side_of(target) == FOES:
        stage.fight, change = damage_foe(fight, target, amount, stage.rules.foe_rule(stage.setting))
        name = fight.foe(target).name
    else:
        character = stage.character(target)
        after, change = harm.damage(stage.ruleset, character, amount, stage.setting)
        stage.update(after)
        name = character.name
    style = (
        "critical"
        if change.condition is Condition.DEAD
        else ("warning" if change.condition is not Condition.UP else "")
    )
    stage.say(f"  {name}: {change.explanation}", style)
    stage.detail["harm"] = {"target": name, "condition": change.condition.value}


def damage_foe(
    fight: Fight, key: str, amount: int, rule: HitPointRule
) -> tuple[Fight, hit_points.Change]:
    """The fight after ``amount`` damage to the foe keyed ``key`` under ``rule`` (the
    fight rules' foe rule: F1, NPCs die at 0), and the change to its hit points; for a
    spell as for an attack (docs/rulings.md H412).

    Raises:
        UnknownNameError: no foe is keyed so.
    """
    foe = fight.foe(key)
    change = hit_points.damage(rule, foe.pool, amount)
    conditions = () if change.condition is Condition.UP else (change.condition.value,)
    return fight.with_foe(replace(foe, pool=change.after, conditions=conditions)), change
