"""Hit points: ``hp``, for every ruleset (docs/rulings.md H106, H24, H296).

HP stays between 0 and the maximum; what healing a character at 0 HP does is the
ruleset's (:meth:`~hacktable.rulesets.base.Ruleset.heal_from_zero`: redhack's injuries
table, RULINGS R11). In a ruleset whose hit points go below zero
(:meth:`~hacktable.rulesets.base.Ruleset.hit_point_rule`: fantasy-hack F1, skill-die S3)
its rule applies instead: temporary HP first, down to the death threshold, dying or
unconscious below 0 (:mod:`.hit_points_below_zero`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...dice import render_roll, roll, roll_to_json
from ...errors import RuleError
from ...play.outcome import Reply
from ...rulesets.context import Context
from ...rulesets.grammar import Access, Args, Intent
from ...rulesets.powers import CHARACTERS
from .hit_points_below_zero import below_zero
from .inventory import names_first
from .registry import CORE

__all__ = ["HpIntent", "hp_command"]


@dataclass(frozen=True, slots=True)
class HpIntent(Intent):
    """Heal, damage or set a character's hit points, between 0 and the maximum; healing
    one at 0 HP is the ruleset's ``heal_from_zero`` (redhack: RULINGS R11, docs/rulings.md
    H24).

    Attributes:
        character: the character's name.
        mode: ``"add"`` (heal), ``"subtract"`` (damage), ``"set"``, ``"temp"`` (grant
            temporary HP) or ``"stable"`` (stabilise the dying).
        amount: a whole number or dice notation (``"1d4"``), without its sign (empty
            for ``"stable"``).
    """

    character: str
    mode: str
    amount: str

    def access(self) -> Access:
        """The GM's: hit points change by the rules' commands, or by the GM's word
        (docs/rulings.md H106)."""
        return Access.gm(CHARACTERS, "change hit points")


def _read_hp(args: Args) -> HpIntent:
    name = args.word("NAME")
    text = args.word("+N, -N, N, temp +N or stable (hit points)").removeprefix("=")
    if text.lower() == "stable":
        args.done()
        return HpIntent(name, "stable", "")
    if text.lower() in ("temp", "temporary"):
        amount = args.word("N or DICE (temporary hit points)").removeprefix("+")
        args.done()
        if amount.startswith("-"):
            raise args.error(
                "temporary HP are granted with 'temp +N' and lost to damage or a rest, "
                f"never taken with {'temp ' + amount!r} (RULINGS S3; docs/rulings.md H453)"
            )
        if amount.isdigit():
            amount = str(args.to_int(amount, "temporary hit points"))
        return HpIntent(name, "temp", amount)
    args.done()
    mode = "set" if text[:1] not in ("+", "-") else ("add" if text[0] == "+" else "subtract")
    body = text[1:] if mode != "set" else text
    if body[:1] in ("+", "-"):
        raise args.error(f"one sign only: {text!r}")
    if body.isdigit():
        body = str(args.to_int(body, "hit points"))
    return HpIntent(name, mode, body)


@CORE.typed(
    "hp",
    "hp NAME +N|-N|N|+DICE|-DICE|temp +N|stable",
    "heal (+N), damage (-N) or set (N) hit points; dice are rolled (hp Aldric +1d4)",
    HpIntent,
    _read_hp,
    details="HP stays between 0 and the maximum. Dice are rolled: hp NAME +1d4, "
    "hp NAME -2d6. What healing a character at 0 HP does is the ruleset's rule. Where "
    "hit points go below zero (fantasy-hack, skill-die) the ruleset's rule applies: "
    "temporary HP first (hp NAME temp +5), dying or unconscious below 0, dead at its "
    "threshold; hp NAME stable stops a dying character's bleeding.",
    complete=names_first,
)
def hp_command(ctx: Context, intent: HpIntent) -> Reply:
    """Change hit points, by a number or a dice roll."""
    session = ctx.session
    character = session.character(intent.character)
    if character.dead:
        raise RuleError(f"{character.name} is dead ('character revive' is the GM's miracle)")
    mode, body = intent.mode, intent.amount
    rule = session.ruleset.hit_point_rule(character, session.setting)
    if rule is None and mode in ("temp", "stable"):
        what = "temporary HP" if mode == "temp" else "dying to stabilise"
        raise RuleError(f"{session.ruleset.title} has no {what}: hp NAME +N|-N|N")
    reply = Reply()
    detail: dict[str, object] = {}
    if mode == "stable":
        return below_zero(ctx, character, rule, mode, 0, "", reply, detail)
    if body.isdigit():
        value = int(body)
        rolled = ""
    else:
        result = roll(body, session.rng())
        value = max(0, result.total)  # a heal never harms and damage never heals
        reply.adjust(
            "the rolled amount", result.total, value, "a heal never harms, damage never heals"
        )
        rolled = f" ({render_roll(result)})"
        if result.total < 0:
            rolled = f" ({render_roll(result)}, counted as 0)"
        detail["roll"] = roll_to_json(result)
    if rule is not None:
        return below_zero(ctx, character, rule, mode, value, rolled, reply, detail)
    target = {"set": value, "add": character.hp + value, "subtract": character.hp - value}[mode]
    if character.hp == 0 and target > 0:
        rng = session.rng()
        after, lines = session.ruleset.heal_from_zero(character, target, rng, session.setting)
        for text, style in lines:
            reply.add(text, style)
        summary = "; ".join(text for text, _ in lines) + rolled
        session.commit_character("hp", character, after, summary, ctx.line, detail)
        return reply
    after = character.with_hp(target)
    summary = f"{character.name}: HP {character.hp} -> {after.hp}/{after.max_hp}{rolled}"
    reply.add(summary)
    if after.hp == 0 and character.hp > 0:
        reply.add(f"{character.name} is down (0 HP).", "warning")
    if after.hp != target:
        change = after.hp - character.hp
        if target > after.hp:
            why = f"healed {target - character.hp}, capped at max HP {after.max_hp}: {change:+d}"
        else:
            why = f"took {character.hp - target}, HP stops at 0: {change:+d}"
        reply.add(f"({why})", "muted")
        reply.adjust(
            f"{character.name}'s HP", target, after.hp, "HP stays between 0 and the maximum"
        )
    session.commit_character("hp", character, after, summary, ctx.line, detail)
    return reply
