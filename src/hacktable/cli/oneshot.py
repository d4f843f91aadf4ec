"""One-shot commands shared by the fast path and the Typer application: each returns
the text to print and the exit status, and imports only what it needs.

``test`` and ``odds`` run the check their ruleset's one-shot form builds
(:mod:`hacktable.cli.forms`) from the options :mod:`hacktable.cli.reading` read.
"""

from __future__ import annotations

from ..errors import CommandError, HacktableError

TYPE_CHECKING = False  # typing stays unimported on the fast paths (and enum on roll's)
if TYPE_CHECKING:
    from typing import Any

    from ..dice.advantage import Advantage
    from ..rules.resolution import TestOdds
    from .reading import Reading

__all__ = [
    "check_once",
    "error_output",
    "odds_once",
    "resolve_once",
    "roll_once",
    "run_check",
    "usage_line",
]


def error_output(error: HacktableError, as_json: bool) -> tuple[str, int]:
    """The one line (or JSON object) an error prints, and its exit status."""
    if as_json:
        import json

        from ..errors import error_fields

        return json.dumps(error_fields(error)), error.exit_code
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


def usage_line(message: str, command: str, as_json: bool) -> str:
    """A usage error as every command prints it (exit status 2): ``error: MESSAGE (see:
    hacktable COMMAND --help)``, or a JSON object of type ``UsageError``."""
    if as_json:
        import json

        return json.dumps({"error": message, "type": "UsageError"})
    where = f"{command} " if command else ""
    return f"error: {message} (see: hacktable {where}--help)"


def check_once(command: str, args: list[str]) -> tuple[str, int]:
    """Read and run one-shot ``test`` or ``odds`` (its arguments after the command's
    name): the text to print and the exit status (0, or 2 for bad input).

    The output is JSON when ``--json`` is among ``args`` (also for errors).
    """
    from .reading import read_check

    try:
        reading = read_check(command, args)
    except CommandError as error:
        return usage_line(str(error), command, "--json" in args), error.exit_code
    except HacktableError as error:
        return error_output(error, "--json" in args)
    return run_check(reading)


def run_check(reading: Reading) -> tuple[str, int]:
    """Run a one-shot command read by :func:`~hacktable.cli.reading.read_check`."""
    if reading.command == "odds":
        return odds_once(reading)
    return resolve_once(reading)


def _odds_json(odds: TestOdds) -> dict[str, Any]:
    return {
        "success": str(odds.success),
        "critical_success": str(odds.critical_success),
        "critical_failure": str(odds.critical_failure),
        "percent": odds.percentages(),
    }


def resolve_once(reading: Reading) -> tuple[str, int]:
    """Odds, then one rolled test, explained (or as one JSON object)."""
    from ..dice.source import fresh_seed, seeded

    seed = fresh_seed() if reading.seed is None else reading.seed
    try:
        check = reading.check()
        odds = check.odds()
        result = check.roll(seeded(seed))
    except HacktableError as error:
        return error_output(error, reading.as_json)
    if reading.as_json:
        import json

        return json.dumps(
            {
                "seed": seed,
                "ruleset": reading.ruleset,
                "test": check.description,
                **dict(check.inputs),
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
        check.description,
        f"odds: {check.describe_odds(odds)}",
        result.explanation,
        f"=> {result.outcome}",
    ]
    return "\n".join(lines), 0


def odds_once(reading: Reading) -> tuple[str, int]:
    """The exact odds of a test, as text or JSON."""
    try:
        check = reading.check()
        odds = check.odds()
    except HacktableError as error:
        return error_output(error, reading.as_json)
    if reading.as_json:
        import json

        return json.dumps(
            {"ruleset": reading.ruleset, "test": check.description, **_odds_json(odds)}
        ), 0
    return f"{check.description}\n{check.describe_odds(odds)}", 0
