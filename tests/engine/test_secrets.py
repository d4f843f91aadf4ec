"""Secret and blind rolls, private notes, whispers and reveals, and every reader of the
log showing each principal what is theirs to see (RULINGS G4; docs/rulings.md H107,
H113): the console's ``log``, ``hacktable log --as`` and its ``--json``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.commands.campaign import LogIntent, NoteIntent
from hacktable.engine.commands.dice import RollIntent
from hacktable.engine.commands.secrets import RevealIntent, WhisperIntent
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, NotAllowedError, Principal, Role
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.events import Visibility
from hacktable.play.outcome_codec import outcome_to_json
from hacktable.rulesets.grammar import AccessKind

from ..intents import campaign
from .sharing import seat

ROOT = Path(__file__).resolve().parents[2]
OBSERVER = Principal(Role.OBSERVER, "Mina")


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 3)
    seat(layer, "Sly", "Tom")
    yield layer
    layer.session.store.close()


SLY = Principal(Role.PLAYER, "Sly")
TOM = Principal(Role.PLAYER, "Tom")


# -- the commands --------------------------------------------------------------------


def test_roll_reads_secret_and_blind(layer: CommandLayer) -> None:
    assert layer.parse("roll 1d20 secret") == RollIntent("1d20", visibility=Visibility.GM)
    assert layer.parse("roll d20 adv BLIND") == RollIntent("d20", 1, 0, Visibility.BLIND)
    assert layer.parse("roll 3d6") == RollIntent("3d6")
    with pytest.raises(CommandError, match="secret or blind, not both"):
        layer.parse("roll 1d20 secret blind")
    with pytest.raises(CommandError, match="missing the dice"):
        layer.parse("roll secret")


def test_a_secret_roll_is_the_rollers_and_the_gms(layer: CommandLayer) -> None:
    outcome = layer.execute(SLY, RollIntent("1d20", visibility=Visibility.GM))
    (event,) = outcome.events
    assert (event.visibility, event.principal, event.actor) == (Visibility.GM, "Sly", "Sly")
    assert len(outcome.dice) == 1  # the roller sees their own secret roll
    assert outcome.lines[0].text.startswith("1d20")
    assert "the others see only that it was made" in outcome.text


def test_a_players_blind_roll_shows_them_no_number(layer: CommandLayer) -> None:
    outcome = layer.execute(SLY, RollIntent("1d20", visibility=Visibility.BLIND))
    assert outcome.text == "You roll 1d20 blind: only the GM sees the result."
    assert outcome.dice == ()
    (event,) = outcome.events
    assert event.summary == "a blind roll by Sly"
    assert event.detail == {}
    body = outcome_to_json(outcome)
    assert body["dice"] == []
    assert "outcome" not in json.dumps(body["events"])
    (stored,) = layer.session.store.last(1)
    assert stored.detail["outcome"]["dice"]  # the log keeps the dice, for the GM


def test_the_gm_sees_a_blind_roll(layer: CommandLayer) -> None:
    outcome = layer.run("roll 1d20 blind")
    assert outcome.lines[0].text.startswith("1d20")
    assert outcome.lines[1].text == "A blind roll: only the GM sees the result."
    assert len(outcome.dice) == 1


def test_note_private(layer: CommandLayer) -> None:
    assert layer.parse("note private the idol is fake") == NoteIntent("the idol is fake", True)
    assert layer.parse("note privateer ahoy") == NoteIntent("privateer ahoy")
    with pytest.raises(CommandError, match="missing TEXT"):
        layer.parse("note private")
    (event,) = layer.execute(SLY, NoteIntent("I pocket the gem", True)).events
    assert (event.visibility, event.principal, event.audience) == (Visibility.PRIVATE, "Sly", "")


def test_whispers_go_between_the_gm_and_one_player(layer: CommandLayer) -> None:
    (event,) = layer.run("whisper sly the idol is fake").events
    assert (event.visibility, event.audience, event.principal) == (Visibility.PRIVATE, "Sly", "GM")
    assert event.summary == "GM whispers to Sly: the idol is fake"
    (back,) = layer.execute(SLY, WhisperIntent("gm", "I pocket it")).events
    assert (back.audience, back.principal, back.summary) == (
        "",
        "Sly",
        "Sly whispers to GM: I pocket it",
    )
    assert layer.parse('whisper "Tom" psst, don\'t') == WhisperIntent("Tom", "psst, don't")


@pytest.mark.parametrize(
    ("principal", "intent", "error", "message"),
    [
        (SLY, WhisperIntent("Tom", "psst"), NotAllowedError, "Sly may not whisper to Tom"),
        (GM, WhisperIntent("GM", "psst"), RuleError, "the GM whispers to a player"),
        (GM, WhisperIntent("Bea", "psst"), UnknownNameError, "unknown player 'Bea'"),
    ],
)
def test_whispers_refused(
    layer: CommandLayer,
    principal: Principal,
    intent: WhisperIntent,
    error: type[Exception],
    message: str,
) -> None:
    seq = layer.session.store.last_seq()
    with pytest.raises(error, match=message):
        layer.execute(principal, intent)
    assert layer.session.store.last_seq() == seq


@pytest.mark.parametrize(
    ("line", "message"),
    [("whisper", "missing PLAYER"), ("whisper sly", "missing TEXT"), ('whisper "sly hi', "quote")],
)
def test_whisper_words_refused(layer: CommandLayer, line: str, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        layer.parse(line)


def test_who_may_ask_for_secrets() -> None:
    assert RollIntent("d6").access().kind is AccessKind.PLAY
    assert NoteIntent("x").access().kind is AccessKind.PLAY
    assert WhisperIntent("gm", "x").access().kind is AccessKind.PLAY
    assert LogIntent().access().kind is AccessKind.READ
    reveal = RevealIntent(3).access()
    assert (reveal.kind, reveal.power) == (AccessKind.GM, "revealing is the GM's")


def test_reveal_refuses_an_unknown_event(layer: CommandLayer) -> None:
    with pytest.raises(RuleError, match="there is no event #99"):
        layer.run("reveal 99")
    with pytest.raises(CommandError, match="SEQ must be at least 1"):
        layer.parse("reveal 0")
    assert layer.parse("reveal #4") == RevealIntent(4)


def test_reveal_refuses_a_public_event(layer: CommandLayer) -> None:
    (event,) = layer.run("roll 1d6").events
    with pytest.raises(RuleError, match=f"#{event.seq} is public"):
        layer.run(f"reveal {event.seq}")


# -- the readers ---------------------------------------------------------------------


def _secrets(layer: CommandLayer) -> dict[str, int]:
    """A secret roll by Sly, a blind one by Tom, a private note by Sly, a whisper from
    the GM to Tom and a public roll: their seqs."""
    made = {
        "secret": layer.execute(SLY, RollIntent("1d20", visibility=Visibility.GM)),
        "blind": layer.execute(TOM, RollIntent("1d12", visibility=Visibility.BLIND)),
        "note": layer.execute(SLY, NoteIntent("I pocket the gem", True)),
        "whisper": layer.run("whisper tom the gem is cursed"),
        "public": layer.run("roll 1d4"),
    }
    return {name: outcome.events[-1].seq for name, outcome in made.items()}


def test_the_console_log_shows_each_what_is_theirs(layer: CommandLayer) -> None:
    seqs = _secrets(layer)
    gm = layer.execute(GM, LogIntent(None)).text
    sly = layer.execute(SLY, LogIntent(None)).text
    tom = layer.execute(TOM, LogIntent(None)).text
    watcher = layer.execute(OBSERVER, LogIntent(None)).text
    assert "I pocket the gem" in gm
    assert "the gem is cursed" in gm
    assert "a blind roll by Tom" not in gm
    # Sly: his secret roll and note whole; Tom's blind roll a stub; not Tom's whisper
    assert "a secret roll by Sly" not in sly
    assert "a blind roll by Tom" in sly
    assert "I pocket the gem" in sly
    assert "the gem is cursed" not in sly
    # Tom: Sly's secret roll a stub, his own blind roll a stub, the whisper to him whole
    assert "a secret roll by Sly" in tom
    assert "a blind roll by Tom" in tom
    assert "I pocket the gem" not in tom
    assert "GM whispers to Tom: the gem is cursed" in tom
    # an observer: stubs of both rolls, neither note nor whisper
    assert "a secret roll by Sly" in watcher
    assert "a blind roll by Tom" in watcher
    assert "gem" not in watcher
    assert f"#{seqs['public']}" in watcher


def test_log_n_counts_what_the_reader_sees(layer: CommandLayer) -> None:
    _secrets(layer)
    for _ in range(3):
        layer.run("whisper sly psst")
    lines = layer.execute(TOM, LogIntent(2)).text.splitlines()
    assert len(lines) == 2
    assert "GM whispers to Tom" in lines[0]
    assert "1d4" in lines[1]


def test_a_revealed_event_is_everyones(layer: CommandLayer) -> None:
    seqs = _secrets(layer)
    assert "1d12" not in layer.execute(SLY, LogIntent(None)).text
    reveal = layer.run(f"reveal {seqs['blind']}")
    assert reveal.text.startswith(f"Revealed #{seqs['blind']}: 1d12")
    assert reveal.events[0].detail == {"reveals": seqs["blind"]}
    assert "1d12" in layer.execute(SLY, LogIntent(None)).text
    assert "1d12" in layer.execute(OBSERVER, LogIntent(None)).text
    with pytest.raises(RuleError, match="revealed already"):
        layer.run(f"reveal {seqs['blind']}")
    layer.run(f"reveal {seqs['note']}")
    assert "I pocket the gem" in layer.execute(TOM, LogIntent(None)).text


def _hacktable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hacktable", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        check=False,
    )


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A closed campaign holding the secrets of :func:`_secrets`."""
    layer = campaign(tmp_path / "played.db", 3)
    try:
        seat(layer, "Sly", "Tom")
        return layer.session.store.path, _secrets(layer)
    finally:
        layer.session.store.close()


def test_hacktable_log_refuses_an_unknown_reader(played: tuple[Path, dict[str, int]]) -> None:
    path, _ = played
    result = _hacktable("log", "--campaign", str(path), "--as", "Bea")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "error: unknown player 'Bea' (choose from: Sly, Tom, observer, GM)"
    ]


def test_hacktable_log_shows_the_gm_everything(played: tuple[Path, dict[str, int]]) -> None:
    path, _ = played
    gm = _hacktable("log", "--campaign", str(path), "all")
    assert gm.returncode == 0, gm.stderr
    assert "GM whispers to Tom: the gem is cursed" in gm.stdout
    body = json.loads(_hacktable("log", "--campaign", str(path), "all", "--json").stdout)
    (start,) = (e for e in body["events"] if e["action"] == "session.start")
    assert isinstance(start["detail"]["secret_seed"], int)


@pytest.mark.parametrize("reader", ["Tom", "tom", "observer"])
def test_hacktable_log_hides_the_secrets_of_others(
    played: tuple[Path, dict[str, int]], reader: str
) -> None:
    path, seqs = played
    text = _hacktable("log", "--campaign", str(path), "all", "--as", reader)
    assert text.returncode == 0, text.stderr
    assert "a secret roll by Sly" in text.stdout
    assert "I pocket the gem" not in text.stdout
    raw = _hacktable("log", "--campaign", str(path), "all", "--as", reader, "--json")
    body = json.loads(raw.stdout)
    events = {event["seq"]: event for event in body["events"]}
    assert events[seqs["secret"]]["summary"] == "a secret roll by Sly"
    assert events[seqs["secret"]]["detail"] == {}
    assert events[seqs["blind"]]["detail"] == {}
    assert seqs["note"] not in events
    assert "secret_seed" not in events[1]["detail"]
    assert (seqs["whisper"] in events) == (reader.lower() == "tom")


def test_hacktable_log_last_n_as_a_player(played: tuple[Path, dict[str, int]]) -> None:
    path, seqs = played
    result = _hacktable("log", "--campaign", str(path), "2", "--as", "Sly")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [f"#{seqs['note']}", f"#{seqs['public']}"]
