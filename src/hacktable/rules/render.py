"""Words for test requests and results, shared by the console and the command line."""

from __future__ import annotations

from .resolution import TestKind, TestRequest

__all__ = ["describe_request"]


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
