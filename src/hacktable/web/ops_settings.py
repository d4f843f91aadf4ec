"""The operations settings of ``hacktable serve``, from its options or the environment
(issue 13 §1: configuration by environment variables). Kept apart from the server's
main configuration so the two can be merged later; each variable is named once here,
in :data:`ENVIRONMENT`, which ``docs/deployment.md`` lists (a test compares them).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, TextIO

from ..errors import CommandError

__all__ = ["ENVIRONMENT", "LOG_FORMATS", "LOG_LEVELS", "OpsSettings"]

LOG_FORMATS: Final = ("json", "text")
LOG_LEVELS: Final = ("debug", "info", "warning", "error")

ENVIRONMENT: Final = {
    "HACKTABLE_LOG_FORMAT": "json or text (default: text on a terminal, else json)",
    "HACKTABLE_LOG_LEVEL": "debug, info, warning or error (default info)",
    "HACKTABLE_SHUTDOWN_SECONDS": "how long a stopping server waits for commands (default 10)",
    "HACKTABLE_PRESENCE_SECONDS": "how often a process tells Postgres who is connected (5)",
}
"""Every environment variable this module reads, with what it means."""


@dataclass(frozen=True, slots=True)
class OpsSettings:
    """How the server logs and stops.

    Attributes:
        log_format: ``"json"`` (one object a line) or ``"text"``.
        log_level: the lowest level logged.
        shutdown_seconds: how long a stopping server lets in-flight requests finish.
        presence_seconds: the heartbeat of a process's row in ``web_presence``.
    """

    log_format: str = "text"
    log_level: str = "info"
    shutdown_seconds: float = 10.0
    presence_seconds: float = 5.0

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        log_format: str | None = None,
        log_level: str | None = None,
        stream: TextIO | None = None,
    ) -> OpsSettings:
        """The settings: an option given wins over its variable, which wins over the
        default (text on a terminal, JSON otherwise: docs/rulings.md H741).

        Raises:
            CommandError: a value that is not one of those listed (one line).
        """
        env = os.environ if environ is None else environ
        terminal = (stream or sys.stderr).isatty()
        found_format = (log_format or env.get("HACKTABLE_LOG_FORMAT") or "").lower() or (
            "text" if terminal else "json"
        )
        found_level = (log_level or env.get("HACKTABLE_LOG_LEVEL") or "info").lower()
        if found_format not in LOG_FORMATS:
            raise CommandError(f"the log format is json or text, not {found_format!r}", "serve")
        if found_level not in LOG_LEVELS:
            raise CommandError(
                f"the log level is one of {', '.join(LOG_LEVELS)}, not {found_level!r}", "serve"
            )
        return cls(
            found_format,
            found_level,
            _seconds(env, "HACKTABLE_SHUTDOWN_SECONDS", 10.0),
            _seconds(env, "HACKTABLE_PRESENCE_SECONDS", 5.0),
        )

    def to_env(self) -> dict[str, str]:
        """The variables that make :meth:`from_env` give these settings back (for
        ``serve --workers``' processes)."""
        return {
            "HACKTABLE_LOG_FORMAT": self.log_format,
            "HACKTABLE_LOG_LEVEL": self.log_level,
            "HACKTABLE_SHUTDOWN_SECONDS": str(self.shutdown_seconds),
            "HACKTABLE_PRESENCE_SECONDS": str(self.presence_seconds),
        }


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "")
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise CommandError(f"{name} is a number of seconds (0 to 3600), not {text!r}", "serve")
    return value
