"""One-shot test forms: the options a ruleset's ``hacktable test`` and ``hacktable odds``
take, declared as data, and the function that turns their values into its check.

A ruleset's :class:`Form` lists its :class:`Option` values (``--attr N --difficulty N``
for redhack; a later black-sword-hack would take ``--attr N --threat N``, fantasy-hack
``--modifier N --dc N``) and a ``check`` function that takes their values as keyword
arguments (``check(attr=12, threat=2)``) and builds a :class:`Check`: its words, its
exact odds and its roll.

This is part of the ruleset contract: a ruleset names its form in its registry entry
(:attr:`hacktable.rulesets.RulesetInfo.oneshot`), and the command line reads the
options the form declares (:mod:`hacktable.cli.reading`). Nothing here imports a
ruleset's plugin class (its rules content, msgspec, TOML): a
form imports only the rules its check needs, when the check is built, so one-shot
``test`` and ``odds`` start fast (``benchmarks/cold_start.py``). For the same reason the
values here are :class:`~hacktable.dice.value.Value` classes, immutable like frozen
dataclasses but cheaper to define. Forms are found through
the registry (``"module:attribute"``, imported on first use).
"""

from __future__ import annotations

from ..dice.value import Value

TYPE_CHECKING = False  # typing and collections.abc stay unimported at run time
if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from ..rules.resolution import TestOdds, TestResult

__all__ = ["Check", "Form", "Option"]


class Option(Value):
    """One command-line option of a one-shot test.

    Attributes:
        flag: the option as typed, e.g. ``"--attr"``.
        help: one line on what it is.
        kind: ``"number"`` (a whole number follows it), ``"flag"`` (nothing follows it),
            ``"count"`` (a flag that may be given again: the value is how many times,
            each a source as the console's ``adv``; RULINGS R3), ``"sum"`` (a number
            that may be given again: the values add up, as the console's ``bonus``)
            or ``"name"`` (a word follows it).
        default: the value when the option is not given (a flag's is ``False``;
            ``None`` leaves the choice to the command, e.g. a fresh seed).
        required: whether the option must be given.
        minimum: the least number allowed (``None``: no limit).
        maximum: the greatest number allowed (``None``: no limit).
    """

    __slots__ = ("default", "flag", "help", "kind", "maximum", "minimum", "required")
    flag: str
    help: str
    kind: str
    default: int | str | None
    required: bool
    minimum: int | None
    maximum: int | None

    def __init__(
        self,
        flag: str,
        help: str,
        kind: str = "number",
        *,
        default: int | str | None = None,
        required: bool = False,
        minimum: int | None = None,
        maximum: int | None = None,
    ) -> None:
        self._set(
            flag=flag,
            help=help,
            kind=kind,
            default=default,
            required=required,
            minimum=minimum,
            maximum=maximum,
        )

    @property
    def key(self) -> str:
        """The option's name in the values a form reads: ``"--attr"`` -> ``"attr"``."""
        return self.flag.lstrip("-").replace("-", "_")

    @property
    def usage(self) -> str:
        """The option as a usage line shows it: ``"--attr N"``, ``"--adv"``."""
        metavar = {"number": " N", "sum": " N", "name": " NAME"}.get(self.kind, "")
        return self.flag + metavar

    def describe(self) -> str:
        """The option for the help: ``"--attr N: The attribute's score (1 to 30;
        required)."``."""
        notes: list[str] = []
        if self.minimum is not None and self.maximum is not None:
            notes.append(f"{self.minimum} to {self.maximum}")
        elif self.minimum is not None:
            notes.append(f"at least {self.minimum}")
        elif self.maximum is not None:
            notes.append(f"at most {self.maximum}")
        if self.required:
            notes.append("required")
        elif self.default is not None and self.kind not in ("flag", "count"):
            notes.append(f"default {self.default}")
        if self.kind in ("count", "sum"):
            notes.append("may be given again: each counts")
        note = f" ({'; '.join(notes)})" if notes else ""
        return f"{self.usage}: {self.help.rstrip('.')}{note}."


class Check(Value):
    """A check a form built: what to print about it, its odds and its roll.

    Attributes:
        description: the check in words, e.g. ``"ATTR test, difficulty 4"``.
        inputs: ``(key, value)`` pairs a rolled test's JSON repeats after ``"test"``
            (redhack: attribute, difficulty, bonus, penalty, advantage).
        odds: the exact odds of the check.
        roll: rolls the check once with the caller's random source (RULINGS G1).
        criticals: whether the check has critical faces; ``False`` (fantasy-hack's
            check, Part III) reads its odds "success 60.00%, failure 40.00%", as the
            console's check does (docs/rulings.md H477).
    """

    __slots__ = ("criticals", "description", "inputs", "odds", "roll")
    description: str
    inputs: tuple[tuple[str, object], ...]
    odds: Callable[[], TestOdds]
    roll: Callable[[random.Random], TestResult]
    criticals: bool

    def __init__(
        self,
        description: str,
        inputs: tuple[tuple[str, object], ...],
        odds: Callable[[], TestOdds],
        roll: Callable[[random.Random], TestResult],
        criticals: bool = True,
    ) -> None:
        self._set(description=description, inputs=inputs, odds=odds, roll=roll, criticals=criticals)

    def describe_odds(self, odds: TestOdds) -> str:
        """``odds`` in words: :meth:`TestOdds.describe`, or without criticals when the
        check has none (H477)."""
        if self.criticals:
            return odds.describe()
        failure = round(float(odds.failure) * 100, 2)
        return f"success {odds.percentages()['success']:.2f}%, failure {failure:.2f}%"


class Form(Value):
    """A ruleset's one-shot test: its options and how their values become its check.

    Attributes:
        ruleset: the ruleset's registry id.
        options: the options the ruleset's test takes, in the order the help lists
            them (``--seed``, ``--json`` and ``--ruleset`` belong to the commands and
            are not listed here).
        check: builds the check from the values read, one keyword argument per
            option (named by :attr:`Option.key`; its default when it was not given).
        source: the rules the check follows, e.g. ``"redhack: Core Rules > Tests"``.
    """

    __slots__ = ("check", "options", "ruleset", "source")
    ruleset: str
    options: tuple[Option, ...]
    check: Callable[..., Check]
    source: str

    def __init__(
        self,
        ruleset: str,
        options: tuple[Option, ...],
        check: Callable[..., Check],
        source: str = "",
    ) -> None:
        self._set(ruleset=ruleset, options=options, check=check, source=source)
