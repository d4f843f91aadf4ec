"""Tests: ``test``, ``save``, ``effect``, ``monster``, ``oppose`` and ``odds``
(redhack: Core Rules; RULINGS R1-R5)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ....errors import RuleError
from ....play.events import Change, Event, Visibility
from ....play.outcome import Reply
from ....play.principal import Role
from ....rules.render import show_odds
from ....rules.resolution import TestKind, TestRequest
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import MONSTER_DICE
from ..actors import below_two
from ..character import Character
from ..core_rules import above_19
from ..view import CampaignView
from .act import Act
from .common import (
    TEST_WORDS,
    attribute_names,
    character_names,
    check_detail,
    hidden,
    hidden_note,
    read_test_options,
    redhack_of,
    show_test,
)
from .experience import gain
from .registry import COMMANDS

_OPTIONS = (
    "[adv|dis]... [difficulty N] [bonus N] [penalty N] [for TAG[,TAG]] [roll N[,N]] [secret|blind]"
)


def _complete_name_attr(session: CampaignView, words: list[str]) -> Iterable[str]:
    """A name, an attribute, then the test's words; after ``for``, the tags
    (data/tags.toml, issue 10 §10)."""
    if not words:
        return character_names(session)
    if len(words) == 1:
        return attribute_names(session)
    if words[-1].lower() == "for":
        return sorted(redhack_of(session).content.tag_ids)
    return TEST_WORDS


@dataclass(frozen=True, slots=True)
class TestIntent(Intent):
    """A character's test or saving throw of an attribute (redhack: Core Rules > Tests;
    RULINGS R1-R3).

    Attributes:
        character: the character's name, as given.
        attribute: the attribute, as given (``"dex"`` is DEX).
        options: difficulty, bonus, penalty, the GM's advantage and disadvantage, what
            the test is for; ``options.kind`` is a test or a saving throw.
    """

    __test__ = False  # not a pytest test class

    character: str
    attribute: str
    options: TestOptions = field(default_factory=TestOptions)

    def access(self) -> Access:
        """The character's player (the circumstances they type as the GM calls them);
        a bare ``save`` only reads (docs/rulings.md H106)."""
        return Access.play(self.character) if self.character else Access.read()

    def entered(self) -> tuple[int, ...]:
        """The d20 faces the player entered (``roll 14``; RULINGS G5)."""
        return self.options.entered

    def secret(self) -> bool:
        """``secret``, ``blind``, or a Legend Lore check (RULINGS G4; docs/rulings.md
        H208)."""
        return hidden(self.options) is not Visibility.PUBLIC


@dataclass(frozen=True, slots=True)
class EffectIntent(Intent):
    """A character's effect test against a creature of ``hd`` (redhack: Core Rules >
    Saving Throws & Effect Tests; RULINGS R15).

    Attributes:
        character: the character's name.
        attribute: the attribute.
        hd: the target's HD, the test's difficulty.
        options: as :class:`TestIntent` (no difficulty of its own).
    """

    character: str
    attribute: str
    hd: int
    options: TestOptions = field(default_factory=lambda: TestOptions(kind=TestKind.EFFECT))

    def access(self) -> Access:
        """The character's player (docs/rulings.md H106)."""
        return Access.play(self.character)

    def entered(self) -> tuple[int, ...]:
        """The d20 faces the player entered (RULINGS G5)."""
        return self.options.entered

    def secret(self) -> bool:
        """``secret`` or ``blind`` (RULINGS G4)."""
        return hidden(self.options) is not Visibility.PUBLIC


@dataclass(frozen=True, slots=True)
class MonsterIntent(Intent):
    """A monster's test: HD + 10 as its attribute (redhack: Core Rules > Monster Rolls;
    RULINGS R5), or a significant NPC's Major/Minor value (docs/rulings.md H252).

    Attributes:
        hd: the monster's HD (0 when ``name`` is given).
        options: difficulty (1 if none), bonus, penalty, advantage and disadvantage.
        name: a foe in the fight or a named NPC (``monster NAME``), or ``""``.
        use: ``"major"`` or ``"minor"``: the GM's call of which value, or ``""``.
    """

    hd: int
    options: TestOptions = field(default_factory=lambda: TestOptions(kind=TestKind.MONSTER))
    name: str = ""
    use: str = ""

    def access(self) -> Access:
        """The GM's: the monsters' rolls (docs/rulings.md H106)."""
        return Access.gm(MONSTER_DICE, "roll a monster's test")

    def entered(self) -> tuple[int, ...]:
        """The d20 faces the GM entered (RULINGS G5)."""
        return self.options.entered

    def secret(self) -> bool:
        """``secret`` or ``blind`` (RULINGS G4)."""
        return hidden(self.options) is not Visibility.PUBLIC


@dataclass(frozen=True, slots=True)
class OpposeIntent(Intent):
    """An opposed roll between two characters (redhack: Core Rules > Opposed Rolls).

    Attributes:
        first, first_attribute: one side.
        second, second_attribute: the other.
    """

    first: str
    first_attribute: str
    second: str
    second_attribute: str

    def access(self) -> Access:
        """The player of both characters (or the GM): one player never rolls for
        another's character (docs/rulings.md H106)."""
        return Access.play(self.first, self.second)


@dataclass(frozen=True, slots=True)
class OddsIntent(Intent):
    """The exact odds of a test, without rolling: a character's, or a bare score's.

    Attributes:
        character: the character's name, or ``""`` for a bare score.
        attribute: the attribute (``""`` for a bare score).
        score: the bare score (``None`` for a character's test).
        options: as :class:`TestIntent`.
    """

    character: str = ""
    attribute: str = ""
    score: int | None = None
    options: TestOptions = field(default_factory=TestOptions)

    def access(self) -> Access:
        """Anyone: odds roll nothing and store nothing (docs/rulings.md H106)."""
        return Access.read()


def _read_test(args: Args, kind: TestKind) -> TestIntent:
    name = args.word("NAME")
    attribute = args.word("ATTR")
    return TestIntent(name, attribute, read_test_options(args, kind))


@dataclass(frozen=True, slots=True)
class SaveIntent(TestIntent):
    """A saving throw (redhack: Core Rules > Saving Throws & Effect Tests): a test whose
    ``options.kind`` is a save. With no character (``save`` alone) it only reminds
    that the campaign saves itself.

    Attributes:
        deadly: the save could lead to death: the character gains one experience,
            whatever the roll (redhack: Experience & Gaining Levels; docs/rulings.md
            H181).
    """

    deadly: bool = False


def _read_save(args: Args) -> SaveIntent:
    if args.empty:
        return SaveIntent("", "", TestOptions(kind=TestKind.SAVE))
    name = args.word("NAME")
    attribute = args.word("ATTR")
    deadly = any(w.lower() == "deadly" for w in args.words)
    args.words = [w for w in args.words if w.lower() != "deadly"]
    options = read_test_options(args, TestKind.SAVE)
    return SaveIntent(name, attribute, options, deadly=deadly)


def _character_test(ctx: Context, intent: TestIntent) -> Reply:
    session = ctx.session
    character = session.character(intent.character)
    attribute = session.ruleset.attribute(intent.attribute)
    low = below_two(character)
    if low is not None:
        raise RuleError(
            f"{character.name} is incapacitated ({low}): no tests (redhack: Core Rules > "
            "Attributes and Modifiers)"
        )
    options = replace(intent.options, circumstances=session.ruleset.circumstances(session.state))
    request = session.ruleset.character_test(character, attribute, options)
    used = _blessing_used(ctx, character, request)
    if isinstance(intent, SaveIntent) and intent.deadly:
        return deadly_save(ctx, character.name, request, used)
    action = options.kind.name.lower()
    reply = _roll_and_log(ctx, character.name, request, action, hidden(options), used)
    hint = session.ruleset.tag_hint(character, options.tags)
    if hint:
        reply.add(f"  ({hint})", "muted")
    return reply


def _blessing_used(ctx: Context, character: Character, request: TestRequest) -> tuple[Change, ...]:
    """A prayer's blessing is used up by the test it gave advantage (RULINGS R33;
    docs/rulings.md H171)."""
    if "blessed" not in request.advantages:
        return ()
    after = replace(character, conditions=tuple(c for c in character.conditions if c != "blessed"))
    return (ctx.session.character_change(character, after),)


def _roll_and_log(
    ctx: Context,
    who: str,
    request: TestRequest,
    action: str,
    visibility: Visibility = Visibility.PUBLIC,
    changes: tuple[Change, ...] = (),
) -> Reply:
    """Roll ``request`` and log it; a secret or blind one on the secret stream, its
    event seen whole by the GM (and, secret, the roller) alone (RULINGS G4, G6)."""
    session = ctx.session
    odds = session.ruleset.test_odds(request)
    secret = visibility is not Visibility.PUBLIC
    result = session.ruleset.resolve_test(request, session.rng(secret=secret))
    reply = Reply()
    reply.check(request, odds, result)
    summary = show_test(reply, who, request, odds, result)
    capped = above_19(request)
    if capped is not None:
        reply.add(f"  {capped}", "note")
    gm = ctx.principal.role is Role.GM
    if visibility is Visibility.BLIND and not gm:  # the roller learns it was made
        reply = Reply()
        reply.check(request, odds, result)
        reply.add(f"{who} makes a blind {request.attribute} {request.kind.value}.", "dice")
    if secret:
        reply.add(*hidden_note(visibility, gm))
    session.commit(
        Event(
            action,
            actor=who or "GM",
            summary=summary,
            detail=check_detail(request, result, odds),
            changes=changes,
            command=ctx.line,
            visibility=visibility,
        )
    )
    return reply


def deadly_save(
    ctx: Context, name: str, request: TestRequest, changes: tuple[Change, ...] = ()
) -> Reply:
    """A saving throw that could lead to death: rolled and shown as any save, and one
    experience for the character in the same event (redhack: Experience & Gaining
    Levels, "Saving throw that could lead to death"; docs/rulings.md H181)."""
    act = Act(ctx)
    act.extra_changes.extend(changes)
    odds = act.ruleset.test_odds(request)
    result = act.ruleset.resolve_test(request, act.rng)
    act.reply.check(request, odds, result)
    act.log.append(show_test(act.reply, name, request, odds, result))
    act.detail.update(check_detail(request, result, odds))
    gain(act, [name], "save", f"a deadly {request.attribute} save", "  A deadly save")
    return act.commit("save", name)


@COMMANDS.typed(
    "test",
    f"test NAME ATTR {_OPTIONS}",
    "a character tests an attribute: shows the odds, rolls, explains",
    TestIntent,
    lambda args: _read_test(args, TestKind.TEST),
    details="""
Roll d20: a natural 20 succeeds, a natural 1 fails, otherwise success when
difficulty < roll <= attribute (redhack: Core Rules > Tests; RULINGS R1). A bonus adds to
the attribute, a penalty to the difficulty; over 19 the excess comes off the difficulty
(R2). Each "adv"/"dis" is one source; class features, background tags and armour add
theirs when the test is "for" something (e.g. "for climbing"); sources cancel (R3).
Example: test Aldric STR adv difficulty 4
""",
    complete=_complete_name_attr,
)
def test_command(ctx: Context, intent: TestIntent) -> Reply:
    """A character's attribute test."""
    return _character_test(ctx, intent)


@COMMANDS.typed(
    "save",
    f"save NAME ATTR {_OPTIONS} [deadly]",
    "a saving throw: a test to avoid an effect (CON vs poison, DEX vs a blast)",
    SaveIntent,
    _read_save,
    details="""
A saving throw is a test made to avoid or lessen an effect (redhack: Core Rules > Saving
Throws & Effect Tests); modifiers to saves apply (a Cleric's CON saves "for poison" have
advantage). "deadly": the save could lead to death, and the character gains one
experience whatever the roll (redhack: Experience & Gaining Levels):
  save Sly DEX deadly
The campaign itself is saved after every action: there is nothing to save by hand.
""",
    complete=_complete_name_attr,
)
def save_command(ctx: Context, intent: SaveIntent) -> Reply:
    """A saving throw; with no arguments, explains that saving the campaign is
    automatic."""
    if not intent.character:
        return Reply().add(
            "The campaign is saved after every action. To make a saving throw: "
            f"save NAME ATTR {_OPTIONS}",
            "note",
        )
    return _character_test(ctx, intent)


def _read_effect(args: Args) -> EffectIntent:
    name = args.word("NAME")
    attribute = args.word("ATTR")
    hd = args.integer("HD", minimum=0)
    options = read_test_options(args, TestKind.EFFECT)
    if options.difficulty is not None:
        raise args.error("the difficulty of an effect test is the target's HD")
    return EffectIntent(name, attribute, hd, replace(options, difficulty=hd))


@COMMANDS.typed(
    "effect",
    f"effect NAME ATTR HD {_OPTIONS}",
    "an effect test: a character's spell or effect against a creature of HD",
    EffectIntent,
    _read_effect,
    details="""
An effect test is an inverted saving throw: the player tests the attribute with the
target's HD as difficulty (redhack: Core Rules > Saving Throws & Effect Tests). Tricksy
and other tests "against a creature" work the same way (RULINGS R15).
""",
    complete=_complete_name_attr,
)
def effect_command(ctx: Context, intent: EffectIntent) -> Reply:
    """An effect test against a creature's HD."""
    session = ctx.session
    character = session.character(intent.character)
    attribute = session.ruleset.attribute(intent.attribute)
    low = below_two(character)
    if low is not None:
        raise RuleError(
            f"{character.name} is incapacitated ({low}): no tests (redhack: Core Rules > "
            "Attributes and Modifiers)"
        )
    options = replace(intent.options, difficulty=intent.hd)
    request = session.ruleset.character_test(character, attribute, options)
    return _roll_and_log(ctx, character.name, request, "effect", hidden(options))


def _read_monster(args: Args) -> MonsterIntent:
    first = args.peek()
    if first is not None and not first.lstrip("-").isdigit():
        name = args.word("NAME")
        uses = [w.lower() for w in args.words if w.lower() in ("major", "minor")]
        if len(set(uses)) > 1:
            raise args.error("a test uses the major or the minor value, not both")
        args.words = [w for w in args.words if w.lower() not in ("major", "minor")]
        options = read_test_options(args, TestKind.MONSTER)
        return MonsterIntent(0, options, name=name, use=uses[0] if uses else "")
    hd = args.integer("HD", minimum=0)
    options = read_test_options(args, TestKind.MONSTER)
    if options.tags:
        raise args.error("monster tests take no 'for' (a named foe or NPC does: monster NAME)")
    return MonsterIntent(hd, options)


def _monster_words(session: CampaignView, words: list[str]) -> Iterable[str]:
    from .npcs import monster_names

    return [*monster_names(session, words), *(("major", "minor") if words else ())]


@COMMANDS.typed(
    "monster",
    f"monster HD|NAME [major|minor] {_OPTIONS}",
    "a monster's test: HD + 10 as its attribute (a save vs a non-player effect)",
    MonsterIntent,
    _read_monster,
    details="""
A monster that must roll uses HD + 10 as its attribute (redhack: Core Rules > Monster
Rolls; RULINGS R5). Against an effect not from a player it tests against 10 + HD with no
difficulty: "monster 3". A foe in the fight by name ("monster goblin-1") tests with its
HD; a significant NPC given values with 'npc' tests with its major value when a tag
after 'for' is one of its own (or the GM says 'major'), its minor value otherwise:
"monster Oswin for lore" (docs/rulings.md H252).
""",
    complete=_monster_words,
)
def monster_command(ctx: Context, intent: MonsterIntent) -> Reply:
    """A monster's test."""
    if intent.name:
        from .npcs import npc_test

        return npc_test(ctx, intent)
    hd, options = intent.hd, intent.options
    request = TestRequest(
        "HD+10",
        hd + 10,
        1 if options.difficulty is None else options.difficulty,
        options.bonus,
        options.penalty,
        options.advantages,
        options.disadvantages,
        TestKind.MONSTER,
        who=f"{hd} HD monster",
    )
    return _roll_and_log(ctx, f"{hd} HD monster", request, "monster", hidden(options))


def monster_roll(
    ctx: Context, who: str, request: TestRequest, options: TestOptions, why: str
) -> Reply:
    """A named foe's or NPC's test, rolled and logged as any monster test, with the
    line that says which value it used (docs/rulings.md H252)."""
    reply = _roll_and_log(ctx, who, request, "monster", hidden(options))
    reply.add(f"  ({who} tests with {why})", "muted")
    return reply


def _read_oppose(args: Args) -> OpposeIntent:
    words = [args.word("NAME"), args.word("ATTR"), args.word("NAME"), args.word("ATTR")]
    args.done()
    return OpposeIntent(*words)


@COMMANDS.typed(
    "oppose",
    "oppose NAME ATTR NAME ATTR",
    "an opposed roll between two characters",
    OpposeIntent,
    _read_oppose,
    details="""
Both test; if one succeeds and the other fails, the success wins; otherwise the higher
roll wins (redhack: Core Rules > Opposed Rolls). Exact ties follow the campaign setting
"opposed-ties": reroll (default) or draw.
""",
    complete=lambda s, w: character_names(s) if len(w) % 2 == 0 else attribute_names(s),
)
def oppose_command(ctx: Context, intent: OpposeIntent) -> Reply:
    """An opposed roll."""
    session = ctx.session
    sides = []
    for name, attribute_name in (
        (intent.first, intent.first_attribute),
        (intent.second, intent.second_attribute),
    ):
        character = session.character(name)
        attribute = session.ruleset.attribute(attribute_name)
        sides.append(
            (character, session.ruleset.character_test(character, attribute, TestOptions()))
        )
    if sides[0][0].key == sides[1][0].key:
        raise RuleError("a character cannot oppose themselves")
    from ..core_rules import opposed

    ties = str(session.setting("opposed-ties"))
    result = opposed(sides[0][1], sides[1][1], session.rng(), ties)
    reply = Reply()
    for a, b in result.rounds:
        reply.check(sides[0][1], session.ruleset.test_odds(sides[0][1]), a)
        reply.check(sides[1][1], session.ruleset.test_odds(sides[1][1]), b)
    names = [c.name for c, _ in sides]
    reply.add(
        f"{names[0]} ({sides[0][1].attribute}) vs {names[1]} ({sides[1][1].attribute})", "title"
    )
    for number, (a, b) in enumerate(result.rounds, 1):
        prefix = f"  round {number}: " if len(result.rounds) > 1 else "  "
        reply.add(f"{prefix}{names[0]}: {a.explanation}", "dice")
        reply.add(f"{' ' * len(prefix)}{names[1]}: {b.explanation}", "dice")
    verdict = "a draw" if result.winner is None else f"{names[result.winner]} wins"
    reply.add(f"  => {verdict} ({result.reason})", "success")
    summary = f"{names[0]} vs {names[1]}: {verdict} ({result.reason})"
    session.commit(
        Event(
            "oppose",
            actor=names[0],
            summary=summary,
            detail={
                "rounds": [[list(a.faces), list(b.faces)] for a, b in result.rounds],
                "winner": None if result.winner is None else names[result.winner],
            },
            command=ctx.line,
        )
    )
    return reply


def _read_odds(args: Args) -> OddsIntent:
    first = args.word("NAME or SCORE")
    if first.lstrip("+-").isdigit():
        intent = OddsIntent(score=args.to_int(first, "SCORE"), options=read_test_options(args))
    else:
        attribute = args.word("ATTR")
        intent = OddsIntent(first, attribute, options=read_test_options(args))
    if intent.options.entered or intent.options.visibility is not Visibility.PUBLIC:
        raise args.error("odds rolls nothing: 'roll', 'secret' and 'blind' are for 'test'")
    return intent


@COMMANDS.typed(
    "odds",
    f"odds NAME ATTR {_OPTIONS} | odds SCORE {_OPTIONS}",
    "the exact odds of a test, without rolling",
    OddsIntent,
    _read_odds,
    complete=_complete_name_attr,
)
def odds_command(ctx: Context, intent: OddsIntent) -> Reply:
    """Exact odds for a character's test or a bare score; nothing is logged."""
    session = ctx.session
    options = intent.options
    if intent.score is not None:
        request = TestRequest(
            "score",
            intent.score,
            1 if options.difficulty is None else options.difficulty,
            options.bonus,
            options.penalty,
            options.advantages,
            options.disadvantages,
        )
        who = ""
    else:
        character = session.character(intent.character)
        attribute = session.ruleset.attribute(intent.attribute)
        request = session.ruleset.character_test(character, attribute, options)
        who = character.name
    odds = session.ruleset.test_odds(request)
    return show_odds(Reply(), who, request, odds)
