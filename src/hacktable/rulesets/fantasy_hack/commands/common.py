"""What the sorcery, hazard and healing commands share: the ruleset, odds in words,
a check as JSON, reading ``+N`` and ``roll N,...``, refusing the dead and the down,
and damage to HP (through the engine's :mod:`hacktable.rulesets.harm`) or to a stat.

fantasy-hack Part III ("Other Hazards", "Healing"); RULINGS F1 (dying at 0 or below),
G5 (entered dice); docs/rulings.md H414 (stat damage floors at a score of 0).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ....errors import RuleError
from ....play.codec import to_json
from ....play.events import Change as StateChange
from ....play.principal import Principal
from ....rules.checks import CheckResult
from ....rules.hit_points import Change
from ....rules.resolution import TestOdds
from ... import harm
from ...context import CampaignView
from ...grammar import Args
from ...ordered_fight import FIGHT_KEY, Fight, fight_in, may_act
from ..character import STATS, FantasyHackCharacter
from ..fight_rules import FIGHT_RULES
from ..ruleset import FantasyHack

__all__ = [
    "acting",
    "check_json",
    "fight_change",
    "hurt",
    "living",
    "odds_line",
    "pct",
    "read_options",
    "rules_of",
    "stat_hurt",
    "up",
]


def rules_of(session: CampaignView[Any]) -> FantasyHack:
    """The campaign's ruleset, as fantasy-hack."""
    ruleset = session.ruleset
    assert isinstance(ruleset, FantasyHack)
    return ruleset


def pct(p: Fraction) -> str:
    """``"85.00%"``."""
    return f"{float(p) * 100:.2f}%"


def odds_line(odds: TestOdds, what: str = "success") -> str:
    """``"odds: success 85.00%, failure 15.00%"`` (fantasy-hack checks have no
    criticals)."""
    return f"odds: {what} {pct(odds.success)}, failure {pct(1 - odds.success)}"


def check_json(result: CheckResult, odds: TestOdds | None = None) -> dict[str, object]:
    """A check's dice as an event's detail: every face, the total, margin and verdict."""
    detail: dict[str, object] = {
        "faces": [r.face for r in result.rolls],
        "total": result.total,
        "margin": result.margin,
        "success": result.success,
    }
    if odds is not None:
        detail["odds"] = round(float(odds.success) * 100, 2)
    return detail


def read_options(args: Args, words: tuple[str, ...] = ()) -> tuple[int, tuple[int, ...], set[str]]:
    """The ``+N``/``-N`` (summed), ``roll N,...`` (the dice entered, RULINGS G5) and any
    of ``words`` left on the line, in any order.

    Raises:
        CommandError: anything else.
    """
    bonus = 0
    faces: tuple[int, ...] = ()
    flags: set[str] = set()
    while not args.empty:
        word = args.word("an option")
        low = word.lower()
        if low[:1] in "+-" and low[1:].isdigit():
            bonus += args.to_int(low, "a modifier")
        elif low == "roll":
            faces = args.faces(args.word("the dice rolled"))
        elif low in words:
            flags.add(low)
        else:
            raise args.error(f"unexpected {word!r}")
    return bonus, faces, flags


def living(session: CampaignView[Any], name: str, doing: str) -> FantasyHackCharacter:
    """The character called ``name``, refused when dead.

    Raises:
        UnknownNameError: no such character.
        RuleError: they are dead.
    """
    character: FantasyHackCharacter = session.character(name)
    if character.dead:
        raise RuleError(f"{character.name} is dead: the dead do not {doing}")
    return character


def up(character: FantasyHackCharacter, doing: str) -> FantasyHackCharacter:
    """``character``, refused when dying or unconscious (RULINGS F1: at 0 HP or below a
    character is unconscious).

    Raises:
        RuleError: they are down.
    """
    if character.has_condition("dying") or character.has_condition("unconscious"):
        raise RuleError(f"{character.name} is unconscious ({character.hp} HP) and cannot {doing}")
    return character


def hurt(
    session: CampaignView[Any], character: FantasyHackCharacter, amount: int
) -> tuple[FantasyHackCharacter, Change]:
    """``amount`` HP damage through the engine (RULINGS F1: dying at 0 or below, dead at
    the campaign's ``dead-at``)."""
    return harm.damage(rules_of(session), character, amount, session.setting)


def stat_hurt(
    character: FantasyHackCharacter, stat: str, amount: int
) -> tuple[FantasyHackCharacter, int, str]:
    """``amount`` points of damage to ``stat`` (fantasy-hack: Healing: "your stat score is
    immediately reduced by the amount"), never below a score of 0 (H414): the
    character after, the points taken and a line saying so.

    Raises:
        RuleError: not a stat.
    """
    if stat not in STATS:
        raise RuleError(f"stat damage goes to {', '.join(STATS)}, not {stat!r}")
    before = character.effective(stat)
    taken = max(0, min(amount, before))
    after = character.with_stat_damage(stat, character.damage_to(stat) + taken)
    text = f"{stat} {before} - {taken} = {before - taken}"
    if taken < amount:
        text += f" (a score stops at 0, H414: {amount} asked)"
    if before - taken == 0:
        text += f": {character.name} is helpless until it heals (H414)"
    return after, taken, text


def acting(
    session: CampaignView[Any],
    principal: Principal,
    character: FantasyHackCharacter,
    action: str = "action",
) -> tuple[Fight | None, str]:
    """The fight going on, and a note when ``character`` acts in it out of turn (the
    GM's; a player is refused: docs/rulings.md H413, H372); ``""`` in turn or when the
    character is not fighting. The note names the ``action`` ("spell", "stabilising
    check"; docs/rulings.md H474).

    Raises:
        RuleError, NotAllowedError: as :func:`hacktable.rulesets.ordered_fight.may_act`.
    """
    fight = fight_in(session.state)
    if fight is None or not fight.has_fighter(character.name):
        return fight, ""
    return fight, may_act(fight, character.key, principal, FIGHT_RULES, action)


def fight_change(
    session: CampaignView[Any], fight: Fight | None, key: str, what: str
) -> StateChange | None:
    """The change to the fight that logs ``what`` the character keyed ``key`` did (and
    uses their surprise-round action), or ``None`` when they are not fighting or
    nothing changed. ``fight`` is the fight as the command left it."""
    if fight is None:
        return None
    if any(f.key == key for f in fight.fighters):
        if fight.surprise_round:
            fight = replace(fight, acted=(*fight.acted, key))
        fight = fight.logged(key, what)
    before = session.state.get(*FIGHT_KEY)
    after = to_json(fight)
    return None if before == after else StateChange(*FIGHT_KEY, before, after)
