"""Structured logs of the web server (issue 13 §1; docs/rulings.md H741): one JSON
object a line on stderr (or readable text), through the stdlib :mod:`logging`.

What is logged: each HTTP request (method, path without its query string, status,
milliseconds), each command (table, the principal's role and name, the command's first
word, the last ``seq`` it stored, milliseconds, refused or not), each socket opened
and closed, start and stop, and errors. What never is: a token, a cookie, a password,
a query string, a command's arguments (a secret roll's or a whisper's detail lives
there). Uvicorn's access log is off; its own messages go through the same handler.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from datetime import UTC, datetime
from typing import Any, Final, TextIO

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["FIELDS", "JsonFormatter", "RequestLog", "TextFormatter", "configure", "log_command"]

FIELDS: Final = "fields"
"""The ``extra`` key whose dict a record's structured fields are in."""

LOGGER: Final = logging.getLogger("hacktable.web")
_WORD = re.compile(r"[a-z][a-z0-9_.-]{0,31}")


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    found = getattr(record, FIELDS, None)
    return dict(found) if isinstance(found, dict) else {}


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: ``ts`` (UTC), ``level``, ``logger``, ``msg``, its
    fields, and ``error`` (one line) for an exception."""

    def format(self, record: logging.LogRecord) -> str:
        body: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            **_fields(record),
        }
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            body["error"] = f"{type(error).__name__}: {error}".splitlines()[0][:300]
        return json.dumps(body, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """A record as one readable line: time, level, message, then ``key=value``."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created, UTC).strftime("%H:%M:%S")
        extra = " ".join(f"{key}={value}" for key, value in _fields(record).items())
        line = f"{when} {record.levelname.lower():7} {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            line += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
        return f"{line} {extra}".rstrip()


def configure(log_format: str, level: str, stream: TextIO | None = None) -> logging.Handler:
    """Send ``hacktable`` and ``uvicorn`` logs to ``stream`` (stderr) in ``log_format``
    (``"json"`` or ``"text"``) from ``level`` up; uvicorn's access log is silenced
    (:class:`RequestLog` logs requests instead). Returns the handler."""
    handler = logging.StreamHandler(stream or _Stderr())
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    for name in ("hacktable", "uvicorn"):
        logger = logging.getLogger(name)
        logger.handlers = [each for each in logger.handlers if not getattr(each, _OURS, False)]
        logger.addHandler(handler)
        logger.setLevel(level.upper())
    uvicorn_error = logging.getLogger("uvicorn.error")
    uvicorn_error.handlers, uvicorn_error.propagate = [], True
    setattr(handler, _OURS, True)
    logging.getLogger("uvicorn").propagate = False
    access = logging.getLogger("uvicorn.access")
    access.handlers, access.propagate, access.disabled = [], False, True
    return handler


_OURS: Final = "_hacktable_handler"


class _Stderr:
    """Whatever ``sys.stderr`` is when a line is written (a test may swap it)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def first_word(line: str) -> str:
    """A command line's first word, for the log: its arguments never are (a whisper's
    text, a secret roll's dice); anything not a plain word is ``"?"``."""
    words = line.split(maxsplit=1)
    word = words[0].lower() if words else ""
    return word if _WORD.fullmatch(word) else "?"


def log_command(
    table: str, role: str, name: str, line: str, seq: int | None, started: float, refused: bool
) -> None:
    """Log one command run at the web table (started: :func:`time.perf_counter`)."""
    LOGGER.info(
        "command",
        extra={
            FIELDS: {
                "table": table,
                "role": role,
                "principal": name,
                "command": first_word(line),
                "seq": seq,
                "ms": round((time.perf_counter() - started) * 1000, 1),
                "refused": refused,
            }
        },
    )


class RequestLog:
    """ASGI middleware: one log line a request (method, path, status, ms) and one a
    socket's end; the query string (a join link's token) is never read."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = {"code": 0}

        async def sending(message: Message) -> None:
            kind = message["type"]
            if kind == "http.response.start":
                status["code"] = int(message["status"])
            elif kind == "websocket.close":
                status["code"] = int(message.get("code", 1000))
            elif kind == "websocket.accept":
                status["code"] = 101
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:
            status["code"] = status["code"] or 500
            LOGGER.exception("request failed", extra={FIELDS: _request(scope, status, started)})
            raise
        what = "request" if scope["type"] == "http" else "socket"
        LOGGER.info(what, extra={FIELDS: _request(scope, status, started)})


def _request(scope: Scope, status: dict[str, int], started: float) -> dict[str, Any]:
    return {
        "method": scope.get("method", "WS"),
        "path": str(scope.get("path", "")),
        "status": status["code"],
        "ms": round((time.perf_counter() - started) * 1000, 1),
    }
