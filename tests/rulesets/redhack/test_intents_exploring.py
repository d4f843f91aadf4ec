"""The exploring, resting, travel and fortune commands read their words into typed
intents: a line parses to its intent, a malformed line is a usage error, and the
intent executed directly does exactly what the line does (same lines, dice and events).

Each check plays two tables with the same seed and the same history: one is given the
line, the other the intent (the random source is derived per action, so both deal the
same dice only if the command draws them in the same order)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.principal import GM
from hacktable.errors import RuleError, UnknownNameError
from hacktable.rulesets.grammar import Words
from hacktable.rulesets.redhack.commands.explore import (
    CheckIntent,
    ClimbIntent,
    DouseIntent,
    EncountersIntent,
    ExploreIntent,
    FireIntent,
    LightIntent,
    ReactIntent,
    TickIntent,
    WhereIntent,
)
from hacktable.rulesets.redhack.commands.fortune import FortuneIntent
from hacktable.rulesets.redhack.commands.rest import RestIntent
from hacktable.rulesets.redhack.commands.travel import LandscapeIntent, TravelIntent

from ...intents import Twins

EXAMPLES = Path(__file__).parents[3] / "examples" / "data"
MARSH = str(EXAMPLES / "marsh.toml")
JUNGLE = str(EXAMPLES / "jungle.toml")

CRYPT = """
[[tables]]
id = "crypt"
name = "The Old Crypt"
dice = "1d6"
source = "campaign"
entries = [
  { low = 1, high = 3, result = "3 skeletons" },
  { low = 4, high = 6, result = "a wight" },
]
"""

PARTY = (
    "character new Aldric --class warrior --kit 1",
    "character new Sly --class thief --kit 1",
    "character new Mirela --class wizard --kit 1",
    "give Mirela tinderbox",
    "give Aldric rations",
    "give Aldric waterskin",
    "give Sly iron-spikes",
)


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[Twins]:
    crypt = tmp_path / "crypt.toml"
    crypt.write_text(CRYPT)
    with Twins(tmp_path, 5, (*PARTY, f"encounters add {crypt}")) as pair:
        yield pair


# -- where, explore, tick ------------------------------------------------------------------


def test_where(twins: Twins) -> None:
    shown = twins.same("where", WhereIntent())
    assert "The party is in the town" in shown.text
    shown = twins.same("where dungeon Crypt", WhereIntent("dungeon", "Crypt"))
    assert shown.text == "The party is now in the dungeon (The Old Crypt: crypt)"
    twins.refused("where cellar", "a place is one of dungeon, wilderness, town, safe")


def test_an_unknown_table_is_refused_as_the_intent_resolves(twins: Twins) -> None:
    intent = twins.by_line.parse("where Dungeon Old Vault")
    assert intent == WhereIntent("dungeon", "Old Vault")
    with pytest.raises(UnknownNameError, match="old vault"):
        twins.by_line.execute(GM, intent)


def test_explore_and_tick(twins: Twins) -> None:
    twins.setup("where dungeon crypt", "light Aldric torch")
    shown = twins.same("explore move 3 FAST", ExploreIntent("move", 3, fast=True))
    assert "moves 3 rooms fast and carelessly: 2 ticks" in shown.text
    twins.same("explore search", ExploreIntent("search"))
    shown = twins.same("tick 4", TickIntent(4))
    assert "torch check" in shown.text
    twins.refused("explore search 2", "unexpected '2'")
    twins.refused("explore dance", "an action is one of move, search")
    twins.refused("explore move 0", "N must be at least 1, not 0")
    twins.refused("tick", "missing N")
    twins.refused("tick 2 3", "unexpected '3'")
    twins.refused("tick 1001", "at most 1000 ticks at a time")


# -- light, douse, fire --------------------------------------------------------------------


def test_light_and_douse(twins: Twins) -> None:
    shown = twins.same("light Aldric torch", LightIntent("Aldric", "torch"))
    assert shown.text.startswith("Aldric lights")
    shown = twins.same("douse aldric Torch override", DouseIntent("aldric", "Torch", override=True))
    assert shown.text.startswith("Aldric puts out")
    (event,) = shown.events
    assert event.detail["override"] == {"override": True}
    twins.refused("light Aldric", "missing ITEM")
    twins.refused("light Aldric override", "missing ITEM")
    twins.refused("douse", "missing NAME")
    twins.refused("light Aldric torch roll 21", "roll takes d20 faces from 1 to 20")


def test_the_gm_s_overrides_are_fields_in_any_order(twins: Twins) -> None:
    intent = LightIntent("Aldric", "torch", override=True, roll=(3,), damage=2)
    assert twins.by_line.parse("light Aldric damage 2 torch roll 3 override") == intent
    twins.setup("light Aldric torch")
    with pytest.raises(RuleError, match="already lit"):
        twins.by_intent.execute(GM, LightIntent("Aldric", "torch"))


def test_fire(twins: Twins) -> None:
    assert twins.same("fire on", FireIntent("fire", True)).text == "The party's fire is visible"
    shown = twins.same("fire light ON", FireIntent("light", True))
    assert shown.text == "The party blazes with light"
    twins.same("fire light off", FireIntent("light", False))
    twins.same("fire off", FireIntent("fire", False))
    twins.refused("fire up", "on, off or light")
    twins.refused("fire light", "missing on or off")
    twins.refused("fire on now", "unexpected 'now'")


# -- encounters, check, react ----------------------------------------------------------------


def test_encounters(twins: Twins, tmp_path: Path) -> None:
    shown = twins.same("encounters", EncountersIntent())
    assert shown.text.startswith("crypt")
    shown = twins.same("encounters Crypt", EncountersIntent("show", "Crypt"))
    assert "3 skeletons" in shown.text
    shown = twins.same("encounters roll crypt", EncountersIntent("roll", "crypt"))
    assert len(shown.tables) == 1
    more = tmp_path / "more.toml"
    more.write_text(CRYPT.replace('"crypt"', '"vault"'))
    shown = twins.same(f"encounters add {more}", EncountersIntent("add", file=str(more)))
    assert "Added 1 encounter table" in shown.text
    twins.refused("encounters add", "missing FILE")
    twins.refused("encounters roll", "missing NAME")


def test_check(twins: Twins) -> None:
    shown = twins.same("check", CheckIntent())
    assert "encounter check: d6" in shown.text
    twins.refused("check now", "unexpected 'now'")


def test_react(twins: Twins) -> None:
    shown = twins.same("react", ReactIntent())
    assert len(shown.tables) == 1
    assert shown.checks == ()
    intent = ReactIntent("Aldric", combat=True, advantages=2, roll=(15,))
    shown = twins.same("react adv Aldric combat advantage roll 15", intent)
    (check,) = shown.checks
    assert check.faces[0] == 15  # the GM's face, then a second d20 (advantage)
    assert "In combat" in shown.text
    twins.same("react sly dis", ReactIntent("sly", disadvantages=1))
    twins.refused("react Aldric Sly", "unexpected 'Sly'")
    twins.refused("react Aldric roll x", "roll must be a whole number, not 'x'")


# -- climb -----------------------------------------------------------------------------------


def test_climb(twins: Twins) -> None:
    intent = ClimbIntent("Sly", 30, pitons=True, advantages=1, roll=(20,))
    shown = twins.same("climb Sly 30 pitons adv roll 20", intent)
    assert "Sly climbs 30 feet" in shown.text
    intent = ClimbIntent("Aldric", 40, roped=("Aldric", "Sly", "Mirela"), roll=(1, 15, 2, 3))
    shown = twins.same("climb Aldric 40 roped Aldric,Sly,Mirela roll 1,15,2,3", intent)
    assert "to hold the rope" in shown.text
    intent = ClimbIntent("Mirela", 10, secured=True, disadvantages=1, override=True, damage=0)
    twins.same("climb Mirela 10 secured dis override damage 0", intent)
    twins.refused("climb Sly high", "FEET must be a whole number, not 'high'")
    twins.refused("climb Sly 0", "FEET must be at least 1, not 0")
    twins.refused("climb Sly 30 roped", "roped takes the names on the rope")
    twins.refused("climb Sly 30 quickly", "unexpected 'quickly'")


# -- rest ------------------------------------------------------------------------------------


def test_rest(twins: Twins) -> None:
    twins.setup("where wilderness", "hp Aldric -3", "hp Sly -2")
    shown = twins.same("rest short fast Sly", RestIntent("short", fasting=("Sly",)))
    assert "Sly rests without a meal: CON test" in shown.text
    shown = twins.same("rest LONG half roll 20", RestIntent("long", half=True, roll=(20,)))
    assert shown.text.startswith("Long rest (wilderness")
    twins.setup("where town")
    intent = RestIntent("downtime", days=2, action="research the sigils")
    shown = twins.same("rest downtime days 2 action research the sigils", intent)
    assert "Downtime action: research the sigils" in shown.text
    twins.refused("rest long sleepy", "unexpected 'sleepy'")
    twins.refused("rest long days 0", "days must be at least 1, not 0")
    twins.refused("rest", "missing short, long, day or downtime")


def test_an_unknown_rest_is_the_rule_s_refusal(twins: Twins) -> None:
    # as before: a RuleError naming the rests, not a usage error
    with pytest.raises(RuleError, match="a rest is one of short, long, day, downtime, not 'nap'"):
        twins.by_line.parse("rest nap")
    assert twins.by_line.parse("rest short") == twins.by_line.parse("rest SHORT")


def test_rest_given_as_words_reads_its_intent(twins: Twins) -> None:
    outcome = twins.by_line.execute(GM, Words("rest", ("short",)))
    assert outcome.intent == RestIntent("short")


# -- landscape, travel -----------------------------------------------------------------------


def test_landscape(twins: Twins) -> None:
    shown = twins.same("landscape", LandscapeIntent())
    assert shown.text.startswith("No landscapes yet")
    shown = twins.same(f"landscape ADD {MARSH}", LandscapeIntent("add", file=MARSH))
    assert "Added 1 landscape from marsh.toml: marsh" in shown.text
    shown = twins.same("landscape The Sallow Marsh", LandscapeIntent("show", "The Sallow Marsh"))
    assert "Survival:" in shown.text
    twins.same("landscape", LandscapeIntent())
    twins.refused("landscape add", "missing FILE")


def test_travel(twins: Twins) -> None:
    twins.setup(f"landscape add {MARSH}")
    intent = TravelIntent(
        "plan",
        landscape="marsh",
        days=2,
        leader="sly",
        mounts=1,
        road=True,
        slowed=("Mirela",),
        hex_miles=3,
    )
    line = "travel plan --landscape marsh --days 2 --leader sly --mounts 1 --road "
    shown = twins.same(line + "--slowed Mirela, --hex 3", intent)
    assert shown.text.startswith("Journey planned: The Sallow Marsh")
    intent = TravelIntent("plan", terrain="normal", moves=3, light=False, half=True)
    twins.same("travel plan --terrain Normal --moves 3 --half", intent)
    shown = twins.same("travel day", TravelIntent("day"))
    assert "Journey day 1 of 2" in shown.text
    twins.same("travel status", TravelIntent("status"))
    twins.same("travel end", TravelIntent("end"))
    twins.refused("travel fly", "unknown subcommand 'fly'")
    twins.refused("travel day now", "unexpected 'now'")
    twins.refused("travel plan --terrain swampy", "--terrain is normal or difficult")
    twins.refused("travel plan --mounts -1", "--mounts must be at least 0, not -1")
    twins.refused("travel plan --hex", "missing the value of --hex")
    twins.refused("travel plan marsh", "unexpected 'marsh'")


# -- fortune ---------------------------------------------------------------------------------


def test_fortune(twins: Twins) -> None:
    shown = twins.same("fortune", FortuneIntent())
    assert shown.text.startswith("No fortune tasks yet")
    shown = twins.same(f"fortune add {JUNGLE}", FortuneIntent("add", file=JUNGLE))
    assert "Fortune task jungle added" in shown.text
    twins.same("fortune LIST", FortuneIntent())
    assign = FortuneIntent("assign", "jungle", "scout", "Sly")
    assert "Sly is the Scout" in twins.same("fortune assign jungle scout Sly", assign).text
    twins.same("fortune show Jungle", FortuneIntent("show", "Jungle"))
    shown = twins.same("fortune roll jungle roll 5", FortuneIntent("roll", "jungle", roll=5))
    (event,) = shown.events
    assert event.detail["override"] == {"faces": [5]}
    twins.same("fortune roll jungle", FortuneIntent("roll", "jungle"))
    twins.same("fortune unassign jungle scout", FortuneIntent("unassign", "jungle", "scout"))
    twins.same("fortune remove jungle", FortuneIntent("remove", "jungle"))
    twins.refused("fortune list all", "unexpected 'all'")
    twins.refused("fortune add", "missing FILE")
    twins.refused("fortune show", "missing TASK")
    twins.refused("fortune assign jungle scout", "missing NAME")
    twins.refused("fortune unassign jungle", "missing ROLE")
    twins.refused("fortune roll", "missing TASK")
    twins.refused("fortune roll jungle swamp", "unexpected 'swamp'")
    twins.refused("fortune roll jungle roll 3,4", "rolls one d20")
    twins.refused("fortune roll jungle override", "takes only 'roll N'")
    twins.refused("fortune remove jungle now", "unexpected 'now'")
    twins.refused("fortune juggle", "unknown subcommand 'juggle'")


def test_explore_moves_at_most_1000_rooms_at_a_time(twins: Twins) -> None:
    twins.refused("explore move 1001", "at most 1000 rooms at a time")
