"""Sorcery: ``spells [NAME]`` and ``cast NAME SPELL [on TARGET[,TARGET]] [+N] [roll
N,...]`` (RULINGS F4; docs/rulings.md H327, H328, H410-H413).

A sorcerer knows every spell of the starter list up to half their level rounded up
(H410). A cast pays 1 + 2L HP through the engine's hit points (refused when it would
leave the caster at 0 or below, H327), then rolls in this order: the Magic To Hit (d20
+ MND + level against AC) of a targeted spell, each target's resistance (d20 + level +
the spell's stat against the spell DC 10 + L + MND), then the damage dice once for
everyone (H411). Every odds line comes before the dice; the cast is one event holding
the caster's, the targets' and the fight's before and after, so ``undo`` reverts it
whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ....errors import AmbiguousNameError, RuleError, UnknownNameError
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....play.principal import Role
from ....rules.checks import FANTASY_HACK_TO_HIT
from ....rules.checks.against_dc import describe_odds
from ....rules.hit_points import FANTASY_HACK_NPC
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...harm import pool_of, rule_for, with_pool
from ...ordered_fight import Fight, damage_foe, dex_modifier, fight_in
from .. import sorcery
from ..character import FantasyHackCharacter
from ..combat import AttackKind, to_hit_terms
from ..content.bestiary import load_bestiary
from ..content.spells import Spell, load_spells
from ..derived import armour_class, stat_modifier
from ..legal import OFFERS
from ..ruleset import FantasyHack
from .common import acting, check_json, fight_change, hurt, living, pct, rules_of, up
from .registry import COMMANDS

__all__ = ["CastIntent", "SpellsIntent", "known_spells", "max_spell_level"]

_KEYWORDS = ("on", "roll")


def max_spell_level(level: int) -> int:
    """The highest spell level a sorcerer of character level ``level`` knows: half the
    level rounded up, 0-5 (docs/rulings.md H410: level 1 knows levels 0 and 1, level
    9 and 10 all of 0-5)."""
    return max(0, min(5, (level + 1) // 2))


def known_spells(character: FantasyHackCharacter) -> tuple[Spell, ...]:
    """The starter-list spells a sorcerer knows (H410); nobody else knows any (F4)."""
    if character.klass != "sorcerer":
        return ()
    top = max_spell_level(character.level)
    return tuple(s for s in load_spells().spells if s.level <= top)


# -- spells --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SpellsIntent(Intent):
    """The starter list, a sorcerer's spells, or one spell.

    Attributes:
        name: a character, a spell, or ``""`` for the whole list.
    """

    name: str = ""

    def access(self) -> Access:
        """Anyone: it reads."""
        return Access.read()


def _read_spells(args: Args) -> SpellsIntent:
    return SpellsIntent(" ".join(args.rest()))


def _spell_line(spell: Spell, caster: sorcery.Caster | None = None) -> str:
    parts = [f"level {spell.level}", f"{spell.cost} HP"]
    if caster is not None:
        parts.append(f"DC {sorcery.spell_dc(spell, caster)}")
    if spell.to_hit:
        parts.append("Magic To Hit")
    if spell.resist != "none":
        parts.append(f"resist {spell.resist}" + (" for half" if spell.on_resist == "half" else ""))
    if spell.damage:
        parts.append(spell.damage)
    return f"{spell.name} ({', '.join(parts)}; {spell.duration}): {spell.effect}"


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters() if c.klass == "sorcerer"]
    if len(words) == 1:
        return [s.id for s in load_spells().spells]
    return ["on", "roll", *(c.name for c in session.characters())]


@COMMANDS.typed(
    "spells",
    "spells [NAME|SPELL]",
    "the sorcerers' starter list, the spells a sorcerer knows, or one spell",
    SpellsIntent,
    _read_spells,
    details="""
Without a name: every spell of the starter list by level, with its cost (1 + 2L HP).
With a sorcerer's name: the spells they know (up to half their level rounded up,
docs/rulings.md H410) with each one's DC (10 + L + MND). With a spell: that spell.
""",
    complete=lambda session, words: (
        [s.id for s in load_spells().spells] + [c.name for c in session.characters()]
    ),
)
def spells_command(ctx: Context, intent: SpellsIntent) -> Reply:
    """List spells; nothing is logged."""
    session = ctx.session
    listing = load_spells()
    reply = Reply()
    if not intent.name:
        reply.add("Sorcerer spells (RULINGS F4: cost 1 + 2L HP, DC 10 + L + MND)", "title")
        for spell in listing.spells:
            reply.add(f"  {_spell_line(spell)}")
        return reply
    try:
        spell = listing.get(intent.name)
    except UnknownNameError:
        character: FantasyHackCharacter = session.character(intent.name)
    else:
        return reply.add(_spell_line(spell), "title")
    if character.klass != "sorcerer":
        raise RuleError(f"{character.name} is a {character.klass}: only sorcerers cast (F4)")
    caster = _caster(character)
    top = max_spell_level(character.level)
    reply.add(
        f"{character.name} (sorcerer, level {character.level}) knows spells of level 0-{top} "
        f"(H410); HP {character.hp}/{character.max_hp}",
        "title",
    )
    for spell in known_spells(character):
        reply.add(f"  {_spell_line(spell, caster)}")
    return reply


# -- cast ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CastIntent(Intent):
    """A sorcerer casts a spell.

    Attributes:
        caster: the sorcerer's name, as given.
        spell: the spell's id or name, as given.
        targets: the targets' names (characters, or foes of the fight).
        bonus: the GM's ``+N`` or ``-N`` to the Magic To Hit.
        faces: the dice entered (RULINGS G5), in the order drawn: the Magic To Hit's
            d20, each target's resistance d20 (the GM's only: a player's are the
            caster's, H248), then the damage dice.
    """

    caster: str
    spell: str
    targets: tuple[str, ...] = ()
    bonus: int = 0
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The caster's player."""
        return Access.play(self.caster, what="cast")

    def entered(self) -> tuple[int, ...]:
        """The dice entered, in the order drawn."""
        return self.faces


def _read_cast(args: Args) -> CastIntent:
    caster = args.word("NAME")
    spell: list[str] = []
    while not args.empty and (args.peek() or "").lower() not in _KEYWORDS:
        word = args.peek() or ""
        if word[:1] in "+-" and word[1:].isdigit():
            break
        spell.append(args.word("SPELL"))
    if not spell:
        raise args.error("missing SPELL")
    targets: tuple[str, ...] = ()
    bonus = 0
    faces: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("an option").lower()
        if word == "on":
            targets = tuple(t for t in args.word("TARGET[,TARGET]").split(",") if t)
        elif word == "roll":
            faces = args.faces(args.word("the dice rolled"))
        elif word[:1] in "+-" and word[1:].isdigit():
            bonus += args.to_int(word, "a modifier")
        else:
            raise args.error(f"unexpected {word!r}")
    return CastIntent(caster, " ".join(spell), targets, bonus, faces)


def _caster(character: FantasyHackCharacter) -> sorcery.Caster:
    return sorcery.Caster(character.name, character.level, stat_modifier(character, "MND"))


@dataclass(frozen=True, slots=True)
class _Aim:
    """A target found: a character's key or a foe's, and how the spell sees it."""

    key: str
    foe: bool
    target: sorcery.Target


def _foe_target(fight: Fight, key: str) -> sorcery.Target:
    foe = fight.foe(key)
    if foe.ref:
        try:
            creature = load_bestiary().get(foe.ref)
        except UnknownNameError:
            pass
        else:
            return sorcery.Target(
                foe.name, foe.level, foe.ac, creature.strength, creature.dex, creature.mnd
            )
    return sorcery.Target(foe.name, foe.level, foe.ac, 0, dex_modifier(foe.dex), 0)


def _aim(session: CampaignView[Any], fight: Fight | None, name: str) -> _Aim:
    """The target called ``name``: a foe of the fight, else a character (H412).

    Raises:
        UnknownNameError: nobody in the fight or the campaign is called so.
        RuleError: the target is dead, or no fight is running and no character is so
            called (H490).
    """
    if fight is not None and not fight.has_fighter(name):
        try:
            foe = fight.foe(name)
        except AmbiguousNameError:
            raise
        except UnknownNameError:
            pass
        else:
            if foe.dead:
                raise RuleError(f"{foe.name} is already dead")
            return _Aim(foe.key, True, _foe_target(fight, foe.key))
    try:
        character: FantasyHackCharacter = session.character(name)
    except AmbiguousNameError:
        raise
    except UnknownNameError as error:
        # H490: a target is a foe of the fight or a character; the error says both.
        if fight is None:
            raise RuleError(
                f"no target {name!r}: a target is a character ({', '.join(error.choices)}) "
                "or a foe of a fight ('fight start', then 'fight add NAME from ID')"
            ) from None
        foes = [foe.key for foe in fight.foes]
        raise UnknownNameError("target", name, [*error.choices, *foes]) from None
    if character.dead:
        raise RuleError(f"{character.name} is already dead")
    target = sorcery.Target(
        character.name,
        character.level,
        armour_class(character).value,
        stat_modifier(character, "STR"),
        stat_modifier(character, "DEX"),
        stat_modifier(character, "MND"),
    )
    return _Aim(character.key, False, target)


def _check_targets(spell: Spell, aims: list[_Aim]) -> None:
    keys = [a.key for a in aims]
    if len(set(keys)) != len(keys):
        raise RuleError("a target is named twice")
    if spell.to_hit and len(aims) != 1:
        raise RuleError(f"{spell.name} needs a Magic To Hit against one target: on NAME")
    if (spell.resist != "none" or spell.damage) and not aims:
        raise RuleError(f"{spell.name} needs its targets: on NAME[,NAME]")


@COMMANDS.typed(
    "cast",
    "cast NAME SPELL [on TARGET[,TARGET]] [+N|-N] [roll N,...]",
    "a sorcerer casts a spell: 1 + 2L HP, Magic To Hit or the targets resist; odds first",
    CastIntent,
    _read_cast,
    details="""
A sorcerer casts a spell they know (up to half their level rounded up, H410) for
1 + 2L HP, refused when that would leave them at 0 HP or below (H327). A targeted spell
rolls the Magic To Hit, d20 + MND + level against the target's AC (a natural 20 that
hits rolls the damage twice, F3); each target of a spell with a stat resists with d20
+ its level + that stat against the spell DC, 10 + L + MND (a tie resists, H328): a
resisted spell does nothing, or half its damage. Targets are foes of the fight or
characters (H412). "+N" is the GM's modifier to the Magic To Hit. "roll" enters the
dice in the order drawn: the to-hit d20, each target's d20, then the damage dice (a
player enters only the caster's: the targets' d20s are the GM's, G5; H248).
Example: cast Mara arcane-dart on goblin roll 15,6
""",
    complete=_complete,
)
def cast_command(ctx: Context, intent: CastIntent) -> Reply:
    """Cast a spell (F4)."""
    session = ctx.session
    ruleset = rules_of(session)
    character = up(living(session, intent.caster, "cast"), "cast")
    if character.klass != "sorcerer":
        raise RuleError(f"{character.name} is a {character.klass}: only sorcerers cast (F4)")
    spell = load_spells().get(intent.spell)
    top = max_spell_level(character.level)
    if spell.level > top:
        raise RuleError(
            f"{character.name} (level {character.level}) knows spells of level 0-{top}, "
            f"not {spell.name} (level {spell.level}; H410)"
        )
    fight = fight_in(session.state)
    aims = [_aim(session, fight, name) for name in intent.targets]
    _check_targets(spell, aims)
    fight, note = acting(session, ctx.principal, character, "spell")
    caster = _caster(character)
    rule = rule_for(ruleset, character, session.setting)
    cost = sorcery.pay(rule, pool_of(character), spell, caster)
    dc = sorcery.spell_dc(spell, caster)
    reply = Reply()
    log: list[str] = []

    def say(text: str, style: str = "", logged: bool = True) -> None:
        reply.add(text, style)
        if logged:
            log.append(text.strip())

    say(
        f"{character.name} casts {spell.name} (level {spell.level}, {spell.cost} HP, "
        f"spell DC {dc} = 10 + {spell.level} + MND {caster.mind:+d})",
        "title",
    )
    if note:
        say(f"  {note}", "muted")
    if spell.to_hit:
        target = aims[0].target
        odds = sorcery.magic_to_hit_odds(caster, target.ac, intent.bonus)
        terms = to_hit_terms(caster.attacker, AttackKind.MAGIC, situational=intent.bonus)
        parts = ", ".join(f"{term.label} {term.value:+d}" for term in terms)
        say(
            f"  Magic To Hit {caster.mind + caster.level + intent.bonus:+d} ({parts}) against "
            f"{target.name}'s AC {target.ac}: odds {describe_odds(FANTASY_HACK_TO_HIT, odds)}",
            "odds",
            logged=False,
        )
    if spell.resist != "none":
        for aim in aims:
            odds = sorcery.resist_odds(spell, caster, aim.target)
            modifier = aim.target.level + aim.target.stat(spell.resist)
            say(
                f"  {aim.target.name} resists with d20 {modifier:+d} (level + {spell.resist}) "
                f"against DC {dc}: odds {pct(odds.success)}",
                "odds",
                logged=False,
            )
    caster_after = with_pool(character, cost)
    say(f"  {character.name} pays {spell.cost} HP: {cost.explanation}", "dice")
    detail: dict[str, Any] = {
        "spell": spell.id,
        "level": spell.level,
        "cost": spell.cost,
        "dc": dc,
        "hp": [cost.before.hp, cost.after.hp],
        "targets": [],
    }
    rng = session.rng()
    # A target's resistance d20 is the target's: when a player entered their dice, it
    # comes from the GM's own seeded stream (RULINGS G5; docs/rulings.md H248).
    entered = session.dice_entered() and ctx.principal.role is not Role.GM
    resist_rng = session.rng(gm=True) if entered else rng
    hit = None
    if spell.to_hit:
        hit = sorcery.magic_to_hit(caster, aims[0].target.ac, rng, intent.bonus)
        say(f"  {hit.explanation}", "dice")
        detail["to_hit"] = check_json(hit.check)
    affected: list[tuple[_Aim, bool]] = []
    if hit is None or hit.hit:
        for aim in aims:
            resisted = False
            if spell.resist != "none":
                check = sorcery.resist(spell, caster, aim.target, resist_rng)
                resisted = check.success
                verdict = "resists" if resisted else "does not resist"
                say(f"  {aim.target.name}: {check.explanation}: {verdict}", "dice")
                detail["targets"].append({"name": aim.target.name, "resist": check_json(check)})
            affected.append((aim, resisted))
    else:
        say("  => the spell misses", "failure")
    taking = [(a, r) for a, r in affected if not (r and spell.on_resist == "negates")]
    staged: dict[str, FantasyHackCharacter] = {character.key: caster_after}
    before: dict[str, FantasyHackCharacter] = {character.key: character}
    now = fight
    if spell.damage is not None and taking:
        rolled = sorcery.roll_spell_damage(spell, rng, critical=hit is not None and hit.critical)
        say(f"  {rolled.explanation}", "dice")
        detail["damage"] = {"rolls": [r.total for r in rolled.rolls], "total": rolled.total}
        for aim, resisted in taking:
            amount = sorcery.damage_after(spell, rolled.total, resisted)
            if aim.foe:
                assert now is not None
                now, change = damage_foe(now, aim.key, amount, FANTASY_HACK_NPC)
            else:
                who = staged.get(aim.key) or session.character(aim.target.name)
                before.setdefault(aim.key, who)
                staged[aim.key], change = hurt(session, who, amount)
            half = " (resisted: half)" if resisted else ""
            say(f"  {aim.target.name} takes {amount}{half}: {change.explanation}")
    for aim, resisted in affected:
        if spell.damage is None and not resisted:
            say(f"  {aim.target.name}: {spell.effect} ({spell.duration})", "success")
        elif resisted and spell.on_resist == "negates":
            say(f"  {aim.target.name}: no effect", "muted")
    if not aims:
        say(f"  {spell.effect} ({spell.duration})", "success")
    changes: list[Change] = []
    logged = fight_change(session, now, character.key, f"cast {spell.name}")
    if logged is not None:
        changes.append(logged)
    for key, after in staged.items():
        changes.append(session.character_change(before[key], after))
    session.commit(
        Event(
            "cast",
            actor=character.name,
            summary="; ".join(log),
            detail=detail,
            changes=tuple(changes),
            command=ctx.line,
        )
    )
    return reply


def offer(
    ruleset: FantasyHack, view: CampaignView[FantasyHackCharacter], role: str
) -> list[Intent]:
    """Each sorcerer's spells on the others and on the first foe, one too high, and
    ``spells`` (a non-sorcerer's cast is refused)."""
    del ruleset, role
    intents: list[Intent] = [Words("spells", ())]
    characters = [c for c in view.characters() if not c.dead]
    fight = fight_in(view.state)
    foes = [f.key for f in fight.foes if not f.dead] if fight is not None else []
    for character in characters:
        others = [c.name for c in characters if c.key != character.key]
        intents.append(Words("spells", (character.name,)))
        intents.append(Words("cast", (character.name, "glow")))
        if others:
            intents.append(Words("cast", (character.name, "frost-cone", "on", others[0])))
        for target in [*others[:1], *foes[:1]]:
            intents.append(Words("cast", (character.name, "arcane-dart", "on", target)))
            intents.append(Words("cast", (character.name, "daze", "on", target)))
        if len(others) >= 2:
            intents.append(Words("cast", (character.name, "flame-spray", "on", ",".join(others))))
    return intents


OFFERS.append(offer)
