"""Properties of skill-die's fatigue clock (issue 11; RULINGS S6, S7; docs/rulings.md
H348-H350): a rest always resets it, no check ever comes before 24 hours without rest,
and checks come each hour after, one a passing hour at most."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from hacktable.rulesets.skill_die import fatigue
from hacktable.rulesets.skill_die.character import ASLEEP, FATIGUE_HOURS, SkillDieCharacter

SCORES = tuple((a, 10) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))
MO = SkillDieCharacter(
    name="Mo", ruleset="skill-die", hp=10, max_hp=10, role="Medic", scores=SCORES
)
SPANS = st.lists(st.integers(0, 40), min_size=1, max_size=12)


@given(SPANS, st.integers(0, 2**32))
def test_no_check_before_24_hours_and_a_rest_always_resets(spans: list[int], seed: int) -> None:
    """S6: "after 24 in-game hours without rest" a d20 each hour; S7: a rest sets the
    clock back to 0, no fatigue, awake."""
    rng = random.Random(seed)
    now = MO
    for span in spans:
        passage = fatigue.pass_hours(now, span, rng)
        after = passage.after
        assert after.awake == now.awake + span
        assert all(check.hour >= FATIGUE_HOURS for check in passage.checks)
        assert all(now.awake < check.hour <= after.awake for check in passage.checks)
        hours = [check.hour for check in passage.checks]
        assert hours == sorted(set(hours))  # one check an hour at most
        for check in passage.checks:
            assert 1 <= check.face <= 20
            assert check.failed == (check.face <= fatigue.FATIGUE_DC)
        if after.awake < FATIGUE_HOURS:
            assert passage.checks == ()
            assert not after.fatigued
        if after.asleep:
            assert after.fatigued  # H349: asleep only once fatigued
        now = after
        rested = fatigue.rested(now)
        assert rested.awake == 0
        assert rested.check_at == FATIGUE_HOURS
        assert not rested.fatigued
        assert not rested.asleep
        assert fatigue.pass_hours(rested, FATIGUE_HOURS - 1, rng).checks == ()
        if seed % 2:  # sometimes the character rests between spans
            now = rested


@given(st.integers(0, 48), st.integers(0, 2**32))
def test_the_asleep_and_the_unconscious_make_no_check(hours: int, seed: int) -> None:
    """H348: unconscious and sleeping characters make no check; the clock still runs."""
    for who in (replace(MO, conditions=(ASLEEP,), fatigued=True), replace(MO, hp=0)):
        assert who.asleep or who.unconscious
        passage = fatigue.pass_hours(who, hours, random.Random(seed))
        assert passage.checks == ()
        assert passage.after.awake == hours
