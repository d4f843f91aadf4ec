"""Fight commands: the cost of one round of console ``attack`` commands, as a ratio to
the foundation's ``test`` command, measured in the same run.

Method: a campaign in a temporary folder (``--dir`` chooses where: every event is
synced to disk, so the disk matters) with the four characters of the example party and
a fight against six goblins that cannot die (``--hp 1000000``), so every round is alike.
One round is what a table plays each round: ``next`` (initiative for the new round),
four ``attack`` commands (``override``: the order of acting is not what is measured),
``next`` to the monsters, six ``defend`` commands (``damage 0``: nobody falls), and
``next`` to the players after. Baseline: ``test Aldric STR difficulty 4``, the issue-2
console command, in the same session. Rounds alternate with runs of the baseline; each
figure is the median.

Headlines: a whole round over one ``test`` command, and one ``attack`` command over one
``test`` command (an attack is a test plus damage, the fight's state and its event).
"""

from __future__ import annotations

import io
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _bench import print_header, ratio, result, rounds, spread, standard_parser
from hacktable.console.loop import Console
from hacktable.console.render import PlainPrinter
from hacktable.engine.session import Session
from hacktable.store import CampaignStore

SEED = 2026
PARTY = (
    "character new Aldric --class warrior --kit 1",
    "character new Sly --class thief --kit 1",
    "character new Tomas --class cleric --kit 2",
    "character new Mirela --class wizard --kit 1",
)
SETUP = ("fight start", "fight add 6 goblin --hp 1000000 --at close", "init")
ATTACKS = (
    "attack Aldric goblin-1 override",
    "attack Sly goblin-2 override",
    "attack Tomas goblin-3 override",
    "attack Mirela goblin-4 override",
)
DEFENDS = tuple(
    f"defend {pc} goblin-{n} damage 0 override"
    for n, pc in enumerate(("Aldric", "Sly", "Tomas", "Mirela", "Aldric", "Sly"), start=1)
)
ROUND = ("next", *ATTACKS, "next", *DEFENDS, "next")
TEST = "test Aldric STR difficulty 4"
ROUNDS, TESTS, REPEATS = 20, 60, 11
QUICK_ROUNDS, QUICK_TESTS, QUICK_REPEATS = 5, 15, 3


def lines(console: Console, commands: tuple[str, ...]) -> Callable[[int], object]:
    """``n`` runs of ``commands`` in order."""

    def run(n: int) -> None:
        execute = console.execute
        for _ in range(n):
            for line in commands:
                execute(line)

    return run


def main() -> int:
    """Measure, print the figures and the RESULT lines."""
    parser = standard_parser(__doc__ or "")
    parser.add_argument("--dir", type=Path, default=None, help="folder for the campaign file")
    args = parser.parse_args()
    fights, tests, repeats = (
        (QUICK_ROUNDS, QUICK_TESTS, QUICK_REPEATS) if args.quick else (ROUNDS, TESTS, REPEATS)
    )
    with tempfile.TemporaryDirectory(prefix="hacktable-bench-", dir=args.dir) as folder:
        path = Path(folder) / "bench.db"
        print_header(
            "A round of console fight commands, saved to a campaign",
            f"""
            one round = {len(ROUND)} commands: next, 4 attacks, next, 6 defends, next;
            baseline: `{TEST}`; {fights} rounds and {tests} tests per sample,
            {repeats} alternating samples, medians. campaign file: {path}
            """,
        )
        with CampaignStore.open(path) as store:
            console = Console(
                Session(store, seed=SEED, source="benchmark"), PlainPrinter(out=io.StringIO())
            )
            for line in (*PARTY, *SETUP):
                console.execute(line)
            run_round = lines(console, ROUND)
            run_attacks = lines(console, ATTACKS)
            run_test = lines(console, (TEST,))
            run_round(2)  # warm up
            run_test(10)
            samples = rounds(
                {
                    "round": lambda: _per(run_round, fights),
                    "test": lambda: _per(run_test, tests),
                },
                repeats,
            )
            # Attacks alone: each round's four attacks timed, the three `next`s not.
            attack_samples = []
            for _ in range(repeats):
                spent = 0.0
                for _ in range(fights):
                    console.execute("next")
                    start = time.perf_counter()
                    run_attacks(1)
                    spent += time.perf_counter() - start
                    console.execute("next")
                    console.execute("next")
                attack_samples.append(spent / (fights * len(ATTACKS)))
    round_time = statistics.median(samples["round"])
    test_time = statistics.median(samples["test"])
    per_round_ratio = ratio(samples["round"], samples["test"])
    attack_time = statistics.median(attack_samples)
    print(f"{'measure':<44} {'median':>10} {'spread':>6} {'x test':>8}")
    print(
        f"{'one round (' + str(len(ROUND)) + ' commands)':<44} {round_time * 1e3:8.2f} ms "
        f"{spread(samples['round']):>6} {per_round_ratio:7.1f}x"
    )
    print(
        f"{'one attack command':<44} {attack_time * 1e3:8.2f} ms {'':>6} "
        f"{attack_time / test_time:7.2f}x"
    )
    print(
        f"{'`' + TEST + '` (baseline)':<44} {test_time * 1e3:8.2f} ms "
        f"{spread(samples['test']):>6} {1.0:7.1f}x"
    )
    print()
    print(
        f"A round of {len(ROUND)} fight commands costs {per_round_ratio:.1f} `test` commands "
        f"({round_time * 1e3:.1f} ms);\nmost of each command is the SQLite append of its "
        "event (one transaction, synced to disk)."
    )
    result(
        "fight.round_x_test",
        per_round_ratio,
        f"x one console test command (a round of {len(ROUND)} commands; lower is better)",
    )
    result(
        "fight.attack_x_test",
        attack_time / test_time,
        "x one console test command (one attack command)",
    )
    result("fight.round_ms", round_time * 1e3, "ms per round of fight commands (absolute)")
    return 0


def _per(run: Callable[[int], object], n: int) -> float:
    start = time.perf_counter()
    run(n)
    return (time.perf_counter() - start) / n


if __name__ == "__main__":
    raise SystemExit(main())
