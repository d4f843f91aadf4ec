"""The simulator's output: a summary as text, as one JSON object, and as a histogram of
rounds (a plot file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....rules.montecarlo import histogram, number_text, percent_text
from .model import MAX_ROUNDS
from .stats import Summary

__all__ = ["plot", "render_summary", "summary_to_json"]


def render_summary(summary: Summary) -> list[str]:
    """The summary as lines of text, each figure with its 95% interval."""
    size = len(summary.party)
    who = ", ".join(summary.party) if summary.party else "the party"
    lines = [
        f"{who} against {summary.foes or 'the foes'}",
        f"{summary.runs:,} fights, {summary.engine} engine, seed {summary.seed}; "
        "95% intervals in brackets",
        f"  win rate        {percent_text(summary.win_rate)}",
        f"  PCs out         {number_text(summary.out)}  of {size}",
        f"  PCs dead        {number_text(summary.dead)}  (after won fights)",
        f"  PCs injured     {number_text(summary.injured)}  (lasting injuries, after won fights)",
        f"  captured/killed {number_text(summary.captured)}  (PCs of lost fights)",
        f"  rounds          {number_text(summary.rounds)}",
    ]
    if summary.draw_rate.mean > 0:
        lines.append(
            f"  draws           {percent_text(summary.draw_rate)}  (after {MAX_ROUNDS} rounds)"
        )
    return lines


def summary_to_json(summary: Summary) -> dict[str, Any]:
    """The summary as one JSON-ready object."""

    return {
        "engine": summary.engine,
        "seed": summary.seed,
        "runs": summary.runs,
        "party": list(summary.party),
        "foes": summary.foes,
        "win_rate": summary.win_rate.to_json(),
        "out": summary.out.to_json(),
        "dead": summary.dead.to_json(),
        "injured": summary.injured.to_json(),
        "captured": summary.captured.to_json(),
        "rounds": summary.rounds.to_json(),
        "draw_rate": summary.draw_rate.to_json(),
        "max_rounds": MAX_ROUNDS,
        "round_counts": list(summary.round_counts),
        "won_round_counts": list(summary.won_round_counts),
    }


def plot(summary: Summary, path: str | Path) -> None:
    """Write a histogram of rounds per fight, won and not won stacked, to ``path`` (the
    format from its extension: ``.png``, ``.svg``, ``.pdf``;
    :func:`hacktable.rules.montecarlo.histogram`).

    Raises:
        CommandError: the file cannot be written, or the format is unknown.
    """
    who = ", ".join(summary.party) or "the party"
    histogram(
        path,
        summary.round_counts,
        summary.won_round_counts,
        title=f"{who} against {summary.foes}\nwon {summary.win_rate.mean:.1%} of "
        f"{summary.runs:,} fights ({summary.engine} engine, seed {summary.seed})",
    )
