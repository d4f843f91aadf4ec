"""Dice rolls per second: hacktable's ``roll`` against the ``d20`` library.

Method: one round times ``n`` calls of ``hacktable.dice.roll(expression, rng)`` (a seeded
``random.Random``) and ``n`` calls of ``d20.roll(expression)`` (which draws from the global
``random`` module, seeded here too), for ``4d6kh3`` and ``2d20kh1+5``. Both are timed
with ``time.perf_counter``; the rounds alternate and each figure is the median over
rounds. The ratio is hacktable's rolls per second over d20's: above 1, hacktable is
faster.

Fairness: both libraries cache parsed expressions. hacktable memoises
``hacktable.dice.roller.parse_cached`` (a dict of the last 512 expressions); d20's
``Roller`` keeps a ``cachetools.LFUCache`` of 256 parsed trees, keyed on the text with
spaces removed (``d20.roll`` is the method of a module-level ``Roller``). Each expression
is rolled once by both before timing, so both measure warm-cache rolls: evaluation plus a
cache lookup, no parsing. Both return a result tree and total without rendering it
(d20 renders its Markdown text lazily, only when ``.result`` is read).

For contrast, the cold parse of each expression is also timed (hacktable's
``hacktable.dice.parse``, d20's Lark parser ``d20.diceast.parser``), which is what the
caches hide.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable
from functools import partial

from _bench import (
    SKIP_PREFIX,
    per_call,
    print_header,
    ratio,
    result,
    rounds,
    spread,
    standard_parser,
)
from hacktable.dice import parse, roll
from hacktable.dice.roller import parse_cached

try:
    import d20  # type: ignore[import-untyped]
    import d20.diceast  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - d20 is a dev dependency
    HAVE_D20 = False
else:
    HAVE_D20 = True

EXPRESSIONS = ("4d6kh3", "2d20kh1+5")
SEED = 2026
N, REPEATS = 20_000, 11
QUICK_N, QUICK_REPEATS = 4_000, 5
PARSE_N, QUICK_PARSE_N = 500, 100


def hacktable_rolls(expression: str, rng: random.Random) -> Callable[[int], object]:
    """``n`` warm-cache hacktable rolls of ``expression``."""

    def run(n: int) -> None:
        for _ in range(n):
            roll(expression, rng)

    return run


def d20_rolls(expression: str) -> Callable[[int], object]:
    """``n`` warm-cache d20 rolls of ``expression``."""
    d20_roll = d20.roll

    def run(n: int) -> None:
        for _ in range(n):
            d20_roll(expression)

    return run


def hacktable_parses(expression: str) -> Callable[[int], object]:
    """``n`` uncached hacktable parses of ``expression``."""

    def run(n: int) -> None:
        for _ in range(n):
            parse(expression)

    return run


def d20_parses(expression: str) -> Callable[[int], object]:
    """``n`` uncached d20 (Lark) parses of ``expression``."""
    parser = d20.diceast.parser

    def run(n: int) -> None:
        for _ in range(n):
            parser.parse(expression, start="expr")

    return run


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    args = standard_parser(__doc__ or "").parse_args()
    if not HAVE_D20:
        print(f"{SKIP_PREFIX}the d20 library is not installed (pip install -e '.[dev]')")
        return 0
    n, repeats = (QUICK_N, QUICK_REPEATS) if args.quick else (N, REPEATS)
    parse_n = QUICK_PARSE_N if args.quick else PARSE_N
    print_header(
        "Dice rolls per second: hacktable vs d20",
        f"""
        hacktable.dice.roll(expr, random.Random) vs d20.roll(expr) (global random module);
        both parse caches warm (each expression rolled once before timing);
        {n:,} rolls per round ({parse_n:,} cold parses), {repeats} alternating rounds, medians.
        ratio = hacktable rolls/s / d20 rolls/s (above 1: hacktable is faster).
        """,
    )
    rng = random.Random(SEED)
    random.seed(SEED)
    measures: dict[str, Callable[[], float]] = {}
    for expression in EXPRESSIONS:
        ours, theirs = hacktable_rolls(expression, rng), d20_rolls(expression)
        ours(10)  # warm both parse caches
        theirs(10)
        measures[f"{expression}:hacktable"] = partial(per_call, ours, n)
        measures[f"{expression}:d20"] = partial(per_call, theirs, n)
        measures[f"{expression}:parse:hacktable"] = partial(
            per_call, hacktable_parses(expression), parse_n
        )
        measures[f"{expression}:parse:d20"] = partial(per_call, d20_parses(expression), parse_n)
    trees_before = {e: parse_cached(e) for e in EXPRESSIONS}
    samples = rounds(measures, repeats)
    # The same tree objects afterwards: the timed rolls never re-parsed.
    parsed_while_timing = sum(parse_cached(e) is not trees_before[e] for e in EXPRESSIONS)

    columns = ("hacktable/s", 12), ("spread", 6), ("d20/s", 10), ("spread", 6), ("ratio", 6)
    print(f"{'expression':<11} " + " ".join(f"{name:>{width}}" for name, width in columns))
    ratios: dict[str, float] = {}
    for expression in EXPRESSIONS:
        mine, other = samples[f"{expression}:hacktable"], samples[f"{expression}:d20"]
        ratios[expression] = ratio(other, mine)  # rate ratio = inverse time ratio
        print(
            f"{expression:<11} {1 / statistics.median(mine):12,.0f} {spread(mine):>6} "
            f"{1 / statistics.median(other):10,.0f} {spread(other):>6} "
            f"{ratios[expression]:5.2f}x"
        )
    print()
    print("Cold parses (no cache), for contrast:")
    print(f"{'expression':<11} {'hacktable µs':>12} {'d20 µs':>10} {'ratio':>6}")
    for expression in EXPRESSIONS:
        mine, other = samples[f"{expression}:parse:hacktable"], samples[f"{expression}:parse:d20"]
        print(
            f"{expression:<11} {statistics.median(mine) * 1e6:12.1f} "
            f"{statistics.median(other) * 1e6:10.1f} {ratio(other, mine):5.2f}x"
        )
    print()
    print(
        "Both libraries cache parsed expressions (hacktable: a dict cache in parse_cached;\n"
        "d20: an LFUCache(256) in its Roller), so the roll figures compare evaluation plus a\n"
        f"cache lookup. hacktable cache misses while timing: {parsed_while_timing} (should be 0)."
    )
    print()
    for expression, value in ratios.items():
        result(f"dice.{expression}", value, "x d20 rolls/s (higher is better)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
