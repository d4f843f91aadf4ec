"""The fast path for ``hacktable roll``: plain forms only, no Typer import.

Accepted here: ``roll EXPR... [--seed N] [--json] [--adv|--dis]``. Anything else
(``--help``, an unknown option) returns ``None`` and the Typer application handles it,
so both paths behave the same: they share :func:`~hacktable.cli.oneshot.roll_once`.
"""

from __future__ import annotations

import sys

__all__ = ["fast_roll"]


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
