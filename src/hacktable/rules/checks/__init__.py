"""Ruleset-neutral checks, each with exact odds by enumeration.

Three kinds of check, each a frozen request and a rule value that declares a
ruleset's variant as data:

- :mod:`.roll_under`: a d20 (plus any modifier) at or under, or below, an attribute
  (redhack RULINGS R1-R3; black-sword-hack B1);
- :mod:`.against_dc`: d20 + modifier meeting or beating a DC or AC (fantasy-hack,
  skill-die ability checks; RULINGS F3, S1);
- :mod:`.opposed`: both sides roll d20 + modifier, the higher total wins, ties as the
  rule says (fantasy-hack F5), with the exact odds of every margin;
- :mod:`.skill_die`: a die chosen by difficulty, at or under a skill level (skill-die
  skill checks, RULINGS S2).

Each kind's ``resolve(rule, request, rng)`` rolls with the caller's random source
(RULINGS G1) and returns a :class:`CheckResult` (total, margin, success, critical,
every die with why it was kept or not, an explanation); ``odds(rule, request)`` gives
the exact :class:`~hacktable.rules.resolution.TestOdds`. :mod:`.variants` declares the
rules of the rulesets to come.

:mod:`.roll_under` and what it uses (:mod:`.engine`, :mod:`.values`, :mod:`.odds`,
:mod:`.common`) sit on one-shot ``hacktable test``'s cold-start path: they import only
:mod:`enum`, :mod:`fractions` and :mod:`functools`, and their values are
:class:`~hacktable.dice.value.Value` classes, not dataclasses (:mod:`dataclasses` costs
about a bare Python start). Names here are loaded on first use (PEP 562): a ruleset
that imports :mod:`.roll_under` loads neither :mod:`.against_dc` nor :mod:`.skill_die`
(whose values are frozen dataclasses).
"""

from __future__ import annotations

from ...lazy import lazy_names

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from .against_dc import AgainstDCRequest, AgainstDCRule
    from .engine import CheckTable
    from .opposed import FANTASY_HACK_OPPOSED, OpposedResult, OpposedRule, Side, Tie, Winner
    from .roll_under import RollUnderRequest, RollUnderRule
    from .skill_die import SkillDieRequest, SkillDieRule
    from .values import AdvantageRule, CheckResult, Naturals, Roll, Verdict
    from .variants import (
        BLACK_SWORD_HACK_TEST,
        FANTASY_HACK_CHECK,
        FANTASY_HACK_TO_HIT,
        SKILL_DIE_ABILITY,
        SKILL_DIE_SKILL,
    )

_WHERE = {
    "AgainstDCRequest": "against_dc",
    "AgainstDCRule": "against_dc",
    "CheckTable": "engine",
    "OpposedResult": "opposed",
    "OpposedRule": "opposed",
    "Side": "opposed",
    "Tie": "opposed",
    "Winner": "opposed",
    "RollUnderRequest": "roll_under",
    "RollUnderRule": "roll_under",
    "SkillDieRequest": "skill_die",
    "SkillDieRule": "skill_die",
    "AdvantageRule": "values",
    "CheckResult": "values",
    "Naturals": "values",
    "Roll": "values",
    "Verdict": "values",
    "BLACK_SWORD_HACK_TEST": "variants",
    "FANTASY_HACK_CHECK": "variants",
    "FANTASY_HACK_OPPOSED": "opposed",
    "FANTASY_HACK_TO_HIT": "variants",
    "SKILL_DIE_ABILITY": "variants",
    "SKILL_DIE_SKILL": "variants",
}
__all__ = [
    "BLACK_SWORD_HACK_TEST",
    "FANTASY_HACK_CHECK",
    "FANTASY_HACK_OPPOSED",
    "FANTASY_HACK_TO_HIT",
    "SKILL_DIE_ABILITY",
    "SKILL_DIE_SKILL",
    "AdvantageRule",
    "AgainstDCRequest",
    "AgainstDCRule",
    "CheckResult",
    "CheckTable",
    "Naturals",
    "OpposedResult",
    "OpposedRule",
    "Roll",
    "RollUnderRequest",
    "RollUnderRule",
    "Side",
    "SkillDieRequest",
    "SkillDieRule",
    "Tie",
    "Verdict",
    "Winner",
]


__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())
