"""``--campaign`` takes a file or a Postgres URL everywhere, ``HACKTABLE_DATABASE_URL``
is its default, and ``hacktable log --verify`` reports the first broken link of the
hash chain (issue 8, sections 3 and 5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ..store.backends import Backend

ROOT = Path(__file__).resolve().parents[2]


def hacktable(
    *args: str, stdin: str = "", env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hacktable", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **(env or {})},
    )


def test_play_and_log_on_each_backend(backend: Backend) -> None:
    played = hacktable("play", "--campaign", backend.location, "--seed", "3", stdin="roll 2d6\n")
    assert played.returncode == 0, played.stderr
    assert "2d6: [" in played.stdout
    log = hacktable("log", "--campaign", backend.location, "all", "--json")
    assert log.returncode == 0, log.stderr
    assert [e["action"] for e in json.loads(log.stdout)["events"]] == ["session.start", "roll"]


def test_the_database_url_variable_is_the_default_campaign(
    backend: Backend, tmp_path: Path
) -> None:
    env = {"HACKTABLE_DATABASE_URL": backend.location}
    here = tmp_path / "elsewhere"
    here.mkdir()
    played = hacktable("play", "--seed", "3", stdin="note by the variable\n", env=env, cwd=here)
    assert played.returncode == 0, played.stderr
    log = hacktable("log", env=env, cwd=here)
    assert "by the variable" in log.stdout
    assert not (here / "campaign.db").exists()  # not the default file


def test_log_verify_reports_a_whole_chain_and_the_first_broken_link(backend: Backend) -> None:
    lines = "roll 1d6\nroll 1d8\nroll 1d10\nroll 1d12\n"
    played = hacktable("play", "--campaign", backend.location, "--seed", "1", stdin=lines)
    assert played.returncode == 0, played.stderr
    whole = hacktable("log", "--campaign", backend.location, "--verify")
    assert whole.returncode == 0, whole.stderr
    assert whole.stdout.strip().endswith("the hash chain is whole (5 events)")
    backend.sql("UPDATE events SET summary = 'rewritten' WHERE seq = 3")
    broken = hacktable("log", "--campaign", backend.location, "--verify")
    assert broken.returncode == 2
    (line,) = broken.stderr.splitlines()
    assert "the hash chain is broken at event #3" in line
    as_json = hacktable("log", "--campaign", backend.location, "--verify", "--json")
    assert as_json.returncode == 2
    assert json.loads(as_json.stdout)["error"].endswith("(from there on it cannot be trusted)")


def test_an_unreachable_postgres_is_one_line_and_exit_2(tmp_path: Path) -> None:
    url = "postgresql://nobody@127.0.0.1:9/nowhere#campaign"  # port 9: nothing listens
    for args in (("play", "--campaign", url), ("log", "--campaign", url)):
        result = hacktable(*args, stdin="roll 1d6\n")
        assert result.returncode == 2, result.stderr
        (line,) = result.stderr.splitlines()
        assert line.startswith("error: "), line
        assert "127.0.0.1" in line, line


def test_log_verify_finds_a_snapshot_rewritten_with_a_fresh_checksum(backend: Backend) -> None:
    import hashlib

    notes = "".join(f"note {n}\n" for n in range(210))  # past one snapshot's worth
    played = hacktable("play", "--campaign", backend.location, "--seed", "1", stdin=notes)
    assert played.returncode == 0, played.stderr
    ((seq,),) = backend.sql("SELECT max(seq) FROM snapshots")
    forged = json.dumps({"entities": [["character", [["x", {"name": "X", "coins": 5000}]]]]})
    checksum = hashlib.sha256(forged.encode()).hexdigest()
    backend.sql("UPDATE snapshots SET state = ?, checksum = ?", (forged, checksum))
    result = hacktable("log", "--campaign", backend.location, "--verify")
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.endswith(
        f"the snapshot at #{seq} is not what the log replays to: it was changed after it was taken"
    )
