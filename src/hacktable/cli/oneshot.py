"""One-shot commands shared by the fast path and the Typer application: each returns
the text to print and the exit status, and imports only what it needs."""

from __future__ import annotations

from ..errors import HacktableError

TYPE_CHECKING = False  # typing and enum stay unimported on the roll fast path
if TYPE_CHECKING:
    from typing import Any

    from ..dice.advantage import Advantage

__all__ = ["error_output", "odds_once", "resolve_once", "roll_once"]


def error_output(error: HacktableError, as_json: bool) -> tuple[str, int]:
    """The one line (or JSON object) an error prints, and its exit status."""
    if as_json:
        import json

        body: dict[str, Any] = {"error": str(error), "type": type(error).__name__}
        for name in ("position", "limit", "kind", "name", "path", "line"):
            if hasattr(error, name):
                body[name] = getattr(error, name)
        return json.dumps(body), error.exit_code
    return f"error: {error}", error.exit_code


def roll_once(
    expression: str, seed: int | None, as_json: bool, advantage: Advantage | int = 0
) -> tuple[str, int]:
    """Roll ``expression`` once; text ``"4d6kh3: [5, 3, 6, ~~1~~] -> 14"`` or JSON.

    ``advantage`` is an :class:`~hacktable.dice.advantage.Advantage` (-1, 0 or 1).
    """
    from ..dice.render import outcome_to_json, render_outcome
    from ..dice.roller import roll_outcome
    from ..dice.source import fresh_seed, seeded

    seed = fresh_seed() if seed is None else seed
    try:
        text = expression.strip()
        if text.lower().startswith("ud"):
            import json

            from ..dice.advantage import Advantage
            from ..dice.usage import UsageDie, roll_usage

            usage = roll_usage(UsageDie.parse(text), seeded(seed), Advantage(advantage))
            if as_json:
                return json.dumps(
                    {
                        "seed": seed,
                        "usage": str(usage.before),
                        "rolls": list(usage.rolls),
                        "kept": usage.kept,
                        "after": str(usage.after),
                        "stepped_down": usage.stepped_down,
                        "text": usage.explain(),
                    }
                ), 0
            return usage.explain(), 0
        outcome = roll_outcome(text, seeded(seed), advantage)
    except HacktableError as error:
        return error_output(error, as_json)
    if as_json:
        import json

        return json.dumps({"seed": seed, **outcome_to_json(outcome)}), 0
    return render_outcome(outcome), 0


def _request(
    attr: int, difficulty: int, bonus: int, penalty: int, advantage: Advantage, name: str
) -> Any:
    from ..rules.resolution import TestRequest

    advantages = ("--adv",) if advantage > 0 else ()
    disadvantages = ("--dis",) if advantage < 0 else ()
    return TestRequest(name, attr, difficulty, bonus, penalty, advantages, disadvantages)


def _odds_json(odds: Any) -> dict[str, Any]:
    return {
        "success": str(odds.success),
        "critical_success": str(odds.critical_success),
        "critical_failure": str(odds.critical_failure),
        "percent": odds.percentages(),
    }


def resolve_once(
    attr: int,
    difficulty: int,
    bonus: int,
    penalty: int,
    advantage: Advantage,
    seed: int | None,
    as_json: bool,
    ruleset_id: str = "redhack",
    name: str = "ATTR",
) -> tuple[str, int]:
    """Odds, then one rolled test, explained (or as one JSON object)."""
    import json

    from ..dice.source import fresh_seed, seeded
    from ..rules.render import describe_request
    from ..rulesets import get_ruleset

    seed = fresh_seed() if seed is None else seed
    try:
        ruleset = get_ruleset(ruleset_id)
        request = _request(attr, difficulty, bonus, penalty, advantage, name)
        odds = ruleset.test_odds(request)
        result = ruleset.resolve_test(request, seeded(seed))
    except HacktableError as error:
        return error_output(error, as_json)
    if as_json:
        return json.dumps(
            {
                "seed": seed,
                "ruleset": ruleset.id,
                "test": describe_request(request),
                "attribute": attr,
                "difficulty": difficulty,
                "bonus": bonus,
                "penalty": penalty,
                "advantage": advantage.name.lower(),
                "odds": _odds_json(odds),
                "faces": list(result.faces),
                "kept": result.kept,
                "success": result.success,
                "critical": result.critical.value,
                "outcome": result.outcome,
                "explanation": result.explanation,
            }
        ), 0
    lines = [
        describe_request(request),
        f"odds: {odds.describe()}",
        result.explanation,
        f"=> {result.outcome}",
    ]
    return "\n".join(lines), 0


def odds_once(
    attr: int,
    difficulty: int,
    bonus: int,
    penalty: int,
    advantage: Advantage,
    as_json: bool,
    ruleset_id: str = "redhack",
    name: str = "ATTR",
) -> tuple[str, int]:
    """The exact odds of a test, as text or JSON."""
    import json

    from ..rules.render import describe_request
    from ..rulesets import get_ruleset

    try:
        ruleset = get_ruleset(ruleset_id)
        request = _request(attr, difficulty, bonus, penalty, advantage, name)
        odds = ruleset.test_odds(request)
    except HacktableError as error:
        return error_output(error, as_json)
    if as_json:
        return json.dumps(
            {"ruleset": ruleset.id, "test": describe_request(request), **_odds_json(odds)}
        ), 0
    return f"{describe_request(request)}\n{odds.describe()}", 0
