"""Words for test requests and results, shared by the console and the command line."""

from __future__ import annotations

from .resolution import TestKind, TestRequest

TYPE_CHECKING = False  # (the one-shot test imports this module: not even typing)
if TYPE_CHECKING:
    from ..play.outcome import Reply
    from .resolution import TestOdds, TestResult

__all__ = ["check_detail", "describe_request", "show_odds", "show_test"]


def describe_request(request: TestRequest) -> str:
    """E.g. ``"STR test, difficulty 4, bonus +2, advantage (GM; Thief skills)"``."""
    parts = [f"{request.attribute} {request.kind.value}"]
    if request.purpose:
        parts[0] += f" {request.purpose}"
    if request.kind is TestKind.EFFECT:
        parts.append(f"against {request.difficulty} HD")
    elif request.difficulty != 1:
        parts.append(f"difficulty {request.difficulty}")
    if request.bonus:
        parts.append(f"bonus {request.bonus:+d}")
    if request.penalty:
        parts.append(f"penalty {request.penalty:+d}")
    if request.modifier:
        parts.append(f"{request.modifier:+d} to the die")
    if request.advantages:
        parts.append(f"advantage ({'; '.join(request.advantages)})")
    if request.disadvantages:
        parts.append(f"disadvantage ({'; '.join(request.disadvantages)})")
    if request.advantages and request.disadvantages:
        net = request.advantage.word or "they cancel"
        parts.append(f"net: {net}")
    return ", ".join(parts)


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


def show_odds(reply: Reply, who: str, request: TestRequest, odds: TestOdds) -> Reply:
    """Add a test's exact odds to ``reply``, nothing rolled (the ``odds`` command):
    the test in words and the odds as lines, and the odds as exact fractions in its
    data."""
    reply.add(f"{who + ': ' if who else ''}{describe_request(request)}", "title")
    reply.add(f"  {odds.describe()}", "odds")
    reply.data["odds"] = {
        "test": describe_request(request),
        "success": odds.success,
        "critical_success": odds.critical_success,
        "critical_failure": odds.critical_failure,
    }
    return reply


def check_detail(
    request: TestRequest, result: TestResult, odds: TestOdds | None = None
) -> dict[str, object]:
    """A test as an event's detail: what was asked, the faces and the result (and the
    odds as percentages, where they were shown; the die's modifier where there is one)."""
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
    if request.modifier:
        detail["modifier"] = request.modifier
    if odds is not None:
        detail["odds"] = odds.percentages()
    return detail
