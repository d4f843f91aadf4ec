"""Reading the options of one-shot ``hacktable test`` and ``hacktable odds``.

Both the fast path (:mod:`hacktable.cli.fast`) and the Typer application read them here,
so they accept and refuse the same argument lists with the same words. The options are
the commands' own (``--ruleset NAME``, ``--json``, and for ``test`` ``--seed N``) and
those the ruleset's :class:`~hacktable.cli.forms.Form` declares. ``--ruleset`` is read
first, since it decides which options the rest may be; a ruleset that does not take an
option given says so, naming the options it takes. ``--name=value`` is the same as
``--name value``; a number is an optional sign and ASCII digits; an option given twice
takes its last value, but for those that count as the console's words do: each
``--adv`` and ``--dis`` is one source (RULINGS R3: net = sign(#adv - #dis)), and each
``--bonus`` and ``--penalty`` adds (docs/rulings.md H212).
"""

from __future__ import annotations

from ..dice.value import Value
from ..errors import CommandError
from .forms import Check, Form, Option, form_for

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["COMMANDS", "DEFAULT_RULESET", "Reading", "options_help", "read_check"]

DEFAULT_RULESET = "redhack"
"""The ruleset of a one-shot test when ``--ruleset`` is not given."""

MAX_DIGITS = 100
"""The most digits a number option takes (a seed is rarely longer than 19)."""

_RULESET = Option(
    "--ruleset", "The ruleset; hacktable rulesets lists them.", "name", default=DEFAULT_RULESET
)
_SEED = Option("--seed", "Seed the dice, to reproduce a result.", minimum=0)
_JSON = Option("--json", "Print one JSON object.", "flag")

COMMANDS: dict[str, tuple[Option, ...]] = {
    "test": (_SEED, _JSON, _RULESET),
    "odds": (_JSON, _RULESET),
}
"""The options each one-shot command takes whatever the ruleset, after the ruleset's."""


class Reading(Value):
    """A one-shot command's arguments, read.

    Attributes:
        command: ``"test"`` or ``"odds"``.
        form: the ruleset's one-shot test form.
        values: ``(key, value)`` of every option of the form, in its order (the
            default of each one not given).
        seed: ``--seed``, or ``None`` when not given (a fresh seed is drawn).
        as_json: whether ``--json`` was given.
    """

    __slots__ = ("as_json", "command", "form", "seed", "values")
    command: str
    form: Form
    values: tuple[tuple[str, int | bool | str | None], ...]
    seed: int | None
    as_json: bool

    def __init__(
        self,
        command: str,
        form: Form,
        values: tuple[tuple[str, int | bool | str | None], ...],
        seed: int | None = None,
        as_json: bool = False,
    ) -> None:
        self._set(command=command, form=form, values=values, seed=seed, as_json=as_json)

    @property
    def ruleset(self) -> str:
        """The ruleset's registry id."""
        return self.form.ruleset

    def check(self) -> Check:
        """The check the form builds from the values.

        Raises:
            HacktableError: whatever the ruleset's form refuses.
        """
        return self.form.check(**dict(self.values))


def _ruleset_asked(args: Sequence[str]) -> str:
    """The last ``--ruleset`` given, or the default."""
    ruleset = DEFAULT_RULESET
    index = 0
    while index < len(args):
        token = args[index]
        if token.startswith("--ruleset="):
            ruleset = token.partition("=")[2]
        elif token == "--ruleset":
            if index + 1 >= len(args):
                raise CommandError("--ruleset needs a value")
            index += 1
            ruleset = args[index]
        index += 1
    return ruleset


def _number(option: Option, text: str) -> int:
    """``text`` read as the whole number ``option`` takes, in its range."""
    digits = text[1:] if text[:1] in ("+", "-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise CommandError(f"{option.flag} takes a whole number, not {text!r}")
    if len(digits) > MAX_DIGITS:
        raise CommandError(f"{option.flag} takes at most {MAX_DIGITS} digits")
    value = int(text)
    low, high = option.minimum, option.maximum
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            allowed = f"from {low} to {high}"
        elif low is not None:
            allowed = f"at least {low}"
        else:
            allowed = f"at most {high}"
        raise CommandError(f"{option.flag} must be {allowed}, not {value}")
    return value


def read_check(command: str, args: Sequence[str]) -> Reading:
    """Read the arguments of one-shot ``command`` (``"test"`` or ``"odds"``).

    >>> r = read_check("test", ["--attr", "12", "--difficulty=4", "--adv", "--seed", "1"])
    >>> r.ruleset, dict(r.values)["attr"], dict(r.values)["adv"], r.seed, r.as_json
    ('redhack', 12, 1, 1, False)

    Raises:
        KeyError: ``command`` is not a one-shot test command.
        UnknownNameError: ``--ruleset`` names no registered ruleset (the message names
            the registered ones).
        CommandError: the arguments do not fit the command and the ruleset's options:
            an option the ruleset does not take (the message names those it takes), a
            value missing, not a whole number or out of range, a required option
            missing, a stray argument; or the ruleset has no one-shot test.
    """
    common = COMMANDS[command]
    form = form_for(_ruleset_asked(args))
    options = {option.flag: option for option in (*form.options, *common)}
    values: dict[str, int | bool | str | None] = {
        option.key: {"flag": False, "count": 0}.get(option.kind, option.default)
        for option in options.values()
    }
    given: set[str] = set()
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        if not token.startswith("-") or token in ("-", "--"):
            raise CommandError(f"unexpected argument {token!r} ({command} takes options only)")
        flag, equals, inline = token.partition("=")
        option = options.get(flag)
        if option is None:
            usage = ", ".join(known.usage for known in options.values())
            raise CommandError(
                f"ruleset {form.ruleset} takes no {flag} for {command}; its options are {usage}"
            )
        again = flag in given
        given.add(flag)
        if option.kind in ("flag", "count"):
            if equals:
                raise CommandError(f"{flag} takes no value")
            count = values[option.key]
            counted = count + 1 if isinstance(count, int) and not isinstance(count, bool) else 1
            values[option.key] = True if option.kind == "flag" else counted
            continue
        if equals:
            text = inline
        elif index < len(args):
            text = args[index]
            index += 1
        else:
            raise CommandError(f"{flag} needs a value")
        if option.kind == "sum":
            before = values[option.key] if again else 0
            values[option.key] = (before if isinstance(before, int) else 0) + _number(option, text)
        else:
            values[option.key] = _number(option, text) if option.kind == "number" else text
    for option in options.values():
        if option.required and option.flag not in given:
            raise CommandError(f"{form.ruleset} {command} needs {option.usage}")
    own = tuple((option.key, values[option.key]) for option in form.options)
    seed = values.get("seed")
    return Reading(
        command, form, own, seed if isinstance(seed, int) else None, values["json"] is True
    )


def options_help(command: str) -> str:
    """The options of one-shot ``command`` for its ``--help``: the command's own, then
    each ruleset's, one paragraph an option."""
    from .. import rulesets

    paragraphs = [option.describe() for option in COMMANDS[command]]
    for info in rulesets.available():
        if info.oneshot:
            form = form_for(info.id)
            paragraphs.append(f"With --ruleset {info.id} ({form.source}):")
            paragraphs.extend(option.describe() for option in form.options)
    return "\n\n".join(paragraphs)
