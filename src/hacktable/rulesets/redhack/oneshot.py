"""redhack's one-shot test: ``--attr N --difficulty N --bonus N --penalty N --adv --dis``.

redhack: Core Rules > Tests, Advantage & Disadvantage, Bonuses & Penalties; RULINGS
R1-R3. The check is :func:`hacktable.rulesets.redhack.core_rules.resolve` and
:func:`~hacktable.rulesets.redhack.core_rules.odds`, which the ``Redhack`` plugin's
``resolve_test`` and ``test_odds`` are (tests/cli check they agree); the plugin itself is
not imported, since it loads the rules content.

The registry names it (``RulesetInfo.oneshot``), so ``hacktable test --ruleset redhack``
imports this module and the core rules only.
"""

from __future__ import annotations

from ..oneshot import Check, Form, Option

__all__ = ["FORM"]


def check(*, attr: int, difficulty: int, bonus: int, penalty: int, adv: int, dis: int) -> Check:
    """An attribute test from the options' values (redhack: Core Rules > Tests, Bonuses &
    Penalties; RULINGS R1-R3).

    Each ``--adv`` and ``--dis`` is one source, as the console's ``adv`` and ``dis``:
    net = sign(#adv - #dis) (RULINGS R3), so ``--adv --adv --dis`` is advantage; the
    request names each flag given as a source.

    >>> c = check(attr=12, difficulty=4, bonus=0, penalty=0, adv=1, dis=0)
    >>> c.description, c.odds().success
    ('ATTR test, difficulty 4, advantage (--adv)', Fraction(279, 400))
    """
    from functools import partial

    from ...dice.advantage import Advantage
    from ...rules.render import describe_request
    from ...rules.resolution import TestRequest
    from . import core_rules

    advantage = Advantage.net(int(adv), int(dis))
    request = TestRequest(
        "ATTR", attr, difficulty, bonus, penalty, ("--adv",) * int(adv), ("--dis",) * int(dis)
    )
    inputs = (
        ("attribute", attr),
        ("difficulty", difficulty),
        ("bonus", bonus),
        ("penalty", penalty),
        ("advantage", advantage.name.lower()),
    )
    return Check(
        describe_request(request),
        inputs,
        partial(core_rules.odds, request),
        partial(core_rules.resolve, request),
    )


FORM = Form(
    "redhack",
    (
        Option("--attr", "The attribute's score.", required=True, minimum=1, maximum=30),
        Option("--difficulty", "The difficulty.", default=1, minimum=1, maximum=20),
        Option("--bonus", "Added to the attribute.", "sum", default=0),
        Option("--penalty", "Added to the difficulty.", "sum", default=0),
        Option("--adv", "A source of advantage.", "count"),
        Option("--dis", "A source of disadvantage.", "count"),
    ),
    check,
    "redhack: Core Rules > Tests; RULINGS R1-R3",
)
"""redhack's one-shot test form."""
