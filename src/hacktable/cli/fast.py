"""The fast paths for one-shot ``roll``, ``test`` and ``odds``: plain forms only, without
importing Typer, Rich, msgspec or a ruleset's rules content.

Accepted here: ``roll EXPR... [--seed N] [--json] [--adv|--dis]``, and ``test`` and
``odds`` with the options :func:`~hacktable.cli.reading.read_check` accepts. Anything
else (``--help``, an unknown option, a value it refuses) returns ``None`` and the Typer
application handles it, so both paths behave the same: they share
:mod:`hacktable.cli.oneshot` (and, for ``test`` and ``odds``, the reader).
"""

from __future__ import annotations

import sys

__all__ = ["fast_check", "fast_roll"]


def fast_roll(args: list[str]) -> int | None:
    """Serve ``hacktable roll`` if ``args`` is a plain form; return the exit status, or
    ``None`` to defer to Typer."""
    words: list[str] = []
    seed: int | None = None
    as_json = False
    adv = dis = 0
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--json":
            as_json = True
        elif arg == "--adv":
            adv += 1
        elif arg == "--dis":
            dis += 1
        elif arg == "--seed" or arg.startswith("--seed="):
            if arg == "--seed":
                index += 1
                if index >= len(args):
                    return None
                value = args[index]
            else:
                value = arg.partition("=")[2]
            if not (value.isascii() and value.isdigit()) or len(value) > 19:
                return None
            seed = int(value)
        elif arg.startswith("--") or arg in ("-h",):
            return None
        else:
            words.append(arg)
        index += 1
    if not words:
        return None
    from .oneshot import roll_once

    advantage = (adv > 0) - (dis > 0)  # an Advantage's value: flags cancel (RULINGS R3)
    text, code = roll_once(" ".join(words), seed, as_json, advantage)
    stream = sys.stdout if code == 0 or as_json else sys.stderr
    stream.write(text + "\n")
    return code


def fast_check(command: str, args: list[str]) -> int | None:
    """Serve one-shot ``command`` (``"test"`` or ``"odds"``) if ``args`` read as a plain
    form; return the exit status, or ``None`` to defer to Typer (``--help``, or
    arguments the reader refuses: Typer prints the same refusal)."""
    if "--help" in args or "-h" in args:
        return None
    from ..errors import CommandError, HacktableError
    from .oneshot import error_output, run_check
    from .reading import read_check

    as_json = "--json" in args
    try:
        reading = read_check(command, args)
    except CommandError:
        return None
    except HacktableError as error:  # an unknown ruleset: bad input, served here
        text, code = error_output(error, as_json)
    else:
        text, code = run_check(reading)
    stream = sys.stdout if code == 0 or as_json else sys.stderr
    stream.write(text + "\n")
    return code
