"""The ``hacktable`` command line.

:func:`main` is the console script. ``hacktable roll ...`` in its plain forms is served
by :mod:`hacktable.cli.fast` without importing Typer, so a one-shot roll starts in
about twice the time of a bare Python; everything else (and ``roll --help``) goes to
the Typer application in :mod:`hacktable.cli.app`.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> None:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``) and exit."""
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["roll"]:
        from .fast import fast_roll

        code = fast_roll(args[1:])
        if code is not None:
            raise SystemExit(code)
    from .app import run

    run(args)
