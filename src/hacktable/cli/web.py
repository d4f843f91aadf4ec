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


def _run(app: Any, config: Any, ops: Any) -> None:
    """Serve ``app`` in this process until SIGTERM or Ctrl-C, then stop gracefully
    (docs/rulings.md H742: sockets told to reconnect, requests in flight finished).
    Proxy headers are trusted only when asked for (docs/rulings.md H645); logs go
    through :mod:`hacktable.web.logs` (H741)."""
    import uvicorn

    from ..web.logs import FIELDS, LOGGER, configure
    from ..web.shutdown import GracefulServer, quiet_signals

    configure(ops.log_format, ops.log_level)
    where = {"host": config.host, "port": config.port, "tables": len(app.state.hub.tables)}
    LOGGER.info("start", extra={FIELDS: where})
    served = uvicorn.Config(app, **_uvicorn_options(config, ops))
    quiet_signals()
    GracefulServer(served, app.state.hub).run()


def _uvicorn_options(config: Any, ops: Any) -> dict[str, Any]:
    """uvicorn's options for ``config`` (a :class:`~hacktable.web.config.ServerConfig`)
    and ``ops``: its own logging off (H741), proxy headers only when asked for (H645),
    in-flight requests given ``ops.shutdown_seconds`` to finish (H742)."""
    return {
        "host": config.host,
        "port": config.port,
        "fd": config.fd,
        "log_config": None,
        "access_log": False,
        "log_level": ops.log_level,
        "proxy_headers": config.proxy_headers,
        # (the proxies' addresses only, never "*": H776)
        "forwarded_allow_ips": config.forwarded_allow_ips if config.proxy_headers else None,
        "timeout_graceful_shutdown": int(ops.shutdown_seconds),
    }


def _run_workers(config: Any, ops: Any) -> None:
    """Serve ``config`` with uvicorn's worker processes, each building the app from the
    environment (:mod:`hacktable.web.factory`; docs/rulings.md H704). uvicorn stops
    each worker gracefully on SIGTERM (its sockets closed with 1012, requests in flight
    finished: H742)."""
    import os

    import uvicorn

    os.environ.update(config.to_env())
    os.environ.update(ops.to_env())
    options = _uvicorn_options(config, ops)
    uvicorn.run("hacktable.web.factory:app", factory=True, workers=config.workers, **options)


def serve(
    campaign: CampaignsOption = None,
    campaigns: Annotated[
        Path | None,
        typer.Option("--campaigns", help="Serve every campaign file (*.db) in this directory."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="A Postgres database URL: serve every campaign in it, each at /t/NAME/ "
            "(HACKTABLE_DATABASE_URL).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(min=1, max=64, help="Worker processes (HACKTABLE_WORKERS)."),
    ] = None,
    host: Annotated[
        str | None, typer.Option(help="The address to listen on (HACKTABLE_HOST).")
    ] = None,
    port: Annotated[
        int | None, typer.Option(min=1, max=65535, help="The port (HACKTABLE_PORT).")
    ] = None,
    fd: Annotated[
        int | None,
        typer.Option(min=0, help="Serve on this inherited listening socket (HACKTABLE_FD)."),
    ] = None,
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
    accounts: Annotated[
        str,
        typer.Option(
            "--accounts",
            help="GMs' accounts: a Postgres URL, or an SQLite file, e.g. accounts.sqlite "
            "(HACKTABLE_ACCOUNTS).",
        ),
    ] = "",
    signup: Annotated[
        str | None,
        typer.Option("--signup", help="With --accounts: open or closed (HACKTABLE_SIGNUP)."),
    ] = None,
) -> None:
    """Serve campaigns to browsers: prints each GM's link (good while it runs)."""
    from dataclasses import replace

    from ..store import CampaignStore
    from ..web.config import ServerConfig
    from ..web.logs import FIELDS, LOGGER
    from ..web.ops_settings import OpsSettings

    hosting = None
    try:
        ops = OpsSettings.from_env(log_format=log_format, log_level=log_level)
        config = ServerConfig.from_env()
        if database is not None:
            config = replace(config, database=database)
        if "#" in config.database:  # (one campaign of the database, as --campaign)
            config = replace(config, database="", campaigns=(*config.campaigns, config.database))
        config = replace(
            config,
            accounts=accounts or config.accounts,
            signup=signup or config.signup,
            folder=config.folder if campaigns is None else str(campaigns),
        )
        if config.accounts:
            from ..web.hosting import Hosting

            hosting = Hosting.of(config)  # (checked here; each worker makes its own)
            config = hosting.served(config)
            if campaigns is not None:
                campaigns.mkdir(parents=True, exist_ok=True)
        named = [*config.campaigns, *(campaign or [])]
        served = (
            _campaigns(named, campaigns, hosted=hosting is not None)
            if named or campaigns or not (config.database or hosting)
            else []
        )
        for each in served:
            with CampaignStore.open(each, ruleset=ruleset):  # (a new one is created)
                pass
        config = replace(
            config,
            campaigns=tuple(served),
            host=config.host if host is None else host,
            port=config.port if port is None else port,
            workers=config.workers if workers is None else workers,
            fd=config.fd if fd is None else fd,
            proxy_headers=config.proxy_headers or proxy_headers,
        )
        from ..web.hub import Hub, gm_token

        hub = Hub.serving(config)
        names = hub.list_campaigns()
        linked = names
        if hosting is not None:  # (an owned campaign's GM opens it from their home: H774)
            owned = hosting.accounts.owned_names()
            linked = [name for name in names if name not in owned]
    except HacktableError as error:
        _fail(error)
        return
    from ..web.factory import app_of

    shown = config.host
    if lan:
        from ..web.lan import lan_address

        lan_host, shown = lan_address()
        config = replace(config, host=lan_host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"  # (an IPv6 address, as a URL writes it)
    if config.database and not names:
        print(
            "No campaign in the database yet: each made in it (URL#NAME) is served at /t/NAME/.",
            flush=True,
        )
    for name in linked:
        token = gm_token(config.gm_secret, name)
        link = f"http://{shown}:{config.port}/t/{name}/join?token={token}"
        print(f"The GM's link for {name}: {link}", flush=True)
        if lan:
            from ..web.qr import qr_text

            print(qr_text(link), flush=True)
    print(
        "Invite players from the GM's page, or: hacktable invite --character NAME",
        flush=True,
    )
    if hosting is not None:
        print(
            f"GMs sign in at http://{shown}:{config.port}/signin "
            f"(sign-up {hosting.accounts.settings.signup})",
            flush=True,
        )
    try:
        if config.workers > 1:
            hub.close()  # (each worker builds its own)
            _run_workers(config, ops)
        else:
            _run(app_of(config, hub, ops, hosting), config, ops)
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles SIGINT itself
        pass
    finally:
        hub.close()
        LOGGER.info("stop", extra={FIELDS: {"tables": len(hub.tables)}})
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
