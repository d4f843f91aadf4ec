"""One command line through the table's command layer as the visitor, with its refusal
as the web answers it: 403 not allowed, 409 another writer was first twice, 400 any
other bad input (issue 12 §4: one clear line, and nothing stored)."""

from __future__ import annotations

import time

from fastapi.responses import Response

from ...engine.execute import CommandLayer
from ...errors import HacktableError
from ...play.outcome import Outcome
from ...play.principal import NotAllowedError
from ...store.errors import StaleWriteError
from ..logs import log_command
from .access import Visitor
from .errors import refused

__all__ = ["run_line"]


async def run_line(who: Visitor, line: str, *, logged: bool = True) -> Outcome | Response:
    """``line`` run as ``who``'s principal on their table's worker, or its refusal;
    logged as a command unless ``logged`` is false (a read the page makes by itself,
    whose request line is in the log already: docs/rulings.md H786)."""

    def run(layer: CommandLayer) -> Outcome:
        return layer.run(line, who.principal)

    started = time.perf_counter()
    answer: Outcome | Response
    try:
        answer = await who.table.call(run)
    except NotAllowedError as error:
        answer = refused(error.message, 403)
    except StaleWriteError as error:
        answer = refused(error.message, 409)
    except HacktableError as error:
        answer = refused(error.message, 400)
    done = isinstance(answer, Outcome)
    seqs = [event.seq for event in answer.events] if isinstance(answer, Outcome) else []
    role, name = who.principal.role.value, who.principal.name
    if logged:
        log_command(who.table.id, role, name, line, max(seqs, default=None), started, not done)
    return answer
