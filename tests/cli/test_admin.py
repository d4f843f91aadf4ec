"""``hacktable admin user add|password|list|remove`` (issue 13 §1: ``hacktable admin``
creates users and resets a password from the server's command line)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hacktable.accounts import Accounts
from hacktable.cli.app import run

GOOD = "correct horse battery"


def admin(args: list[str], stdin: str = "") -> int:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", io.StringIO(stdin))
        with pytest.raises(SystemExit) as done:
            run(["admin", "user", *args])
    code = done.value.code
    return code if isinstance(code, int) else 0


@pytest.fixture
def accounts(tmp_path: Path) -> str:
    return str(tmp_path / "accounts.sqlite")


def test_add_list_password_remove(accounts: str, capsys: pytest.CaptureFixture[str]) -> None:
    where = ["--accounts", accounts]
    assert admin(["add", "Ann", *where, "--password-stdin"], GOOD + "\n") == 0
    assert capsys.readouterr().out == "User ann added.\n"
    assert admin(["list", *where]) == 0
    assert capsys.readouterr().out.startswith("ann  (since ")
    assert Accounts.at(accounts).sign_in("ann", GOOD, "127.0.0.1")[0] == "ann"
    assert admin(["password", "ann", *where, "--password-stdin"], "a new good one\n") == 0
    out = capsys.readouterr().out
    assert out == "Password of ann reset; their browsers are signed out.\n"
    assert Accounts.at(accounts).sign_in("ann", "a new good one", "127.0.0.1")[0] == "ann"
    assert admin(["remove", "ann", *where]) == 0
    assert capsys.readouterr().out == "User ann removed.\n"
    assert admin(["list", *where]) == 0
    assert capsys.readouterr().out == "No users.\n"


def test_the_password_is_asked_twice_and_never_printed(
    accounts: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter([GOOD, GOOD + "x"])
    monkeypatch.setattr("getpass.getpass", lambda _prompt: next(answers))
    assert admin(["add", "ann", "--accounts", accounts]) == 2
    captured = capsys.readouterr()
    assert captured.err == "error: the two passwords differ: nothing changed\n"
    assert GOOD not in captured.out + captured.err
    assert Accounts.at(accounts).users() == []
    answers = iter([GOOD, GOOD])
    assert admin(["add", "ann", "--accounts", accounts]) == 0


def test_refusals_are_one_line(accounts: str, capsys: pytest.CaptureFixture[str]) -> None:
    where = ["--accounts", accounts]
    assert admin(["add", "ann", *where, "--password-stdin"], "short\n") == 2
    assert capsys.readouterr().err == "error: a password has at least 10 characters\n"
    assert admin(["password", "bob", *where, "--password-stdin"], GOOD + "\n") == 2
    assert capsys.readouterr().err == "error: there is no user 'bob'\n"
    assert admin(["remove", "bob", *where]) == 2
    assert capsys.readouterr().err == "error: there is no user 'bob'\n"


def test_the_accounts_come_from_the_environment(
    accounts: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HACKTABLE_ACCOUNTS", accounts)
    assert admin(["add", "ann", "--password-stdin"], GOOD + "\n") == 0
    assert [u.name for u in Accounts.at(accounts).users()] == ["ann"]


def test_a_missing_accounts_file_is_refused_not_made_by_list_password_remove(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H782: an operator who forgets ``--accounts`` gets one line, not "No users." from
    a stray new file; nothing is made."""
    stray = tmp_path / "accounts.sqlite"
    for args in (["list"], ["password", "ann", "--password-stdin"], ["remove", "ann"]):
        assert admin([*args, "--accounts", str(stray)], GOOD + "\n") != 0, args
        err = capsys.readouterr().err
        assert err == (
            f"error: no accounts file {stray}: name the server's with --accounts "
            "(or HACKTABLE_ACCOUNTS), a Postgres URL or its SQLite file\n"
        ), args
        assert not stray.exists(), args


def test_add_makes_a_new_accounts_file_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H782: ``add`` may start the server's accounts file, and says it did."""
    made = tmp_path / "accounts.sqlite"
    assert admin(["add", "Ann", "--accounts", str(made), "--password-stdin"], GOOD + "\n") == 0
    captured = capsys.readouterr()
    assert captured.err == f"Made a new accounts file {made} (serve it with --accounts).\n"
    assert captured.out == "User ann added.\n"
    assert admin(["add", "Bea", "--accounts", str(made), "--password-stdin"], GOOD + "\n") == 0
    assert capsys.readouterr().err == ""


def _gm_seat(location: str) -> str:
    """A GM session at the campaign ``location``, as an owner's seat makes one (H726)."""
    import asyncio

    from hacktable.web.table import Table

    table = Table(location)
    try:
        return asyncio.run(table.sign_in_gm())[0]
    finally:
        table.close()


def _signed_in(location: str, cookie: str) -> bool:
    import asyncio

    from hacktable.web.table import Table

    table = Table(location)  # (a fresh server process reads the whole log)
    try:
        asyncio.run(table.refresh())
        return table.principal(cookie) is not None
    finally:
        table.close()


@pytest.mark.parametrize("folder", [False, True])
def test_a_password_reset_or_removal_ends_the_gms_seats_at_their_campaigns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], folder: bool
) -> None:
    """docs/rulings.md H785: a reset password (or a removed account) also ends the GM
    sessions at the tables of the user's campaigns, which a copied table cookie would
    otherwise keep until it expires; another GM's campaign keeps its seat. The campaign
    files are in the accounts file's folder, or in serve's ``--campaigns DIR``."""
    from hacktable.web.hosting import Hosting

    accounts = str(tmp_path / "accounts.sqlite")
    campaigns = tmp_path / "games"
    campaigns.mkdir()
    where = ["--accounts", accounts, *(["--campaigns", str(campaigns)] if folder else [])]
    for user in ("ann", "bob"):
        assert admin(["add", user, "--accounts", accounts, "--password-stdin"], GOOD + "\n") == 0
    hosting = Hosting.serving(accounts, "closed", campaigns if folder else None)
    keep, mines = (
        hosting.create("keep", "ann", "redhack"),
        hosting.create("mines", "ann", "redhack"),
    )
    bobs = hosting.create("vault", "bob", "redhack")
    seats = {location: _gm_seat(location) for location in (keep, mines, bobs)}
    capsys.readouterr()
    assert admin(["password", "ann", *where, "--password-stdin"], "a new good one\n") == 0
    assert capsys.readouterr().out == (
        "Password of ann reset; their browsers are signed out.\n"
        "Their GM sessions end at: keep, mines.\n"
    )
    assert [_signed_in(place, cookie) for place, cookie in seats.items()] == [False, False, True]
    again = _gm_seat(keep)  # (signed in again, through the account: the seat is good)
    assert admin(["remove", "ann", *where]) == 0
    assert capsys.readouterr().out == (
        "User ann removed.\n"
        "Their campaigns stay, owned by no one: keep, mines\n"
        "Their GM sessions end at: keep, mines.\n"
    )
    assert not _signed_in(keep, again)
    assert _signed_in(bobs, seats[bobs])


def test_a_campaign_it_cannot_reach_is_named_and_the_exit_is_not_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """H785: a campaign of the user's whose file is not where the admin looked (serve's
    --campaigns not given) is named in one line with what to do; the password is reset
    all the same, and the exit status says something was left undone."""
    from hacktable.web.hosting import Hosting

    accounts = str(tmp_path / "accounts.sqlite")
    campaigns = tmp_path / "games"
    campaigns.mkdir()
    assert admin(["add", "ann", "--accounts", accounts, "--password-stdin"], GOOD + "\n") == 0
    Hosting.serving(accounts, "closed", campaigns).create("keep", "ann", "redhack")
    capsys.readouterr()
    code = admin(["password", "ann", "--accounts", accounts, "--password-stdin"], "a new one!!\n")
    captured = capsys.readouterr()
    assert code == 1
    assert captured.out == "Password of ann reset; their browsers are signed out.\n"
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: the GM's sessions at keep were not ended (")
    assert lines[0].endswith("run 'revoke gm' at its table, or name its folder with --campaigns")
    assert Accounts.at(accounts).sign_in("ann", "a new one!!", "127.0.0.1")[0] == "ann"
