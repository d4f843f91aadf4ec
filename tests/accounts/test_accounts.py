"""GMs' accounts in the database (issue 13 §1; docs/rulings.md H720-H728), on an SQLite
accounts file and on Postgres (``scripts/with-postgres``)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from hacktable.accounts import (
    AccountError,
    Accounts,
    AccountSettings,
    SignInRefusedError,
    TooManyFailuresError,
)
from hacktable.accounts.database import AccountsDatabase
from hacktable.errors import CommandError
from hacktable.store import HEAD_REVISION
from tests.store.backends import postgres  # noqa: F401

GOOD = "correct horse battery"


class Clock:
    """An injected clock: seconds since the epoch, moved by hand."""

    def __init__(self) -> None:
        self.at = 1_800_000_000.0

    def __call__(self) -> float:
        return self.at


@pytest.fixture(params=["sqlite", "postgres"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "accounts.sqlite")
    url: str = request.getfixturevalue("postgres")
    return url


def made(location: str, clock: Clock | None = None, **settings: object) -> Accounts:
    accounts = Accounts.at(location, AccountSettings(**settings))  # type: ignore[arg-type]
    if clock is not None:
        accounts.now = clock
    return accounts


def test_a_user_signs_in_and_the_database_keeps_only_hashes(location: str) -> None:
    accounts = made(location)
    assert accounts.add_user("  Ann ", GOOD) == "ann"
    user, token, _until = accounts.sign_in("ANN", GOOD, "127.0.0.1")
    assert user == "ann"
    assert accounts.user_of(token) == "ann"
    with accounts.database.transaction() as run:
        stored = repr(run("SELECT * FROM users")) + repr(run("SELECT * FROM account_sessions"))
        (version,) = run("SELECT version_num FROM alembic_version")
    assert GOOD not in stored
    assert token not in stored
    assert "$argon2id$" in stored
    assert version == (HEAD_REVISION,)
    accounts.sign_out(token)
    assert accounts.user_of(token) is None


def test_a_wrong_password_or_name_is_refused_in_one_line(location: str) -> None:
    accounts = made(location)
    accounts.add_user("ann", GOOD)
    for name, password in (("ann", "wrong password!"), ("nobody", GOOD)):
        with pytest.raises(SignInRefusedError) as refused:
            accounts.sign_in(name, password, "10.0.0.1")
        assert str(refused.value) == "wrong name or password"  # (H722: either way)
        assert refused.value.status == 401
        assert GOOD not in str(refused.value)


def test_five_failures_a_minute_refuse_the_account_then_the_window_passes(
    location: str,
) -> None:
    """Issue 13 §1 and H723: 5 refused sign-ins a minute, the 6th is 429 even with the
    right password; after the minute it is checked again."""
    clock = Clock()
    accounts = made(location, clock)
    accounts.add_user("ann", GOOD)
    for n in range(5):
        with pytest.raises(SignInRefusedError):
            accounts.sign_in("ann", f"wrong password {n}", f"10.0.0.{n}")  # (5 addresses)
    with pytest.raises(TooManyFailuresError) as limited:
        accounts.sign_in("ann", GOOD, "10.0.0.99")
    assert limited.value.status == 429
    assert str(limited.value) == "too many refused sign-ins: wait a minute before trying again"
    clock.at += 60.5
    assert accounts.sign_in("ann", GOOD, "10.0.0.99")[0] == "ann"


def test_five_failures_from_one_address_refuse_it_for_every_account(location: str) -> None:
    accounts = made(location)
    accounts.add_user("ann", GOOD)
    accounts.add_user("bob", GOOD)
    for n in range(5):
        with pytest.raises(SignInRefusedError):
            accounts.sign_in(f"guess{n}", GOOD, "10.9.9.9")
    with pytest.raises(TooManyFailuresError):
        accounts.sign_in("bob", GOOD, "10.9.9.9")
    assert accounts.sign_in("bob", GOOD, "10.1.1.1")[0] == "bob"  # (another address)


def test_the_limit_holds_for_a_second_process_on_the_same_database(location: str) -> None:
    """H723: the failures are in the database, not in one process's memory."""
    first, second = made(location), made(location)
    first.add_user("ann", GOOD)
    for n in range(5):
        with pytest.raises(SignInRefusedError):
            first.sign_in("ann", f"wrong password {n}", "10.0.0.1")
    with pytest.raises(TooManyFailuresError):
        second.sign_in("ann", GOOD, "10.0.0.2")


def test_sign_ins_in_flight_at_once_cannot_pass_the_limit(
    location: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H723 and RULINGS review (H770): guesses sent all at once (each arriving while the
    others' hashes are being checked) get no more than 5 password checks a minute; a
    count taken before any failure was written would let every one of them through."""
    from hacktable.accounts import accounts as module

    accounts = made(location, Clock())
    accounts.add_user("ann", GOOD)
    real, checked = module.passwords.check, []

    def check(stored: str | None, password: str) -> module.passwords.PasswordCheck:
        checked.append(password)
        if len(checked) < 12:  # (the next guess arrives while this hash runs)
            with contextlib.suppress(AccountError):
                accounts.sign_in("ann", f"guess number {len(checked)}", "10.0.0.7")
        return real(stored, password)

    monkeypatch.setattr(module.passwords, "check", check)
    with pytest.raises(AccountError):
        accounts.sign_in("ann", "guess number 0", "10.0.0.7")
    assert len(checked) == 5
    monkeypatch.setattr(module.passwords, "check", real)
    with pytest.raises(TooManyFailuresError):
        accounts.sign_in("ann", GOOD, "10.0.0.8")


def test_a_session_expires_by_the_injected_clock(location: str) -> None:
    """H725: ``session_days`` (14 by default)."""
    clock = Clock()
    accounts = made(location, clock, session_days=2)
    accounts.add_user("ann", GOOD)
    _user, token, until = accounts.sign_in("ann", GOOD, "127.0.0.1")
    assert until == clock.at + 2 * 86_400
    clock.at += 2 * 86_400 - 1
    assert accounts.user_of(token) == "ann"
    clock.at += 1
    assert accounts.user_of(token) is None
    assert AccountSettings().session_days == 14


def test_a_hash_of_old_parameters_is_rehashed_at_sign_in(location: str) -> None:
    """H721: argon2-cffi's ``check_needs_rehash``."""
    accounts = made(location)
    accounts.add_user("ann", GOOD)
    weak = PasswordHasher(time_cost=1, memory_cost=8192).hash(GOOD)
    with accounts.database.transaction() as run:
        run("UPDATE users SET password_hash = :h WHERE name = 'ann'", {"h": weak})
    accounts.sign_in("ann", GOOD, "127.0.0.1")
    with accounts.database.transaction() as run:
        ((now,),) = run("SELECT password_hash FROM users WHERE name = 'ann'")
    assert now != weak
    assert not PasswordHasher().check_needs_rehash(now)


def test_names_and_passwords_have_rules(location: str) -> None:
    accounts = made(location)
    with pytest.raises(AccountError, match="at least 10 characters"):
        accounts.add_user("ann", "short")
    with pytest.raises(AccountError, match="2 to 32 letters"):
        accounts.add_user("a b", GOOD)
    accounts.add_user("ann", GOOD)
    with pytest.raises(AccountError, match="there is a user 'ann' already"):
        accounts.add_user("Ann", GOOD)


def test_a_new_password_signs_out_every_browser_and_removal_leaves_campaigns(
    location: str,
) -> None:
    accounts = made(location)
    accounts.add_user("ann", GOOD)
    _user, token, _until = accounts.sign_in("ann", GOOD, "127.0.0.1")
    accounts.own("lost-mines", "ann", "redhack")
    assert [c.name for c in accounts.campaigns_of("ann")] == ["lost-mines"]
    assert accounts.owner_of("lost-mines") == "ann"
    accounts.set_password("ann", "another good one")
    assert accounts.user_of(token) is None
    assert [(u.name, u.campaigns) for u in accounts.users()] == [("ann", 1)]
    assert accounts.remove_user("ann") == ["lost-mines"]
    assert accounts.owner_of("lost-mines") is None
    assert accounts.users() == []


def test_another_program_s_sqlite_file_is_refused(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE things (x)")
    with pytest.raises(Exception, match="some other program's database"):
        AccountsDatabase(path).open()


def test_settings_come_from_the_environment() -> None:
    """H724: sign-up is closed unless the operator opens it."""
    assert AccountSettings.from_env({}) == AccountSettings("closed", 14, 5)
    env = {
        "HACKTABLE_SIGNUP": "open",
        "HACKTABLE_ACCOUNT_SESSION_DAYS": "3",
        "HACKTABLE_SIGN_IN_FAILURES": "9",
    }
    assert AccountSettings.from_env(env) == AccountSettings("open", 3, 9)
    with pytest.raises(CommandError, match="HACKTABLE_SIGNUP is open or closed"):
        AccountSettings.from_env({"HACKTABLE_SIGNUP": "maybe"})


def test_the_accounts_hold_few_postgres_connections_at_once(
    request: pytest.FixtureRequest,
) -> None:
    """Review of issue 13 (docs/rulings.md H772): sign-ins and pages outside any table
    need no cookie, so they may hold only ACCOUNT_CONNECTIONS connections of a process
    at once (the others wait their turn): a flood of them cannot use up the database's
    connections while the tables starve."""
    from contextlib import ExitStack

    from hacktable.accounts import database as module

    accounts = made(request.getfixturevalue("postgres"))
    with ExitStack() as held:
        for _ in range(module.ACCOUNT_CONNECTIONS):
            held.enter_context(accounts.database.transaction())
        gate = module.gate(accounts.database.location)
        assert gate.acquire(blocking=False) is False
    assert gate.acquire(blocking=False) is True
    gate.release()
