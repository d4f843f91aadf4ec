"""Verifiable rolls (issue 12 §5; RULINGS G6; docs/rulings.md H600-H603): a session's
start commits to its seed, its end reveals it, and ``hacktable verify`` replays every
public roll from it, checks the commitment and the hash chain, lists entered dice as
entered and secret rolls as not revealed, and names each problem with its ``seq``."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hacktable.cli.app import run
from hacktable.engine.execute import CommandLayer
from hacktable.engine.game_session import commitment
from hacktable.engine.session import Session
from hacktable.engine.verify import verify_session
from hacktable.errors import RuleError
from hacktable.play.events import Event
from hacktable.play.principal import Principal, Role
from hacktable.store import CampaignStore
from hacktable.store.chain import GENESIS, HASHED_COLUMNS, link_hash
from tests.cli.test_cli import in_process

PLAYER = Principal(Role.PLAYER, "Ann")
SECRET = 4_815_162_342


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "campaign.db"


@pytest.fixture
def layer(path: Path) -> Iterator[CommandLayer]:
    layer = CommandLayer(Session(CampaignStore.open(path), 7, "test", SECRET))
    yield layer
    layer.session.store.close()


def play(layer: CommandLayer, *lines: str, end: bool = True) -> None:
    for line in lines:
        layer.run(line)
    if end:
        layer.run("session end")


def verify(path: Path, *args: str) -> tuple[int, str, str]:
    return in_process(run, ["verify", "--campaign", str(path), *args])


def events(path: Path) -> list[Event]:
    with CampaignStore.open(path) as store:
        return store.events()


def rewrite(path: Path, seq: int, detail: dict[str, Any], rehash: bool) -> None:
    """Change event ``seq``'s detail in the file, as a forger would; ``rehash``: and
    recompute the whole hash chain after it, so that the chain looks whole."""
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    db.execute("UPDATE events SET detail = ? WHERE seq = ?", (json.dumps(detail), seq))
    if rehash:
        prev = GENESIS
        for row in db.execute("SELECT * FROM events ORDER BY seq").fetchall():
            digest = link_hash(prev, {name: row[name] for name in HASHED_COLUMNS})
            db.execute(
                "UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?",
                (prev, digest, row["seq"]),
            )
            prev = digest
    db.commit()
    db.close()


def test_the_commitment_is_sha256_of_seed_and_salt() -> None:
    """Issue 12 §5 ("a SHA-256 commitment to the session's seed"); H600."""
    assert commitment(7, "ab") == hashlib.sha256(b"7:ab").hexdigest()


def test_session_start_commits_and_session_end_reveals(layer: CommandLayer, path: Path) -> None:
    """Issue 12 §5: the start publishes the commitment, the end reveals seed and salt
    (H600); the salt is 128 random bits and hidden with the seeds until then."""
    play(layer, "roll 2d6")
    start, *_, end = events(path)
    salt = start.detail["salt"]
    assert len(salt) == 32
    assert int(salt, 16) >= 0
    assert start.detail["commitment"] == commitment(7, salt)
    assert end.action == "session.end"
    assert end.detail == {"seed": 7, "salt": salt}
    assert "secret_seed" not in end.detail  # RULINGS G6: the secret seed is never revealed
    seen = layer.session.log(principal=PLAYER)
    assert "salt" not in seen[0].detail
    assert "seed" not in seen[0].detail
    assert seen[0].detail["commitment"] == start.detail["commitment"]
    assert seen[-1].detail == {"seed": 7, "salt": salt}


def test_two_sessions_with_one_seed_have_different_salts(path: Path, tmp_path: Path) -> None:
    """H600: the salt is fresh, so ``--seed 7`` cannot be found from its commitment."""
    other = tmp_path / "other.db"
    for where in (path, other):
        CommandLayer(Session(CampaignStore.open(where), 7, "test")).session.store.close()
    assert events(path)[0].detail["commitment"] != events(other)[0].detail["commitment"]


def test_a_played_session_verifies(layer: CommandLayer, path: Path) -> None:
    """Issue 12 §5: every public roll replays from the revealed seed, commands that
    stage events before they roll included (H601)."""
    layer.run("player add Ann")
    play(layer, "roll 2d6", "roll 1d20+3", "note the door creaks", "roll 3d6kh2", "roll ud8")
    result = verify_session(events(path))
    assert result.ok, result.findings
    assert [f.status for f in result.findings] == ["replayed"] * 4
    assert result.count("replayed") == 2 + 1 + 3 + 1
    code, out, _ = verify(path)
    assert code == 0
    assert out.splitlines()[-1].endswith(": verified")
    assert "7 dice replayed, 0 entered, 0 secret rolls not revealed" in out


def test_an_example_session_with_fights_verifies(tmp_path: Path) -> None:
    """The first session (redhack, a fight, tests, tables) replays die for die."""
    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "first.txt"
    text = (root / "examples" / "first-session.txt").read_text()
    script.write_text(text + "\nsession end\n")
    where = tmp_path / "first.db"
    code, _, err = in_process(
        run,
        ["play", "--campaign", str(where), "--seed", "11", "--secret-seed", "11",
         "--script", str(script)],
    )  # fmt: skip
    assert code == 0, err
    result = verify_session(events(where))
    assert result.ok, [f.text for f in result.findings if f.problem]
    assert result.count("replayed") > 50


def test_entered_dice_are_listed_as_entered(layer: CommandLayer, path: Path) -> None:
    """RULINGS G5: an entered die is logged as entered, never as rolled; verifying
    lists it so (H603)."""
    play(layer, "roll 1d20 entered 14", "roll 1d6")
    code, out, _ = verify(path)
    assert code == 0
    assert "d20 14 entered by GM (RULINGS G5)" in out
    assert "1 die replayed, 1 entered" in out


def test_secret_rolls_are_not_revealed_by_verifying(layer: CommandLayer, path: Path) -> None:
    """RULINGS G4, G6: secret and blind rolls come from the GM's stream; verifying
    neither replays nor shows them (H603)."""
    layer.run("roll 1d20 secret")
    layer.run("roll 1d20 blind")
    play(layer, "roll 1d4")
    code, out, _ = verify(path, "--json")
    assert code == 0
    data = json.loads(out)
    statuses = [f["status"] for f in data["findings"]]
    assert statuses == ["not revealed", "not revealed", "replayed"]
    assert data["not_revealed"] == 2
    assert data["findings"][0]["text"] == "#2: a secret roll, from the GM's stream: not revealed"
    assert data["findings"][1]["text"] == "#3: a blind roll, from the GM's stream: not revealed"
    assert str(SECRET) not in out


def test_a_tampered_event_is_reported_with_its_seq(layer: CommandLayer, path: Path) -> None:
    """Issue 12 §5: "a tampered event ... is reported with its sequence number"."""
    play(layer, "roll 1d20", "roll 1d20")
    target = events(path)[2]
    (die,) = target.detail["outcome"]["dice"]
    forged = {**target.detail, "outcome": {"dice": [{"sides": 20, "face": die["face"] % 20 + 1}]}}
    rewrite(path, target.seq, forged, rehash=False)
    code, _, err = verify(path)
    assert code == 2
    lines = err.splitlines()
    assert lines[0].startswith(f"#{target.seq}: the hash chain is broken here")
    assert lines[1].startswith(f"#{target.seq}: its dice (d20 ")
    assert lines[-1].endswith("NOT verified")


def test_a_forger_who_rehashes_the_chain_is_caught_by_the_dice(
    layer: CommandLayer, path: Path
) -> None:
    """A rewritten chain looks whole; the seed still says the dice are wrong (H601)."""
    play(layer, "roll 2d6")
    target = events(path)[1]
    dice = target.detail["outcome"]["dice"]
    dice[0] = {"sides": 6, "face": dice[0]["face"] % 6 + 1}
    rewrite(path, target.seq, target.detail, rehash=True)
    code, _, err = verify(path)
    assert code == 2
    assert err.splitlines()[0].startswith(f"#{target.seq}: its dice (d6 ")
    assert "hash chain" not in err


def test_a_wrong_revealed_seed_is_reported(layer: CommandLayer, path: Path) -> None:
    """Issue 12 §5: "a wrong seed is reported with its sequence number"."""
    play(layer, "roll 1d20")
    end = events(path)[-1]
    rewrite(path, end.seq, {**end.detail, "seed": 8}, rehash=True)
    code, _, err = verify(path)
    assert code == 2
    lines = err.splitlines()
    assert (
        f"#{end.seq}: the revealed seed and salt do not match the commitment #1 published" in lines
    )
    assert any(line.startswith("#2: its dice (d20 ") for line in lines)


def test_an_open_session_cannot_be_verified(layer: CommandLayer, path: Path) -> None:
    """H602: its seed is not revealed yet: one line, exit 2, nothing shown."""
    play(layer, "roll 1d20", end=False)
    code, out, err = verify(path)
    assert code == 2
    assert out == ""
    assert err == (
        "error: session 1 is still open: its seed is revealed when the GM ends it "
        "('session end'), and only then can it be verified\n"
    )


def test_a_session_ended_by_the_next_start_cannot_be_verified(
    layer: CommandLayer, path: Path
) -> None:
    """H602: a session that ended where the next began (a console opened with
    ``--seed`` while it was open: H109) never revealed its seed."""
    layer.run("roll 1d20")
    layer.session.store.close()
    again = CommandLayer(Session(CampaignStore.open(path), 9, "test"))
    play(again, "roll 1d6")
    again.session.store.close()
    with pytest.raises(RuleError, match="session 1 ended where session 2 began"):
        verify_session(events(path), 1)
    assert verify_session(events(path), 2).ok
    assert verify(path, "--session", "3")[0] == 2
    layer.session.store = CampaignStore.open(path)  # for the fixture to close


def test_session_start_reveals_the_open_sessions_seed(layer: CommandLayer, path: Path) -> None:
    """docs/rulings.md H650: 'session start' ends the open session as 'session end'
    does, so both sessions verify (issue 12 §5)."""
    layer.run("roll 1d20")
    layer.run("session start")
    play(layer, "roll 1d6")
    assert verify_session(events(path), 1).ok
    assert verify_session(events(path), 2).ok


def test_each_command_records_its_streams(layer: CommandLayer, path: Path) -> None:
    """docs/rulings.md H651: the event with a command's outcome names the streams its
    dice came from, so verifying checks exactly those (issue 12 §5)."""
    play(layer, "character new Aldric --class warrior --kit 1", "test Aldric STR", "roll 2d6")
    rolled = [e for e in events(path) if "dice" in e.detail.get("outcome", {})]
    assert rolled
    assert all(e.detail["outcome"]["streams"] for e in rolled)
    test = next(e for e in rolled if e.action == "test")
    assert test.detail["outcome"]["streams"] == [str(test.seq)]  # from #1: place = seq
    assert verify_session(events(path)).count("replayed") == sum(
        len(e.detail["outcome"]["dice"]) for e in rolled
    )


def test_recorded_streams_are_checked_exactly(layer: CommandLayer, path: Path) -> None:
    """docs/rulings.md H651: dice that another place's stream deals are a mismatch when
    the event names its own stream (no search over places)."""
    play(layer, "roll 1d20", "roll 1d20")
    first, second = [e for e in events(path) if e.action == "roll"]
    forged = {**second.detail["outcome"], "streams": first.detail["outcome"]["streams"]}
    rewrite(path, second.seq, {**second.detail, "outcome": forged}, True)
    found = verify_session(events(path))
    if first.detail["outcome"]["dice"] != second.detail["outcome"]["dice"]:
        assert [f.seq for f in found.findings if f.problem] == [second.seq]


def test_an_older_log_without_streams_is_searched(layer: CommandLayer, path: Path) -> None:
    """docs/rulings.md H601, H651: a log written before streams were recorded still
    verifies, its dice searched for among the command's places."""
    play(layer, "character new Aldric --class warrior --kit 1", "test Aldric STR", "roll 2d6")
    for event in events(path):
        if "streams" in event.detail.get("outcome", {}):
            record = {k: v for k, v in event.detail["outcome"].items() if k != "streams"}
            rewrite(path, event.seq, {**event.detail, "outcome": record}, True)
    assert not any("streams" in e.detail.get("outcome", {}) for e in events(path))
    result = verify_session(events(path))
    assert result.ok
    assert result.count("replayed") > 0


def test_a_thousand_runs_of_one_stream_are_searched_without_recursion() -> None:
    """docs/rulings.md H601: a stream may serve several runs, so 1,000 dice that are
    each the first die of one stream match as 1,000 runs. The search went one Python
    frame deeper per run and raised RecursionError (a traceback from 'hacktable
    verify', a 500 from the verify page); it reaches the answer, and keeps its bound."""
    import random

    from hacktable.engine import verify

    first = random.Random("k").randrange(2) + 1
    assert verify._matches([(2, first)] * 1000, ["k"])
    assert not verify._matches([(2, first)] * 999 + [(2, 3 - first)] * 3, ["k"])
    assert verify._matches([], ["k"])
