"""``hacktable invite`` (issue 12 §1): a one-time link, its token stored hashed."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.cli.app import run
from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.store import CampaignStore
from hacktable.web.invites import invites, token_hash


def seated(path: Path) -> None:
    with CampaignStore.open(path, ruleset="redhack") as store:
        layer = CommandLayer(Session(store, 3))
        for line in ("player add Ann", "character new Aldric --class warrior --kit 1 --player Ann"):
            layer.run(line)


def test_invite_prints_a_link_whose_token_the_log_keeps_hashed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    path = tmp_path / "c.db"
    seated(path)
    with pytest.raises(SystemExit) as done:
        run(["invite", "--campaign", str(path), "--character", "Aldric"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("Invite for Ann (one use): http://127.0.0.1:8000/t/c/join?token=")
    token = out.strip().rsplit("=", 1)[1]
    with CampaignStore.open(path, create=False) as store:
        found = invites(Session(store))
        stored = repr(store.events())
    assert found == {
        token_hash(token): ({"hash": token_hash(token), "role": "player", "player": "Ann"}, False)
    }
    assert token not in stored


def test_invite_for_a_character_the_gm_plays_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    path = tmp_path / "c.db"
    seated(path)
    with CampaignStore.open(path, create=False) as store:
        CommandLayer(Session(store)).run("character new Tomas --class cleric --kit 1")
        before = store.last_seq()
    with pytest.raises(SystemExit) as done:
        run(["invite", "--campaign", str(path), "--character", "Tomas"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: invite: Tomas is played by the GM")
    assert err.count("\n") == 1
    with CampaignStore.open(path, create=False) as store:
        assert store.last_seq() == before
