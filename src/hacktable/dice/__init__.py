"""Dice: notation, rolls, usage dice and random sources.

>>> import random
>>> from hacktable.dice import roll, render_roll
>>> render_roll(roll("4d6kh3", random.Random(1)))
'4d6kh3: [2, 5, 1, 6] -> 13'
"""

from .advantage import Advantage
from .limits import DEFAULT_LIMITS, DiceLimits
from .parser import parse
from .render import outcome_to_json, render_outcome, render_roll, roll_to_json
from .results import DiceResult, Die, Roll, RollOutcome
from .roller import evaluate, roll, roll_outcome, roll_sum
from .source import derive, fresh_seed, seeded
from .usage import UsageDie, UsageRoll, roll_usage

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
