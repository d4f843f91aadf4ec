"""skill-die's one-shot test: ``--modifier N --dc N`` (an ability check) or ``--skill N
--difficulty D`` (a skill check), with ``[--adv|--dis]``.

RULINGS S1 (d20 + modifier meeting or beating the DC; 2d20 keep the higher with
advantage, the lower with disadvantage), S2 (the difficulty's die at or under the skill
level; two dice keep the lower with advantage), S7 (a DC is 1-40). The check is
:func:`.checks.resolve` and :func:`.checks.odds`, which the plugin's ``resolve_test``
and ``test_odds`` are; the plugin itself (its content) is not imported.
"""

from __future__ import annotations

from ..oneshot import Check, Form, Option

__all__ = ["FORM"]


def check(
    *,
    modifier: int | None,
    dc: int | None,
    skill: int | None,
    difficulty: str | None,
    adv: bool,
    dis: bool,
) -> Check:
    """An ability or a skill check from the options' values (RULINGS S1, S2, S7).

    >>> c = check(modifier=2, dc=15, skill=None, difficulty=None, adv=False, dis=False)
    >>> c.description, c.odds().success
    ('ability check, modifier +2, DC 15', Fraction(2, 5))
    >>> check(modifier=None, dc=None, skill=3, difficulty="normal", adv=False,
    ...       dis=False).odds().success
    Fraction(3, 8)

    Raises:
        CommandError: not exactly one of --dc and --difficulty, or a flag that does not
            belong with it, each in one line.
    """
    from functools import partial

    from ...dice.advantage import Advantage
    from ...errors import CommandError
    from ...rules.resolution import TestRequest
    from . import checks

    advantage = Advantage.from_flags(adv, dis)
    advantages = ("--adv",) if advantage > 0 else ()
    disadvantages = ("--dis",) if advantage < 0 else ()
    word = advantage.name.lower()
    if (dc is None) == (difficulty is None):
        raise CommandError(
            "skill-die takes exactly one of --dc N (an ability check, with --modifier) and "
            "--difficulty simple|easy|normal|hard|expert|impossible (a skill check, with --skill)",
            "test",
        )
    if dc is not None:
        if skill is not None:
            raise CommandError(
                "--skill is for a skill check (--difficulty); an ability check takes "
                "--modifier N --dc N",
                "test",
            )
        checks.check_dc(dc)
        mod = 0 if modifier is None else modifier
        request = TestRequest(
            checks.BARE,
            10,
            difficulty=dc,
            advantages=advantages,
            disadvantages=disadvantages,
            modifier=mod,
        )
        description = f"ability check, modifier {mod:+d}, DC {dc}"
        inputs: tuple[tuple[str, object], ...] = (
            ("modifier", mod),
            ("dc", dc),
            ("advantage", word),
        )
    else:
        name = str(difficulty).lower()
        if name not in checks.DIFFICULTIES:
            raise CommandError(
                f"--difficulty is one of {', '.join(checks.DIFFICULTIES)}, not {difficulty!r}",
                "test",
            )
        if modifier is not None:
            raise CommandError(
                "--modifier is for an ability check (--dc); a skill check takes --skill N "
                "--difficulty D",
                "test",
            )
        if skill is None:
            raise CommandError("a skill check needs --skill N (the skill level, 0 to 6)", "test")
        from ...rules.checks.variants import SKILL_DIE_SKILL

        die = SKILL_DIE_SKILL.die_for(name)
        request = TestRequest(
            "skill", skill, difficulty=die, advantages=advantages, disadvantages=disadvantages
        )
        description = f"skill check, level {skill}, {name}: d{die} at or under {skill}"
        inputs = (("skill", skill), ("difficulty", name), ("die", die), ("advantage", word))
    if advantage > 0:
        description += ", advantage"
    elif advantage < 0:
        description += ", disadvantage"
    return Check(
        description,
        inputs,
        partial(checks.odds, request),
        partial(checks.resolve_with_margin, request),
        criticals=False,  # RULINGS S1, S2: no face is critical
    )


FORM = Form(
    "skill-die",
    (
        Option("--modifier", "An ability check's modifier (with --dc).", minimum=-10, maximum=20),
        Option(
            "--dc", "An ability check's DC (5 simple ... 30 impossible).", minimum=1, maximum=40
        ),
        Option("--skill", "A skill check's skill level (with --difficulty).", minimum=0, maximum=6),
        Option(
            "--difficulty",
            "A skill check's difficulty: simple d4, easy d6, normal d8, hard d10, expert d12, "
            "impossible d20.",
            "name",
        ),
        Option(
            "--adv", "Advantage (ability: 2d20 keep the higher; skill: keep the lower).", "flag"
        ),
        Option("--dis", "Disadvantage (the converse).", "flag"),
    ),
    check,
    "skill-die: Ability Checks, Skill Checks; RULINGS S1, S2, S7",
)
"""skill-die's one-shot test form."""
