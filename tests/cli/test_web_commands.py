"""``hacktable invite`` (issue 12 §1): a one-time link, its token stored hashed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


class Served:
    """What ``serve`` would run: the app, where, and whether proxy headers count."""

    def __init__(self) -> None:
        self.calls: list[tuple[object, str, int, bool]] = []

    def __call__(self, app: object, config: Any, ops: Any) -> None:
        self.calls.append((app, config.host, config.port, config.proxy_headers))
        self.ops = ops


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Served:
    import hacktable.cli.web

    runner = Served()
    monkeypatch.setattr(hacktable.cli.web, "_run", runner)
    return runner


def _serve(args: list[str]) -> int:
    with pytest.raises(SystemExit) as done:
        run(["serve", *args])
    return int(done.value.code or 0)


def test_serve_several_campaigns_each_at_its_own_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], served: Served
):
    """Issue 12 §1, §4: several campaigns in one process, each at /t/NAME/."""
    seated(tmp_path / "Lost Mines.db")
    seated(tmp_path / "keep.db")
    code = _serve(["-c", str(tmp_path / "Lost Mines.db"), "-c", str(tmp_path / "keep.db")])
    assert code == 0
    out = capsys.readouterr().out
    assert "The GM's link for lost-mines: http://127.0.0.1:8000/t/lost-mines/join?token=" in out
    assert "The GM's link for keep: http://127.0.0.1:8000/t/keep/join?token=" in out
    assert out.rstrip().endswith("Stopped: every table closed.")
    app, host, port, proxy = served.calls[0]
    assert sorted(app.state.hub.tables) == ["keep", "lost-mines"]
    assert (host, port, proxy) == ("127.0.0.1", 8000, False)


def test_serve_every_campaign_of_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], served: Served
):
    """``--campaigns DIR``: every *.db file in it."""
    for name in ("a.db", "b.db"):
        seated(tmp_path / name)
    (tmp_path / "notes.txt").write_text("not a campaign")
    assert _serve(["--campaigns", str(tmp_path), "--proxy-headers"]) == 0
    app, _host, _port, proxy = served.calls[0]
    assert sorted(app.state.hub.tables) == ["a", "b"]
    assert proxy is True


def test_serve_a_directory_without_campaigns_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], served: Served
):
    assert _serve(["--campaigns", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"error: serve: {tmp_path} holds no campaign (*.db)\n"
    assert served.calls == []


def test_serve_lan_listens_on_the_lan_address_and_prints_a_qr_code(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    served: Served,
    monkeypatch: pytest.MonkeyPatch,
):
    """Issue 12 §1: ``--lan`` listens on the local network address and prints the
    links with a QR code."""
    import hacktable.web.lan

    monkeypatch.setattr(hacktable.web.lan, "_probe", lambda: "192.168.1.23")
    seated(tmp_path / "c.db")
    assert _serve(["-c", str(tmp_path / "c.db"), "--lan", "--port", "8123"]) == 0
    out = capsys.readouterr().out
    assert "The GM's link for c: http://192.168.1.23:8123/t/c/join?token=" in out
    assert "█" in out  # the QR code, in block characters
    assert served.calls[0][1:3] == ("192.168.1.23", 8123)


def test_serve_on_an_ipv6_address_prints_a_link_that_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], served: Served
):
    """Issue 12 §1: the GM's link works: an IPv6 host is bracketed in a URL
    (``http://::1:8000/`` is no address; ``http://[::1]:8000/`` is)."""
    seated(tmp_path / "c.db")
    assert _serve(["-c", str(tmp_path / "c.db"), "--host", "::1"]) == 0
    assert "The GM's link for c: http://[::1]:8000/t/c/join?token=" in capsys.readouterr().out
    assert served.calls[0][1] == "::1"


def test_serve_with_accounts_serves_an_empty_folder_and_opens_sign_up_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], served: Served
):
    """Issue 13 §1, docs/rulings.md H720, H724: ``--accounts`` turns accounts on; the
    GMs make the campaigns, so an empty ``--campaigns`` folder is fine; sign-up is
    closed unless ``--signup open``."""
    accounts = str(tmp_path / "accounts.sqlite")
    folder = tmp_path / "campaigns"
    assert _serve(["--accounts", accounts, "--campaigns", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "GMs sign in at http://127.0.0.1:8000/signin (sign-up closed)" in out
    app = served.calls[0][0]
    hosting = app.state.hosting  # type: ignore[attr-defined]
    assert hosting.campaigns == str(folder)
    assert hosting.location("moor") == str(folder / "moor.db")
    assert app.state.hub.tables == {}  # type: ignore[attr-defined]
    assert _serve(["--accounts", accounts, "--signup", "open"]) == 0
    assert "(sign-up open)" in capsys.readouterr().out
    assert served.calls[1][0].state.hosting.campaigns == str(tmp_path)  # type: ignore[attr-defined]
    assert _serve(["--accounts", accounts, "--signup", "maybe"]) == 2
    assert capsys.readouterr().err == "error: --signup is open or closed, not 'maybe'\n"


def test_serve_with_accounts_prints_no_gm_link_of_an_owned_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], served: Served
):
    """Review of issue 13 (docs/rulings.md H774): a hosted server's output goes to its
    journal, and a GM's link is that campaign's GM seat, so only campaigns no account
    owns (H728) get one printed; each GM opens theirs from their home."""
    from hacktable.accounts import Accounts

    folder = tmp_path / "campaigns"
    folder.mkdir()
    accounts = str(tmp_path / "accounts.sqlite")
    made = Accounts.at(accounts)
    made.add_user("ann", "correct horse battery")
    made.own("moor", "ann", "redhack")
    for name in ("moor", "orphan"):
        with CampaignStore.open(folder / f"{name}.db", ruleset="redhack"):
            pass
    assert _serve(["--accounts", accounts, "--campaigns", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "/t/moor/join?token=" not in out
    assert "The GM's link for orphan: http://127.0.0.1:8000/t/orphan/join?token=" in out
