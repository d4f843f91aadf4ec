"""Tests: ``test``, ``save`` and ``odds`` (black-sword-hack 2.1, 2.1.5; RULINGS B1,
B2).

A test shows its exact odds first, then the dice, the face kept and why, and records
the check in the reply and its event. A critical failure rolls the character's Doom die
at once, in the same command (RULINGS B2): the test's event, then the Doom roll's,
which changes the character.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ....errors import RuleError
from ....play.events import Event
from ....play.outcome import Reply
from ....rules.render import check_detail, show_odds, show_test
from ....rules.resolution import Critical, TestKind, TestRequest
from ...base import TestOptions
from ...context import CampaignView, Context
from ...grammar import Access, Args, Intent, Words
from .. import core, effects, sources
from ..character import ATTRIBUTES, Character
from ..legal import OFFERS
from .doom import commit_doom
from .registry import COMMANDS

if TYPE_CHECKING:
    from ..ruleset import BlackSwordHack

__all__ = [
    "TEST_WORDS",
    "USES",
    "OddsIntent",
    "SaveIntent",
    "TestIntent",
    "read_test_options",
    "rules_of",
]

_OPTIONS = "[adv|dis]... [threat N] [bonus N] [for WHAT[,WHAT]] [roll N[,N]]"

TEST_WORDS = ("adv", "dis", "threat", "bonus", "for", "roll")
"""Keywords a test command takes after its fixed arguments."""

USES = ("melee", "ranged", "parry", "dodge", "initiative", "cast")
"""Words after ``for`` that say what the test is (the rest are tags): an attack, a
defence, the initiative test, casting sorcery (docs/rulings.md H153)."""

_ATTACKS = ("melee", "ranged", "attack")


def read_test_options(args: Args, kind: TestKind = TestKind.TEST) -> tuple[TestOptions, str]:
    """Read ``[adv|dis]... [threat N] [bonus N] [for WHAT[,WHAT]]`` into the options and
    what the test is for (``"test"`` unless a ``for`` word is one of :data:`USES`).

    Each ``adv`` or ``dis`` is one source (the GM's call); sources cancel one for one
    (RULINGS B1). ``threat N`` is added to the d20 (2.1.5); ``bonus N`` (or ``-N``) to
    the attribute.

    Raises:
        CommandError: an unknown word, a malformed number, or two uses.
    """
    advantages: list[str] = []
    disadvantages: list[str] = []
    tags: list[str] = []
    use = "save" if kind is TestKind.SAVE else "test"
    bonus = threat = 0
    entered: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("an option").lower()
        if word in ("adv", "advantage"):
            advantages.append("GM")
        elif word in ("dis", "disadvantage"):
            disadvantages.append("GM")
        elif word == "threat":
            threat = args.integer("threat level", minimum=0)
            if threat > 19:
                raise args.error(f"a threat level of {threat} leaves no roll: at most 19")
        elif word == "bonus":
            bonus += args.integer("bonus")
        elif word == "roll":  # the player's own dice (RULINGS G5)
            entered = args.faces(args.word("the faces rolled"))
        elif word == "for":
            for tag in (t for t in args.word("what the test is for").lower().split(",") if t):
                if tag in USES and use not in ("test", tag):
                    raise args.error(f"a test is for one thing: {use} or {tag}, not both")
                if tag in USES:
                    use = tag
                else:
                    tags.append(tag)
        else:
            raise args.error(f"unexpected {word!r}")
    options = TestOptions(
        bonus=bonus,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        tags=tuple(tags),
        kind=kind,
        modifier=threat,
        entered=entered,
    )
    return options, use


def rules_of(session: CampaignView[Any]) -> BlackSwordHack:
    """The campaign's ruleset as black-sword-hack, for its content and rules."""
    from ..ruleset import BlackSwordHack

    ruleset = session.ruleset
    if not isinstance(ruleset, BlackSwordHack):  # pragma: no cover - command sets are apart
        raise TypeError(f"this command is black-sword-hack's, not {ruleset.id}'s")
    return ruleset


def _complete(session: CampaignView[Any], words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    if len(words) == 1:
        return ATTRIBUTES
    return TEST_WORDS


@dataclass(frozen=True, slots=True)
class TestIntent(Intent):
    """A character's attribute test (black-sword-hack 2.1; RULINGS B1).

    Attributes:
        character: the character's name, as given.
        attribute: the attribute, as given (``"dex"`` is DEX).
        options: the GM's advantage and disadvantage, the threat level, a bonus, tags.
        use: what the test is for (``test``, ``melee``, ``ranged``, ``parry``,
            ``dodge``, ``initiative``, ``cast``, ``save``): the gifts and backgrounds
            that apply to it.
    """

    __test__ = False  # not a pytest test class

    character: str
    attribute: str
    options: TestOptions = field(default_factory=TestOptions)
    use: str = "test"

    def access(self) -> Access:
        """The character's player (the circumstances they type as the GM calls them);
        a bare ``save`` only reads (docs/rulings.md H106)."""
        return Access.play(self.character) if self.character else Access.read()

    def entered(self) -> tuple[int, ...]:
        """The faces the player entered (``roll 14``; RULINGS G5): the d20, then the
        Doom die a critical failure rolls."""
        return self.options.entered


@dataclass(frozen=True, slots=True)
class SaveIntent(TestIntent):
    """A test to avoid harm (poison, a fall, a spell): a test of ``use`` ``save``
    (docs/rulings.md H153). With no character (``save`` alone) it only reminds that
    the campaign saves itself."""


@dataclass(frozen=True, slots=True)
class OddsIntent(Intent):
    """The exact odds of a test, without rolling: a character's, or a bare score's.

    Attributes:
        character: the character's name, or ``""`` for a bare score.
        attribute: the attribute (``""`` for a bare score).
        score: the bare score (``None`` for a character's test).
        options: as :class:`TestIntent`.
        use: as :class:`TestIntent`.
    """

    character: str = ""
    attribute: str = ""
    score: int | None = None
    options: TestOptions = field(default_factory=TestOptions)
    use: str = "test"

    def access(self) -> Access:
        """Anyone: odds roll nothing and store nothing (docs/rulings.md H106)."""
        return Access.read()


def _check_threat(use: str) -> None:
    """A threat level is for an attack (2.1.5; RULINGS B1).

    Raises:
        RuleError: ``use`` is a test that is no attack (a defence, initiative...).
    """
    if use not in ("test", *_ATTACKS):
        article = "an" if use[:1] in "aeiou" else "a"
        raise RuleError(
            f"the threat level is added to attack tests only, not to {article} {use} test "
            "(black-sword-hack 2.1.5; RULINGS B1)"
        )


def _request(
    rules: BlackSwordHack, character: Character, attribute: str, options: TestOptions, use: str
) -> tuple[TestRequest, int]:
    """The test and the highest natural face that is a critical success on it (1, or a
    gift's wider range on an attack). A threat level makes the test an attack (2.1.5):
    with STR a melee one, with DEX a ranged one (docs/rulings.md H153).

    Raises:
        RuleError: a threat level on a test that is not an attack (RULINGS B1).
    """
    if options.modifier:
        _check_threat(use)
        if use == "test":
            use = {"STR": "melee", "DEX": "ranged"}.get(attribute, "attack")
    request = sources.character_test(rules.content, character, attribute, options, use)
    said = [use] if use not in ("test", "save", "initiative", *_ATTACKS) else []
    said += list(options.tags)
    words = [f"for {', '.join(said)}"] if said else []
    if options.modifier:
        words.append(f"at threat level {options.modifier}")
    if words:
        request = request.replace(purpose=" ".join(words))
    critical = effects.critical_range(rules.content, character, use) if use in _ATTACKS else 1
    return request, critical


def request_of(
    session: CampaignView[Any], intent: TestIntent
) -> tuple[Character, TestRequest, int]:
    """The character, the test ``intent`` asks of them and the highest natural face
    that is a critical success on it, not rolled (``test`` rolls it; a prompt shows its
    odds: issue 12 §2).

    Raises:
        UnknownNameError: no such character or attribute.
        RuleError: the character is dead, or a threat level on a test no attack.
    """
    rules = rules_of(session)
    character: Character = session.character(intent.character)
    attribute = rules.attribute(intent.attribute)
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead make no tests")
    request, critical = _request(rules, character, attribute, intent.options, intent.use)
    return character, request, critical


def _test(ctx: Context, intent: TestIntent, action: str) -> Reply:
    session = ctx.session
    character, request, critical = request_of(session, intent)
    odds = core.odds(request, critical)
    rng = session.rng()
    result = core.resolve(request, rng, critical)
    reply = Reply()
    reply.check(request, odds, result)
    summary = show_test(reply, character.name, request, odds, result)
    session.commit(
        Event(
            action,
            actor=character.name,
            summary=summary,
            detail=check_detail(request, result, odds),
            command=ctx.line,
        )
    )
    if result.critical is Critical.FAILURE:
        if character.doomed:
            reply.add(
                f"  {character.name} is Doomed already: no Doom die to roll after the "
                "critical failure (RULINGS B2)",
                "muted",
            )
        else:
            commit_doom(ctx, reply, character, "critical failure", rng)
    return reply


def _read_test(args: Args) -> TestIntent:
    name = args.word("NAME")
    attribute = args.word("ATTR")
    options, use = read_test_options(args)
    return TestIntent(name, attribute, options, use)


@COMMANDS.typed(
    "test",
    f"test NAME ATTR {_OPTIONS}",
    "a character tests an attribute: shows the odds, rolls, explains",
    TestIntent,
    _read_test,
    details="""
Roll d20: the test succeeds when the die is below the attribute (a roll equal to it
fails); a natural 1 is a critical success, a natural 20 a critical failure, and a
critical failure rolls the Doom die at once (black-sword-hack 2.1; RULINGS B1, B2).
Each "adv"/"dis" is one source; gifts, backgrounds, being Doomed and the Helpless
table's Impaired and Injured add theirs; sources cancel one for one. "threat N" adds
the threat level (the foe's level above the character's) to the d20 of an attack
(2.1.5): with STR a melee attack, with DEX a ranged one. "bonus N" adds to the
attribute. "for" names what the test is (melee, ranged, parry, dodge, initiative,
cast) and its tags ("for climbing"), which the character's gifts and backgrounds read.
Example: test Kara STR threat 3 adv
""",
    complete=_complete,
)
def test_command(ctx: Context, intent: TestIntent) -> Reply:
    """A character's attribute test."""
    return _test(ctx, intent, "test")


def _read_save(args: Args) -> SaveIntent:
    if args.empty:
        return SaveIntent("", "", TestOptions(kind=TestKind.SAVE), "save")
    name = args.word("NAME")
    attribute = args.word("ATTR")
    options, use = read_test_options(args, TestKind.SAVE)
    return SaveIntent(name, attribute, options, use)


@COMMANDS.typed(
    "save",
    f"save NAME ATTR {_OPTIONS}",
    "a test to avoid harm (CON against poison, DEX against a fall)",
    SaveIntent,
    _read_save,
    details="""
A save is an attribute test made to avoid harm, like any other test: below the
attribute, a critical failure rolls the Doom die (RULINGS B1, B2); the gifts and
backgrounds that help "saves" apply (docs/rulings.md H153). No threat level: it is not
an attack. The campaign itself is saved after every action: there is nothing to save
by hand.
""",
    complete=_complete,
)
def save_command(ctx: Context, intent: SaveIntent) -> Reply:
    """A save; with no arguments, explains that saving the campaign is automatic."""
    if not intent.character:
        return Reply().add(
            f"The campaign is saved after every action. To test against harm: save NAME "
            f"ATTR {_OPTIONS}",
            "note",
        )
    return _test(ctx, intent, "save")


def _read_odds(args: Args) -> OddsIntent:
    first = args.word("NAME or SCORE")
    if first.lstrip("+-").isdigit():
        score = args.to_int(first, "SCORE", minimum=1)
        options, use = read_test_options(args)
        intent = OddsIntent(score=score, options=options, use=use)
    else:
        attribute = args.word("ATTR")
        options, use = read_test_options(args)
        intent = OddsIntent(first, attribute, options=options, use=use)
    if options.entered:
        raise args.error("odds rolls nothing: 'roll' is for 'test' and 'save'")
    return intent


@COMMANDS.typed(
    "odds",
    f"odds NAME ATTR {_OPTIONS} | odds SCORE {_OPTIONS}",
    "the exact odds of a test, without rolling",
    OddsIntent,
    _read_odds,
    details="""
The exact chances of success, critical success (a natural 1) and critical failure (a
natural 20) of a character's test with everything that applies to it, or of a bare
score (RULINGS B1). Nothing is rolled or logged. Example: odds 12 threat 3
""",
    complete=_complete,
)
def odds_command(ctx: Context, intent: OddsIntent) -> Reply:
    """Exact odds for a character's test or a bare score; nothing is logged."""
    session = ctx.session
    rules = rules_of(session)
    options = intent.options
    critical = 1
    if intent.score is not None:
        if options.modifier:
            _check_threat(intent.use)
        request = TestRequest(
            "score",
            intent.score,
            bonus=options.bonus,
            advantages=options.advantages,
            disadvantages=options.disadvantages,
            kind=TestKind.ATTACK if options.modifier else TestKind.TEST,
            purpose=f"at threat level {options.modifier}" if options.modifier else "",
            modifier=options.modifier,
        )
        who = ""
    else:
        character = session.character(intent.character)
        attribute = rules.attribute(intent.attribute)
        request, critical = _request(rules, character, attribute, options, intent.use)
        who = character.name
    odds = core.odds(request, critical)
    return show_odds(Reply(), who, request, odds)


def offer(
    ruleset: BlackSwordHack, view: CampaignView[Character], principal_role: str
) -> list[Intent]:
    """Tests of each attribute by each living character, with advantage, disadvantage
    and a threat level, their odds, and saves."""
    del ruleset, principal_role
    intents: list[Intent] = []
    for character in view.characters():
        if character.dead:
            continue
        name = character.name
        for attribute in ATTRIBUTES:
            intents.append(Words("test", (name, attribute)))
            intents.append(Words("test", (name, attribute, "adv")))
            intents.append(Words("test", (name, attribute, "dis")))
            intents.append(Words("save", (name, attribute)))
            intents.append(Words("odds", (name, attribute)))
        intents.append(Words("test", (name, "STR", "threat", "3")))
        intents.append(Words("test", (name, "DEX", "for", "dodge")))
        intents.append(Words("test", (name, "WIS", "for", "initiative")))
    intents.append(Words("odds", ("12", "threat", "3")))
    return intents


OFFERS.append(offer)
