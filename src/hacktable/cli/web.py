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


def _campaigns(campaign: list[str] | None, directory: Path | None) -> list[str]:
    """The campaigns to serve: those named, then every ``*.db`` file of ``directory``;
    ``campaign.db`` when none is given."""
    found = list(campaign or [])
    if directory is not None:
        if not directory.is_dir():
            raise CommandError(f"{directory} is not a directory", "serve")
        files = sorted(str(path) for path in directory.glob("*.db"))
        if not files:
            raise CommandError(f"{directory} holds no campaign (*.db)", "serve")
        found.extend(files)
    return found or ["campaign.db"]


def _run(app: Any, host: str, port: int, proxy_headers: bool) -> None:
    """Serve ``app`` until SIGTERM or Ctrl-C, then stop gracefully (docs/rulings.md
    H742: sockets told to reconnect, requests in flight finished). Proxy headers are
    trusted only when asked for (docs/rulings.md H645); logs go through
    :mod:`hacktable.web.logs` (H741)."""
    import uvicorn

    from ..web.logs import FIELDS, LOGGER, configure
    from ..web.ops_settings import OpsSettings
    from ..web.shutdown import GracefulServer, quiet_signals

    settings = getattr(app.state, "ops", None) or OpsSettings()
    configure(settings.log_format, settings.log_level)
    tables = len(app.state.hub.tables)
    LOGGER.info("start", extra={FIELDS: {"host": host, "port": port, "tables": tables}})
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        log_level=settings.log_level,
        proxy_headers=proxy_headers,
        forwarded_allow_ips="*" if proxy_headers else None,
        timeout_graceful_shutdown=int(settings.shutdown_seconds),
    )
    quiet_signals()
    GracefulServer(config, app.state.hub).run()


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
            help="Behind an HTTPS proxy: trust its X-Forwarded-Proto, -For and -Host headers.",
        ),
    ] = False,
    log_format: Annotated[
        str | None,
        typer.Option(help="json (one object a line) or text; HACKTABLE_LOG_FORMAT."),
    ] = None,
    log_level: Annotated[
        str | None, typer.Option(help="debug, info, warning or error; HACKTABLE_LOG_LEVEL.")
    ] = None,
) -> None:
    """Serve campaigns to browsers: prints each GM's link (good while it runs)."""
    from ..store import CampaignStore
    from ..web.logs import LOGGER
    from ..web.ops_settings import OpsSettings

    try:
        ops = OpsSettings.from_env(log_format=log_format, log_level=log_level)
        served = _campaigns(campaign, campaigns)
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
    from ..web.shared import attach_shared

    app = create_app(hub)
    app.state.ops, app.state.proxy_headers = ops, proxy_headers  # (H741, H745)
    attach_shared(app, served, ops.presence_seconds)  # (Postgres: H743, H744)
    try:
        _run(app, host, port, proxy_headers)
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles SIGINT itself
        pass
    finally:
        hub.close()
        for shared in app.state.shared.values():
            shared.close()
        LOGGER.info("stop", extra={"fields": {"tables": len(hub.tables)}})
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
