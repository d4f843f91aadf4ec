"""The fight, action and care commands as typed intents: each line parses to its
intent, a malformed line is a usage error, and an intent executed directly gives the
outcome its line gives (redhack: Combat; RULINGS R5-R15, R31)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.principal import GM
from hacktable.errors import CommandError, RuleError
from hacktable.rulesets.grammar import Intent, Words
from hacktable.rulesets.redhack.combat import Band
from hacktable.rulesets.redhack.commands import COMMANDS
from hacktable.rulesets.redhack.commands.attack import AttackIntent
from hacktable.rulesets.redhack.commands.care import (
    DisrepairIntent,
    InjuryIntent,
    MaintainIntent,
    MortalIntent,
    XpIntent,
)
from hacktable.rulesets.redhack.commands.defend import DefendIntent, ParryIntent
from hacktable.rulesets.redhack.commands.fight import (
    BlockIntent,
    FightAddIntent,
    FightEndIntent,
    FightIntent,
    FightStartIntent,
    FightStatusIntent,
    FlagIntent,
    HoldIntent,
    InitIntent,
    MoveIntent,
    NextIntent,
)
from hacktable.rulesets.redhack.commands.tricks import (
    BandageIntent,
    HideIntent,
    TricksyIntent,
    TurnIntent,
)

from ...intents import Twins

PARTY = (
    "character new Aldric --class warrior --kit 1",
    "character new Sly --class thief --kit 2",
    "character new Tomas --class cleric --kit 1",
    "character new Bel --class bard --kit 1",
)

FIGHT = ("fight start", "fight add 3 goblin --at close", "fight add 2 skeleton --at close", "init")
"""A fight in its first round: three goblins and two skeletons Close to the party."""

MONSTERS_TURN = (*FIGHT, "next")
"""The same fight on the monsters' turn."""

CASES: list[tuple[tuple[str, ...], str, Intent]] = [
    (
        (),
        "fight start --party Aldric,Sly --hidden Sly --name Ambush --unexpected",
        FightStartIntent(("Aldric", "Sly"), ("Sly",), "Ambush", unexpected=True),
    ),
    ((), "fight start", FightStartIntent()),
    (
        ("fight start",),
        "fight add 2d4 goblin --at far --group raiders --important",
        FightAddIntent("2d4", "goblin", Band.FAR, group="raiders", important=True),
    ),
    (
        ("fight start",),
        "fight add 3 goblin --name Scouts --hp 4",
        FightAddIntent(3, "goblin", name="Scouts", hp=4),
    ),
    (FIGHT, "fight status", FightStatusIntent()),
    (FIGHT, "fight end", FightEndIntent()),
    (FIGHT[:3], "init", InitIntent()),
    (FIGHT, "next", NextIntent()),
    (FIGHT, "hold Aldric", HoldIntent("Aldric")),
    (
        FIGHT,
        "move Aldric far goblins override",
        MoveIntent("Aldric", Band.FAR, "goblins", override=True),
    ),
    (MONSTERS_TURN, "move goblins near", MoveIntent("goblins", Band.NEAR)),
    (FIGHT, "block Aldric goblin-1", BlockIntent("Aldric", "goblin-1")),
    (FIGHT, "flag goblin-1 stunned", FlagIntent("goblin-1", "stunned")),
    (FIGHT, "flag Sly hidden off", FlagIntent("Sly", "hidden", off=True)),
    (
        FIGHT,
        "attack Aldric goblin-1 adv cleave goblin-2 override roll 15 damage 4",
        AttackIntent(
            "Aldric", "goblin-1", adv=1, cleave=("goblin-2",), override=True, roll=(15,), damage=4
        ),
    ),
    (
        FIGHT,
        "attack Sly goblin-1 backstab unsuspecting dis override",
        AttackIntent("Sly", "goblin-1", dis=1, backstab=True, unsuspecting=True, override=True),
    ),
    (FIGHT, "attack Aldric Bel roll 12", AttackIntent("Aldric", "Bel", roll=(12,))),
    (
        MONSTERS_TURN,
        "defend Tomas goblin-2 dis with weapon roll 3",
        DefendIntent("Tomas", "goblin-2", dis=1, attack="weapon", roll=(3,)),
    ),
    (
        (*MONSTERS_TURN, "defend Aldric goblin-1 roll 5"),
        "parry Aldric goblin-1 roll 15",
        ParryIntent("Aldric", "goblin-1", roll=(15,)),
    ),
    (
        FIGHT,
        "tricksy Bel goblin-1 hinder cha override roll 19",
        TricksyIntent("Bel", "goblin-1", "hinder", cha=True, override=True, roll=(19,)),
    ),
    (
        FIGHT,
        "tricksy Bel goblin-3 damage override",  # seed 3: Bel acts after the monsters
        TricksyIntent("Bel", "goblin-3", "damage", override=True),
    ),
    (FIGHT, "turn Tomas skeleton-1 dis", TurnIntent("Tomas", "skeleton-1", dis=1)),
    (FIGHT, "hide Sly adv", HideIntent("Sly", adv=1)),
    (
        (*FIGHT, "hp Aldric 0"),
        "bandage Tomas Aldric roll 4,2 override",
        BandageIntent("Tomas", "Aldric", override=True, roll=(4, 2)),
    ),
    (("hp Aldric 0",), "injury Aldric roll 3", InjuryIntent("Aldric", roll=(3,))),
    (("hp Aldric 0", "injury Aldric roll 6"), "mortal Aldric", MortalIntent("Aldric")),
    (("rest short",), "maintain Aldric adv", MaintainIntent("Aldric", adv=1)),  # at a rest (H234)
    ((), "xp Sly +2", XpIntent("Sly", 2)),
    (("xp Sly +2",), "xp Sly -1", XpIntent("Sly", -1)),
    ((), "disrepair", DisrepairIntent()),
    ((*FIGHT, "fight end"), "disrepair spend", DisrepairIntent(spend=True)),
]

MALFORMED = [
    "fight",
    "fight begin",
    "fight start --bogus",
    "fight start Aldric",
    "fight add goblin",
    "fight add 51 goblin",
    "fight add 2x goblin",
    "fight add 3 goblin --hp 0",
    "fight add 3 goblin --name !!",
    "fight status now",
    "fight end now",
    "init now",
    "next now",
    "hold",
    "hold Aldric now",
    "move Aldric",
    "move Aldric close roll 0",
    "block Aldric",
    "flag goblin-1",
    "attack Aldric",
    "attack Aldric goblin-1 bogus",
    "attack Aldric goblin-1 roll 21",
    "attack Aldric goblin-1 weapon",
    "defend Aldric",
    "defend Aldric goblin-1 damage x",
    "parry Aldric goblin-1 adv",
    "tricksy Bel goblin-1 dance",
    "tricksy Bel goblin-1 damage cha bogus",
    "turn Tomas",
    "hide Sly bogus",
    "bandage Tomas",
    "bandage Tomas Aldric damage 3",
    "injury Aldric roll 7",
    "mortal",
    "mortal Aldric now",
    "maintain",
    "xp Aldric 1",
    "xp Aldric +1 more",
    "disrepair later",
    "disrepair spend now",
]


@pytest.fixture
def twins(tmp_path: Path) -> Iterator[Twins]:
    with Twins(tmp_path, 3, PARTY) as pair:
        yield pair


@pytest.mark.parametrize(("before", "line", "intent"), CASES, ids=[c[1] for c in CASES])
def test_a_line_parses_to_its_intent(
    twins: Twins, before: tuple[str, ...], line: str, intent: Intent
) -> None:
    assert twins.by_line.parse(line) == intent


@pytest.mark.parametrize(("before", "line", "intent"), CASES, ids=[c[1] for c in CASES])
def test_an_intent_executed_directly_gives_its_lines_outcome(
    twins: Twins, before: tuple[str, ...], line: str, intent: Intent
) -> None:
    twins.setup(*before)
    twins.same(line, intent)


@pytest.mark.parametrize("line", MALFORMED)
def test_a_malformed_line_is_a_usage_error(twins: Twins, line: str) -> None:
    name = line.split(maxsplit=1)[0]
    assert twins.by_line.command(name) is COMMANDS.get(name)  # redhack's own
    twins.refused(line)


def test_the_words_are_read_before_the_state_is_looked_at(twins: Twins) -> None:
    """The one change the typed intents bring: a malformed line is refused as such
    even when the state would refuse it too (here: there is no fight)."""
    with pytest.raises(CommandError, match="unexpected 'now'"):
        twins.by_line.run("hold Aldric now")
    with pytest.raises(RuleError, match="there is no fight going on"):
        twins.by_line.run("hold Aldric")


def test_fight_is_one_command_for_its_four_intents(twins: Twins) -> None:
    fight = COMMANDS.get("fight")
    assert fight is not None
    assert fight.intent is FightIntent
    for intent in (FightStartIntent(), FightAddIntent(1, "goblin"), FightStatusIntent()):
        assert COMMANDS.for_intent(intent) is fight
    assert COMMANDS.for_intent(FightEndIntent()) is fight
    assert COMMANDS.for_intent(HoldIntent("Aldric")) is COMMANDS.get("hold")
    outcome = twins.by_line.execute(GM, FightStartIntent(("Aldric",)))
    assert outcome.command == "fight"
    assert [e.action for e in outcome.events] == ["fight.start"]


def test_a_words_intent_is_read_into_the_typed_one(twins: Twins) -> None:
    twins.setup(*FIGHT)
    outcome = twins.by_line.execute(GM, Words("flag", ("goblin-2", "held")))
    assert outcome.intent == FlagIntent("goblin-2", "held")
    assert [line.text for line in outcome.lines] == ["Goblin 2 is held"]


def test_a_word_the_state_makes_wrong_is_still_a_usage_error(twins: Twins) -> None:
    twins.setup(*MONSTERS_TURN)
    usage = COMMANDS.get("move").usage  # type: ignore[union-attr]
    with pytest.raises(CommandError) as caught:
        twins.by_line.execute(GM, MoveIntent("goblins", Band.NEAR, "skeletons"))
    assert str(caught.value) == f"move: unexpected 'skeletons' (usage: {usage})"
    with pytest.raises(CommandError, match="at most 50 monsters at a time"):
        twins.by_line.execute(GM, FightAddIntent("60d2", "goblin"))  # 60 to 120


def test_the_gms_overrides_reach_the_event(twins: Twins) -> None:
    twins.setup(*FIGHT)
    outcome = twins.by_line.execute(
        GM, AttackIntent("Aldric", "goblin-1", override=True, roll=(20,), damage=3)
    )
    (event,) = outcome.events
    assert event.detail["override"] == {"override": True, "faces": [20], "damage": 3}
    assert event.detail["damage"] == 3
    assert outcome.checks[0].faces[0] == 20
