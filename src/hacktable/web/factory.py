"""The app built from the environment, for ``uvicorn --factory`` and for each worker of
``hacktable serve --workers N`` (issue 13 §1; docs/rulings.md H700, H704):

    HACKTABLE_DATABASE_URL=postgresql://USER@HOST/DB uvicorn --factory \\
        hacktable.web.factory:app --workers 2

Every process serves every campaign of the database at ``/t/NAME/``; the settings are
:class:`~.config.ServerConfig`'s variables (``HACKTABLE_GM_SECRET`` the same for every
process, or each would print GM links the others refuse).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI

from .app import create_app
from .config import ServerConfig
from .hub import Hub
from .ops_settings import OpsSettings
from .shared import attach_shared

if TYPE_CHECKING:
    from .hosting import Hosting

__all__ = ["app", "app_of"]


def app_of(
    config: ServerConfig,
    hub: Hub | None = None,
    ops: OpsSettings | None = None,
    hosting: Hosting | None = None,
) -> FastAPI:
    """The app serving ``config``'s tables (``hub``, or a new one of them) with the
    operations settings ``ops`` (logs, shutdown, presence: the environment's when not
    given) and the GMs' accounts ``hosting`` (``config``'s, if it names accounts:
    issue 13 §1): the rate limit and who is connected shared over every process on a
    Postgres database (docs/rulings.md H743, H744), proxy headers as ``config`` says
    (H745). Its listening connection starts with the app; the tables close when it
    stops.

    Raises:
        CampaignError: the database cannot be reached (one line naming the host).
        CommandError: two campaigns would have the same name; a bad setting.
    """
    if hosting is None and config.accounts:
        from .hosting import Hosting

        hosting = Hosting.of(config)
    if hosting is not None:
        config = hosting.served(config)
    hub = Hub.serving(config) if hub is None else hub
    ops = OpsSettings.from_env() if ops is None else ops
    made = create_app(hub, hosting)
    made.state.ops, made.state.proxy_headers = ops, config.proxy_headers
    databases = [config.database] if config.database else []
    attach_shared(made, [*(table.campaign for table in hub), *databases], ops.presence_seconds)

    @asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        hub.listen()
        try:
            yield
        finally:
            hub.close()
            for shared in made.state.shared.values():
                shared.close()

    made.router.lifespan_context = lifespan
    return made


def app() -> FastAPI:
    """The app :meth:`ServerConfig.from_env` describes (``uvicorn --factory``), logging
    as :class:`OpsSettings` says (docs/rulings.md H741)."""
    from .logs import configure

    ops = OpsSettings.from_env()
    configure(ops.log_format, ops.log_level)
    return app_of(ServerConfig.from_env(), ops=ops)
