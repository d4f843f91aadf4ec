"""The check rules of the rulesets to come, declared as data.

redhack declares its own rule beside its rules
(:data:`hacktable.rulesets.redhack.core_rules.TEST_RULE`, RULINGS R1-R3). The other
rulesets have no package yet; their variants live here, documented with the rulings
they follow, so they are exercised now and can move into their rulesets unchanged.
"""

from __future__ import annotations

from .against_dc import AgainstDCRule
from .roll_under import RollUnderRule
from .skill_die import SkillDieRule
from .values import AdvantageRule, Naturals

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .opposed import OpposedRule

__all__ = [
    "BLACK_SWORD_HACK_TEST",
    "FANTASY_HACK_CHECK",
    "FANTASY_HACK_TO_HIT",
    "SKILL_DIE_ABILITY",
    "SKILL_DIE_SKILL",
]

BLACK_SWORD_HACK_TEST = RollUnderRule(
    name="black-sword-hack",
    naturals=Naturals(success=frozenset({1}), failure=frozenset({20})),
    advantage=AdvantageRule.BEST_OF_TWO,
    inclusive=False,
)
"""black-sword-hack attribute tests (RULINGS B1): the d20 must be strictly below the
attribute; a natural 1 is a critical success and a natural 20 a critical failure, read
from the natural die whatever is added; advantage keeps the lower of 2d20,
disadvantage the higher. The threat level (2.1.5) is the request's modifier on attack
tests only. There is no difficulty: requests leave it at 0."""

FANTASY_HACK_CHECK = AgainstDCRule(
    name="fantasy-hack",
    naturals=Naturals(),
    advantage=AdvantageRule.NONE,
)
"""fantasy-hack checks (Part III: d20 + stat + skill "must meet or beat a target number
(DC)"). Neither the text nor RULINGS F1-F6 make a natural face special outside a to-hit
roll, nor give advantage."""

FANTASY_HACK_TO_HIT = AgainstDCRule(
    name="fantasy-hack",
    naturals=Naturals(success=frozenset({20}), decisive=False),
    advantage=AdvantageRule.NONE,
)
"""fantasy-hack to-hit rolls (Part III: "if you meet or beat it, you have hit"; RULINGS
F3: "a critical hit (natural 20 that hits)"): a natural 20 is a critical only when the
total meets the AC, and does not hit on its own; a natural 1 is nothing special."""

SKILL_DIE_ABILITY = AgainstDCRule(
    name="skill-die",
    naturals=Naturals(),
    advantage=AdvantageRule.BEST_OF_TWO,
    difficulties=(
        ("simple", 5),
        ("easy", 10),
        ("normal", 15),
        ("hard", 20),
        ("expert", 25),
        ("impossible", 30),
    ),
)
"""skill-die ability checks (Ability Checks: d20 + modifier, "the same or greater than
the Difficulty Challenge"; RULINGS S1: advantage keeps the higher of 2d20, disadvantage
the lower; the margin is shown). The text's DC list is the named difficulties (S7: a DC
may be any whole number 1-40). No face is critical. S5's attacks are these checks
against the defence DC."""

SKILL_DIE_SKILL = SkillDieRule(
    name="skill-die",
    naturals=Naturals(),
    advantage=AdvantageRule.BEST_OF_TWO,
    ladder=(
        ("simple", 4),
        ("easy", 6),
        ("normal", 8),
        ("hard", 10),
        ("expert", 12),
        ("impossible", 20),
    ),
    competitive=(0, 2, 3, 4, 5, 6),
)
"""skill-die skill checks (Skill Checks; RULINGS S2): the difficulty's die at or under
the skill level; competitive checks pick the die by the highest opposing level
(0-1 d4, 2 d6, 3 d8, 4 d10, 5 d12, 6+ d20); advantage keeps the lower of two dice and
disadvantage the higher (the converse, which S6's "disadvantage on all rolls" needs).
Binary: no face is critical."""


def __getattr__(name: str) -> OpposedRule:
    """:data:`FANTASY_HACK_OPPOSED`, declared beside the opposed checks and loaded on
    first use (PEP 562), so the one-shot checks' cold start does not import them."""
    if name == "FANTASY_HACK_OPPOSED":
        from .opposed import FANTASY_HACK_OPPOSED

        return FANTASY_HACK_OPPOSED
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
