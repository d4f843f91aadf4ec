"""What a prompt shows of a redhack command and which attacks become prompts (issue 12
§2; docs/rulings.md H621, H623): the exact odds of a test, a saving throw or a defence,
reckoned as the command itself reckons them, nothing rolled."""

from __future__ import annotations

from dataclasses import replace

from ....errors import RuleError
from ....rules.render import describe_request
from ...base import PromptOdds
from ...context import Context
from ...grammar import Intent
from ..actors import below_two
from .act import Act
from .defend import DefendIntent, defence_of
from .tests import TestIntent

__all__ = ["defence_prompt", "prompt_odds"]


def prompt_odds(ctx: Context, intent: Intent) -> PromptOdds | None:
    """The test ``intent`` makes and its exact odds: ``test`` and ``save`` (redhack:
    Core Rules > Tests, Saving Throws; RULINGS R1-R3) and ``defend`` (Combat >
    Attacking & Defending; RULINGS R5, R6, R12); ``None`` for anything else.

    Raises:
        HacktableError: as the command would refuse it (an unknown name, no fight).
    """
    session = ctx.session
    ruleset = session.ruleset
    if isinstance(intent, DefendIntent):
        *_, request = defence_of(Act(ctx, intent.overrides()), intent)
        return PromptOdds(describe_request(request), ruleset.test_odds(request))
    if isinstance(intent, TestIntent) and intent.character:
        character = session.character(intent.character)
        low = below_two(character)
        if low is not None:  # as the test refuses it (Core Rules > Attributes and Modifiers)
            raise RuleError(f"{character.name} is incapacitated ({low}): no tests")
        attribute = ruleset.attribute(intent.attribute)
        circumstances = ruleset.circumstances(session.state)
        options = replace(intent.options, circumstances=circumstances)
        request = ruleset.character_test(character, attribute, options)
        return PromptOdds(describe_request(request), ruleset.test_odds(request))
    return None


def defence_prompt(intent: Intent) -> str | None:
    """The defender of a monster's attack (``defend``; RULINGS R6: the players roll
    it), unless the GM fixed its dice, its damage or overrode the rules."""
    if not isinstance(intent, DefendIntent):
        return None
    if intent.override or intent.roll or intent.damage is not None:
        return None
    return intent.defender
