"""fantasy-hack's one-shot check: ``--modifier N --dc N``.

fantasy-hack Part III: d20 + stat + skill (the modifier, summed) meets or beats the DC;
no advantage, no critical face (``FANTASY_HACK_CHECK``); a DC is 1-40 (issue 11 §3).
The check is :func:`.checks.resolve` and :func:`.checks.odds`, the plugin's own
``resolve_test`` and ``test_odds``; the plugin itself is not imported.
"""

from __future__ import annotations

from ..oneshot import Check, Form, Option

__all__ = ["FORM"]


def check(*, modifier: int, dc: int) -> Check:
    """A check from the options' values.

    >>> c = check(modifier=6, dc=15)
    >>> c.description, c.odds().success
    ('d20 +6 check against DC 15', Fraction(3, 5))
    """
    from functools import partial

    from ...rules.resolution import TestRequest
    from . import checks

    request = TestRequest("d20", modifier, dc)
    inputs = (("modifier", modifier), ("dc", dc))
    return Check(
        f"d20 {modifier:+d} check against DC {dc}",
        inputs,
        partial(checks.odds, request),
        partial(checks.resolve, request),
        criticals=False,  # Part III: no critical face on a check (H477)
    )


FORM = Form(
    "fantasy-hack",
    (
        Option(
            "--modifier",
            "Everything added to the d20: stat + skill (+ level, class, situation).",
            required=True,
            minimum=-20,
            maximum=40,
        ),
        Option("--dc", "The DC to meet or beat (1-40).", required=True, minimum=1, maximum=40),
    ),
    check,
    "fantasy-hack Part III (checks); RULINGS F1",
)
"""fantasy-hack's one-shot check form."""
