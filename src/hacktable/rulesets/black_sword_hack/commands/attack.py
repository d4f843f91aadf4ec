"""The ``attack`` command: a character's attack on an opponent, with or without one of
the ten attack effects (black-sword-hack 2.1.3, 2.1.5-2.1.10; RULINGS B1, B2, B4-B6).
The rules are :mod:`..attacks`; this module reads the words, stages what they return
and shows it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice.usage import UsageDie
from ....errors import RuleError, UnknownNameError
from ....play.outcome import Reply
from ....play.principal import NotAllowedError, Role
from ....rules.resolution import Critical, TestKind, TestRequest
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import OVERRIDING
from .. import armour, core, doom, effects, sources
from ..attacks import (
    EFFECT_TEXT,
    EFFECTS,
    NO_DAMAGE,
    Weapon,
    choose_weapon,
    damage_bounds,
    effect_mark,
    effect_named,
    hit_damage,
    mark_sources,
    sweep_targets,
)
from ..character import Character
from ..fight import Foe, Ongoing
from .complete import complete_attack
from .hits import add_ongoing, check_morale, hurt_character, hurt_foe
from .registry import COMMANDS
from .staging import Stage

__all__ = ["AttackIntent", "attack_command", "refuse_opponent"]


@dataclass(frozen=True, slots=True)
class AttackIntent(Intent):
    """A character attacks an opponent (black-sword-hack 2.1.3, 2.1.10).

    Attributes:
        attacker: the attacking character's name, as given.
        target: the opponent's key or name, as given.
        weapon: the weapon named (``with W``; ``unarmed`` for bare hands), ``None`` for
            the one in hand.
        effect: the attack effect declared (one of :data:`..attacks.EFFECTS`).
        close: for a sweep, who is close (``close A,B``), ``None`` for everyone in the
            fight (docs/rulings.md H133).
        adv: the GM's sources of advantage (each ``adv`` one).
        dis: the GM's sources of disadvantage.
        override: the GM sets aside what the rules refuse (logged).
        damage: the damage entered (the player's own dice, RULINGS G5): the hit's
            total before armour, every effect's arithmetic included; ``None`` to roll.
    """

    attacker: str
    target: str
    weapon: str | None = None
    effect: str | None = None
    close: tuple[str, ...] | None = None
    adv: int = 0
    dis: int = 0
    override: bool = False
    damage: int | None = None

    def access(self) -> Access:
        """The attacker's player (their own damage too); ``override`` is the GM's."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.attacker)


def _read_attack(args: Args) -> AttackIntent:
    attacker = args.word("ATTACKER")
    target = args.word("TARGET")
    found: dict[str, object] = {"adv": 0, "dis": 0}
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low in ("adv", "advantage", "dis", "disadvantage"):
            key = low[:3]
            found[key] = int(str(found[key])) + 1
        elif low == "with":
            found["weapon"] = args.word("the weapon")
        elif low == "effect" or effect_named(low) is not None:
            name = args.word("the effect") if low == "effect" else low
            effect = effect_named(name)
            if effect is None:
                raise args.error(f"no attack effect {name!r}: one of {', '.join(EFFECTS)}")
            if "effect" in found:
                raise args.error("one attack effect per attack (black-sword-hack 2.1.10)")
            found["effect"] = effect
        elif low == "close":
            found["close"] = tuple(n for n in args.word("who is close").split(",") if n)
        elif low == "override":
            found["override"] = True
        elif low == "damage":
            found["damage"] = args.integer("damage", minimum=0)
        else:
            raise args.error(f"unexpected {word!r}")
    if "close" in found and found.get("effect") != "sweep":
        raise args.error("'close' names who a sweep hits: add 'effect sweep'")
    return AttackIntent(attacker, target, **found)  # type: ignore[arg-type]


@COMMANDS.typed(
    "attack",
    "attack NAME TARGET [with WEAPON] [effect EFFECT] [close A,B] [adv|dis] [override] [damage N]",
    "a character attacks an opponent: STR (melee) or DEX (ranged), an effect if declared",
    AttackIntent,
    _read_attack,
    details=f"""
An attack is one of the turn's two actions (2.1.2): a STR test in melee, a DEX test
with a ranged weapon, strictly under the attribute; a higher-level foe adds the level
difference to the d20 (threat, 2.1.5). A hit deals the damage die (1d6, unarmed 1d4;
a two-handed weapon rolls it with advantage; a critical deals its maximum plus another
die) less the target's armour. Declaring an effect rolls the Doom die first (B2); it
happens on a hit whatever the Doom die shows. A Doomed character cannot declare one
(setting doomed-actions). The effects (2.1.10):
{chr(10).join(f"  {name}: {text}" for name, text in EFFECT_TEXT.items())}
A sweep hits everyone close: 'close A,B' names them (the target always among them),
else everyone in the fight, friend and foe (docs/rulings.md H133). 'damage N' enters
the damage rolled at the table (RULINGS G5): a player only a total their dice can
show, the GM any. 'override' (the GM's) sets aside a rule that refuses, logged.
""",
    complete=complete_attack,
)
def attack_command(ctx: Context, intent: AttackIntent) -> Reply:
    """A character's attack on a living opponent (docs/rulings.md H144); a critical
    failure rolls the Doom die (RULINGS B2; H142)."""
    stage = Stage(ctx, intent.override)
    fight = stage.need_fight()
    refuse_opponent(stage, intent.attacker, intent.effect)
    fighter, character = stage.fighter(intent.attacker)
    if not fight.has_foe(intent.target) and fight.has_fighter(intent.target):
        raise RuleError(
            "an attack is made on an opponent; a sweep hits the friends close by "
            "(black-sword-hack 2.1.10)"
        )
    foe = fight.foe(intent.target)
    if foe.dead:
        raise RuleError(f"{foe.name} is dead already")
    effect = intent.effect
    weapon = choose_weapon(stage.content, character, intent.weapon)
    if effect == "sweep" and intent.close is not None:
        # who is close is checked before any die (docs/rulings.md H133)
        sweep_targets(fight, character.name, foe, intent.close, lambda _name: True)
    if effect is not None:
        if effect == "sacrifice" and weapon.index is None:
            raise RuleError("sacrifice breaks the weapon: there is none to break in bare hands")
        try:
            doom.require_doom(
                character, "declare an attack effect", stage.setting("doomed-actions")
            )
        except RuleError as error:
            stage.need_override(str(error))
    stage.take_action(fighter.name, "attack")
    doom_face, effect = _declare(stage, character, effect)
    # the attack is tested as the Doom rolls left the attacker: one that exhausted the
    # die makes them Doomed for this very test (RULINGS B2; docs/rulings.md H135)
    request = _request(stage, stage.character(character.name), foe, weapon, intent)
    critical = effects.critical_range(stage.content, character, weapon.test_use)
    label = f"{character.name} attacks {foe.name}" + (f" ({effect})" if effect else "")
    result = stage.test(label, request, critical)
    stage.detail.update(
        target=foe.key,
        weapon=weapon.name,
        effect=effect,
        test={
            "faces": list(result.faces),
            "kept": result.kept,
            "success": result.success,
            "critical": result.critical.value,
            "threat": request.modifier,
        },
    )
    if result.critical is Critical.FAILURE:
        stage.doom(stage.character(character.name), "critical failure")
    if result.success:
        _hit(
            stage,
            character,
            foe,
            weapon,
            effect,
            intent,
            doom_face,
            result.critical is Critical.SUCCESS,
        )
    elif effect is not None:
        stage.say(f"  A miss: no {effect} (an effect happens on a hit, RULINGS B2)", "muted")
    if stage.can_act(fighter.key):
        stage.say(f"  {stage.actions_left(fighter.name)}", "muted", log=False)
    return stage.commit("attack", character.name)


def attack_request(stage: Stage, intent: AttackIntent) -> tuple[TestRequest, int]:
    """The attack test ``intent`` makes and its critical range, not rolled: what its
    odds are before the dice (issue 12 §2; docs/rulings.md H681). A repeated action's
    or an effect's Doom roll comes first when it is made, and may leave the attacker
    Doomed for the test (docs/rulings.md H135); these odds are those before it.

    Raises:
        RuleError: no fight, unknown names, a dead target (as the attack refuses).
    """
    fight = stage.need_fight()
    refuse_opponent(stage, intent.attacker, intent.effect)
    _fighter, character = stage.fighter(intent.attacker)
    foe = fight.foe(intent.target)
    if foe.dead:
        raise RuleError(f"{foe.name} is dead already")
    weapon = choose_weapon(stage.content, character, intent.weapon)
    request = _request(stage, character, foe, weapon, intent)
    return request, effects.critical_range(stage.content, character, weapon.test_use)


def refuse_opponent(stage: Stage, name: str, effect: str | None) -> None:
    """Refuse an opponent named as the one who acts: opponents never roll and have no
    attack effects (2.1, 2.1.10; RULINGS B6).

    Raises:
        RuleError: ``name`` is an opponent's, not a character's.
    """
    fight = stage.need_fight()
    try:
        stage.session.character(name)
    except UnknownNameError:
        if not fight.has_foe(name):
            raise
        foe = fight.foe(name)
        if effect is not None:
            raise RuleError(
                f"{foe.name} is an opponent: NPCs have no attack effects (black-sword-hack "
                "2.1.10; RULINGS B6)"
            ) from None
        raise RuleError(
            f"{foe.name} is an opponent, and opponents never roll: the player defends "
            f"against its actions ('defend NAME parry|dodge against {foe.key}'; "
            "black-sword-hack 2.1; RULINGS B6)"
        ) from None


def _declare(stage: Stage, character: Character, effect: str | None) -> tuple[int, str | None]:
    """Roll the Doom die for a declared effect (RULINGS B2): its face (for brutal) and
    the effect, which is lost when the repeat's Doom roll just exhausted the die
    (docs/rulings.md H135)."""
    if effect is None:
        return 0, None
    now = stage.character(character.name)
    allowed = str(stage.setting("doomed-actions")) == "allowed" or stage.override
    if now.doomed and not character.doomed and not allowed:
        stage.say(
            f"  {now.name} is now Doomed: no Doom die left for the {effect} "
            "(RULINGS B2); the attack is made without it",
            "warning",
        )
        return 0, None
    stage.say(f"  {now.name} declares {effect}: {EFFECT_TEXT[effect]}", "note")
    rolled = stage.doom(now, "effect")
    return (0 if rolled is None else rolled.roll.kept), effect


def _request(
    stage: Stage,
    character: Character,
    foe: Foe,
    weapon: Weapon,
    intent: AttackIntent,
) -> TestRequest:
    """The attack test: STR or DEX, the threat level on the die (2.1.5; RULINGS B1),
    the GM's sources and an entangled target's advantage (2.1.10)."""
    threat = core.threat(character.level, foe.level)
    options = TestOptions(
        advantages=("GM",) * intent.adv + mark_sources(foe),
        disadvantages=("GM",) * intent.dis,
        kind=TestKind.ATTACK,
        modifier=threat,
    )
    request = sources.character_test(
        stage.content, character, weapon.attribute, options, use=weapon.test_use
    )
    purpose = f"with {weapon.name} against {foe.name} (level {foe.level})"
    if threat:
        purpose += f", threat {threat} (black-sword-hack 2.1.5)"
    return request.replace(purpose=purpose)


_MARKED = {
    "entangled": "further attacks on it this turn have advantage",
    "pinned": "it cannot move this turn",
    "disarmed": "it cannot attack until its next go has passed (docs/rulings.md H134)",
    "broken": "its weapon (or a piece of its equipment) is broken (docs/rulings.md H130)",
}


def _hit(
    stage: Stage,
    character: Character,
    foe: Foe,
    weapon: Weapon,
    effect: str | None,
    intent: AttackIntent,
    doom_face: int,
    critical: bool,
) -> None:
    """A hit: the damage less armour (a sweep's to everyone close), then the effect."""
    deals = effect not in NO_DAMAGE
    if not deals:
        total = 0
        stage.say(f"  {effect}: no damage (2.1.10)", "muted")
    elif intent.damage is not None:
        die = effects.damage_die(stage.content, character, weapon.use)
        _check_entered(stage, intent.damage, die, critical, effect, doom_face)
        total = intent.damage
        stage.say(f"  Damage: {total}, as entered (RULINGS G5)", "dice")
    else:
        die = effects.damage_die(stage.content, character, weapon.use)
        damage = hit_damage(
            die,
            stage.rng,
            two_handed=weapon.two_handed,
            critical=critical,
            effect=effect,
            doom=doom_face,
        )
        total = damage.total
        stage.say(f"  Damage: {damage.explanation}", "dice")
    stage.detail["damage"] = total
    fallen: list[str] = []
    fight = stage.need_fight()
    if effect == "sweep":
        foes, friends = sweep_targets(
            fight,
            character.name,
            foe,
            intent.close,
            lambda name: not stage.character(name).helpless and not stage.character(name).dead,
        )
        everyone = [fight.foe(k).name for k in foes] + list(friends)
        stage.say(f"  Sweep: everyone close is hit: {', '.join(everyone)} (RULINGS B5)", "note")
        for key in foes:
            target = stage.need_fight().foe(key)
            if not target.dead and hurt_foe(stage, target, *_after_armour(total, target.armour)):
                fallen.append(key)
        for name in friends:
            rating = armour.armour_rating(stage.content, stage.character(name))
            hurt_character(stage, name, *_after_armour(total, rating))
    elif deals and hurt_foe(stage, foe, *_after_armour(total, foe.armour)):
        fallen.append(foe.key)
    if effect is not None:
        _effect(stage, character, foe.key, weapon, effect)
    if fallen:
        check_morale(stage, fallen)


def _check_entered(
    stage: Stage, entered: int, die: str, critical: bool, effect: str | None, doom: int
) -> None:
    """A player enters the damage their own dice rolled (RULINGS G5), so only a total
    those dice can show (:func:`..attacks.damage_bounds`); fixing damage beyond that is
    the GM's (docs/rulings.md H106).

    Raises:
        NotAllowedError: a player entered a total the dice cannot show.
    """
    principal = stage.ctx.principal
    if principal.role is Role.GM:
        return
    low, high = damage_bounds(die, critical=critical, effect=effect, doom=doom)
    if not low <= entered <= high:
        shown = f"a critical ({die}'s maximum plus {die})" if critical else die
        if effect in ("brutal", "sacrifice"):
            shown += f" with {effect}"
        raise NotAllowedError(
            principal.name,
            f"enter damage {entered}",
            f"{shown} shows {low} to {high}; fixing damage is the GM's",
        )


def _after_armour(total: int, rating: int) -> tuple[int, str]:
    """The damage after armour (never below 0, 2.1.7), and why, in words."""
    taken = armour.damage_taken(total, rating)
    return taken, (f"{total} - armour {rating}" if rating else f"{total}, no armour")


def _effect(stage: Stage, character: Character, key: str, weapon: Weapon, effect: str) -> None:
    """What the effect does besides damage (2.1.10)."""
    fight = stage.need_fight()
    foe = fight.foe(key)
    mark = effect_mark(fight, effect, character.name)
    if mark is not None and not foe.dead:
        stage.fight = fight.with_foe(foe.with_mark(mark))
        stage.say(f"  {foe.name} is {mark.kind}: {_MARKED[mark.kind]}", "note")
    elif effect == "shove" and not foe.dead:
        stage.say(f"  {foe.name} is shoved: pushed down, over or away (2.1.10)", "note")
    elif effect == "vicious" and not foe.dead:
        add_ongoing(stage, foe.key, Ongoing(UsageDie.UD4, "vicious wound", character.name))
    elif effect == "flurry":
        fighter = stage.need_fight().fighter(character.name)
        if stage.can_act(fighter.key):
            stage.fight = stage.need_fight().with_fighter(replace(fighter, extra_attack=True))
            stage.say(
                f"  Flurry: {character.name} gets another attack at once, costing no action "
                f"('attack {character.name} TARGET'; docs/rulings.md H132)",
                "note",
            )
    elif effect == "sacrifice" and weapon.index is not None:
        now = stage.character(character.name)
        if weapon.index < len(now.inventory) and now.inventory[weapon.index].name == weapon.name:
            stage.update(now.remove_item(weapon.index))
        stage.say(f"  {weapon.name} breaks (sacrifice, 2.1.10; docs/rulings.md H141)", "warning")
