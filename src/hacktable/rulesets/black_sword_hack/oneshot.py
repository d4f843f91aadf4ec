"""black-sword-hack's one-shot test: ``--attr N [--adv|--dis] [--threat N]``.

RULINGS B1: a d20 strictly under the attribute; natural 1 a critical success, natural
20 a critical failure; 2d20 keep the lower (advantage) or the higher (disadvantage);
the threat level (2.1.5) added to the d20. The check is :func:`.core.resolve` and
:func:`.core.odds`, which the plugin's ``resolve_test`` and ``test_odds`` are; the
plugin itself (its content) is not imported.
"""

from __future__ import annotations

from ..oneshot import Check, Form, Option

__all__ = ["FORM"]


def check(*, attr: int, threat: int, adv: bool, dis: bool) -> Check:
    """An attribute test from the options' values (RULINGS B1; 2.1.5).

    >>> c = check(attr=12, threat=0, adv=False, dis=False)
    >>> c.description, c.odds().success
    ('ATTR test', Fraction(11, 20))
    >>> check(attr=12, threat=3, adv=False, dis=False).odds().success  # 1-8 of 20
    Fraction(2, 5)
    """
    from functools import partial

    from ...dice.advantage import Advantage
    from ...rules.render import describe_request
    from ...rules.resolution import TestKind, TestRequest
    from . import core

    advantage = Advantage.from_flags(adv, dis)
    request = TestRequest(
        "ATTR",
        attr,
        advantages=("--adv",) if advantage > 0 else (),
        disadvantages=("--dis",) if advantage < 0 else (),
        kind=TestKind.ATTACK if threat else TestKind.TEST,
        modifier=threat,
    )
    description = describe_request(request).replace(
        f"{threat:+d} to the die", f"threat level {threat} (+{threat} to the d20)"
    )
    inputs = (
        ("attribute", attr),
        ("threat", threat),
        ("advantage", advantage.name.lower()),
    )
    return Check(
        description,
        inputs,
        partial(core.odds, request),
        partial(core.resolve, request),
    )


FORM = Form(
    "black-sword-hack",
    (
        Option("--attr", "The attribute's score.", required=True, minimum=1, maximum=30),
        Option(
            "--threat",
            "The threat level: the foe's level above the character's, added to the d20 "
            "of an attack.",
            default=0,
            minimum=0,
            maximum=19,
        ),
        Option("--adv", "Advantage (2d20, keep the lower).", "flag"),
        Option("--dis", "Disadvantage (2d20, keep the higher).", "flag"),
    ),
    check,
    "black-sword-hack 2.1, 2.1.5; RULINGS B1",
)
"""black-sword-hack's one-shot test form."""
