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
from typing import Any

from fastapi import FastAPI

from .app import create_app
from .config import ServerConfig
from .hub import Hub

__all__ = ["app", "app_of"]


def app_of(config: ServerConfig) -> FastAPI:
    """The app serving ``config``'s tables; its listening connection starts with the
    app and the tables close when it stops.

    Raises:
        CampaignError: the database cannot be reached (one line naming the host).
        CommandError: two campaigns would have the same name.
    """
    hub = Hub.serving(config)
    made = create_app(hub)

    @asynccontextmanager
    async def lifespan(_app: Any) -> AsyncIterator[None]:
        hub.listen()
        try:
            yield
        finally:
            hub.close()

    made.router.lifespan_context = lifespan
    return made


def app() -> FastAPI:
    """The app :meth:`ServerConfig.from_env` describes (``uvicorn --factory``)."""
    return app_of(ServerConfig.from_env())
