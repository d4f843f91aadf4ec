"""``hacktable serve`` and ``hacktable invite``: the web table (issue 12 §1).

``serve`` opens the campaigns (``--campaign`` repeated, or every file of
``--campaigns DIR``), prints each GM's link (with a QR code for ``--lan``) and serves
them with uvicorn, each at ``/t/NAME/``, until Ctrl-C closes them; ``invite``
stores a one-time invite in the campaign's log and prints its link (docs/rulings.md
H610-H612). FastAPI and uvicorn (the ``web`` extra) are imported only here.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from .. import DEFAULT_RULESET
from ..errors import CommandError, HacktableError

__all__ = ["add_web_commands"]

CampaignOption = Annotated[
    str,
    typer.Option("--campaign", "-c", envvar="HACKTABLE_DATABASE_URL", help="The campaign."),
]


def _fail(error: HacktableError) -> None:
    sys.stderr.write(f"error: {error}\n")
    raise typer.Exit(error.exit_code)


CampaignsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--campaign",
        "-c",
        envvar="HACKTABLE_DATABASE_URL",
        help="A campaign to serve (repeat for several; each at /t/NAME/).",
    ),
]


def _campaigns(
    campaign: list[str] | None, directory: Path | None, *, hosted: bool = False
) -> list[str]:
    """The campaigns to serve: those named, then every ``*.db`` file of ``directory``;
    ``campaign.db`` when none is given. With accounts (``hosted``) the GMs make their
    campaigns, so none at all is fine."""
    found = list(campaign or [])
    if directory is not None:
        if not directory.is_dir():
            raise CommandError(f"{directory} is not a directory", "serve")
        files = sorted(str(path) for path in directory.glob("*.db"))
        if not files and not hosted:
            raise CommandError(f"{directory} holds no campaign (*.db)", "serve")
        found.extend(files)
    return found or ([] if hosted else ["campaign.db"])


def _run(app: Any, host: str, port: int, proxy_headers: bool) -> None:
    """Serve ``app`` until Ctrl-C (uvicorn shuts down cleanly on SIGINT and SIGTERM).
    Proxy headers are trusted only when asked for (docs/rulings.md H645)."""
    import uvicorn

    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=proxy_headers,
        forwarded_allow_ips="*" if proxy_headers else None,
    )


def serve(
    campaign: CampaignsOption = None,
    campaigns: Annotated[
        Path | None,
        typer.Option("--campaigns", help="Serve every campaign file (*.db) in this directory."),
    ] = None,
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port.")] = 8000,
    ruleset: Annotated[str, typer.Option(help="Ruleset of a new campaign.")] = DEFAULT_RULESET,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Listen on this machine's local network address, for phones."),
    ] = False,
    proxy_headers: Annotated[
        bool,
        typer.Option(
            "--proxy-headers",
            help="Behind an HTTPS proxy: trust its X-Forwarded-Proto and -For headers.",
        ),
    ] = False,
    accounts: Annotated[
        str,
        typer.Option(
            "--accounts",
            envvar="HACKTABLE_ACCOUNTS",
            help="GMs' accounts: a Postgres URL, or an SQLite file (e.g. accounts.sqlite).",
        ),
    ] = "",
    signup: Annotated[
        str,
        typer.Option(
            "--signup", envvar="HACKTABLE_SIGNUP", help="With --accounts: open or closed."
        ),
    ] = "closed",
) -> None:
    """Serve campaigns to browsers: prints each GM's link (good while it runs)."""
    from ..store import CampaignStore

    hosting = None
    try:
        if accounts:
            from ..web.hosting import Hosting

            hosting = Hosting.serving(accounts, signup, campaigns)
            if campaigns is not None:
                campaigns.mkdir(parents=True, exist_ok=True)
        served = _campaigns(campaign, campaigns, hosted=hosting is not None)
        for each in served:
            with CampaignStore.open(each, ruleset=ruleset):  # (a new one is created)
                pass
        from ..web.hub import Hub

        hub = Hub.of(served)
    except HacktableError as error:
        _fail(error)
        return
    from ..web.app import create_app

    shown = host
    if lan:
        from ..web.lan import lan_address

        host, shown = lan_address()
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"  # (an IPv6 address, as a URL writes it)
    for table in hub:
        link = f"http://{shown}:{port}/t/{table.id}/join?token={table.gm_token}"
        print(f"The GM's link for {table.id}: {link}", flush=True)
        if lan:
            from ..web.qr import qr_text

            print(qr_text(link), flush=True)
    print(
        "Invite players from the GM's page, or: hacktable invite --character NAME",
        flush=True,
    )
    if hosting is not None:
        print(
            f"GMs sign in at http://{shown}:{port}/signin "
            f"(sign-up {hosting.accounts.settings.signup})",
            flush=True,
        )
    try:
        _run(create_app(hub, hosting), host, port, proxy_headers)
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles SIGINT itself
        pass
    finally:
        hub.close()
        print("Stopped: every table closed.", flush=True)


def invite(
    campaign: CampaignOption = "campaign.db",
    role: Annotated[str, typer.Option(help="player or observer.")] = "player",
    character: Annotated[
        str, typer.Option(help="The character the player plays (names the player).")
    ] = "",
    player: Annotated[str, typer.Option(help="The player, by name.")] = "",
    base: Annotated[
        str, typer.Option(help="The server's address, as players reach it.")
    ] = "http://127.0.0.1:8000",
) -> None:
    """Print a one-time link that lets one player (or observer) join the web table."""
    from ..engine.session import Session
    from ..store import CampaignStore
    from ..web.invites import create_invite

    try:
        with CampaignStore.open(campaign, create=False) as store:
            made = create_invite(Session(store, source="invite"), role, player, character)
    except HacktableError as error:
        _fail(error)
        return
    who = made.principal.name if made.principal.role.value == "player" else "an observer"
    from ..web.hub import table_id

    link = f"{base.rstrip('/')}/t/{table_id(campaign)}/join?token={made.token}"
    print(f"Invite for {who} (one use): {link}")


def add_web_commands(app: typer.Typer) -> None:
    """Add ``serve`` and ``invite`` to ``app``."""
    app.command("serve")(serve)
    app.command("invite")(invite)
