"""The simulator's output: a summary as text, as one JSON object, and as a histogram of
turns (a plot file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ....rules.montecarlo import histogram, number_text, percent_text
from .model import MAX_TURNS
from .stats import Summary

__all__ = ["plot", "render_summary", "summary_to_json"]


def render_summary(summary: Summary) -> list[str]:
    """The summary as lines of text, each figure with its 95% interval."""
    size = len(summary.party)
    lines = [
        f"{', '.join(summary.party)} against {summary.foes}",
        f"{summary.runs:,} fights, {summary.engine} engine, seed {summary.seed}; "
        "95% intervals in brackets",
        f"  win rate        {percent_text(summary.win_rate)}",
        f"  PCs Helpless    {number_text(summary.helpless)}  of {size}, at the fight's end",
        f"  PCs killed      {number_text(summary.killed)}  (a 6 on the Helpless d6, once won)",
        f"  PCs Doomed      {number_text(summary.doomed)}  (Doom die exhausted at the end)",
        f"  turns           {number_text(summary.turns)}",
    ]
    if summary.draw_rate.mean > 0:
        lines.append(
            f"  draws           {percent_text(summary.draw_rate)}  (after {MAX_TURNS} turns)"
        )
    return lines


def summary_to_json(summary: Summary) -> dict[str, Any]:
    """The summary as one JSON-ready object."""

    return {
        "ruleset": "black-sword-hack",
        "engine": summary.engine,
        "seed": summary.seed,
        "runs": summary.runs,
        "party": list(summary.party),
        "foes": summary.foes,
        "win_rate": summary.win_rate.to_json(),
        "draw_rate": summary.draw_rate.to_json(),
        "helpless": summary.helpless.to_json(),
        "killed": summary.killed.to_json(),
        "doomed": summary.doomed.to_json(),
        "turns": summary.turns.to_json(),
        "max_turns": MAX_TURNS,
        "turn_counts": list(summary.turn_counts),
        "won_turn_counts": list(summary.won_turn_counts),
    }


def plot(summary: Summary, path: str | Path) -> None:
    """Write a histogram of turns per fight, won and not won stacked, to ``path``
    (:func:`hacktable.rules.montecarlo.histogram`).

    Raises:
        CommandError: the file cannot be written, or the format is unknown.
    """
    histogram(
        path,
        summary.turn_counts,
        summary.won_turn_counts,
        title=f"{', '.join(summary.party)} against {summary.foes}\nwon "
        f"{summary.win_rate.mean:.1%} of {summary.runs:,} fights ({summary.engine} engine, "
        f"seed {summary.seed})",
        xlabel="turns",
    )
