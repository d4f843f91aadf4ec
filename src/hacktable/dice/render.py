"""Renderers for dice results: plain text and JSON-ready dictionaries.

``render_roll(roll("4d6kh3", rng))`` gives ``"4d6kh3: [5, 3, 6, ~~1~~] -> 14"``: the
notation, then the expression with each dice term replaced by the faces it showed (in
the order rolled; a die a keep dropped is struck through, ``~~1~~``), then the total.
"""

from __future__ import annotations

from .results import (
    BinaryResult,
    DiceResult,
    GroupResult,
    NumberResult,
    Result,
    Roll,
    RollOutcome,
)

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["outcome_to_json", "render_detail", "render_outcome", "render_roll", "roll_to_json"]


def render_detail(result: Result) -> str:
    """The expression with dice terms replaced by their faces, e.g. ``[14, ~~7~~] + 5``
    for ``2d20kh1+5`` (dropped dice struck through)."""
    if isinstance(result, DiceResult):
        return (
            "[" + ", ".join(str(d.value) if d.kept else f"~~{d.value}~~" for d in result.dice) + "]"
        )
    if isinstance(result, NumberResult):
        return str(result.total)
    if isinstance(result, BinaryResult):
        return f"{render_detail(result.left)} {result.node.op} {render_detail(result.right)}"
    if isinstance(result, GroupResult):
        return f"({render_detail(result.inner)})"
    return f"-{render_detail(result.operand)}"


def render_roll(roll: Roll) -> str:
    """One line: ``notation: detail -> total``."""
    return f"{roll.expression}: {render_detail(roll.tree)} -> {roll.total}"


def render_outcome(outcome: RollOutcome) -> str:
    """One line for a roll that may have advantage (RULINGS G2)."""
    if len(outcome.rolls) == 1:
        return render_roll(outcome.roll)
    parts = "; ".join(f"{render_detail(r.tree)} -> {r.total}" for r in outcome.rolls)
    return f"{outcome.expression} with {outcome.advantage_word}: {parts}; keeps {outcome.total}"


def _node_json(result: Result) -> dict[str, Any]:
    if isinstance(result, DiceResult):
        return {
            "type": "dice",
            "notation": str(result.node),
            "count": result.node.count,
            "sides": result.node.sides,
            "keep": None if result.node.keep is None else str(result.node.keep),
            "dice": [{"value": d.value, "kept": d.kept} for d in result.dice],
            "total": result.total,
        }
    if isinstance(result, NumberResult):
        return {"type": "number", "total": result.total}
    if isinstance(result, BinaryResult):
        return {
            "type": "operation",
            "op": result.node.op,
            "left": _node_json(result.left),
            "right": _node_json(result.right),
            "total": result.total,
        }
    if isinstance(result, GroupResult):
        return {"type": "group", "inner": _node_json(result.inner), "total": result.total}
    return {"type": "negate", "operand": _node_json(result.operand), "total": result.total}


def roll_to_json(roll: Roll) -> dict[str, Any]:
    """The roll as a JSON-ready dictionary: expression, total, text and the tree."""
    return {
        "expression": roll.expression,
        "total": roll.total,
        "text": render_roll(roll),
        "tree": _node_json(roll.tree),
    }


def outcome_to_json(outcome: RollOutcome) -> dict[str, Any]:
    """A possibly advantaged roll as a JSON-ready dictionary."""
    return {
        "expression": outcome.expression,
        "total": outcome.total,
        "advantage": outcome.advantage_word or "none",
        "kept": outcome.kept,
        "text": render_outcome(outcome),
        "rolls": [roll_to_json(r) for r in outcome.rolls],
    }
