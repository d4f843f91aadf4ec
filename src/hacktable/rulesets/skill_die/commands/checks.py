"""Checks: ``check`` and ``odds`` (skill-die: Ability Checks, Skill Checks,
Competitive Skill Checks; RULINGS S1, S2, S6, S7).

``check NAME ABILITY dc N|DIFFICULTY`` rolls d20 + the ability modifier against the DC
and shows the margin (tiered results, S1); ``check NAME SKILL DIFFICULTY`` rolls the
difficulty's die at or under the skill level (S2); ``check NAME SKILL vs
NAME|LEVEL[,...] [SKILL]`` is a competitive check, rolled by the active side only on
the die the highest opposing level picks (S2, S7). The odds come first, always; a
fatigued character has disadvantage (S6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ....errors import RuleError, UnknownNameError
from ....play.character import fold
from ....play.events import Event
from ....play.outcome import Reply
from ....rules.checks.variants import SKILL_DIE_ABILITY, SKILL_DIE_SKILL
from ....rules.render import check_detail
from ....rules.resolution import TestOdds, TestRequest
from ...base import PromptOdds, TestOptions
from ...context import CampaignView, Context, ask_until
from ...grammar import Access, Args, Intent, Words
from .. import checks, sources
from ..character import ABILITIES, MAX_SKILL, SkillDieCharacter
from ..legal import OFFERS
from .lookups import character_names, is_skill, rules_of, skill_named, skill_names
from .registry import COMMANDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..ruleset import SkillDie

__all__ = ["CheckIntent", "OddsIntent", "read_check"]

_WORDS = ("dc", *checks.DIFFICULTIES, "vs", "adv", "dis", "bonus", "roll")
_SHAPE = (
    "ABILITY dc N|simple|easy|normal|hard|expert|impossible | SKILL simple|...|impossible "
    "| SKILL vs NAME|LEVEL[,...] [SKILL]; then [adv|dis]... [bonus N] [roll N[,N]]"
)


@dataclass(frozen=True, slots=True)
class CheckIntent(Intent):
    """A character's ability, skill or competitive check.

    Attributes:
        character: the character's name, as given.
        what: the ability or skill, as given.
        dc: ``dc N``, the DC of an ability check (``None``: a difficulty or asked).
        difficulty: a named difficulty (simple ... impossible).
        against: ``vs``: the opponents, names or levels as given.
        against_skill: the skill the opponents' levels are read in (``""``: the one
            the data pairs with ``what``: Nature against Stealth).
        options: advantage and disadvantage (the GM's), ``bonus`` (ability checks),
            entered dice.
    """

    character: str
    what: str
    dc: int | None = None
    difficulty: str | None = None
    against: tuple[str, ...] = ()
    against_skill: str = ""
    options: TestOptions = field(default_factory=TestOptions)

    def access(self) -> Access:
        """The character's player (RULINGS G5 for their own dice)."""
        return Access.play(self.character)

    def entered(self) -> tuple[int, ...]:
        """The faces entered (``roll 14`` or ``roll 14,3`` under advantage; G5)."""
        return self.options.entered


@dataclass(frozen=True, slots=True)
class OddsIntent(Intent):
    """The exact odds of a check, rolling nothing: a character's (``check`` words), or
    a bare one: ``odds MOD dc N|DIFFICULTY`` or ``odds skill LEVEL DIFFICULTY``.

    Attributes:
        check: the character's check (its ``character`` empty for a bare one).
        modifier: a bare ability check's modifier.
        level: a bare skill check's level.
    """

    check: CheckIntent
    modifier: int | None = None
    level: int | None = None

    def access(self) -> Access:
        """Anyone: odds roll nothing and store nothing."""
        return Access.read()


def _read_tail(args: Args, name: str, what: str) -> CheckIntent:
    dc: int | None = None
    difficulty: str | None = None
    against: tuple[str, ...] = ()
    against_skill = ""
    advantages: list[str] = []
    disadvantages: list[str] = []
    bonus = 0
    entered: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("an option").lower()
        if word == "dc":
            if (args.peek() or "").lower() in checks.DIFFICULTIES:  # "dc normal" (S1)
                difficulty = args.word("the difficulty").lower()
            else:
                dc = checks.check_dc(args.integer("the DC"))
        elif word in checks.DIFFICULTIES:
            difficulty = word
        elif word == "vs":
            against = tuple(o for o in args.word("NAME or LEVEL").split(",") if o)
            following = args.peek()
            if following is not None and following.lower() not in _WORDS:
                against_skill = args.word("SKILL")
        elif word in ("adv", "advantage"):
            advantages.append("GM")
        elif word in ("dis", "disadvantage"):
            disadvantages.append("GM")
        elif word == "bonus":
            bonus += args.integer("bonus")
        elif word == "roll":
            entered = args.faces(args.word("the faces rolled"))
        else:
            raise args.error(f"unexpected {word!r}; a skill-die check is NAME {_SHAPE}")
    if sum((dc is not None, difficulty is not None, bool(against))) > 1:
        raise args.error("a check has one of: dc N, a difficulty, or vs")
    options = TestOptions(
        bonus=bonus,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        entered=entered,
    )
    return CheckIntent(name, what, dc, difficulty, against, against_skill, options)


def read_check(args: Args) -> CheckIntent:
    """``NAME WHAT [dc N|DIFFICULTY|vs ...] [adv|dis]... [bonus N] [roll N[,N]]``.

    Raises:
        CommandError: a word out of place, a DC outside 1-40 (RULINGS S7).
    """
    name = args.word("NAME")
    what = args.word("ABILITY or SKILL")
    return _read_tail(args, name, what)


def _read_odds(args: Args) -> OddsIntent:
    first = args.word("NAME, MOD or 'skill'")
    if first.lower() == "skill":
        level = args.integer("LEVEL")
        odds = OddsIntent(_read_tail(args, "", "skill"), level=level)
    elif first.lstrip("+-").isdigit():
        modifier = args.to_int(first, "MOD")
        odds = OddsIntent(_read_tail(args, "", "ability"), modifier=modifier)
    else:
        odds = OddsIntent(read_check_from(args, first))
    if odds.check.options.entered:
        raise args.error("odds rolls nothing: 'roll' is for 'check'")
    return odds


def read_check_from(args: Args, name: str) -> CheckIntent:
    """As :func:`read_check`, the name already read."""
    return _read_tail(args, name, args.word("ABILITY or SKILL"))


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    if len(words) == 1:
        return (*ABILITIES, *skill_names(session))
    if words[-1] == "vs":
        return character_names(session)
    return _WORDS


# -- building the check ------------------------------------------------------------------


def _ask_difficulty(ctx: Context, ability: bool) -> tuple[int | None, str | None]:
    """The console asks for what the line left out (a DC or a difficulty)."""
    names = ", ".join(checks.DIFFICULTIES)
    question = f"DC (1-40) or difficulty ({names})?" if ability else f"Difficulty ({names})?"

    def check(answer: str) -> None:
        word = answer.lower()
        if word in checks.DIFFICULTIES:
            return
        if ability and word.isdigit():
            checks.check_dc(int(word))
            return
        raise RuleError(f"not a {'DC or ' if ability else ''}difficulty: {answer!r}")

    answer = ask_until(ctx, question, check, what="check", command="check").lower()
    return (int(answer), None) if answer.isdigit() else (None, answer)


def _opposing_levels(
    session: CampaignView[Any], against: tuple[str, ...], skill: str
) -> tuple[tuple[str, int], ...]:
    """Each opponent with their level in ``skill`` (a number stands for itself).

    Raises:
        RuleError: a level outside 0-6 (RULINGS S4). UnknownNameError: no such character.
    """
    found = []
    for opponent in against:
        if opponent.lstrip("+-").isdigit():
            level = int(opponent)
            if not 0 <= level <= MAX_SKILL:
                raise RuleError(
                    f"a skill-die skill level runs 0 to {MAX_SKILL}, not {level} (RULINGS S4)"
                )
            found.append((f"level {level}", level))
        else:
            other: SkillDieCharacter = session.character(opponent)
            found.append(
                (f"{other.name}'s {skill} {other.skill_level(skill)}", other.skill_level(skill))
            )
    return tuple(found)


def build(
    ctx: Context, character: SkillDieCharacter, intent: CheckIntent
) -> tuple[TestRequest, str]:
    """The request ``intent`` asks of ``character`` and a line on how the die was chosen
    (``""`` if there is nothing to say).

    Raises:
        UnknownNameError: neither an ability nor a skill.
        RuleError: a DC on a skill check, no difficulty in a script, a level out of range.
    """
    session = ctx.session
    options = intent.options
    dc, difficulty = intent.dc, intent.difficulty
    if intent.what.upper() in ABILITIES:
        ability = intent.what.upper()
        if intent.against:
            raise RuleError(
                "competitive checks are skill checks (RULINGS S2); an ability check takes "
                "dc N or a difficulty"
            )
        if dc is None and difficulty is None:
            if ctx.ask is None:
                raise RuleError(
                    f"an ability check needs a DC: dc N (1-40) or {', '.join(checks.DIFFICULTIES)}"
                )
            dc, difficulty = _ask_difficulty(ctx, ability=True)
        if dc is None:
            dc = SKILL_DIE_ABILITY.dc_for(str(difficulty))
        method = str(session.setting("ability-modifier"))
        return sources.ability_request(character, ability, dc, options, method), ""
    if not is_skill(session, intent.what):
        raise UnknownNameError(
            "skill-die ability or skill", intent.what, (*ABILITIES, *skill_names(session))
        )
    skill = skill_named(session, intent.what)
    if options.bonus:
        raise RuleError("a skill check's die is read against the level: no bonus (RULINGS S2)")
    if dc is not None:
        raise RuleError(
            f"a skill check takes a difficulty ({', '.join(checks.DIFFICULTIES)}), not a DC: "
            "the die is rolled at or under the skill level (RULINGS S2)"
        )
    if intent.against:
        rules = rules_of(session)
        other = (
            skill_named(session, intent.against_skill)
            if intent.against_skill
            else rules.content.against(skill)
        )
        levels = _opposing_levels(session, intent.against, other)
        die = sources.competitive_die(tuple(level for _, level in levels))
        shown = ", ".join(who for who, _ in levels)
        top = max(level for _, level in levels)
        why = f"against {shown}: the highest, {top}, picks the d{die} (RULINGS S2, S7)"
        return sources.skill_request(character, skill, die, options, f"vs {other}"), why
    if difficulty is None:
        if ctx.ask is None:
            raise RuleError(
                "a skill check needs a difficulty: "
                f"{', '.join(checks.DIFFICULTIES)}, or vs NAME|LEVEL"
            )
        _, difficulty = _ask_difficulty(ctx, ability=False)
    die = SKILL_DIE_SKILL.die_for(str(difficulty))
    return sources.skill_request(character, skill, die, options), ""


def prompt_odds(ctx: Context, intent: Intent) -> PromptOdds | None:
    """A check's exact odds for a prompt, reckoned as ``check`` reckons them (issue 12
    §2; RULINGS S1, S2, S6, S7): the prompt names its DC or difficulty, since nobody is
    asked for it now; ``None`` for anything but a check.

    Raises:
        HacktableError: as ``check`` would refuse it.
    """
    if not isinstance(intent, CheckIntent):
        return None
    character: SkillDieCharacter = ctx.session.character(intent.character)
    if character.dead or character.unconscious or character.asleep:
        raise RuleError(f"{character.name} can make no check now ('character show')")
    request, _why = build(replace(ctx, ask=None), character, intent)
    odds = checks.odds(request)
    text = f"success {float(odds.success) * 100:.2f}%"
    return PromptOdds(checks.describe(request), odds, text)


def show(reply: Reply, who: str, request: TestRequest, odds: TestOdds) -> str:
    """The check's head and its odds, before any die (house rule: odds first)."""
    head = f"{who}: {checks.describe(request)}" if who else checks.describe(request)
    reply.add(head, "title")
    reply.add(f"  odds: success {float(odds.success) * 100:.2f}%", "odds")
    return head


@COMMANDS.typed(
    "check",
    f"check NAME {_SHAPE}",
    "an ability check (d20 + modifier against a DC) or a skill check (a die at or under the level)",
    CheckIntent,
    read_check,
    details="""
Ability check: d20 + the ability's modifier, meeting or beating the DC (simple 5, easy
10, normal 15, hard 20, expert 25, impossible 30, or any DC 1-40); advantage rolls 2d20
and keeps the higher, disadvantage the lower; the margin is shown for tiered results
(RULINGS S1, S7). Skill check: the difficulty's die (simple d4, easy d6, normal d8,
hard d10, expert d12, impossible d20), succeeding at or under the skill level;
advantage rolls two and keeps the lower (S2). Competitive: "vs NAME|LEVEL[,...]" picks
the die by the highest opposing level (0-1 d4, 2 d6, 3 d8, 4 d10, 5 d12, 6+ d20), read
in the skill the data pairs with it (Nature against Stealth) or the one named after;
only the active side rolls (S7). A fatigued character has disadvantage on every roll
(S6). Examples: check Ana CHA dc 12 adv | check Ana Nature hard | check Ana Nature vs Vex
""",
    complete=_complete,
)
def check_command(ctx: Context, intent: CheckIntent) -> Reply:
    """A character's check: the odds, the dice, the outcome (and the margin)."""
    session = ctx.session
    character: SkillDieCharacter = session.character(intent.character)
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead make no checks")
    if character.unconscious:
        raise RuleError(
            f"{character.name} is unconscious (HP {character.hp}): they can do nothing until "
            "healed to at least 1 HP (RULINGS S3)"
        )
    if character.asleep:
        raise RuleError(
            f"{character.name} is asleep from fatigue: 'rest {character.name}' (RULINGS S6)"
        )
    request, why = build(ctx, character, intent)
    odds = checks.odds(request)
    reply = Reply()
    head = show(reply, character.name, request, odds)
    if why:
        reply.add(f"  {why}", "note")
    rolled = checks.check(request, session.rng())
    result = checks.as_result(request, rolled)
    reply.check(request, odds, result)
    reply.add(f"  {result.explanation}", "dice")
    outcome = result.outcome
    if checks.is_ability(request):
        outcome += f", {checks.margin(rolled)}"
    reply.add(f"  => {outcome}", "success" if result.success else "failure")
    detail = check_detail(request, result, odds)
    detail["margin"] = rolled.margin
    detail["rolls"] = [
        {"face": r.face, "sides": r.sides, "kept": r.kept, "why": r.why} for r in rolled.rolls
    ]
    if why:
        detail["die_chosen"] = why
    session.commit(
        Event(
            "check",
            actor=character.name,
            summary=f"{head}: {result.explanation} => {outcome}",
            detail=detail,
            command=ctx.line,
        )
    )
    return reply


@COMMANDS.typed(
    "odds",
    f"odds NAME {_SHAPE.removesuffix(' [roll N[,N]]')} | odds MOD dc N|DIFFICULTY "
    "| odds skill LEVEL DIFFICULTY",
    "the exact odds of a check, without rolling",
    OddsIntent,
    _read_odds,
    details="""
The exact chance of success of a character's check with everything that applies to it
(the same words as 'check'), or of a bare one: "odds +2 dc 15 adv", "odds skill 3 hard".
Nothing is rolled or logged (RULINGS S1, S2).
""",
    complete=_complete,
)
def odds_command(ctx: Context, intent: OddsIntent) -> Reply:
    """Exact odds; nothing is logged."""
    session = ctx.session
    wanted = intent.check
    options = wanted.options
    if intent.modifier is not None or intent.level is not None:
        request = _bare(intent)
        who = ""
    else:
        character: SkillDieCharacter = session.character(wanted.character)
        request, _ = build(ctx, character, wanted)
        who = character.name
    odds = checks.odds(request)
    reply = Reply()
    reply.add(f"{who + ': ' if who else ''}{checks.describe(request)}", "title")
    reply.add(f"  success {float(odds.success) * 100:.2f}% ({odds.success})", "odds")
    reply.data["odds"] = {"test": checks.describe(request), "success": odds.success}
    del options
    return reply


def _bare(intent: OddsIntent) -> TestRequest:
    wanted = intent.check
    options = wanted.options
    if intent.modifier is not None:
        if wanted.difficulty is None and wanted.dc is None:
            raise RuleError("odds MOD needs dc N (1-40) or a difficulty")
        dc = (
            wanted.dc if wanted.dc is not None else SKILL_DIE_ABILITY.dc_for(str(wanted.difficulty))
        )
        return TestRequest(
            checks.BARE,
            10,
            difficulty=dc,
            bonus=options.bonus,
            advantages=options.advantages,
            disadvantages=options.disadvantages,
            modifier=intent.modifier,
        )
    level = intent.level if intent.level is not None else 0
    if not 0 <= level <= MAX_SKILL:
        raise RuleError(f"a skill-die skill level runs 0 to {MAX_SKILL}, not {level} (RULINGS S4)")
    if wanted.difficulty is None:
        raise RuleError(f"odds skill LEVEL needs a difficulty: {', '.join(checks.DIFFICULTIES)}")
    die = SKILL_DIE_SKILL.die_for(wanted.difficulty)
    return TestRequest(
        "skill",
        level,
        difficulty=die,
        advantages=options.advantages,
        disadvantages=options.disadvantages,
    )


def offer(ruleset: SkillDie, view: CampaignView[SkillDieCharacter], role: str) -> list[Intent]:
    """Checks of each ability and skill by each living character, competitive checks
    against each other and a level, odds, and a few refused on purpose (a DC on a
    skill check)."""
    del role
    intents: list[Intent] = [
        Words("odds", ("+2", "dc", "15", "adv")),
        Words("odds", ("skill", "3", "hard")),
    ]
    characters = [c for c in view.characters() if not c.dead]
    skills = [s.name for s in ruleset.content.skills]
    for number, character in enumerate(characters):
        name = character.name
        for ability in ABILITIES:
            intents.append(Words("check", (name, ability, "dc", str(5 + 3 * number))))
        intents.append(Words("check", (name, "DEX", "hard", "adv")))
        intents.append(Words("check", (name, "WIS", "normal", "dis")))
        for skill in skills:
            intents.append(Words("check", (name, skill, checks.DIFFICULTIES[number % 6])))
        intents.append(Words("check", (name, "Stealth", "easy", "adv")))
        intents.append(Words("check", (name, "Nature", "vs", "3")))
        intents.append(Words("check", (name, "Nature", "dc", "12")))  # refused: RULINGS S2
        intents.append(Words("odds", (name, "Stealth", "hard")))
        for other in characters:
            if fold(other.name) != fold(name):
                intents.append(Words("check", (name, "Nature", "vs", other.name)))
                intents.append(Words("check", (name, "Brawn", "vs", other.name, "Brawn")))
    return intents


OFFERS.append(offer)
