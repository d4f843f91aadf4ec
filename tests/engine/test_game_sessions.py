"""Game sessions are explicit, each with its seeds (RULINGS G6; docs/rulings.md H109-H111):
``session start``/``end``, continuing the open one, beginning one with the first action
that is stored, and dice that any reader of the log deals again."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.dice import roll_outcome
from hacktable.dice.source import derive_recording
from hacktable.engine.commands.dice import RollIntent
from hacktable.engine.commands.sessions import SessionEndIntent, SessionIntent, SessionStartIntent
from hacktable.engine.execute import CommandLayer
from hacktable.engine.game_session import commitment
from hacktable.engine.session import Session
from hacktable.errors import CommandError, DiceSyntaxError, RuleError, UnknownNameError
from hacktable.play.events import Event, Visibility
from hacktable.play.principal import Principal, Role
from hacktable.rulesets.grammar import AccessKind
from hacktable.store import CampaignStore

ROOT = Path(__file__).resolve().parents[2]
RELEASED = ROOT / "tests" / "store" / "data" / "campaign-0.1.0.db"


def opened(path: Path, seed: int | None = None, secret_seed: int | None = None) -> CommandLayer:
    """A command layer on the campaign at ``path`` (the caller closes its store)."""
    return CommandLayer(Session(CampaignStore.open(path), seed, "test", secret_seed))


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "campaign.db"


@pytest.fixture
def layer(path: Path) -> Iterator[CommandLayer]:
    layer = opened(path, seed=5, secret_seed=77)
    yield layer
    layer.session.store.close()


def actions(path: Path) -> list[str]:
    with CampaignStore.open(path) as store:
        return [event.action for event in store.events()]


def test_a_seed_at_open_begins_a_session_as_it_always_did(layer: CommandLayer) -> None:
    (start,) = layer.session.store.events()
    assert start.action == "session.start"
    assert start.summary == "session 1 begins (seed 5)"
    assert start.detail["seed"] == 5
    assert start.detail["secret_seed"] == 77
    assert start.detail["source"] == "test"
    assert (layer.session.number, layer.session.seed, layer.session.secret_seed) == (1, 5, 77)
    assert layer.session.game.start_seq == start.seq == 1


def test_opening_goes_on_with_the_open_session(path: Path, layer: CommandLayer) -> None:
    layer.run("roll 1d6")
    layer.session.store.close()
    again = opened(path)
    try:
        assert (again.session.number, again.session.seed, again.session.secret_seed) == (1, 5, 77)
        (event,) = again.run("roll 1d6").events
        assert (event.action, event.session) == ("roll", 1)
    finally:
        again.session.store.close()
    assert actions(path) == ["session.start", "roll", "roll"]


def test_opening_with_no_session_open_writes_nothing_until_an_action_is_stored(
    path: Path,
) -> None:
    CampaignStore.open(path).close()
    layer = opened(path)
    try:
        assert not layer.session.game.started
        for line in ("log", "help", "session", "log all --times", "help roll"):
            layer.run(line)
        with pytest.raises(UnknownNameError):
            layer.run("test Nobody STR")  # refused: nothing stored, no session begun
        assert layer.session.store.last_seq() == 0
        assert "next action that is stored begins session 1" in layer.run("session").text
        outcome = layer.run("roll 2d6")
        assert [e.action for e in outcome.events] == ["session.start", "roll"]
        start, roll = layer.session.store.events()
        assert start.summary == f"session 1 begins (seed {layer.session.seed})"
        assert start.detail["source"] == "test"
        assert isinstance(start.detail["secret_seed"], int)
        assert (roll.session, start.session) == (1, 1)
        assert layer.session.game.start_seq == 1
    finally:
        layer.session.store.close()


def test_the_first_action_of_a_new_session_rolls_its_seeds_dice(path: Path) -> None:
    """The session.start staged before the first action counts: that action's place
    is 2, as when the session was begun at open with the same seed."""
    CampaignStore.open(path).close()
    layer = opened(path)
    try:
        seed = layer.session.seed
        lazy = layer.run("roll 10d20").dice
    finally:
        layer.session.store.close()
    eager = opened(path.with_name("eager.db"), seed=seed)
    try:
        assert eager.run("roll 10d20").dice == lazy
    finally:
        eager.session.store.close()


def test_session_end_and_the_next_action_begins_a_new_one(layer: CommandLayer) -> None:
    layer.run("roll 1d6")
    assert layer.run("session end").text == "Session 1 ends."
    assert not layer.session.game.started
    assert "No game session is open" in layer.run("session").text
    with pytest.raises(RuleError, match="no game session is open"):
        layer.run("session end")
    old_seed = layer.session.seed
    events = layer.run("roll 1d6").events
    assert [(e.action, e.session) for e in events] == [("session.start", 2), ("roll", 2)]
    assert layer.session.number == 2
    assert layer.session.seed != old_seed or layer.session.secret_seed != 77
    assert [e.action for e in layer.session.store.events()] == [
        "session.start",
        "roll",
        "session.end",
        "session.start",
        "roll",
    ]


def test_session_start_ends_the_open_one_revealing_its_seed(layer: CommandLayer) -> None:
    """docs/rulings.md H650: 'session start' ends the open session with a
    ``session.end`` that reveals its seed, as 'session end' does (issue 12 §5)."""
    layer.run("roll 1d6")
    said = layer.run("session start --seed 9").text.splitlines()
    assert said[0] == "Session 1 ends; session 2 begins (seed 9)."
    game = layer.session.game
    assert game.salt is not None
    assert said[1].startswith(f"Commitment sha256:{commitment(9, game.salt)} ")
    assert "session 3 begins (seed 10)." in layer.run("session start --seed=10").text
    log = layer.session.store.events()
    assert [e.action for e in log] == [
        "session.start",
        "roll",
        "session.end",
        "session.start",
        "session.end",
        "session.start",
    ]
    assert [e.session for e in log] == [1, 1, 1, 2, 2, 3]
    assert log[2].detail["seed"] == 5
    assert log[-1].command == "session start --seed=10"
    assert (layer.session.number, layer.session.seed) == (3, 10)
    assert layer.session.secret_seed not in (None, 77)


def test_the_session_command_shows_the_seeds_to_the_gm_alone(layer: CommandLayer) -> None:
    shown = layer.run("session").text
    salt = layer.session.game.salt
    assert salt is not None
    published = (
        f"Commitment sha256:{commitment(5, salt)} (its seed is revealed at its end: "
        "'hacktable verify --session 1' then replays its rolls)"
    )
    assert shown.splitlines() == [
        "Session 1 (since #1), seed 5",
        published,  # issue 12 §5, docs/rulings.md H650
        "Secret seed 77 (the GM's alone to see)",
    ]
    player = layer.execute(Principal(Role.PLAYER, "Sly"), SessionIntent()).text
    assert player.splitlines() == ["Session 1 (since #1)", published]  # no seed (H115)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("session begin", "unexpected 'begin'"),
        ("session end now", "unexpected 'now'"),
        ("session start --seed", "missing N"),
        ("session start --seed x", "--seed must be a whole number"),
        ("session start --seed -1", "--seed must be at least 0"),
        ("session start 9", "unexpected '9'"),
    ],
)
def test_session_words_that_are_refused(layer: CommandLayer, line: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        layer.parse(line)


def test_who_may_ask_for_sessions() -> None:
    assert SessionIntent().access().kind is AccessKind.READ
    assert SessionStartIntent(3).access().kind is AccessKind.GM
    assert SessionEndIntent().access().kind is AccessKind.GM


def test_the_public_seed_replays_the_public_rolls_and_not_the_secret_ones(
    layer: CommandLayer,
) -> None:
    """From the log alone: each roll's dice derive from its session's seed and its
    place (its seq - the session.start's seq + 1); secret ones from the secret seed."""
    lines = ["roll 3d6", "roll 1d20 secret", "roll 2d8", "roll 1d100 blind", "roll 4d6kh3"]
    for line in lines:
        layer.run(line)
    log = layer.session.store.events()
    start = log[0]
    replayed: dict[str, list[bool]] = {"public": [], "secret": []}
    for event, line in zip(log[1:], lines, strict=True):
        place = event.seq - start.seq + 1
        logged = event.detail["outcome"]["dice"]
        expression = line.split()[1]
        for key, seed in (("public", start.detail["seed"]), ("secret", 77)):
            dealt: list[tuple[int, int]] = []
            roll_outcome(expression, derive_recording(dealt, seed, start.session, place))
            again = [{"sides": sides, "face": face} for sides, face in dealt]
            replayed[key].append(again == logged)
    assert replayed["public"] == [True, False, True, False, True]
    assert replayed["secret"] == [False, True, False, True, False]


def test_another_writers_events_count_towards_a_commands_place(layer: CommandLayer) -> None:
    other = CommandLayer(_second_session(layer))
    layer.run("roll 1d6")
    layer.run("roll 1d6")
    assert other.session.refresh()
    assert other.session.place() == layer.session.place() == 4
    mine = other.run("roll 5d20").dice
    layer.session.refresh()
    assert layer.session.place() == 5
    replay = opened(Path(str(layer.session.store.path) + ".replay"), seed=5)
    try:  # a single writer deals those dice at that place too
        for _ in range(2):
            replay.run("note padding")
        assert replay.run("roll 5d20").dice == mine
    finally:
        replay.session.store.close()


def _second_session(layer: CommandLayer) -> Session:
    """Another session on the same store object: a second writer in this process
    (the same campaign file, as today's store allows one open store per file)."""
    return Session(layer.session.store, source="other")


def test_a_session_without_a_secret_seed_refuses_secret_rolls(tmp_path: Path) -> None:
    copy = tmp_path / "released.db"
    shutil.copyfile(RELEASED, copy)
    layer = opened(copy)
    try:
        assert layer.session.number == 3  # the released campaign's last session goes on
        assert layer.session.game.started
        assert layer.session.secret_seed is None
        seq = layer.session.store.last_seq()
        assert "No secret stream" in layer.run("session").text
        with pytest.raises(RuleError, match="session 3 has no secret seed"):
            layer.run("roll 1d20 secret")
        assert layer.session.store.last_seq() == seq
        layer.run("roll 1d20")  # public dice go on
        layer.run("session start")
        assert layer.session.number == 4
        (blind,) = layer.run("roll 1d20 blind").events
        assert blind.visibility is Visibility.BLIND
    finally:
        layer.session.store.close()


def test_a_rejected_command_while_no_session_is_open_shifts_nothing(path: Path) -> None:
    CampaignStore.open(path).close()
    layer = opened(path)
    try:
        seed = layer.session.seed
        with pytest.raises(DiceSyntaxError):
            layer.run("roll 3d")
        assert layer.session.seed == seed
        assert layer.session.store.last_seq() == 0
    finally:
        layer.session.store.close()


def test_the_layer_session_state_after_a_stored_session_start(layer: CommandLayer) -> None:
    layer.session.commit(Event("note", summary="outside a command"))
    assert layer.session.store.last(1)[0].session == 1


def test_play_without_a_seed_writes_nothing_until_a_command_stores(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    run = [sys.executable, "-m", "hacktable", "play", "--campaign", str(path)]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        run, input="log\nhelp\nsession\n", text=True, capture_output=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    assert actions(path) == []
    result = subprocess.run(
        run, input="roll 1d6\nsession\n", text=True, capture_output=True, env=env, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "Session 1 (since #1), seed " in result.stdout
    assert actions(path) == ["session.start", "roll"]
    result = subprocess.run(
        [*run, "--seed", "4"],
        input="roll 1d6\n",
        text=True,
        capture_output=True,
        env=env,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert actions(path) == ["session.start", "roll", "session.start", "roll"]


def test_a_players_action_that_begins_a_session_shows_them_no_seed(path: Path) -> None:
    CampaignStore.open(path).close()
    layer = opened(path)
    try:
        layer.run("player add Sly")  # (begins session 1)
        layer.run("session end")
        outcome = layer.execute(Principal(Role.PLAYER, "Sly"), RollIntent("3d6"))
        start, roll = outcome.events
        assert start.action == "session.start"
        assert "secret_seed" not in start.detail
        assert "seed" not in start.detail  # not while the session is played (H115)
        assert len(outcome.dice) == 3  # a public roll keeps its dice
        stored = layer.session.store.events()[-2]
        assert stored.detail["secret_seed"] == layer.session.secret_seed  # the GM's to read
        assert (start.principal, roll.principal) == ("Sly", "Sly")
    finally:
        layer.session.store.close()
