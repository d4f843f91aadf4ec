"""The ``hacktable`` command line.

:func:`main` is the console script. ``hacktable roll``, ``test`` and ``odds`` in their
plain forms are served by :mod:`hacktable.cli.fast` without importing Typer, so a
one-shot roll starts in about twice the time of a bare Python and a test or its odds in
a few times (``benchmarks/cold_start.py``); ``play`` in its plain forms calls the
application's ``play`` without building the Typer command line
(:mod:`hacktable.cli.direct`, ``benchmarks/play_startup.py``); everything else (and
``--help``) goes to the Typer application in :mod:`hacktable.cli.app`.
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
    elif args[:1] in (["test"], ["odds"]):
        from .fast import fast_check

        code = fast_check(args[0], args[1:])
        if code is not None:
            raise SystemExit(code)
    elif args[:1] == ["play"]:
        from .direct import direct_play

        code = direct_play(args[1:])
        if code is not None:
            raise SystemExit(code)
    from .app import run

    run(args)
