"""`hacktable campaign export/import` between SQLite and Postgres exactly (issue 13 §1:
"moving a campaign between SQLite and Postgres exactly (the hash chain intact)"): a
played example campaign exported from a file, imported into Postgres and exported
again gives the same bytes, and `hacktable verify` passes on the copy; the same from
Postgres back to a file."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from hacktable.cli.app import run
from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.errors import RuleError
from hacktable.rulesets import get_ruleset
from hacktable.store import CampaignStore

from ..console.test_script import run_script
from .test_cli import in_process

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> str:
    code, out, err = in_process(run, list(args))
    assert (code, err) == (0, ""), err
    return out


@pytest.mark.parametrize("ruleset", ["redhack", "black-sword-hack"])
def test_a_played_campaign_moves_to_postgres_and_back_byte_for_byte(
    ruleset: str, tmp_path: Path, postgres: str
) -> None:
    played = tmp_path / "played.db"
    for script, seed, _golden in get_ruleset(ruleset).example_sessions():
        run_script(played, ROOT / script, seed, ruleset, secret_seed=seed)
    # (the last session ended, its seed revealed, unless the example ended it: G6)
    with CampaignStore.open(played, create=False) as store, contextlib.suppress(RuleError):
        CommandLayer(Session(store)).run("session end")
    first, second, third = (tmp_path / f"{n}.jsonl" for n in ("first", "second", "third"))
    _cli("campaign", "export", "-c", str(played), "--to", str(first))
    hosted = f"{postgres}#played"  # (the header names the campaign: the same name)
    _cli("campaign", "import", str(first), "-c", hosted)
    _cli("campaign", "export", "-c", hosted, "--to", str(second))
    assert second.read_bytes() == first.read_bytes()
    code, out, err = in_process(run, ["verify", "-c", hosted])
    assert code == 0, out + err
    assert out == in_process(run, ["verify", "-c", str(played)])[1]
    (tmp_path / "back").mkdir()
    back = tmp_path / "back" / "played.db"
    _cli("campaign", "import", str(second), "-c", str(back))
    _cli("campaign", "export", "-c", str(back), "--to", str(third))
    assert third.read_bytes() == first.read_bytes()
    code, out, err = in_process(run, ["verify", "-c", str(back)])
    assert code == 0, out + err
    with CampaignStore.open(hosted, create=False) as copy:
        assert copy.verify() is None
        assert copy.last_seq() == len(first.read_text().splitlines()) - 1
