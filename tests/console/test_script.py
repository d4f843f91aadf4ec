"""Batch scripts, guided creation, and the golden transcript of the first session."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.session import Session
from hacktable.errors import ScriptError, UnknownNameError
from hacktable.play.state import CampaignState
from hacktable.rulesets import available, get_ruleset
from hacktable.rulesets.redhack.legal import EXAMPLE_SESSIONS
from hacktable.store import CampaignStore

from .conftest import Play

ROOT = Path(__file__).resolve().parents[2]
FIRST_SESSION = ROOT / "examples" / "first-session.txt"


def run_script(
    path: Path, script: Path, seed: int, ruleset: str = "redhack", secret_seed: int | None = None
) -> str:
    """The transcript of ``script`` played at ``seed`` (and ``secret_seed`` for its
    secret stream) on the campaign at ``path`` (a new one is of ``ruleset``)."""
    out = io.StringIO()
    with CampaignStore.open(path, ruleset=ruleset) as store:
        session = Session(store, seed, secret_seed=secret_seed, source=script.name)
        Console(session, PlainPrinter(out, io.StringIO())).run_file(script)
    return out.getvalue()


def test_a_failing_line_reports_its_number_and_keeps_earlier_lines(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text(
        "# a comment\ncharacter new Aldric --class warrior\n\ntest Aldric LUCK\nroll 3d6\n"
    )
    campaign = tmp_path / "c.db"
    with pytest.raises(ScriptError) as info:
        run_script(campaign, script, seed=1)
    assert info.value.line == 4
    assert str(info.value).startswith(f"{script}:4: unknown attribute 'LUCK'")
    assert isinstance(info.value.cause, UnknownNameError)
    assert info.value.exit_code == 2
    with CampaignStore.open(campaign) as store:
        actions = [event.action for event in store.events()]
    assert actions == ["session.start", "character.new"]  # line 5 never ran


def test_same_seed_same_session(tmp_path: Path) -> None:
    first = run_script(tmp_path / "a.db", FIRST_SESSION, seed=7)
    second = run_script(tmp_path / "b.db", FIRST_SESSION, seed=7)
    other = run_script(tmp_path / "c.db", FIRST_SESSION, seed=8)
    assert first == second
    assert first != other


EXAMPLES = ROOT / "examples"
SESSIONS = tuple(  # the sessions `make run` plays, in order, on one campaign, with their seeds
    (Path(script).stem, seed) for script, seed, _ in EXAMPLE_SESSIONS
)


@pytest.mark.parametrize("upto", range(len(SESSIONS)), ids=[name for name, _ in SESSIONS])
def test_golden_transcripts_of_the_example_sessions(tmp_path: Path, upto: int) -> None:
    """Each example session's whole output, after the ones before it, at its seed (its
    secret stream's too, as `make run` gives with --secret-seed), is
    reviewed like code: a change to it must be deliberate (regenerate with
    HACKTABLE_UPDATE_GOLDEN=1)."""
    campaign = tmp_path / "golden.db"
    for name, seed in SESSIONS[:upto]:
        run_script(campaign, EXAMPLES / f"{name}.txt", seed, secret_seed=seed)
    name, seed = SESSIONS[upto]
    transcript = run_script(campaign, EXAMPLES / f"{name}.txt", seed, secret_seed=seed)
    golden = ROOT / "tests" / "golden" / f"{name}.out"
    if os.environ.get("HACKTABLE_UPDATE_GOLDEN"):
        golden.write_text(transcript, encoding="utf-8")
    assert transcript == golden.read_text(encoding="utf-8")


OTHER_SESSIONS = tuple(  # the other rulesets' example sessions, each on its own campaign
    (ruleset_id, Path(script).stem, seed)
    for ruleset_id in (info.id for info in available() if info.id != "redhack")
    for script, seed, _ in get_ruleset(ruleset_id).example_sessions()
)


@pytest.mark.parametrize(
    ("ruleset_id", "name", "seed"), OTHER_SESSIONS, ids=[n for _, n, _ in OTHER_SESSIONS]
)
def test_golden_transcripts_of_the_other_rulesets_sessions(
    tmp_path: Path, ruleset_id: str, name: str, seed: int
) -> None:
    """Each other ruleset's example session on a new campaign of its ruleset matches its
    golden transcript (regenerate with HACKTABLE_UPDATE_GOLDEN=1)."""
    script = EXAMPLES / f"{name}.txt"
    transcript = run_script(tmp_path / "c.db", script, seed, ruleset_id, secret_seed=seed)
    golden = ROOT / "tests" / "golden" / f"{name}.out"
    if os.environ.get("HACKTABLE_UPDATE_GOLDEN"):
        golden.write_text(transcript, encoding="utf-8")
    assert transcript == golden.read_text(encoding="utf-8")


def test_the_first_session_log_replays_to_its_state(tmp_path: Path) -> None:
    path = tmp_path / "replay.db"
    run_script(path, FIRST_SESSION, seed=11)
    with CampaignStore.open(path) as store:
        events = store.events()
        state = CampaignState.replay(events)
    assert len(state.keys("character")) == 4
    # undo appended the inverse of the coins change: Sly is back where she was.
    undo = events[-2] if events[-1].action != "undo" else events[-1]
    assert any(e.action == "undo" for e in events)
    assert undo.seq > 0


def test_a_rejected_command_does_not_shift_later_rolls(play: Play, tmp_path: Path) -> None:
    play("character new Aldric --class warrior --kit 1")
    with pytest.raises(UnknownNameError):
        play("test Aldric LUCK")
    with_error = play("roll 10d20")
    other = Play(tmp_path / "other.db")
    try:
        other("character new Aldric --class warrior --kit 1")
        assert other("roll 10d20") == with_error
    finally:
        other.close()


def test_guided_creation_matches_its_logged_command(tmp_path: Path) -> None:
    answers = iter(["", "STR DEX", "thief", "2", "Raised by goblins.", "goblins", ""])
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers)

    guided = Play(tmp_path / "guided.db", seed=5)
    try:
        guided.console.execute("character new Sly", ask=ask)
        sly = guided.session.character("Sly")
        command = guided.store.last(1)[0].command
    finally:
        guided.close()
    assert asked[0].startswith("Rolled 3d6 in order: STR ")
    assert sly.class_id == "thief"
    assert sly.kit == 2
    assert sly.background.advantages == ("goblins",)
    assert command.startswith("character new Sly --class thief --kit 2 --swap STR,DEX")
    replay = Play(tmp_path / "replay.db", seed=5)
    try:
        replay(command)
        assert replay.session.character("Sly") == sly
    finally:
        replay.close()


def test_guided_creation_asks_again_after_a_bad_answer(tmp_path: Path) -> None:
    answers = iter(["", "STR STR", "", "pirate", "wizard", "", "", ""])
    warnings: list[str] = []
    table = Play(tmp_path / "again.db")
    try:
        table.console.printer = PlainPrinter(io.StringIO(), io.StringIO())
        table.console.printer.error = warnings.append  # type: ignore[method-assign]
        table.console.execute("character new Mirela", ask=lambda q: next(answers))
        assert table.session.character("Mirela").class_id == "wizard"
    finally:
        table.close()
    assert any("different" in w for w in warnings)
    assert any("pirate" in w for w in warnings)
