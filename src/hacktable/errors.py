"""Typed errors for hacktable.

Every error hacktable raises on purpose derives from :class:`HacktableError` and from
the built-in exception that matches it (``ValueError`` for malformed input,
``LookupError`` for unknown names, ``OSError`` for campaign files), so callers can catch
either.  Each carries the fields that describe the problem, and ``str(error)`` is one
line fit to show a user.  ``exit_code`` is the process status the command line uses.

Exit codes: 2 for bad input of any kind (usage, expressions, names, campaign files,
script lines), 1 for anything unexpected.
"""

from __future__ import annotations

TYPE_CHECKING = False  # collections.abc is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = [
    "AmbiguousNameError",
    "CampaignError",
    "CampaignLockedError",
    "CommandError",
    "DiceError",
    "DiceLimitError",
    "DiceSyntaxError",
    "HacktableError",
    "NotACampaignError",
    "RuleError",
    "RulesDataError",
    "ScriptError",
    "UnknownNameError",
    "error_fields",
]


class HacktableError(Exception):
    """Base class of every error hacktable raises on purpose.

    Attributes:
        message: the one-line description shown to the user.
        exit_code: the command line's exit status for this error (2: bad input).
    """

    exit_code: int = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class DiceError(HacktableError, ValueError):
    """A dice expression that cannot be rolled."""

    def __init__(self, message: str, expression: str, position: int) -> None:
        super().__init__(message)
        self.expression = expression
        self.position = position


class DiceSyntaxError(DiceError):
    """A malformed dice expression.

    Attributes:
        expression: the text as given.
        position: 0-based index of the offending character (``len(expression)`` for
            the end).
        expected: what the parser expected there, in words.
        found: what it found (a character, or ``"end of expression"``).
    """

    def __init__(self, expression: str, position: int, expected: str, found: str) -> None:
        super().__init__(
            f"bad dice expression {expression!r}: expected {expected} "
            f"at column {position + 1}, found {found}",
            expression,
            position,
        )
        self.expected = expected
        self.found = found


class DiceLimitError(DiceError):
    """A dice expression over one of the limits on hostile input.

    Attributes:
        limit: the name of the limit (``"dice"``, ``"sides"``, ``"length"``,
            ``"depth"``, ``"number"``).
        maximum: the largest value allowed.
        value: the value the expression asked for.
        position: 0-based index where the limit was crossed.
    """

    def __init__(
        self, expression: str, position: int, limit: str, maximum: int, value: int | str
    ) -> None:
        shown = expression if len(expression) <= 40 else expression[:37] + "..."
        super().__init__(
            f"dice expression {shown!r} is over the {limit} limit at column {position + 1}: "
            f"{value} > {maximum}",
            expression,
            position,
        )
        self.limit = limit
        self.maximum = maximum
        self.value = value


class UnknownNameError(HacktableError, LookupError):
    """A name (attribute, class, table, character, command, ...) that does not exist.

    Attributes:
        kind: what sort of name it is, e.g. ``"attribute"``.
        name: the name as given.
        choices: the names that do exist.
        suggestions: the names it most likely meant, when the caller knows better
            than difflib over ``choices`` (redhack's loose item names).
    """

    def __init__(
        self, kind: str, name: str, choices: Iterable[str] = (), suggestions: Iterable[str] = ()
    ) -> None:
        import difflib  # only on the error path: keeps start-up light

        self.kind = kind
        self.name = name
        self.choices = tuple(choices)
        message = f"unknown {kind} {name!r}"
        close = difflib.get_close_matches(name.lower(), [c.lower() for c in self.choices], n=1)
        meant = [repr(s) for s in suggestions]
        if meant:
            message += f" (did you mean {' or '.join(meant)}?)"
        elif close:
            original = next(c for c in self.choices if c.lower() == close[0])
            message += f" (did you mean {original!r}?)"
        elif self.choices and len(self.choices) <= 12:
            message += f" (choose from: {', '.join(self.choices)})"
        super().__init__(message)


class AmbiguousNameError(UnknownNameError):
    """A name that could mean several things (a prefix of several character names).

    Attributes:
        kind, name: as :class:`UnknownNameError`.
        matches: what it could mean.
    """

    def __init__(self, kind: str, name: str, matches: Iterable[str]) -> None:
        self.matches = tuple(matches)
        HacktableError.__init__(
            self,
            f"{name!r} could be several {kind}s: {', '.join(self.matches)} (type more of the name)",
        )
        self.kind = kind
        self.name = name
        self.choices = self.matches


class RulesDataError(HacktableError, ValueError):
    """A rules-content data file that fails validation.

    Attributes:
        file: the data file's name.
        entry: the entry at fault (its id, or a path such as ``classes[2]``).
        reason: what is wrong with it.
    """

    def __init__(self, file: str, entry: str, reason: str) -> None:
        super().__init__(f"rules data {file}: entry {entry}: {reason}")
        self.file = file
        self.entry = entry
        self.reason = reason


class RuleError(HacktableError, ValueError):
    """An action the rules do not allow in the current state (an exhausted usage die,
    a character at 0 HP asked to test, ...)."""


class CommandError(HacktableError, ValueError):
    """A console or command-line command used wrongly.

    Attributes:
        command: the command's name, or ``""``.
    """

    def __init__(self, message: str, command: str = "") -> None:
        super().__init__(f"{command}: {message}" if command else message)
        self.command = command


class CampaignError(HacktableError, OSError):
    """A campaign file that cannot be used.

    Attributes:
        path: the campaign file's path.
    """

    def __init__(self, message: str, path: str) -> None:
        HacktableError.__init__(self, message)
        self.path = path

    def __str__(self) -> str:
        return self.message


class NotACampaignError(CampaignError):
    """A file that exists but is not a hacktable campaign (or is damaged beyond use).
    It is left untouched."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path} is not a hacktable campaign: {reason}", path)
        self.reason = reason


class CampaignLockedError(CampaignError):
    """A campaign whose lock another writer held past the store's busy timeout (seconds:
    a migration, a stuck program); nothing was changed. Sharing a campaign between
    processes is normal: each transaction locks it only while it runs."""

    def __init__(self, path: str) -> None:
        super().__init__(
            f"{path} is locked by another writer (or another program) for longer than "
            "the store waits: try again",
            path,
        )


class ScriptError(HacktableError):
    """A line of a batch script that failed.

    Attributes:
        file: the script's path.
        line: the 1-based line number.
        cause: the error the line raised.
    """

    def __init__(self, file: str, line: int, cause: HacktableError) -> None:
        super().__init__(f"{file}:{line}: {cause}")
        self.file = file
        self.line = line
        self.cause = cause
        self.exit_code = cause.exit_code


def error_fields(error: HacktableError) -> dict[str, Any]:
    """An error as one JSON object: its message, its type and the fields it has of
    position, limit, kind, name, path, line and file (for every front end that speaks
    JSON: the one-shot commands, ``play --json``)."""
    body: dict[str, Any] = {"error": str(error), "type": type(error).__name__}
    for name in ("position", "limit", "kind", "name", "path", "line", "file"):
        value = getattr(error, name, None)
        if hasattr(error, name) and (value is None or isinstance(value, (str, int, float))):
            body[name] = value
    return body
