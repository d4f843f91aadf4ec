"""Typed intents of redhack's character, bestiary, trade and supply commands, and of the
engine's item commands in a redhack campaign: a line parses to its intent, a malformed
line is a usage error, and the intent executed directly gives what the line gives
(redhack: Character Creation, Equipment, Combat; RULINGS G3, R23, R30)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.dice import UsageDie
from hacktable.engine.commands.inventory import DropIntent, EquipIntent, GiveIntent
from hacktable.engine.commands.usage import UsageIntent
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM
from hacktable.errors import CommandError
from hacktable.rulesets.grammar import Intent, Words
from hacktable.rulesets.redhack.commands.bestiary import BestiaryIntent
from hacktable.rulesets.redhack.commands.characters import CharacterIntent, CreationChoices
from hacktable.rulesets.redhack.commands.supplies import EatIntent
from hacktable.rulesets.redhack.commands.trade import HaggleIntent

from ...intents import Twins

SETUP = (
    "character new Aldric --class warrior --kit 1",
    "character new Sly --class thief --kit 1",
    "give Aldric rations",
    "give Aldric waterskin",
)

MONSTERS = (
    '[[monsters]]\nid = "bog-hag"\nname = "Bog Hag"\nhd = 3\nac = 3\n'
    'attacks = [{ name = "claw", damage = "1d6", count = 2 }]\nsource = "campaign"\n'
)


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[Twins]:
    with Twins(tmp_path, 7, SETUP) as pair:
        yield pair


@pytest.fixture
def layer(twins: Twins) -> CommandLayer:
    return twins.by_line


PARSES: list[tuple[str, Intent]] = [
    ("character list", CharacterIntent("list")),
    ("char show aldric", CharacterIntent("show", "aldric")),
    ("character REMOVE Sly", CharacterIntent("remove", "Sly")),
    ("character revive Sly", CharacterIntent("revive", "Sly")),
    ("character new Bo", CharacterIntent("new", "Bo")),
    (
        'character new "Bo  Brave" --class thief --kit 2 --swap STR,DEX '
        '--background "Raised by goblins." --adv Goblins,stealth --dis etiquette',
        CharacterIntent(
            "new",
            "Bo Brave",
            CreationChoices(
                class_id="thief",
                kit=2,
                swap=("STR", "DEX"),
                background="Raised by goblins.",
                advantages=("goblins", "stealth"),
                disadvantages=("etiquette",),
            ),
        ),
    ),
    (
        "character new Bo --kit none --swap none --kit 1 --adv ''",
        CharacterIntent("new", "Bo", CreationChoices(kit=1, swap=(), advantages=())),
    ),
    ("character new Bo --kit 0", CharacterIntent("new", "Bo", CreationChoices(kit=0))),
    ("give Aldric torch", GiveIntent("Aldric", "torch")),
    (
        "give Aldric iron   rations ud 8 x3 force",
        GiveIntent("Aldric", "iron rations", UsageDie.UD8, 3, force=True),
    ),
    ("give Aldric force field", GiveIntent("Aldric", "force field")),
    ("give Aldric lamp ud6", GiveIntent("Aldric", "lamp", UsageDie.UD6)),
    ("drop Aldric hand weapon", DropIntent("Aldric", "hand weapon")),
    ("equip Aldric large shield", EquipIntent("Aldric", "large shield")),
    ("equip Aldric large shield OFF", EquipIntent("Aldric", "large shield", off=True)),
    ("usage Aldric torch", UsageIntent("Aldric", "torch")),
    ("usage Aldric adv torch dis adv", UsageIntent("Aldric", "torch", 2, 1)),
    ("bestiary", BestiaryIntent()),
    ("bestiary goblin chief", BestiaryIntent(search="goblin chief")),
    ("bestiary ADD my monsters.toml", BestiaryIntent("add", file="my monsters.toml")),
    ("bestiary remove Bog-Hag", BestiaryIntent("remove", monster="Bog-Hag")),
    ("haggle Sly 120", HaggleIntent("Sly", 120)),
    (
        "haggle Sly 120 sell adv adv dis penalty 2 roll 14 override damage 3",
        HaggleIntent("Sly", 120, True, 2, 1, 2, override=True, roll=(14,), damage=3),
    ),
    ("eat all", EatIntent("all")),
    ("eat Aldric WATER half", EatIntent("Aldric", "water", half=True)),
    ("eat Aldric half food water", EatIntent("Aldric", "food", half=True)),
]


@pytest.mark.parametrize(("line", "intent"), PARSES, ids=[line for line, _ in PARSES])
def test_a_line_parses_to_its_intent(layer: CommandLayer, line: str, intent: Intent) -> None:
    assert layer.parse(line) == intent


MALFORMED = [
    ("character", "missing new, show, list or remove"),
    ("character fly Aldric", "unknown subcommand 'fly'"),
    ("character show", "missing NAME"),
    ("character list Aldric", "unexpected 'Aldric'"),
    ("character remove Sly now", "unexpected 'now'"),
    ("character new", "missing NAME"),
    ("character new 12 --class thief", "a name cannot be a number"),
    ("character new Bo --class", "missing the value of --class"),
    ("character new Bo --wings 2", "unexpected '--wings'"),
    ("character new Bo --kit two", "--kit must be a whole number, not 'two'"),
    ("character new Bo --swap STR", "--swap takes two attributes"),
    ("give Aldric", "missing ITEM"),
    ("give Aldric x3", "missing ITEM"),
    ("give Aldric torch x101", "at most 100 at a time"),
    ("give Aldric torch x0", "quantity must be at least 1"),
    ("drop Aldric", "missing ITEM"),
    ("equip Aldric off", "missing ITEM"),
    ("usage Aldric adv", "missing ITEM"),
    ("bestiary add", "missing FILE"),
    ("bestiary remove", "missing ID"),
    ("bestiary remove bog-hag now", "unexpected 'now'"),
    ("haggle Sly", "missing PRICE"),
    ("haggle Sly 0", "PRICE must be at least 1"),
    ("haggle Sly 50 politely", "unexpected 'politely'"),
    ("haggle Sly 50 roll 21", "roll takes d20 faces"),
    ("eat", "missing NAME"),
    ("eat Aldric cake", "unexpected 'cake'"),
]


@pytest.mark.parametrize(("line", "message"), MALFORMED, ids=[line for line, _ in MALFORMED])
def test_a_malformed_line_is_a_usage_error(twins: Twins, line: str, message: str) -> None:
    twins.refused(line, message)


SAME = [
    ("character list", CharacterIntent("list")),
    ("character show Aldric", CharacterIntent("show", "Aldric")),
    ("character remove Sly", CharacterIntent("remove", "Sly")),
    (
        "character new Bo --class thief --kit 2 --swap STR,DEX --background 'Born at sea.' "
        "--adv swimming",
        CharacterIntent(
            "new",
            "Bo",
            CreationChoices(
                class_id="thief",
                kit=2,
                swap=("STR", "DEX"),
                background="Born at sea.",
                advantages=("swimming",),
            ),
        ),
    ),
    (
        "character new Bo --class wizard --kit none",
        CharacterIntent("new", "Bo", CreationChoices(class_id="wizard", kit=0)),
    ),
    ("give Aldric torch x3", GiveIntent("Aldric", "torch", quantity=3)),
    (
        "give Aldric mystery box ud8 custom",
        GiveIntent("Aldric", "mystery box", UsageDie.UD8, custom=True),
    ),
    ("drop Aldric torch", DropIntent("Aldric", "torch")),
    ("equip Aldric large shield off", EquipIntent("Aldric", "large shield", off=True)),
    ("usage Aldric torch adv", UsageIntent("Aldric", "torch", advantages=1)),
    ('usage Aldric "armourer\'s tools"', UsageIntent("Aldric", "armourer's tools")),
    ("bestiary gob", BestiaryIntent(search="gob")),
    ("bestiary goblin-chief", BestiaryIntent(search="goblin-chief")),
    ("haggle Sly 120 sell", HaggleIntent("Sly", 120, selling=True)),
    ("haggle Sly 120 roll 20", HaggleIntent("Sly", 120, roll=(20,))),
    ("eat all", EatIntent("all")),
    ("eat Aldric food half", EatIntent("Aldric", "food", half=True)),
]


@pytest.mark.parametrize(("line", "intent"), SAME, ids=[line for line, _ in SAME])
def test_the_intent_does_what_the_line_does(twins: Twins, line: str, intent: Intent) -> None:
    twins.same(line, intent)


def test_a_campaigns_own_monster_added_and_removed_by_intent(tmp_path: Path) -> None:
    file = tmp_path / "mine.toml"
    file.write_text(MONSTERS)
    with Twins(tmp_path, 7) as bare:  # no party: the bestiary is the campaign's own
        by_intent, by_line = bare.by_intent, bare.by_line
        added = by_intent.execute(GM, BestiaryIntent("add", file=str(file)))
        assert added.lines == by_line.run(f"bestiary add {file}").lines
        assert "bog-hag" in by_intent.session.state.keys("monster")
        removed = by_intent.execute(GM, BestiaryIntent("remove", monster="Bog-Hag"))
        assert removed.lines == by_line.run("bestiary remove bog-hag").lines
        assert "bog-hag" not in by_intent.session.state.keys("monster")


def test_guided_creation_still_asks_what_the_line_left_out(layer: CommandLayer) -> None:
    questions: list[str] = []
    answers = iter(["", "STR DEX", "warrior", "2", "Born at sea.", "swimming", ""])

    def ask(question: str) -> str:
        questions.append(question)
        return next(answers)

    intent = CharacterIntent("new", "Bo", CreationChoices(kit=None, swap=None))
    outcome = layer.execute(GM, intent, ask=ask)
    assert len(questions) == 7
    assert questions[2].startswith("Class (")
    (event,) = outcome.events
    assert event.command == (
        "character new Bo --class warrior --kit 2 --swap STR,DEX "
        "--background 'Born at sea.' --adv swimming"
    )
    given = CharacterIntent("new", "Cy", CreationChoices(kit=0, swap=(), background=""))
    questions.clear()
    answers = iter(["", "thief"])
    assert layer.execute(GM, given, ask=ask).events[0].command.endswith("--kit none")
    assert len(questions) == 2  # the scores, then the class: the rest was given


def test_without_anyone_to_ask_creation_needs_a_class(layer: CommandLayer) -> None:
    with pytest.raises(CommandError, match=r"give --class \(warrior, .*\(usage: character new"):
        layer.execute(GM, CharacterIntent("new", "Bo"))


def test_words_for_a_converted_command_are_read_into_its_intent(layer: CommandLayer) -> None:
    outcome = layer.execute(GM, Words("usage", ("Aldric", "torch")))
    assert outcome.intent == UsageIntent("Aldric", "torch")
    with pytest.raises(CommandError, match="missing ITEM"):
        layer.execute(GM, Words("give", ("Aldric",)))
