"""The figures of one phase of ``web_broadcast.py``, its report and the knee of the
curve (pure: no server, no clock; not a benchmark itself)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from _web_measure import percentile

__all__ = ["SATURATED", "Phase", "costs", "knee", "report"]

SATURATED = 0.85
"""A process at this share of one core or more is taken as saturated (it is single
threaded: the event loop of the load generator or of a worker); the machine is
saturated when all its processes together reach this share of all its cores."""


@dataclass
class Phase:
    """One phase's figures.

    Attributes:
        kind: ``"echo"``, ``"sqlite"`` (one process) or ``"postgres"``.
        tables: tables served.
        sockets: WebSockets opened (one a player).
        rolls: rolls answered.
        latencies: every delivery's latency, seconds.
        lost: deliveries that never came.
        errors: one line per refused or failed request or socket.
        wall: the phase's wall time, seconds.
        client_cpu: the load generator's CPU, a share of one core over ``wall``.
        server_cpu: each server process's CPU (``"server"``, or ``"main"`` and
            ``"w1"``, ``"w2"``... for uvicorn's workers), a share of one core.
        postgres_cpu: all Postgres processes' CPU, a share of one core; ``None``
            when there is none, or it is not on this machine.
        rss_joined: KiB of the server's memory once every player has joined.
        rss_connected: KiB once every socket is connected.
        open_sockets: sockets still open at the end of the phase.
        pg_connections: Postgres client connections at the end of the phase.
        note: what differs from the plan (e.g. the one-process stand-in).
        messages: WebSocket messages the sockets received in the phase.
        bytes_received: their text's length, added up.
        machine_cpu: the whole machine's busy CPU (every process, others' too), in
            cores (``2.0``: two cores busy all the phase).
    """

    kind: str
    tables: int
    sockets: int
    rolls: int
    latencies: list[float]
    lost: int
    errors: list[str]
    wall: float
    client_cpu: float
    server_cpu: dict[str, float] = field(default_factory=dict)
    postgres_cpu: float | None = None
    rss_joined: int = 0
    rss_connected: int = 0
    open_sockets: int = 0
    pg_connections: int | None = None
    note: str = ""
    messages: int = 0
    bytes_received: int = 0
    machine_cpu: float = 0.0

    @property
    def memory_per_client(self) -> float:
        """KiB of server memory per connected socket."""
        return (self.rss_connected - self.rss_joined) / max(1, self.sockets)

    @property
    def server_total(self) -> float:
        """All server processes' CPU, a share of one core."""
        return sum(self.server_cpu.values())

    @property
    def others_cpu(self) -> float:
        """CPU of processes outside the benchmark (the machine's less ours), cores."""
        ours = self.client_cpu + self.server_total + (self.postgres_cpu or 0.0)
        return max(0.0, self.machine_cpu - ours)

    @property
    def workers(self) -> dict[str, float]:
        """The processes that serve requests (uvicorn's workers, or the one server)."""
        served = {
            name: share
            for name, share in self.server_cpu.items()
            if name not in ("main", "tracker")
        }
        return served or dict(self.server_cpu)

    def ms(self, q: float) -> float:
        return percentile(self.latencies, q) * 1e3


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def report(phases: Sequence[Phase]) -> list[str]:
    """The phases' table, a line each, then up to three errors of each phase."""
    head = (
        f"{'tables':>6} {'sockets':>7} {'server':<8} {'deliveries':>10} {'p50 ms':>7} "
        f"{'p99 ms':>7} {'max ms':>7} {'lost':>5} {'errors':>6} {'open':>5} {'pg conn':>7} "
        f"{'gen CPU':>7} {'server CPU':>10} {'pg CPU':>6} {'others':>6} {'KiB/sock':>8}"
        "  workers' CPU"
    )
    lines = [head, "-" * len(head)]
    for p in phases:
        each = " ".join(f"{name} {share:.0%}" for name, share in p.server_cpu.items())
        conns = "-" if p.pg_connections is None else str(p.pg_connections)
        lines.append(
            f"{p.tables:>6} {p.sockets:>7} {p.kind:<8} {len(p.latencies):>10} "
            f"{p.ms(50):>7.1f} {p.ms(99):>7.1f} {p.ms(100):>7.1f} {p.lost:>5} "
            f"{len(p.errors):>6} {p.open_sockets:>5} {conns:>7} {p.client_cpu:>7.0%} "
            f"{p.server_total:>10.0%} {_share(p.postgres_cpu):>6} {p.others_cpu:>6.0%} "
            f"{p.memory_per_client:>8.0f}  {each}"
        )
    for p in phases:
        if p.note:
            lines.append(f"  {p.kind} at {p.tables} tables: {p.note}")
        lines.extend(f"  {p.kind} at {p.tables} tables: {error}" for error in p.errors[:3])
        kinds = Counter(error.split(": ", 1)[-1][:60] for error in p.errors)
        lines.extend(
            f"  {p.kind} at {p.tables} tables: {count} x {kind}"
            for kind, count in kinds.most_common(4)
        )
    return lines


def costs(phase: Phase) -> str:
    """What one roll and one delivery cost: rolls a second per table, the bytes of a
    message, server and Postgres CPU per roll and per delivery (the figures a paper
    design for more tables scales; docs/design-issue13-load.md)."""
    rolls = max(1, phase.rolls)
    deliveries = max(1, len(phase.latencies))
    server = phase.server_total * phase.wall
    line = (
        f"{phase.rolls / phase.wall / max(1, phase.tables):.3f} rolls/s a table, "
        f"{phase.bytes_received / max(1, phase.messages):.0f} B a message; server CPU "
        f"{server / rolls * 1e3:.2f} ms a roll, {server / deliveries * 1e6:.0f} µs a delivery"
    )
    if phase.postgres_cpu is not None:
        line += f"; Postgres CPU {phase.postgres_cpu * phase.wall / rolls * 1e3:.2f} ms a roll"
    return line


def knee(phases: Sequence[Phase], cores: int) -> str:
    """Which resource saturates first as the tables grow (issue 13 §3), read from
    ``phases`` (one server kind, in order of table count): the machine (the load
    generator's one core, or every core busy, other processes' work counted), a
    worker's CPU, Postgres' CPU, or, when the latency grows while CPU is to spare,
    the design (waiting, not working)."""
    if not phases:
        return "knee: nothing measured"
    ordered = sorted(phases, key=lambda p: p.tables)
    for p in ordered:
        at = f"at {p.tables} tables"
        used = max(p.machine_cpu, p.client_cpu + p.server_total + (p.postgres_cpu or 0.0))
        busiest = max(p.workers.items(), key=lambda item: item[1], default=("", 0.0))
        if p.client_cpu >= SATURATED:
            return f"knee {at}: the load generator's CPU ({p.client_cpu:.0%}): the machine's"
        if used >= SATURATED * cores:
            parts = {
                "the load generator": p.client_cpu,
                "the workers": p.server_total,
                "Postgres": p.postgres_cpu or 0.0,
                "other processes": p.others_cpu,
            }
            most = max(parts, key=lambda name: parts[name])
            return (
                f"knee {at}: every core busy ({used:.0%} of {cores} cores, most in {most}):"
                " the machine's"
            )
        if busiest[1] >= SATURATED:
            return f"knee {at}: worker {busiest[0]}'s CPU ({busiest[1]:.0%} of a core)"
        if p.postgres_cpu is not None and p.postgres_cpu >= SATURATED:
            return f"knee {at}: Postgres' CPU ({p.postgres_cpu:.0%} of a core)"
    first, last = ordered[0], ordered[-1]
    used = max(last.machine_cpu, last.client_cpu + last.server_total + (last.postgres_cpu or 0.0))
    if len(ordered) > 1 and last.ms(99) > 2 * first.ms(99):
        return (
            f"knee: p99 grows {last.ms(99) / first.ms(99):.1f}x from {first.tables} to "
            f"{last.tables} tables with CPU to spare ({used:.0%} of {cores} cores): the design's"
        )
    return f"knee: none up to {last.tables} tables (CPU {used:.0%} of {cores} cores)"
