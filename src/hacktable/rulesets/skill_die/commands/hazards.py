"""Hazards: ``fall NAME METRES``, ``bump NAME [N strikes]`` and ``stand NAME``
(skill-die: Falling and Special Damage; RULINGS S3, S6; docs/rulings.md H352).

The damage goes through the shared hit points (:func:`hacktable.rulesets.harm.damage`):
temporary HP first, unconscious at 0 or below, dead at -20. A fall leaves the character
prone: standing up uses their movement for the round (the dash action stays open).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.outcome import Reply
from ... import harm
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from ...powers import CHARACTERS
from .. import hazards
from ..character import PRONE, SkillDieCharacter
from ..legal import OFFERS
from .lookups import character_names, rules_of
from .registry import COMMANDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..ruleset import SkillDie

__all__ = ["BumpIntent", "FallIntent", "StandIntent"]

_METRES = re.compile(r"^(\d+(?:\.\d+)?)\s*(m|metres?|meters?)?$")


@dataclass(frozen=True, slots=True)
class FallIntent(Intent):
    """A fall (RULINGS S6).

    Attributes:
        character: who falls, as given.
        metres: how far.
        faces: the d4s entered (RULINGS G5), ``()``: hacktable rolls.
    """

    character: str
    metres: float
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: damage from the world."""
        return Access.gm(CHARACTERS, "deal falling damage")

    def entered(self) -> tuple[int, ...]:
        """The d4s entered (``roll 2,4,3``; RULINGS G5)."""
        return self.faces


@dataclass(frozen=True, slots=True)
class BumpIntent(Intent):
    """Small damage from a physical encounter: 1d4 a strike (RULINGS S6).

    Attributes:
        character: who is struck, as given.
        strikes: how many strikes.
        faces: the d4s entered (RULINGS G5), ``()``: hacktable rolls.
    """

    character: str
    strikes: int = 1
    faces: tuple[int, ...] = ()

    def access(self) -> Access:
        """The GM's: damage from the world."""
        return Access.gm(CHARACTERS, "deal a bump's damage")

    def entered(self) -> tuple[int, ...]:
        """The d4s entered (``roll 3,1``; RULINGS G5)."""
        return self.faces


@dataclass(frozen=True, slots=True)
class StandIntent(Intent):
    """A prone character stands up, using their movement (skill-die: Falling).

    Attributes:
        character: who stands, as given.
    """

    character: str

    def access(self) -> Access:
        """The character's player."""
        return Access.play(self.character)


def _entered(args: Args, words: list[str]) -> tuple[list[str], tuple[int, ...]]:
    """The words before ``roll N,...`` and the faces after it (RULINGS G5)."""
    lowered = [word.lower() for word in words]
    if "roll" not in lowered:
        return words, ()
    at = lowered.index("roll")
    if len(words) != at + 2:
        raise args.error("roll takes the d4s rolled, like 'roll 3' or 'roll 2,4,1'")
    return words[:at], args.faces(words[at + 1])


def _read_fall(args: Args) -> FallIntent:
    name = args.word("NAME")
    words, faces = _entered(args, args.rest())
    text = " ".join(words).lower()
    if not text:
        raise args.error("missing METRES: how far they fell, like 'fall Ana 6' or '6m'")
    found = _METRES.match(text)
    if found is None:
        raise args.error(f"a fall is measured in metres, like 'fall Ana 6' or '6m', not {text!r}")
    metres = float(found.group(1))
    if metres > hazards.MAX_METRES:
        raise args.error(f"a fall of at most {hazards.MAX_METRES} m, not {metres:g}")
    return FallIntent(name, metres, faces)


def _read_bump(args: Args) -> BumpIntent:
    name = args.word("NAME")
    words, faces = _entered(args, args.rest())
    strikes = 1
    if words:
        strikes = args.to_int(words[0], "N (strikes)", minimum=1)
        if words[1:] not in ([], ["strike"], ["strikes"]):
            raise args.error(f"unexpected {' '.join(words[1:])!r}")
    if strikes > hazards.MAX_STRIKES:
        raise args.error(f"a bump is at most {hazards.MAX_STRIKES} strikes, not {strikes}")
    return BumpIntent(name, strikes, faces)


def _read_stand(args: Args) -> StandIntent:
    name = args.word("NAME")
    args.done()
    return StandIntent(name)


def _complete(session: CampaignView[SkillDieCharacter], words: list[str]) -> list[str]:
    return character_names(session) if not words else []


def _hurt(
    ctx: Context, character: SkillDieCharacter, rolled: hazards.Harm, action: str, prone: bool
) -> Reply:
    session = ctx.session
    if character.dead:
        raise RuleError(f"{character.name} is dead: nothing more to hurt")
    after, change = harm.damage(rules_of(session), character, rolled.total, session.setting)
    reply = Reply().add(f"{character.name}: {rolled.explanation}", "dice")
    reply.add(f"  {change.explanation}", "failure" if change.after.hp <= 0 else "")
    if prone and not after.dead and not after.prone:
        after = replace(after, conditions=(*after.conditions, PRONE))
    if prone and not after.dead:
        reply.add(
            f"  {character.name} is on the ground: standing up uses their movement this round "
            "(the dash action stays open; skill-die: Falling) — 'stand NAME'",
            "note",
        )
    reply.adjust(
        "damage",
        rolled.total,
        change.before.hp + change.before.temporary - change.after.hp - change.after.temporary,
        "the death threshold (RULINGS S3)",
    )
    summary = f"{character.name}: {rolled.explanation}; {change.explanation}"
    detail = {
        **rolled.to_json(),
        "hp": {"before": change.before.hp, "after": change.after.hp},
        "temp_hp": {"before": change.before.temporary, "after": change.after.temporary},
        "condition": change.condition.value,
        "limits": list(change.limits),
        "prone": after.prone,
    }
    session.commit_character(action, character, after, summary, ctx.line, detail)
    return reply


@COMMANDS.typed(
    "fall",
    "fall NAME METRES [roll N,...]",
    "a fall: 1d4 per full 2 m, then prone (standing costs the movement)",
    FallIntent,
    _read_fall,
    complete=_complete,
    details="""
Roll 1d4 for every full 2 m fallen; the total is the damage, temporary HP first (RULINGS
S3, S6). Having fallen to the ground, from any height, the character must use their
movement for a round to stand up ('stand NAME'); the dash action stays open. 'roll
2,4,3' enters the d4s rolled at the table (RULINGS G5). Example: fall Ana 6
""",
)
def fall_command(ctx: Context, intent: FallIntent) -> Reply:
    """A fall's damage and the prone character."""
    character: SkillDieCharacter = ctx.session.character(intent.character)
    rolled = hazards.fall(intent.metres, ctx.session.rng())
    return _hurt(ctx, character, rolled, "fall", prone=True)


@COMMANDS.typed(
    "bump",
    "bump NAME [N strikes] [roll N,...]",
    "small damage from a physical encounter: 1d4 for each strike",
    BumpIntent,
    _read_bump,
    complete=_complete,
    details="""
Running into a wall, a door slammed in the face, tripping: roll 1d4 for each strike
(RULINGS S6); the damage takes temporary HP first (S3). 'roll 3,1' enters the d4s
rolled at the table (RULINGS G5). Example: bump Vex 2 strikes
""",
)
def bump_command(ctx: Context, intent: BumpIntent) -> Reply:
    """A bump's damage."""
    character: SkillDieCharacter = ctx.session.character(intent.character)
    rolled = hazards.bump(intent.strikes, ctx.session.rng())
    return _hurt(ctx, character, rolled, "bump", prone=False)


@COMMANDS.typed(
    "stand",
    "stand NAME",
    "a prone character stands up, using their movement this round",
    StandIntent,
    _read_stand,
    complete=_complete,
)
def stand_command(ctx: Context, intent: StandIntent) -> Reply:
    """Stand up: the movement of the round is spent (skill-die: Falling)."""
    session = ctx.session
    character: SkillDieCharacter = session.character(intent.character)
    if not character.prone:
        raise RuleError(f"{character.name} is not on the ground")
    if character.unconscious or character.dead:
        raise RuleError(f"{character.name} cannot stand: HP {character.hp} (RULINGS S3)")
    kept = tuple(c for c in character.conditions if c.split(":", 1)[0] != PRONE)
    after = replace(character, conditions=kept)
    summary = f"{character.name} stands up: their movement this round is spent (dash still open)"
    session.commit_character("stand", character, after, summary, ctx.line)
    return Reply().add(summary)


def offer(ruleset: SkillDie, view: CampaignView[SkillDieCharacter], role: str) -> list[Intent]:
    """Falls of 1, 6 and 13 m, bumps, and standing for each living character."""
    del ruleset
    intents: list[Intent] = []
    for character in view.characters():
        if character.dead:
            continue
        if role == "gm":
            intents += [Words("fall", (character.name, m)) for m in ("1", "6", "13m")]
            intents += [
                Words("bump", (character.name,)),
                Words("bump", (character.name, "2", "strikes")),
            ]
        intents.append(Words("stand", (character.name,)))
    return intents


OFFERS.append(offer)
