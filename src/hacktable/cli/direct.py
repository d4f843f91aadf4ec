"""``hacktable play`` in its plain forms, without building the Typer command line.

To run a command, Typer builds a Click command for every command of the application and
a Pydantic validator for every option of the one it runs (importing Pydantic to do so):
about six bare Python starts before the console's first prompt
(``benchmarks/play_startup.py``). ``play``'s options are few and plain, so they are read
here and :func:`hacktable.cli.app.play` is called with them as Typer would call it; its
exits become the exit status as Typer and :func:`hacktable.cli.app.run` make them.

Read here: ``--campaign``/``-c FILE|URL`` (default ``$HACKTABLE_DATABASE_URL``),
``--seed N`` (ASCII digits), ``--script FILE``, ``--ruleset NAME``, ``--as PLAYER``
(each also as ``--name=value``, the last one given counting) and ``--json``. Anything
else (``--help``, an option not listed here, an empty value or one that begins with
``-``, a word that is no option) returns ``None`` and the Typer application handles it,
so both paths behave the same. ``tests/cli/test_direct.py``
checks that these are still ``play``'s options, with the same types, and that both
paths call ``play`` with the same values: an option added to ``play`` goes to Typer
until it is added here.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TextIO

__all__ = ["OPTIONS", "direct_play"]

MAX_SEED_DIGITS = 19
"""The longest ``--seed`` read here (a longer one goes to Typer)."""


def _seed(text: str) -> int | None:
    if text.isascii() and text.isdigit() and len(text) <= MAX_SEED_DIGITS:
        return int(text)
    return None


OPTIONS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "--campaign": ("campaign", str),
    "-c": ("campaign", str),
    "--seed": ("seed", _seed),
    "--script": ("script", Path),
    "--ruleset": ("ruleset", str),
    "--as": ("as_", str),
}
"""Each option read here that takes a value: ``play``'s parameter and how its text is
read (``None``: not plainly valid, so Typer reads it)."""

FLAGS = {"--json": "as_json"}
"""Each flag read here: ``play``'s parameter."""

DATABASE_VARIABLE = "HACKTABLE_DATABASE_URL"
"""The default ``--campaign`` (as the Typer option's ``envvar``)."""

COMPLETION_VARIABLE = "_HACKTABLE_COMPLETE"
"""Click's shell-completion request: left to the Typer application."""


def read_play(args: list[str]) -> dict[str, Any] | None:
    """``play``'s arguments as the keyword arguments of
    :func:`hacktable.cli.app.play` (those given), or ``None`` if they are not a plain
    form."""
    values: dict[str, Any] = {}
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in FLAGS:
            values[FLAGS[arg]] = True
            index += 1
            continue
        name, equals, text = arg.partition("=")
        if not (equals and name.startswith("--") and name in OPTIONS):
            if arg not in OPTIONS or index + 1 == len(args):
                return None
            name, text = arg, args[index + 1]
            index += 1
        if not text or text.startswith("-"):
            return None
        parameter, read = OPTIONS[name]
        value = read(text)
        if value is None:
            return None
        values[parameter] = value
        index += 1
    return values


class _PipeQuiet:
    """A stream whose flush ignores a closed pipe (as Click's, when output goes to a
    reader that has gone: nothing more is printed, and nothing is said about it)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as error:
            if error.errno != errno.EPIPE:
                raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def direct_play(args: list[str]) -> int | None:
    """Serve ``hacktable play`` if ``args`` (after ``play``) is a plain form; return
    the exit status, or ``None`` to leave it to the Typer application."""
    values = read_play(args)
    if values is None or COMPLETION_VARIABLE in os.environ:
        return None
    if "campaign" not in values and os.environ.get(DATABASE_VARIABLE):
        values["campaign"] = os.environ[DATABASE_VARIABLE]  # as Typer's envvar would
    from typer import Abort, Exit  # (imported with the application's module anyway)

    from . import app

    try:
        app.play(**values)
    except Exit as stop:
        return stop.exit_code
    except KeyboardInterrupt:
        return 130
    except EOFError:
        sys.stderr.write("\nerror: aborted\n")
        return 1
    except Abort:
        sys.stderr.write("error: aborted\n")
        return 1
    except OSError as error:
        if error.errno != errno.EPIPE:
            raise
        sys.stdout = _PipeQuiet(sys.stdout)
        sys.stderr = _PipeQuiet(sys.stderr)
        return 1
    return 0
