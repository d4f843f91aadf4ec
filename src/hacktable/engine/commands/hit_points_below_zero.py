"""``hp`` in a ruleset whose hit points go below zero (docs/rulings.md H296): the
ruleset's :class:`~hacktable.rules.hit_points.HitPointRule` applied through
:mod:`hacktable.rulesets.harm` (fantasy-hack RULINGS F1: dying below 0, dead at -10;
skill-die S3: unconscious below 0, dead at -20, temporary HP first and never healed
back)."""

from __future__ import annotations

from ...play.character import Character
from ...play.outcome import Reply
from ...rules import hit_points as rules
from ...rules.hit_points import Change, Condition, HitPointRule
from ...rulesets import harm
from ...rulesets.context import Context

__all__ = ["below_zero"]

_STYLE = {
    Condition.UP: "",
    Condition.UNCONSCIOUS: "warning",
    Condition.DYING: "warning",
    Condition.DEAD: "error",
}


def below_zero(
    ctx: Context,
    character: Character,
    rule: HitPointRule | None,
    mode: str,
    value: int,
    rolled: str,
    reply: Reply,
    detail: dict[str, object],
) -> Reply:
    """Heal, damage, set, grant temporary HP to or stabilise ``character`` under
    ``rule``, show why, and commit the before and after."""
    assert rule is not None
    session = ctx.session
    if mode == "add":
        after, change = harm.heal_by(rule, character, value)
    elif mode == "subtract":
        after, change = harm.damage_by(rule, character, value)
    elif mode == "temp":
        after, change = harm.grant_by(rule, character, value)
    elif mode == "stable":
        after, change = harm.stabilise_by(rule, character)
    else:
        after, change = harm.set_by(rule, character, value)
    temp = f" (+{after.temp_hp} temporary)" if after.temp_hp else ""
    summary = f"{character.name}: HP {character.hp} -> {after.hp}/{after.max_hp}{temp}{rolled}"
    reply.add(summary)
    reply.add(f"({change.explanation})", "muted")
    if change.condition is not Condition.UP and change.condition is not rules.condition(
        rule, change.before
    ):
        reply.add(f"{character.name} is {_words(change)}.", _STYLE[change.condition])
    detail["hit_points"] = {
        "rule": rule.name,
        "condition": change.condition.value,
        "limits": list(change.limits),
        "explanation": change.explanation,
    }
    session.commit_character("hp", character, after, summary, ctx.line, detail)
    return reply


def _words(change: Change) -> str:
    """How the new condition is said."""
    if change.condition is Condition.DYING:
        return f"dying ({change.after.hp} HP): losing HP each turn until stabilised"
    if change.condition is Condition.UNCONSCIOUS:
        return f"unconscious ({change.after.hp} HP)"
    return f"dead ({change.after.hp} HP)"
