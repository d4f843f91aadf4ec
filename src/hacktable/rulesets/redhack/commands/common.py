"""Helpers shared by command modules: reading test options, completion sources,
describing requests and results (the last two are every ruleset's:
:mod:`hacktable.rules.render`)."""

from __future__ import annotations

from ....errors import CommandError
from ....rules.render import check_detail, describe_request, show_test
from ....rules.resolution import TestKind
from ...base import TestOptions
from ...grammar import Args
from ..ruleset import Redhack
from ..view import CampaignView

__all__ = [
    "TEST_WORDS",
    "attribute_names",
    "character_names",
    "check_detail",
    "describe_request",
    "read_test_options",
    "redhack_of",
    "show_test",
]

TEST_WORDS = ("adv", "dis", "difficulty", "bonus", "penalty", "for")
"""Keywords a test command takes after its fixed arguments."""


def read_test_options(args: Args, kind: TestKind = TestKind.TEST) -> TestOptions:
    """Read ``[adv|dis]... [difficulty N] [bonus N] [penalty N] [for TAG[,TAG]]``.

    Each ``adv`` or ``dis`` is one source (the GM's call); sources cancel one for one
    (RULINGS R3).

    Raises:
        CommandError: an unknown word or a malformed number.
    """
    advantages: list[str] = []
    disadvantages: list[str] = []
    tags: list[str] = []
    difficulty: int | None = None
    bonus = penalty = 0
    while not args.empty:
        word = args.word("an option").lower()
        if word in ("adv", "advantage"):
            advantages.append("GM")
        elif word in ("dis", "disadvantage"):
            disadvantages.append("GM")
        elif word in ("difficulty", "diff", "vs"):
            difficulty = args.integer("difficulty", minimum=1)
            if difficulty > 20:
                raise args.error(f"difficulty must be at most 20, not {difficulty}")
        elif word == "bonus":
            bonus += args.integer("bonus")
        elif word == "penalty":
            penalty += args.integer("penalty")
        elif word == "for":
            tags.extend(t for t in args.word("what the test is for").lower().split(",") if t)
        else:
            raise args.error(f"unexpected {word!r}")
    return TestOptions(
        difficulty=difficulty,
        bonus=bonus,
        penalty=penalty,
        advantages=tuple(advantages),
        disadvantages=tuple(disadvantages),
        tags=tuple(tags),
        kind=kind,
    )


def character_names(session: CampaignView) -> list[str]:
    """Every character's name."""
    return [c.name for c in session.characters()]


def attribute_names(session: CampaignView) -> tuple[str, ...]:
    """The ruleset's attribute names."""
    return session.ruleset.attributes


def redhack_of(session: CampaignView) -> Redhack:
    """The campaign's ruleset as redhack, for what only redhack has (kits, 3d6 in
    order, AC).

    Raises:
        CommandError: the campaign plays another ruleset (a redhack command never runs
            there: each ruleset has its own command set).
    """
    ruleset = session.ruleset
    if not isinstance(ruleset, Redhack):  # pragma: no cover - command sets are apart
        raise CommandError(f"this command is redhack's, not {ruleset.id}'s")
    return ruleset
