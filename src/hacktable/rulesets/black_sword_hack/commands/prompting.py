"""What a prompt shows of a black-sword-hack command and which actions become prompts
(issue 12 §2; docs/rulings.md H621, H623): the exact odds of a test, a save or a
defence, reckoned as the command itself reckons them, nothing rolled."""

from __future__ import annotations

from ....rules.render import describe_request
from ...base import PromptOdds
from ...context import Context
from ...grammar import Intent
from .. import core
from .attack import AttackIntent, attack_request
from .defend import DefendIntent, defence_of
from .staging import Stage
from .tests import TestIntent, request_of

__all__ = ["defence_prompt", "prompt_odds"]


def prompt_odds(ctx: Context, intent: Intent) -> PromptOdds | None:
    """The test ``intent`` makes and its exact odds: ``test`` and ``save``
    (black-sword-hack 2.1; RULINGS B1), ``defend`` (2.1.4, 2.1.7, 2.1.8) and ``attack``
    (2.1.5; docs/rulings.md H681); ``None`` for anything else.

    Raises:
        HacktableError: as the command would refuse it (an unknown name, no fight).
    """
    if isinstance(intent, DefendIntent):
        *_, request = defence_of(Stage(ctx, intent.override), intent)
        return PromptOdds(describe_request(request), core.odds(request, 1))
    if isinstance(intent, AttackIntent):
        request, critical = attack_request(Stage(ctx, intent.override), intent)
        return PromptOdds(describe_request(request), core.odds(request, critical))
    if isinstance(intent, TestIntent) and intent.character:
        _character, request, critical = request_of(ctx.session, intent)
        return PromptOdds(describe_request(request), core.odds(request, critical))
    return None


def defence_prompt(intent: Intent) -> str | None:
    """The defender against an opponent's action (``defend``; 2.1.4: "the players roll
    every die"), unless the GM overrode the rules or entered its dice (RULINGS G5)."""
    if not isinstance(intent, DefendIntent) or intent.override or intent.faces:
        return None
    return intent.name
