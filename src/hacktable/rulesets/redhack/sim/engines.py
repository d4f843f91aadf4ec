"""The simulator's engines, chosen by name: ``vector`` (NumPy, :mod:`.vector`, the
default) and ``scalar`` (the reference, :mod:`.scalar`)."""

from __future__ import annotations

from ....errors import CommandError
from .model import Encounter, Progress
from .scalar import simulate_scalar
from .stats import Summary

__all__ = ["ENGINES", "simulate", "simulate_vector"]

ENGINES = ("vector", "scalar")
"""The engines, the default first."""


def simulate_vector(
    encounter: Encounter, runs: int, seed: int, progress: Progress | None = None
) -> Summary:
    """Play ``runs`` fights at once with NumPy (:func:`.vector.simulate_vector`, imported
    only when called), drawing from ``numpy.random.default_rng(seed)``: the same model as
    :func:`.scalar.simulate_one`.

    Raises:
        CommandError: ``runs`` out of range, no PCs or no foes.
    """
    from .vector import simulate_vector as run

    return run(encounter, runs, seed, progress)


def simulate(
    encounter: Encounter,
    runs: int,
    seed: int,
    engine: str = "vector",
    progress: Progress | None = None,
) -> Summary:
    """Run ``engine`` (``"vector"`` or ``"scalar"``).

    Raises:
        CommandError: an unknown engine, ``runs`` out of range, no PCs or no foes.
    """
    if engine == "vector":
        return simulate_vector(encounter, runs, seed, progress)
    if engine == "scalar":
        return simulate_scalar(encounter, runs, seed, progress)
    raise CommandError(f"--engine must be vector or scalar, not {engine!r}", "simulate")
