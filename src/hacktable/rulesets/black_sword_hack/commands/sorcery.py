"""``cast``: a sorcerer casts a spell, paying with the Doom die (docs/rulings.md
H124-H126; RULINGS B1, B2).

The Doom die is rolled first (the price), then the sorcery attribute is tested with its
odds shown first; a success rolls the spell's damage, a critical failure the Doom die
again and the sorcery mishap table. The damage and the attribute a targeted character
defends with are reported (the outcome's ``casting`` data and the event's detail). In a
fight, casting is one of the caster's actions (2.1.2) and a spell's damage lands on the
foe it is cast at, less its armour (docs/rulings.md H129).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ....errors import RuleError, UnknownNameError
from ....play.events import Event
from ....play.outcome import Reply
from ....rules.render import describe_request
from ....rules.resolution import Critical
from ...base import TestOptions
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from .. import effects, sorcery
from ..armour import damage_taken
from ..character import Character
from ..legal import OFFERS
from ..ruleset import BlackSwordHack
from .hits import check_morale, hurt_foe
from .lookups import black_sword_of, character_names
from .registry import COMMANDS
from .staging import Stage, current_fight

__all__ = ["CastIntent"]

_OPTIONS = ("adv", "advantage", "dis", "disadvantage", "bonus")


@dataclass(frozen=True, slots=True)
class CastIntent(Intent):
    """Cast a sorcery (docs/rulings.md H124-H126).

    Attributes:
        name: the caster's name, as given.
        spell: the sorcery's id or name, as given.
        target: whom or what it is cast at, as given (``None``: nobody named).
        advantages: how many ``adv`` the GM called.
        disadvantages: how many ``dis``.
        bonus: ``bonus N``, added to the attribute.
    """

    name: str
    spell: str
    target: str | None = None
    advantages: int = 0
    disadvantages: int = 0
    bonus: int = 0

    def access(self) -> Access:
        """The caster's player (docs/rulings.md H106)."""
        return Access.play(self.name)


def _read_cast(args: Args) -> CastIntent:
    name = args.word("NAME")
    spell: list[str] = []
    target: list[str] = []
    into = spell
    advantages = disadvantages = bonus = 0
    while not args.empty:
        word = args.word("a sorcery")
        low = word.lower()
        if low == "at" and into is spell and spell:
            into = target
        elif low in ("adv", "advantage"):
            advantages += 1
        elif low in ("dis", "disadvantage"):
            disadvantages += 1
        elif low == "bonus":
            bonus += args.integer("bonus")
        else:
            into.append(word)
    if not spell:
        raise args.error("missing SPELL")
    if into is target and not target:
        raise args.error("'at' names a target")
    return CastIntent(
        name, " ".join(spell), " ".join(target) or None, advantages, disadvantages, bonus
    )


def _complete(session: CampaignView[Character], words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    if len(words) == 1:
        try:
            caster = session.character(words[0])
        except Exception:
            return ()
        return [s.id for s in sorcery.spells_known(black_sword_of(session).content, caster)]
    return ("at", *_OPTIONS)


@COMMANDS.typed(
    "cast",
    "cast NAME SPELL [at TARGET] [adv|dis]... [bonus N]",
    "cast a sorcery: the Doom die is its price, then the sorcery attribute is tested",
    CastIntent,
    _read_cast,
    details="""
A character casts when a background or gift gives them sorcery, and knows the sorceries
it teaches. The Doom die is rolled first, whatever happens; a Doomed character cannot
cast unless the doomed-actions setting allows it. Then the sorcery attribute is tested
(INT, WIS or CHA, as the gift says). A success works the spell and rolls its damage (a
critical: the die's maximum and another die); a critical failure rolls the Doom die
again and the sorcery-mishap table (docs/rulings.md H124-H126).
  cast Mirela witchfire at "Guard 1"
""",
    complete=_complete,
)
def cast_command(ctx: Context, intent: CastIntent) -> Reply:
    """Cast a spell; in a fight, as one of the caster's actions, its damage landing on
    the foe it is cast at (docs/rulings.md H129)."""
    session = ctx.session
    fight = current_fight(session)
    in_fight = fight is not None and fight.has_fighter(session.character(intent.name).name)
    stage = Stage(ctx) if in_fight else None
    if stage is not None:
        _check_target(stage, intent.spell, intent.target)
        stage.take_action(intent.name, "cast")  # refused before any die; a repeat: Doom
    character: Character = (
        stage.character(intent.name) if stage is not None else session.character(intent.name)
    )
    content = black_sword_of(session).content
    options = TestOptions(
        bonus=intent.bonus,
        advantages=("GM",) * intent.advantages,
        disadvantages=("GM",) * intent.disadvantages,
    )
    done = sorcery.cast(
        content,
        character,
        intent.spell,
        stage.rng if stage is not None else session.rng(),
        options=options,
        doomed_actions=session.setting("doomed-actions"),
        target=intent.target,
    )
    reply = stage.reply if stage is not None else Reply()
    summary = _show(reply, character, done)
    if stage is not None:
        stage.update(done.character)
        stage.log.append(summary)
        stage.detail["casting"] = done.detail()
        _land(stage, done)
        stage.reply.add(f"  {stage.actions_left(character.name)}", "muted")
        stage.reply.data["casting"] = dict(done.detail())
        return stage.commit("sorcery.cast", actor=character.name)
    detail = done.detail()
    reply.data["casting"] = dict(detail)
    after = done.character
    changes = () if after == character else (session.character_change(character, after),)
    session.commit(
        Event(
            "sorcery.cast",
            actor=character.name,
            summary=summary,
            detail=detail,
            changes=changes,
            command=ctx.line,
        )
    )
    return reply


def _show(reply: Reply, character: Character, done: sorcery.Casting) -> str:
    """The casting in lines (the price, the test with its odds first, what it did); the
    summary for the log."""
    spell, result = done.spell, done.result
    at = f" at {done.target}" if done.target else ""
    reply.add(f"{character.name} casts {spell.name}{at}", "title")
    reply.add(f"  {spell.text}", "muted")
    if done.price is None:
        reply.add("  Doomed: no Doom die to pay with (the doomed-actions setting allows it)")
    else:
        reply.add(f"  price: {done.price.explain()}", "dice")
    request = done.request
    reply.add(f"  {character.name}: {describe_request(request)}")
    reply.add(f"  odds: {done.odds.describe()}", "odds")
    reply.add(f"  {result.explanation}", "dice")
    style = (
        "critical"
        if result.critical is not Critical.NONE
        else ("success" if result.success else "failure")
    )
    reply.add(f"  => {result.outcome}", style)
    reply.check(request, done.odds, result)
    words = [f"{character.name} casts {spell.name}{at}", result.outcome]
    if result.success:
        words.append(_worked(reply, done))
    elif done.mishap is not None:
        if done.mishap_doom is not None:
            reply.add(f"  {done.mishap_doom.explain()}", "dice")
        else:
            reply.add("  no Doom die left to roll for the critical failure", "muted")
        mishap = done.mishap
        reply.add(f"  {mishap.explanation}", "dice")
        reply.add(f"  {mishap.table_name}: {mishap.result}. {mishap.effect}", "warning")
        reply.table(
            mishap.table_id,
            mishap.table_name,
            mishap.value,
            mishap.result,
            mishap.effect,
            mishap.explanation,
        )
        words.append(f"mishap: {mishap.result}")
    elif done.price is None:
        reply.add("  The sorcery fails.")
    else:
        reply.add("  The sorcery fails; the price is paid all the same.")
    after = done.character
    if after.doomed and not character.doomed:
        reply.add(
            f"{after.name} is Doomed: disadvantage on attribute tests until a long rest "
            "(RULINGS B2)",
            "warning",
        )
    return "; ".join(words)


def _check_target(stage: Stage, spell: str, target: str | None) -> None:
    """In a fight, a spell cast at a dead foe is refused before anything is rolled, and
    so is a damaging spell cast at nobody in the fight: its damage lands on the one it
    is cast at (docs/rulings.md H129).

    Raises:
        RuleError: the foe it is cast at is dead.
        UnknownNameError: a damaging spell's target is neither a foe nor a character in
            the fight (or the spell does not exist).
    """
    fight = stage.need_fight()
    if target is None or fight.has_fighter(target):
        return
    if not fight.has_foe(target):
        if stage.content.spell(spell).damage is None:
            return
        raise UnknownNameError(
            "opponent or character in this fight",
            target,
            [f.key for f in fight.foes] + [f.name for f in fight.fighters],
        )
    foe = fight.foe(target)
    if foe.dead:
        raise RuleError(f"{foe.name} is dead already")


def _land(stage: Stage, done: sorcery.Casting) -> None:
    """In a fight, a spell that worked and deals damage hurts the foe it was cast at,
    less the foe's armour as every hit (RULINGS B5; docs/rulings.md H129); a foe that
    falls may break its group (B6)."""
    fight = stage.need_fight()
    if not done.worked or done.damage is None or done.target is None:
        return
    if not fight.has_foe(done.target) or fight.has_fighter(done.target):
        return
    foe = fight.foe(done.target)
    taken = damage_taken(done.damage.total, foe.armour)
    why = f"{done.spell.name}: {done.damage.total} - armour {foe.armour}"
    if hurt_foe(stage, foe, taken, why):
        check_morale(stage, (foe.key,))


def _worked(reply: Reply, done: sorcery.Casting) -> str:
    """Report a spell that worked: its damage, and how a targeted character defends."""
    spell = done.spell
    target = done.target or "the target"
    said = f"{spell.name} works"
    if done.damage is not None:
        reply.add(f"  damage: {done.damage.explanation}", "dice")
        said += f": {done.damage.total} damage to {target}"
    if spell.defend is not None:
        said += f"; a character it targets defends with {spell.defend}"
    reply.add(f"  {said}", "success")
    return said


# -- what can be asked now -----------------------------------------------------------------


def offer(ruleset: BlackSwordHack, view: CampaignView[Character], role: str) -> list[Intent]:
    """``cast`` of each sorcery each living sorcerer knows (docs/rulings.md H124)."""
    del role
    content = ruleset.content
    intents: list[Intent] = []
    for character in view.characters():
        if character.dead or effects.sorcery_attribute(content, character) is None:
            continue
        for spell in sorcery.spells_known(content, character):
            intents.append(Words("cast", (character.name, spell.id)))
    return intents


OFFERS.append(offer)
