"""CPU and memory of process trees, from ``/proc`` (for ``web_broadcast.py``; not a
benchmark itself).

A tree's CPU over a phase is counted so that no process is missed: each live process
of the tree contributes its own user and system time plus that of its children it has
reaped (``cutime``, ``cstime``), so a Postgres backend that starts and exits within
the phase is still counted, through the postmaster that reaped it. :func:`cpu_shares`
turns two such readings into each process's share of one core over the wall time.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Reading",
    "Stat",
    "cmdline",
    "cpu_shares",
    "descendants",
    "labels",
    "machine",
    "parse_machine",
    "parse_stat",
    "read",
    "rss_kib",
    "stat",
    "total",
]

PROC = Path("/proc")


@dataclass(frozen=True)
class Stat:
    """What ``/proc/PID/stat`` says of one process.

    Attributes:
        pid: the process.
        name: its command name (``comm``).
        ppid: its parent.
        own: CPU seconds (user + system) the process itself used.
        reaped: CPU seconds of its children that it has waited for.
    """

    pid: int
    name: str
    ppid: int
    own: float
    reaped: float


def parse_stat(text: str) -> Stat:
    """A ``/proc/PID/stat`` line, parsed (the command name may hold spaces and
    parentheses: it runs to the last ``)``)."""
    head, rest = text.rsplit(")", 1)
    pid, name = head.split(" (", 1)
    fields = rest.split()  # fields[0] is the state (the stat's third field)
    tick = os.sysconf("SC_CLK_TCK")
    own = (int(fields[11]) + int(fields[12])) / tick
    reaped = (int(fields[13]) + int(fields[14])) / tick
    return Stat(int(pid), name, int(fields[1]), own, reaped)


def stat(pid: int) -> Stat | None:
    """Process ``pid``'s stat, or ``None`` once it has gone."""
    try:
        return parse_stat((PROC / str(pid) / "stat").read_text())
    except (OSError, ValueError, IndexError):
        return None


def _all() -> list[Stat]:
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit() and (each := stat(int(entry.name))) is not None:
            found.append(each)
    return found


def children(stats: list[Stat]) -> dict[int, list[int]]:
    """Parent pid -> its children's pids."""
    tree: dict[int, list[int]] = {}
    for each in stats:
        tree.setdefault(each.ppid, []).append(each.pid)
    return tree


def descendants(root: int, stats: list[Stat] | None = None) -> list[Stat]:
    """``root`` and every live process below it, root first."""
    stats = _all() if stats is None else stats
    by = {each.pid: each for each in stats}
    tree = children(stats)
    found: list[Stat] = []
    todo = [root]
    while todo:
        pid = todo.pop(0)
        if pid in by:
            found.append(by[pid])
        todo.extend(sorted(tree.get(pid, ())))
    return found


Reading = dict[int, tuple[str, int, float]]
"""pid -> (name, parent pid, CPU seconds so far: its own and its reaped children's)."""


def read(root: int) -> Reading:
    """The CPU of ``root``'s tree, process by process."""
    return {e.pid: (e.name, e.ppid, e.own + e.reaped) for e in descendants(root)}


def cpu_shares(before: Reading, after: Reading, wall: float) -> dict[int, float]:
    """Each process's CPU between two readings, as a share of one core over ``wall``
    seconds. A process that appeared in between counts from zero. One that went is
    left out: its whole time is now in its parent's reaped time, so what it had used
    before the first reading is taken off its parent's share."""
    seconds = {pid: now - before.get(pid, ("", 0, 0.0))[2] for pid, (_, _, now) in after.items()}
    for pid, (_, parent, then) in before.items():
        if pid not in after and parent in seconds:
            seconds[parent] -= then
    return {pid: used / wall for pid, used in seconds.items()}


def total(shares: Mapping[int, float]) -> float:
    """The shares added up."""
    return sum(shares.values())


def cmdline(pid: int) -> str:
    """Process ``pid``'s command line, its arguments joined by spaces ("" once gone)."""
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def labels(root: int, pids: Iterable[int]) -> dict[int, str]:
    """Names for a server's processes: ``server`` when ``root`` is alone; else ``main``
    (uvicorn's supervisor), ``tracker`` (multiprocessing's resource tracker) and ``w1``,
    ``w2``... (the workers, in order of pid)."""
    others = sorted(pid for pid in pids if pid != root)
    if not others:
        return {root: "server"}
    named = {root: "main"}
    workers = 0
    for pid in others:
        if "resource_tracker" in cmdline(pid):
            named[pid] = "tracker"
        else:
            workers += 1
            named[pid] = f"w{workers}"
    return named


def parse_machine(text: str) -> tuple[float, float]:
    """``/proc/stat``'s first line: the seconds all cores were busy (not idle, not
    waiting on I/O) and the seconds they ran, in ticks' units made seconds."""
    fields = [int(value) for value in text.split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    total = sum(fields[:8])  # (guest time is in user time already)
    tick = os.sysconf("SC_CLK_TCK")
    return (total - idle) / tick, total / tick


def machine() -> tuple[float, float]:
    """The whole machine's busy and total CPU seconds so far (every process, ours and
    others')."""
    return parse_machine((PROC / "stat").read_text())


def rss_kib(root: int) -> int:
    """The resident memory (``VmRSS``) of ``root`` and every process below it, KiB."""
    kib = 0
    for each in descendants(root):
        try:
            lines = (PROC / str(each.pid) / "status").read_text().splitlines()
        except OSError:
            continue
        kib += next((int(line.split()[1]) for line in lines if line.startswith("VmRSS:")), 0)
    return kib
