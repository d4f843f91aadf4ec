"""Simulated fights per second: the fight simulator's scalar engine, and its vectorised
NumPy engine as a ratio to it.

Method: the encounter is the sample party (a level-1 warrior, thief, cleric and wizard
with kit 1) against 6 goblins, as ``hacktable simulate --party sample --monsters
"6 goblin"`` plays it. One round times ``simulate_scalar(encounter, n_scalar, seed)``
(one fight at a time with hacktable's own ``resolve``, ``roll_damage`` and
``morale_check``) and ``simulate_vector(encounter, n_vector, seed)`` (every fight at
once with NumPy arrays); each gives seconds per fight. The rounds alternate (the order
rotating) and each figure is the median over rounds. The headline is the vector
engine's fights per second over the scalar engine's: the target is at least 50x.

Fairness: both play the same model (the tests check that their results agree
statistically) and report the same summary; neither shows a progress bar. The vector
engine is measured on a batch of its usual size (20,000 fights, as the agreement test
uses), because its cost per fight falls with the batch: the fixed cost of each NumPy
call is shared by more fights. A smaller batch is also timed, for contrast. Each engine
runs once before timing (imports, NumPy's first calls, the bestiary and content caches).
Seeds change from round to round so no round replays another's fights.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from _bench import print_header, ratio, result, rounds, spread, standard_parser
from hacktable.rulesets.redhack.bestiary import load_bestiary
from hacktable.rulesets.redhack.sim import (
    Encounter,
    parse_monsters,
    sample_party,
    simulate_scalar,
    simulate_vector,
)

MONSTERS = "6 goblin"
SCALAR_N, VECTOR_N, SMALL_N, REPEATS = 1_000, 20_000, 1_000, 7
QUICK_SCALAR_N, QUICK_VECTOR_N, QUICK_SMALL_N, QUICK_REPEATS = 300, 20_000, 1_000, 3


def timed(
    engine: Callable[[Encounter, int, int], object], encounter: Encounter, n: int
) -> Callable[[], float]:
    """A measure: seconds per fight of ``engine`` playing ``n`` fights, a new seed each
    time it is called."""
    seeds = iter(range(1, 1_000_000))

    def measure() -> float:
        start = time.perf_counter()
        engine(encounter, n, next(seeds))
        return (time.perf_counter() - start) / n

    return measure


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    args = standard_parser(__doc__ or "").parse_args()
    if args.quick:
        scalar_n, vector_n, small_n, repeats = (
            QUICK_SCALAR_N,
            QUICK_VECTOR_N,
            QUICK_SMALL_N,
            QUICK_REPEATS,
        )
    else:
        scalar_n, vector_n, small_n, repeats = SCALAR_N, VECTOR_N, SMALL_N, REPEATS
    print_header(
        "Simulated fights per second: scalar and vector engines",
        f"""
        the sample party (4 PCs, kit 1) against {MONSTERS}, the default tactic;
        scalar: simulate_scalar, {scalar_n:,} fights per round (hacktable's own rules);
        vector: simulate_vector, {vector_n:,} fights per round ({small_n:,} for contrast);
        {repeats} alternating rounds, medians; ratio = vector fights/s / scalar fights/s.
        """,
    )
    encounter = Encounter(sample_party(), parse_monsters(MONSTERS, load_bestiary()))
    simulate_scalar(encounter, 20, 0)  # warm up: imports, caches, NumPy's first calls
    simulate_vector(encounter, 200, 0)
    measures = {
        "scalar": timed(simulate_scalar, encounter, scalar_n),
        "vector": timed(simulate_vector, encounter, vector_n),
        "vector-small": timed(simulate_vector, encounter, small_n),
    }
    samples = rounds(measures, repeats)
    print(f"{'engine':<22} {'fights/s':>12} {'spread':>7} {'x scalar':>9}")
    labels = {
        "scalar": "scalar",
        "vector": f"vector ({vector_n:,})",
        "vector-small": f"vector ({small_n:,})",
    }
    for name, label in labels.items():
        mine = samples[name]
        speed = ratio(samples["scalar"], mine)
        print(f"{label:<22} {1 / statistics.median(mine):12,.0f} {spread(mine):>7} {speed:8.1f}x")
    headline = ratio(samples["scalar"], samples["vector"])
    print()
    print(
        f"target: the vector engine at least 50x the scalar engine: "
        f"{'target met' if headline >= 50 else 'target missed'} ({headline:.0f}x)"
    )
    print()
    result(
        "simulate.scalar_fights_per_s",
        1 / statistics.median(samples["scalar"]),
        "scalar fights/s (absolute: machine-dependent)",
    )
    result(
        "simulate.vector_x_scalar",
        headline,
        f"x scalar fights/s, vector engine, batch {vector_n:,} (target >= 50)",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
