"""Ruleset-independent rules machinery: test requests, results and odds.

Each ruleset (:mod:`hacktable.rulesets`) decides how a test resolves; the values here
are what every ruleset takes and returns, so front ends and the store need not know
which game is being played. :mod:`hacktable.rules.checks` holds the neutral checks a
ruleset declares its variant of (roll-under, d20 + modifier against a DC, the skill
die), each with exact odds; it is imported only by those who use it.
"""

from ..dice.advantage import Advantage
from .resolution import Critical, TestKind, TestOdds, TestRequest, TestResult

__all__ = ["Advantage", "Critical", "TestKind", "TestOdds", "TestRequest", "TestResult"]
