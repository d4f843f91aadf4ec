"""The command line's split: its fast path for lines with no quoting splits exactly as
:func:`shlex.split` does."""

from __future__ import annotations

import shlex

from hypothesis import given
from hypothesis import strategies as st

from hacktable.rulesets.grammar import split

BLANKS_AND_WORDS = st.text(
    alphabet=st.sampled_from(list(" \t\r\n\x0b\x0c\xa0\u2003abcXYZ019-+,.=éß")), max_size=40
)


@given(BLANKS_AND_WORDS)
def test_a_line_with_no_quoting_splits_as_shlex_splits_it(line: str) -> None:
    assert split(line) == shlex.split(line, comments=False)


@given(st.text(max_size=40))
def test_any_line_splits_as_shlex_splits_it_or_is_refused(line: str) -> None:
    try:
        expected = shlex.split(line, comments=False)
    except ValueError:
        return
    assert split(line) == expected
