"""black-sword-hack's fight simulator: fights per second, as a ratio to redhack's
scalar engine measured in the same run.

Method: black-sword-hack's scalar engine plays the sample party (a sellsword, a reaver
and a duellist) against two sorcerer's guards and a sorcerer, as ``hacktable simulate
--ruleset black-sword-hack --party sample --opponents "sorcerers-guard x2, sorcerer"``
plays it; redhack's scalar engine plays its sample party against 6 goblins, the
baseline (both one fight at a time with the ruleset's own pure rules). Each round
times ``n`` fights of each, in alternating rounds (the order rotating), after one
unmeasured warm-up each; the figure is the median seconds per fight. The headline is
black-sword-hack's fights per second over redhack's scalar engine's: a black-sword-hack
fight is of the same order of work (a few dozen tests and damage rolls), so the
target is at least 0.5x, and the vectorised engine the issue allows "where it pays" is
not built while it is met.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from _bench import print_header, ratio, result, rounds, spread, standard_parser
from hacktable.rulesets.black_sword_hack import sim as bsh
from hacktable.rulesets.redhack.bestiary import load_bestiary
from hacktable.rulesets.redhack.sim import Encounter, parse_monsters, sample_party, simulate_scalar

N, QUICK_N, REPEATS, QUICK_REPEATS = 1_000, 300, 7, 3
OPPONENTS = "sorcerers-guard x2, sorcerer"


def timed(play: Callable[[int, int], object], n: int) -> Callable[[], float]:
    """Seconds per fight of ``play(n, seed)``, a new seed each call."""
    seeds = iter(range(1, 1_000_000))

    def measure() -> float:
        start = time.perf_counter()
        play(n, next(seeds))
        return (time.perf_counter() - start) / n

    return measure


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    args = standard_parser(__doc__ or "").parse_args()
    n, repeats = (QUICK_N, QUICK_REPEATS) if args.quick else (N, REPEATS)
    print_header(
        "black-sword-hack's simulator: fights per second against redhack's scalar engine",
        f"""
        black-sword-hack: the sample party against {OPPONENTS}, scalar engine;
        redhack (baseline): the sample party against 6 goblins, scalar engine;
        {n:,} fights per round, {repeats} alternating rounds, medians.
        """,
    )
    encounter = bsh.text_encounter("sample", OPPONENTS)
    assert encounter is not None
    redhack = Encounter(sample_party(), parse_monsters("6 goblin", load_bestiary()))

    def play_bsh(count: int, seed: int) -> object:
        return bsh.simulate(encounter, count, seed)

    def play_redhack(count: int, seed: int) -> object:
        return simulate_scalar(redhack, count, seed)

    play_bsh(20, 0)
    play_redhack(20, 0)
    samples = rounds({"bsh": timed(play_bsh, n), "redhack": timed(play_redhack, n)}, repeats)
    print(f"{'engine':<28} {'fights/s':>10} {'spread':>7}")
    for name, label in (("bsh", "black-sword-hack scalar"), ("redhack", "redhack scalar")):
        times = samples[name]
        print(f"{label:<28} {1 / statistics.median(times):10,.0f} {spread(times):>7}")
    headline = ratio(samples["redhack"], samples["bsh"])
    print()
    verdict = "target met" if headline >= 0.5 else "target missed"
    print(f"target: at least 0.5x redhack's scalar fights/s: {verdict} ({headline:.2f}x)")
    print()
    result(
        "bsh_simulate.fights_x_redhack_scalar",
        headline,
        "x redhack scalar fights/s (target >= 0.5)",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
