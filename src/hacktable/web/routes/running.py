"""One command line through the table's command layer as the visitor, with its refusal
as the web answers it: 403 not allowed, 409 another writer was first twice, 400 any
other bad input (issue 12 §4: one clear line, and nothing stored)."""

from __future__ import annotations

from fastapi.responses import Response

from ...engine.execute import CommandLayer
from ...errors import HacktableError
from ...play.outcome import Outcome
from ...play.principal import NotAllowedError
from ...store.errors import StaleWriteError
from .access import Visitor
from .errors import refused

__all__ = ["run_line"]


async def run_line(who: Visitor, line: str) -> Outcome | Response:
    """``line`` run as ``who``'s principal on their table's worker, or its refusal."""

    def run(layer: CommandLayer) -> Outcome:
        return layer.run(line, who.principal)

    try:
        return await who.table.call(run)
    except NotAllowedError as error:
        return refused(error.message, 403)
    except StaleWriteError as error:
        return refused(error.message, 409)
    except HacktableError as error:
        return refused(error.message, 400)
