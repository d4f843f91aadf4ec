"""The command layer: typed intents in, outcomes out, events stored all or nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.dice.source import RecordingRandom
from hacktable.engine.commands.hit_points import HpIntent
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, NotAllowedError, Principal, Role
from hacktable.errors import RuleError, UnknownNameError
from hacktable.play.events import Change, Event
from hacktable.play.outcome import Outcome
from hacktable.play.outcome_codec import outcome_to_json
from hacktable.play.state import CampaignState
from hacktable.rulesets.grammar import CommandSet, UnknownCommandError, Words
from hacktable.rulesets.redhack.commands.fight import FightStatusIntent
from hacktable.rulesets.redhack.commands.tests import OddsIntent, TestIntent
from hacktable.store import StaleWriteError

from ..intents import Twins, campaign


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 3, ["character new Aldric --class warrior --kit 1"])
    yield layer
    layer.session.store.close()


def test_a_typed_intent_needs_no_text(layer: CommandLayer) -> None:
    outcome = layer.execute(GM, TestIntent("aldric", "str"))
    assert outcome.command == "test"
    assert outcome.ruleset == "redhack"
    (check,) = outcome.checks
    assert check.who == "Aldric"
    assert check.attribute == "STR"
    assert dict(check.odds)["success"] > 0
    # every die dealt is recorded, and the check's faces are among them
    assert [d.face for d in outcome.dice if d.sides == 20] == list(check.faces)
    (event,) = outcome.events
    assert event.seq == layer.session.store.last_seq()


def test_a_line_and_its_intent_give_the_same_outcome(tmp_path: Path) -> None:
    with Twins(tmp_path, 5, ["character new Sly --class thief --kit 1"]) as twins:
        (check,) = twins.same("test Sly DEX", TestIntent("Sly", "DEX")).checks
    assert check.who == "Sly"


def test_parse_reads_words_into_the_typed_intent(layer: CommandLayer) -> None:
    assert layer.parse("hp Aldric -3") == HpIntent("Aldric", "subtract", "3")
    assert layer.parse("odds 12 difficulty 4") == OddsIntent(
        score=12,
        options=layer.parse("odds 12 difficulty 4").options,  # type: ignore[union-attr]
    )
    assert layer.parse("   ") is None
    assert layer.parse("fight status") == FightStatusIntent()  # was a Words intent


def test_clamps_are_named_adjustments(layer: CommandLayer) -> None:
    max_hp = layer.session.character("Aldric").max_hp
    outcome = layer.run("hp Aldric +50")
    (adjustment,) = outcome.adjustments
    assert (adjustment.asked, adjustment.applied) == (max_hp + 50, max_hp)
    assert adjustment.rule == "HP stays between 0 and the maximum"
    assert layer.run("hp Aldric -1").adjustments == ()


def test_odds_changes_nothing_and_publishes_nothing(layer: CommandLayer) -> None:
    heard: list[Outcome] = []
    layer.subscribe(heard.append)
    seq = layer.session.store.last_seq()
    outcome = layer.run("odds Aldric STR difficulty 4")
    assert outcome.events == ()
    assert layer.session.store.last_seq() == seq
    assert heard == []
    layer.run("note the door creaks")
    assert [o.command for o in heard] == ["note"]


def test_a_failing_command_stores_nothing_and_keeps_the_state(layer: CommandLayer) -> None:
    session = layer.session
    before, seq = session.state, session.store.last_seq()
    for line, error in (
        ("test Nobody STR", UnknownNameError),
        ("coins Aldric +99999", RuleError),  # more than anyone can carry
    ):
        with pytest.raises(error):
            layer.run(line)
        assert session.state == before
        assert session.store.last_seq() == seq


def test_staged_events_are_stored_together_or_not_at_all(layer: CommandLayer) -> None:
    session = layer.session
    before, seq = session.state, session.store.last_seq()
    session.begin()
    session.commit(Event("setting", changes=(Change("setting", "opposed-ties", None, "draw"),)))
    assert session.setting("opposed-ties") == "draw"  # the command reads its own change
    assert session.store.last_seq() == seq  # but nothing is stored yet
    session.abandon()
    assert session.state == before
    assert session.store.last_seq() == seq


def test_a_stale_write_is_refused(layer: CommandLayer) -> None:
    session = layer.session
    before, seq = session.state, session.store.last_seq()
    session.begin()
    session.commit(Event("note", summary="mine"))
    session.store.append(Event("note", summary="another writer's"))
    with pytest.raises(StaleWriteError) as caught:
        session.finish()
    assert (caught.value.expected, caught.value.found) == (seq, seq + 1)
    assert session.state == before
    assert [e.summary for e in session.store.events(after=seq)] == ["another writer's"]


def test_the_live_state_is_what_the_log_says(layer: CommandLayer) -> None:
    for line in ("hp Aldric -2", "coins Aldric +5", "usage Aldric torch", "undo"):
        layer.run(line)
    assert CampaignState.replay(layer.session.store.events()) == layer.session.state


def test_observers_only_watch(layer: CommandLayer) -> None:
    observer = Principal(Role.OBSERVER, "Mina")
    with pytest.raises(NotAllowedError) as caught:
        layer.execute(observer, TestIntent("Aldric", "STR"))
    assert isinstance(caught.value, PermissionError)
    assert "Mina may not test" in str(caught.value)
    assert layer.execute(observer, Words("log")).command == "log"


def test_an_unknown_command_names_the_ruleset_and_its_offer(layer: CommandLayer) -> None:
    with pytest.raises(UnknownCommandError) as caught:
        layer.run("frobnicate")
    assert caught.value.ruleset == "redhack"
    assert str(caught.value).startswith("redhack has no command 'frobnicate'; it offers: ")
    assert "attack" in str(caught.value)
    with pytest.raises(UnknownNameError, match="did you mean 'test'"):
        layer.run("tset Aldric STR")


def test_command_sets_of_two_rulesets_never_collide() -> None:
    first, second = CommandSet("one"), CommandSet("two")
    for commands in (first, second):
        commands.command("attack", "attack", "hits")(lambda ctx, args: None)  # type: ignore[arg-type, return-value]
    assert first.get("attack") is not second.get("attack")
    assert first.get("attack").owner == "one"  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="declared twice"):
        first.command("attack", "attack", "again")(lambda ctx, args: None)  # type: ignore[arg-type, return-value]


def test_outcomes_are_one_json_object(layer: CommandLayer) -> None:
    outcome = layer.run("test Aldric STR adv difficulty 4")
    body = json.loads(json.dumps(outcome_to_json(outcome)))
    assert body["intent"]["type"] == "TestIntent"
    assert body["intent"]["character"] == "Aldric"
    (check,) = body["checks"]
    assert check["odds"]["success"].count("/") == 1  # an exact fraction
    assert check["faces"] == [d["face"] for d in body["dice"] if d["sides"] == 20]
    assert body["events"][0]["action"] == "test"


def test_the_recording_source_deals_the_same_stream() -> None:
    recording, plain = RecordingRandom("s:1"), random.Random("s:1")
    faces = [recording.randint(1, 20) for _ in range(50)] + [recording.randrange(6)]
    assert faces == [plain.randint(1, 20) for _ in range(50)] + [plain.randrange(6)]
    assert [face for _, face in recording.dealt[:50]] == faces[:50]
    assert recording.dealt[50] == (6, faces[50] + 1)


def test_the_stored_event_keeps_what_the_command_rolled_and_read(layer: CommandLayer) -> None:
    outcome = layer.run("test Aldric STR adv difficulty 4")
    (stored,) = layer.session.store.last(1)
    record = stored.detail["outcome"]
    (check,) = record["checks"]
    assert check["faces"] == list(outcome.checks[0].faces)
    assert check["odds"]["success"] == str(dict(outcome.checks[0].odds)["success"])
    assert [d["face"] for d in record["dice"]] == [d.face for d in outcome.dice]
    assert "tables" not in record  # only the kinds of record the command has
    table = layer.run("table reactions")
    assert layer.session.store.last(1)[0].detail["outcome"]["tables"][0]["table_id"] == (
        table.tables[0].table_id
    )
    layer.run("note a quiet night")
    assert "outcome" not in layer.session.store.last(1)[0].detail  # nothing rolled or read
