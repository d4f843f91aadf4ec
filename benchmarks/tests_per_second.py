"""Tests per second: redhack's ``resolve`` against a bare d20 loop.

Method: one round times ``n`` calls of
``hacktable.rulesets.redhack.core_rules.resolve(request, rng)`` for a fixed request
(``STR 13, difficulty 4``, built once outside the loop), and ``n`` iterations of a bare
loop drawing ``rng.randint(1, 20)`` from the same ``random.Random`` and making the same
comparison (``difficulty < r <= attribute or r == 20``). Both are timed with
``time.perf_counter``; the rounds alternate and each figure is the median over rounds.

The ratio is the bare loop's rate over ``resolve``'s: how many bare d20 comparisons
one resolved test costs, i.e. our overhead per test (request handling, criticals, the
``TestResult`` and its explanation string). Lower is better.

With advantage or disadvantage, the bare loop applies the same reroll rule (advantage
rerolls a failure, disadvantage a success; the second roll stands unless it is a
natural 1 or 20 respectively), so both sides draw the same dice and the ratio is still
overhead only.

Note: ``resolve`` draws with ``rng.randrange(20) + 1``, which is a little cheaper than the
baseline's ``rng.randint(1, 20)``; the ratio is therefore slightly flattering.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Callable
from functools import partial

from _bench import per_call, print_header, ratio, result, rounds, spread, standard_parser
from hacktable.rules import TestRequest
from hacktable.rulesets.redhack.core_rules import resolve

ATTRIBUTE = 13
DIFFICULTY = 4
SEED = 2026
N, REPEATS = 100_000, 11
QUICK_N, QUICK_REPEATS = 20_000, 5

VARIANTS: dict[str, TestRequest] = {
    "plain": TestRequest("STR", ATTRIBUTE, difficulty=DIFFICULTY),
    "advantage": TestRequest("STR", ATTRIBUTE, difficulty=DIFFICULTY, advantages=("GM",)),
    "disadvantage": TestRequest("STR", ATTRIBUTE, difficulty=DIFFICULTY, disadvantages=("GM",)),
}


def hacktable_loop(request: TestRequest, rng: random.Random) -> Callable[[int], object]:
    """``n`` resolved tests of ``request``."""

    def run(n: int) -> None:
        test = resolve
        for _ in range(n):
            test(request, rng)

    return run


def bare_loop(variant: str, rng: random.Random) -> Callable[[int], object]:
    """``n`` bare d20 comparisons, with the reroll rule of ``variant``."""
    attribute, difficulty = ATTRIBUTE, DIFFICULTY

    def plain(n: int) -> int:
        randint = rng.randint
        hits = 0
        for _ in range(n):
            r = randint(1, 20)
            if difficulty < r <= attribute or r == 20:
                hits += 1
        return hits

    def advantage(n: int) -> int:
        randint = rng.randint
        hits = 0
        for _ in range(n):
            r = randint(1, 20)
            success = difficulty < r <= attribute or r == 20
            if not success:
                second = randint(1, 20)
                if second != 1:
                    success = difficulty < second <= attribute or second == 20
            hits += success
        return hits

    def disadvantage(n: int) -> int:
        randint = rng.randint
        hits = 0
        for _ in range(n):
            r = randint(1, 20)
            success = difficulty < r <= attribute or r == 20
            if success:
                second = randint(1, 20)
                if second != 20:
                    success = difficulty < second <= attribute
            hits += success
        return hits

    loops: dict[str, Callable[[int], int]] = {
        "plain": plain,
        "advantage": advantage,
        "disadvantage": disadvantage,
    }
    return loops[variant]


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    args = standard_parser(__doc__ or "").parse_args()
    n, repeats = (QUICK_N, QUICK_REPEATS) if args.quick else (N, REPEATS)
    print_header(
        "redhack tests resolved per second",
        f"""
        resolve(TestRequest("STR", {ATTRIBUTE}, difficulty={DIFFICULTY}), rng) vs a bare loop of
        rng.randint(1, 20) and the same comparison (and reroll rule), same random.Random;
        {n:,} per round, {repeats} alternating rounds, medians.
        ratio = time per test / time per bare iteration (our overhead; lower is better).
        """,
    )
    rng = random.Random(SEED)
    measures: dict[str, Callable[[], float]] = {}
    for variant, request in VARIANTS.items():
        ours, bare = hacktable_loop(request, rng), bare_loop(variant, rng)
        ours(1000)  # warm up
        bare(1000)
        measures[f"{variant}:hacktable"] = partial(per_call, ours, n)
        measures[f"{variant}:bare"] = partial(per_call, bare, n)
    samples = rounds(measures, repeats)

    print(
        f"{'variant':<13} {'tests/s':>11} {'spread':>6} {'bare/s':>11} {'spread':>6} {'ratio':>7}"
    )
    ratios: dict[str, float] = {}
    for variant in VARIANTS:
        tested, bared = samples[f"{variant}:hacktable"], samples[f"{variant}:bare"]
        ratios[variant] = ratio(tested, bared)
        print(
            f"{variant:<13} {1 / statistics.median(tested):11,.0f} {spread(tested):>6} "
            f"{1 / statistics.median(bared):11,.0f} {spread(bared):>6} {ratios[variant]:6.2f}x"
        )
    print()
    print(
        "A resolved test costs the ratio's worth of bare d20 draw-and-compare iterations.\n"
        "The extra over the bare loop is the request's properties (net advantage), the\n"
        "effective attribute and label, the explanation string and the TestResult."
    )
    print()
    for variant, value in ratios.items():
        result(f"tests.{variant}", value, "x bare randint loop (time per test; lower is better)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
