"""``hacktable serve`` and ``hacktable invite``: the web table (issue 12 §1).

``serve`` opens the campaign, prints the GM's link and serves it with uvicorn; ``invite``
stores a one-time invite in the campaign's log and prints its link (docs/rulings.md
H610-H612). FastAPI and uvicorn (the ``web`` extra) are imported only here.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .. import DEFAULT_RULESET
from ..errors import HacktableError

__all__ = ["add_web_commands"]

CampaignOption = Annotated[
    str,
    typer.Option("--campaign", "-c", envvar="HACKTABLE_DATABASE_URL", help="The campaign."),
]


def _fail(error: HacktableError) -> None:
    sys.stderr.write(f"error: {error}\n")
    raise typer.Exit(error.exit_code)


def serve(
    campaign: CampaignOption = "campaign.db",
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port.")] = 8000,
    ruleset: Annotated[str, typer.Option(help="Ruleset of a new campaign.")] = DEFAULT_RULESET,
) -> None:
    """Serve the campaign to browsers: prints the GM's link (good while it runs)."""
    from ..store import CampaignStore

    try:
        with CampaignStore.open(campaign, ruleset=ruleset):  # (a new one is created)
            pass
    except HacktableError as error:
        _fail(error)
    import uvicorn

    from ..web.app import create_app
    from ..web.hub import table_id
    from ..web.table import Table

    table = Table(campaign, id=table_id(campaign))
    link = f"http://{host}:{port}/t/{table.id}/join?token={table.gm_token}"
    print(f"The GM's link: {link}", flush=True)
    print("Invite players with: hacktable invite --role player --character NAME", flush=True)
    try:
        uvicorn.run(create_app(table), host=host, port=port, log_level="warning")
    finally:
        table.close()


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
