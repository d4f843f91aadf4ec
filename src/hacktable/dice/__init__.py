"""Dice: notation, rolls, usage dice and random sources.

Names are loaded on first use (PEP 562), so ``hacktable roll`` imports only the
modules a roll needs.

>>> import random
>>> from hacktable.dice import roll, render_roll
>>> render_roll(roll("4d6kh3", random.Random(1)))
'4d6kh3: [2, 5, ~~1~~, 3] -> 10'
"""

from __future__ import annotations

from ..lazy import lazy_names

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from .advantage import Advantage
    from .limits import DEFAULT_LIMITS, DiceLimits
    from .parser import parse
    from .render import outcome_to_json, render_outcome, render_roll, roll_to_json
    from .results import DiceResult, Die, Roll, RollOutcome
    from .roller import evaluate, roll, roll_outcome, roll_sum
    from .source import derive, fresh_seed, seeded
    from .usage import UsageDie, UsageRoll, roll_usage

_WHERE = {
    "Advantage": "advantage",
    "DEFAULT_LIMITS": "limits",
    "DiceLimits": "limits",
    "parse": "parser",
    "outcome_to_json": "render",
    "render_outcome": "render",
    "render_roll": "render",
    "roll_to_json": "render",
    "DiceResult": "results",
    "Die": "results",
    "Roll": "results",
    "RollOutcome": "results",
    "evaluate": "roller",
    "roll": "roller",
    "roll_outcome": "roller",
    "roll_sum": "roller",
    "derive": "source",
    "fresh_seed": "source",
    "seeded": "source",
    "UsageDie": "usage",
    "UsageRoll": "usage",
    "roll_usage": "usage",
}

__all__ = [
    "DEFAULT_LIMITS",
    "Advantage",
    "DiceLimits",
    "DiceResult",
    "Die",
    "Roll",
    "RollOutcome",
    "UsageDie",
    "UsageRoll",
    "derive",
    "evaluate",
    "fresh_seed",
    "outcome_to_json",
    "parse",
    "render_outcome",
    "render_roll",
    "roll",
    "roll_outcome",
    "roll_sum",
    "roll_to_json",
    "roll_usage",
    "seeded",
]


__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())
