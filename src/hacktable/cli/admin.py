"""``hacktable admin user add|password|list|remove``: GMs' accounts from the server's
command line (issue 13 §1; docs/rulings.md H720, H721, H728).

The accounts live where ``serve`` keeps them: ``--accounts`` names a Postgres URL or an
SQLite file (``HACKTABLE_ACCOUNTS``; default ``accounts.sqlite`` here). A password is
asked twice at the terminal without echo, or read from standard input's first line
with ``--password-stdin``; it is never printed.
"""

from __future__ import annotations

import getpass
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import HacktableError

if TYPE_CHECKING:
    from ..accounts import Accounts

__all__ = ["DEFAULT_ACCOUNTS", "admin_app"]

DEFAULT_ACCOUNTS = "accounts.sqlite"
"""The accounts file of a server of SQLite campaigns, when none is named (H720)."""

admin_app = typer.Typer(help="Administer a hosted server: GMs' accounts.", no_args_is_help=True)
user_app = typer.Typer(help="GMs' accounts.", no_args_is_help=True)
admin_app.add_typer(user_app, name="user")

AccountsOption = Annotated[
    str,
    typer.Option(
        "--accounts",
        envvar="HACKTABLE_ACCOUNTS",
        help="The accounts: a Postgres URL, or the server's SQLite accounts file.",
    ),
]
CampaignsOption = Annotated[
    str,
    typer.Option(
        "--campaigns",
        envvar="HACKTABLE_CAMPAIGNS_DIR",
        help="With an SQLite accounts file: the folder of the GMs' campaign files, as"
        " serve's --campaigns (default: the accounts file's folder).",
    ),
]
StdinOption = Annotated[
    bool, typer.Option("--password-stdin", help="Read the password from standard input.")
]


def _fail(error: HacktableError) -> None:
    sys.stderr.write(f"error: {error}\n")
    raise typer.Exit(error.exit_code)


def _password(from_stdin: bool) -> str:
    """The new password: standard input's first line, or asked twice at the terminal.

    Raises:
        AccountError: the two differ, or there is none.
    """
    from ..accounts import AccountError

    if from_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = getpass.getpass("Password: ")
        if getpass.getpass("Password again: ") != password:
            raise AccountError("the two passwords differ: nothing changed")
    if not password:
        raise AccountError("no password given: nothing changed")
    return password


def _is_new(location: str) -> bool:
    """Whether ``location`` is an SQLite accounts file that does not exist yet."""
    from pathlib import Path

    from ..store.opening import is_url

    return not is_url(location) and not Path(location).exists()


def _accounts(location: str, *, create: bool = False) -> Accounts:
    """The accounts at ``location``. An SQLite file that does not exist yet is made
    only by ``add``; the other commands refuse it (H782), so a forgotten
    ``--accounts`` never reads or writes a stray new file as if it were the server's.

    Raises:
        AccountError: no such accounts file, and ``create`` is false.
    """
    from ..accounts import AccountError, Accounts

    if not create and _is_new(location):
        raise AccountError(
            f"no accounts file {location}: name the server's with --accounts "
            "(or HACKTABLE_ACCOUNTS), a Postgres URL or its SQLite file"
        )
    return Accounts.at(location)


def _end_gm_sessions(
    store: Accounts, accounts: str, folder: str, campaigns: list[str], why: str
) -> int:
    """End the GM's sessions at each of ``campaigns`` (the user's: docs/rulings.md H785),
    because ``why``, saying where; the exit status (1 if any campaign could not be reached)."""
    from pathlib import Path

    from ..engine.session import Session
    from ..store import CampaignStore
    from ..store.opening import is_url
    from ..web.hosting import Hosting, campaigns_place
    from ..web.sessions import end_gm_sessions

    hosting = Hosting(store, campaigns_place(accounts, Path(folder) if folder else None))
    ended: list[str] = []
    status = 0
    for name in campaigns:
        location = hosting.location(name)
        try:
            with CampaignStore.open(location, create=False) as campaign:
                end_gm_sessions(Session(campaign), why)
        except HacktableError as error:
            missing = not is_url(location) and not Path(location).exists()
            elsewhere = ", or name its folder with --campaigns" if missing else ""
            sys.stderr.write(
                f"error: the GM's sessions at {name} were not ended ({error}): run"
                f" 'revoke gm' at its table{elsewhere}\n"
            )
            status = 1
        else:
            ended.append(name)
    if ended:
        print(f"Their GM sessions end at: {', '.join(ended)}.")
    return status


@user_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The user's name.")],
    accounts: AccountsOption = DEFAULT_ACCOUNTS,
    password_stdin: StdinOption = False,
) -> None:
    """Make a GM's account (asks for the password twice)."""
    fresh = _is_new(accounts)
    try:
        store = _accounts(accounts, create=True)
        stored = store.add_user(name, _password(password_stdin))
    except HacktableError as error:
        _fail(error)
        return
    if fresh:  # (H782: a forgotten --accounts shows here, not later)
        sys.stderr.write(f"Made a new accounts file {accounts} (serve it with --accounts).\n")
    print(f"User {stored} added.")


@user_app.command("password")
def password(
    name: Annotated[str, typer.Argument(help="The user's name.")],
    accounts: AccountsOption = DEFAULT_ACCOUNTS,
    password_stdin: StdinOption = False,
    campaigns: CampaignsOption = "",
) -> None:
    """Reset a user's password (signs out every browser signed in as them, and ends
    their GM sessions at the tables of their campaigns)."""
    try:
        store = _accounts(accounts)
        stored = store.existing(name)  # (an unknown name is refused before the password)
        owned = [campaign.name for campaign in store.campaigns_of(stored)]
        store.set_password(name, _password(password_stdin))
    except HacktableError as error:
        _fail(error)
        return
    print(f"Password of {stored} reset; their browsers are signed out.")
    why = f"the password of {stored} was reset"
    if status := _end_gm_sessions(store, accounts, campaigns, owned, why):
        raise typer.Exit(status)


@user_app.command("list")
def list_users(accounts: AccountsOption = DEFAULT_ACCOUNTS) -> None:
    """List the accounts: name, when made, how many campaigns each owns."""
    try:
        users = _accounts(accounts).users()
    except HacktableError as error:
        _fail(error)
        return
    if not users:
        print("No users.")
    for user in users:
        owned = "1 campaign" if user.campaigns == 1 else f"{user.campaigns} campaigns"
        print(f"{user.name}  (since {user.created_at}, {owned})")


@user_app.command("remove")
def remove(
    name: Annotated[str, typer.Argument(help="The user's name.")],
    accounts: AccountsOption = DEFAULT_ACCOUNTS,
    campaigns: CampaignsOption = "",
) -> None:
    """Remove an account; its campaigns stay, owned by no one, and its GM sessions at
    their tables end."""
    try:
        store = _accounts(accounts)
        left = store.remove_user(name)
    except HacktableError as error:
        _fail(error)
        return
    print(f"User {name.strip().lower()} removed.")
    if left:
        print(f"Their campaigns stay, owned by no one: {', '.join(left)}")
    why = f"the account {name.strip().lower()} was removed"
    if status := _end_gm_sessions(store, accounts, campaigns, left, why):
        raise typer.Exit(status)
