"""Helpers shared by command modules: reading test options, completion sources,
describing requests and results."""

from __future__ import annotations

from ....errors import CommandError
from ....play.outcome import Reply
from ....rules.render import describe_request
from ....rules.resolution import TestKind, TestOdds, TestRequest, TestResult
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


def show_test(
    reply: Reply, who: str, request: TestRequest, odds: TestOdds, result: TestResult
) -> str:
    """Add the odds, the dice and the outcome of a test to ``reply``; return the
    one-line summary for the log."""
    head = f"{who}: {describe_request(request)}" if who else describe_request(request)
    reply.add(head, "title")
    reply.add(f"  odds: {odds.describe()}", "odds")
    reply.add(f"  {result.explanation}", "dice")
    style = "success" if result.success else "failure"
    if result.critical.value != "none":
        style = "critical"
    reply.add(f"  => {result.outcome}", style)
    return f"{head}: {result.explanation} => {result.outcome}"


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


def check_detail(
    request: TestRequest, result: TestResult, odds: TestOdds | None = None
) -> dict[str, object]:
    """A test as an event's detail: what was asked, the faces and the result (and the
    odds as percentages, where they were shown)."""
    detail: dict[str, object] = {
        "attribute": request.attribute,
        "score": request.score,
        "difficulty": request.difficulty,
        "bonus": request.bonus,
        "penalty": request.penalty,
        "advantages": list(request.advantages),
        "disadvantages": list(request.disadvantages),
        "kind": request.kind.value,
        "faces": list(result.faces),
        "kept": result.kept,
        "success": result.success,
        "critical": result.critical.value,
    }
    if odds is not None:
        detail["odds"] = odds.percentages()
    return detail
