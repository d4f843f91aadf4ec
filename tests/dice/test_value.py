"""The ``Value`` base: immutable values that behave as frozen slotted dataclasses do,
and the one-shot path's values built on it keep the API they had as dataclasses."""

from __future__ import annotations

import copy
import inspect
import pickle
import random
from fractions import Fraction

import pytest

from hacktable.dice.advantage import Advantage
from hacktable.dice.notation import Keep
from hacktable.dice.value import Value
from hacktable.errors import RulesDataError
from hacktable.rules.checks.engine import CheckTable
from hacktable.rules.checks.roll_under import RollUnderRequest, RollUnderRule, face_table
from hacktable.rules.checks.values import AdvantageRule, CheckResult, Naturals, Roll, Verdict
from hacktable.rules.resolution import Critical, TestKind, TestOdds, TestRequest, TestResult
from hacktable.rulesets import RulesetInfo
from hacktable.rulesets.redhack import core_rules
from hacktable.rulesets.redhack.core_rules import TEST_RULE, OpposedResult

REQUIRED = inspect.Parameter.empty

SIGNATURES: dict[type[Value], list[tuple[str, object]]] = {
    RulesetInfo: [
        ("id", REQUIRED),
        ("title", REQUIRED),
        ("target", REQUIRED),
        ("summary", ""),
        ("oneshot", ""),
    ],
    TestRequest: [
        ("attribute", REQUIRED),
        ("score", REQUIRED),
        ("difficulty", 1),
        ("bonus", 0),
        ("penalty", 0),
        ("advantages", ()),
        ("disadvantages", ()),
        ("kind", TestKind.TEST),
        ("who", ""),
        ("purpose", ""),
        ("modifier", 0),
    ],
    TestResult: [
        (name, REQUIRED)
        for name in (
            "request",
            "faces",
            "kept",
            "success",
            "critical",
            "score",
            "difficulty",
            "explanation",
        )
    ],
    TestOdds: [(name, REQUIRED) for name in ("success", "critical_success", "critical_failure")],
    Naturals: [("success", frozenset()), ("failure", frozenset()), ("decisive", True)],
    Verdict: [
        (name, REQUIRED)
        for name in ("face", "total", "margin", "success", "critical", "shown", "text")
    ],
    Roll: [(name, REQUIRED) for name in ("face", "sides", "kept", "why")],
    CheckResult: [
        (name, REQUIRED)
        for name in ("total", "margin", "success", "critical", "rolls", "explanation")
    ],
    CheckTable: [
        (name, REQUIRED)
        for name in ("sides", "verdicts", "advantage", "naturals", "lower_is_better")
    ],
    RollUnderRule: [
        ("name", REQUIRED),
        ("naturals", REQUIRED),
        ("advantage", REQUIRED),
        ("inclusive", True),
        ("die", 20),
    ],
    RollUnderRequest: [
        ("attribute", REQUIRED),
        ("difficulty", 0),
        ("modifier", 0),
        ("advantage", Advantage.NONE),
        ("label", ""),
    ],
    OpposedResult: [(name, REQUIRED) for name in ("rounds", "winner", "reason")],
}
"""The constructors the values had as frozen dataclasses: names, order, defaults."""


def examples() -> list[Value]:
    """One of each value, built as the rules build them."""
    request = TestRequest("STR", 13, 4, advantages=("GM",))
    result = core_rules.resolve(request, random.Random(3))
    table = face_table(TEST_RULE, 13, 4, 0, "STR 13")
    check = core_rules.roll_under.resolve(TEST_RULE, RollUnderRequest(13, 4), random.Random(1))
    return [
        RulesetInfo("x", "X", "x.y:Z"),
        request,
        result,
        core_rules.odds(request),
        TEST_RULE.naturals,
        table.verdicts[0],
        check.rolls[0],
        check,
        table,
        TEST_RULE,
        RollUnderRequest(13, 4, 1, Advantage.ADVANTAGE, "STR 13"),
        core_rules.opposed(request, TestRequest("DEX", 9), random.Random(2)),
    ]


def test_the_examples_cover_every_value() -> None:
    assert {type(value) for value in examples()} == set(SIGNATURES)


@pytest.mark.parametrize("cls", list(SIGNATURES), ids=lambda cls: cls.__name__)
def test_constructors_keep_their_dataclass_signatures(cls: type[Value]) -> None:
    parameters = inspect.signature(cls).parameters.values()
    assert [(p.name, p.default) for p in parameters] == SIGNATURES[cls]
    assert {p.kind for p in parameters} == {inspect.Parameter.POSITIONAL_OR_KEYWORD}
    # the fields (repr, equality, replace, match) are the constructor's parameters
    assert cls.__match_args__ == tuple(name for name, _ in SIGNATURES[cls])  # type: ignore[attr-defined]
    assert "__dict__" not in dir(cls.__new__(cls))  # slots only


@pytest.mark.parametrize("value", examples(), ids=lambda value: type(value).__name__)
def test_values_are_immutable(value: Value) -> None:
    field = type(value).__match_args__[0]  # type: ignore[attr-defined]
    before = getattr(value, field)
    with pytest.raises(AttributeError):
        setattr(value, field, before)
    with pytest.raises(AttributeError):
        delattr(value, field)
    with pytest.raises(AttributeError):
        value.extra = 1  # type: ignore[attr-defined]
    assert getattr(value, field) is before


@pytest.mark.parametrize(
    "value",
    [v for v in examples() if not isinstance(v, CheckTable)],
    ids=lambda v: type(v).__name__,
)
def test_values_with_equal_fields_are_equal_and_hash_alike(value: Value) -> None:
    twin = value.replace()
    assert twin is not value
    assert twin == value
    assert hash(twin) == hash(value)
    assert repr(twin) == repr(value)
    assert value != object()
    assert len({value, twin}) == 1


def test_equality_needs_the_same_class_and_every_field() -> None:
    odds = TestOdds(Fraction(1, 2), Fraction(1, 20), Fraction(1, 20))
    assert odds == TestOdds(Fraction(1, 2), Fraction(1, 20), Fraction(1, 20))
    assert odds != TestOdds(Fraction(1, 2), Fraction(1, 20), Fraction(1, 10))
    assert Roll(3, 20, True, "x") != Roll(3, 20, False, "x")
    assert RollUnderRequest(12) != TestRequest("STR", 12)
    assert Naturals() == Naturals(frozenset(), frozenset(), True)


def test_repr_lists_the_fields_in_constructor_order() -> None:
    odds = TestOdds(Fraction(9, 20), Fraction(1, 20), Fraction(1, 20))
    assert repr(odds) == (
        "TestOdds(success=Fraction(9, 20), critical_success=Fraction(1, 20), "
        "critical_failure=Fraction(1, 20))"
    )
    assert repr(TestRequest("WIS", 12)) == (
        "TestRequest(attribute='WIS', score=12, difficulty=1, bonus=0, penalty=0, "
        "advantages=(), disadvantages=(), kind=<TestKind.TEST: 'test'>, who='', purpose='', "
        "modifier=0)"
    )
    assert repr(Roll(5, 20, True, "the only roll")) == (
        "Roll(face=5, sides=20, kept=True, why='the only roll')"
    )


def test_fields_outside_the_constructor_take_no_part() -> None:
    # RollUnderRule keeps its hash and CheckTable its results: neither is a field
    assert "_hash" not in repr(TEST_RULE)
    assert hash(TEST_RULE) == hash(
        (TEST_RULE.name, TEST_RULE.naturals, TEST_RULE.advantage, True, 20)
    )
    table = face_table(TEST_RULE, 12, 4)
    assert repr(table).startswith("CheckTable(sides=20, verdicts=(Verdict(face=1, ")
    assert repr(table).endswith(", lower_is_better=True)")
    assert "_plain" not in repr(table)
    assert "_memo" not in repr(table)


def test_a_check_table_is_compared_by_identity() -> None:
    table = face_table(TEST_RULE, 12, 4)
    twin = CheckTable(table.sides, table.verdicts, table.advantage, table.naturals, True)
    assert table == table  # noqa: PLR0124
    assert twin != table
    assert hash(table) == object.__hash__(table)
    assert twin._plain == table._plain  # its plain results are values, equal
    assert {table: 1}.get(twin) is None


def test_replace_changes_fields_and_keeps_the_original() -> None:
    request = TestRequest("STR", 13, 4, who="Aldric")
    after = request.replace(attribute="AC", score=15)
    assert after == TestRequest("AC", 15, 4, who="Aldric")
    assert request == TestRequest("STR", 13, 4, who="Aldric")
    assert type(after) is TestRequest
    with pytest.raises(TypeError, match="'scor'"):
        request.replace(scor=15)


def test_replace_runs_the_constructors_checks_again() -> None:
    with pytest.raises(RulesDataError):
        TEST_RULE.naturals.replace(failure=frozenset({20}))
    with pytest.raises(RulesDataError):
        TEST_RULE.replace(die=12)  # a natural 20 is not on a d12
    strict = TEST_RULE.replace(inclusive=False)
    assert strict == RollUnderRule("redhack", TEST_RULE.naturals, AdvantageRule.REROLL, False)
    assert hash(strict) == hash(
        RollUnderRule("redhack", TEST_RULE.naturals, AdvantageRule.REROLL, False)
    )
    assert strict != TEST_RULE


def test_monster_and_effect_requests_take_changes() -> None:
    monster = core_rules.monster_request(3, 2, who="goblin", advantages=("GM",))
    expected = TestRequest("HD+10", 13, 2, advantages=("GM",), kind=TestKind.MONSTER)
    assert monster == expected.replace(who="goblin")
    assert monster != expected
    with pytest.raises(TypeError):
        core_rules.effect_request("WIS", 14, 2, level=3)


def test_values_match_positionally_as_dataclasses_do() -> None:
    result = TestResult(TestRequest("STR", 13), (20,), 20, True, Critical.SUCCESS, 13, 1, "x")
    match result:
        case TestResult(TestRequest(attribute, score), faces, kept):
            assert (attribute, score, faces, kept) == ("STR", 13, (20,), 20)
        case _:  # pragma: no cover
            pytest.fail("no match")


@pytest.mark.parametrize("value", examples(), ids=lambda value: type(value).__name__)
def test_values_copy_and_pickle(value: Value) -> None:
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert type(twin) is type(value)
        assert repr(twin) == repr(value)
        if not isinstance(value, CheckTable):
            assert twin == value
            assert hash(twin) == hash(value)
    with pytest.raises(AttributeError):
        setattr(copy.copy(value), type(value).__match_args__[0], None)  # type: ignore[attr-defined]


def test_a_copied_check_table_still_rolls() -> None:
    table = pickle.loads(pickle.dumps(face_table(TEST_RULE, 12, 4)))
    result = core_rules.roll_under.play(table, Advantage.ADVANTAGE, random.Random(4))
    assert isinstance(result, CheckResult)


class _Cached(Value):
    """A value with a field-less slot, as RollUnderRule keeps its hash."""

    __slots__ = ("_double", "number", "word")
    __match_args__ = ("word", "number")
    word: str
    number: int
    _double: int

    def __init__(self, word: str, number: int = 1) -> None:
        self._set(word=word, number=number, _double=2 * number)


def test_a_value_of_our_own_follows_its_match_args() -> None:
    value = _Cached("x", 3)
    assert repr(value) == "_Cached(word='x', number=3)"
    assert value == _Cached("x", 3)
    assert value.replace(number=4)._double == 8
    with pytest.raises(TypeError):
        value.replace(_double=1)


def test_a_value_without_match_args_uses_its_slots() -> None:
    # the dice package's values, as before: fields in __slots__ order
    assert repr(Keep("kh", 3)) == "Keep(count=3, mode='kh')"
    assert Keep("kh", 3) == Keep("kh", 3)
    assert Keep("kh", 3) != Keep("kl", 3)
    assert Keep("kh", 3).replace(count=2) == Keep("kh", 2)
