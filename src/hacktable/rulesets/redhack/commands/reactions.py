"""``react``: a reaction roll (2d6), moved a step by a character's CHA test (redhack:
Exploration & Dungeons > Reactions; RULINGS R18)."""

from __future__ import annotations

from dataclasses import dataclass

from ....play.outcome import Reply
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ...powers import TABLES
from ..exploration import (
    shift_reaction,
)
from .act import Act, Overridable, action_fields, current_fight, read_overrides
from .registry import COMMANDS

__all__ = ["ReactIntent", "react_command"]


_REACT_WORDS = ("combat", "adv", "advantage", "dis", "disadvantage")


@dataclass(frozen=True, slots=True)
class ReactIntent(Overridable):
    """A reaction roll (2d6), moved a step by a character's CHA test (redhack:
    Exploration & Dungeons > Reactions; RULINGS R18).

    Attributes:
        character: who parleys, as given (``None``: nobody, the roll stands).
        combat: in combat (a fight going on is combat by itself).
        advantages: the GM's sources of advantage on the CHA test (each ``adv``).
        disadvantages: the GM's sources of disadvantage (each ``dis``).
    """

    character: str | None = None
    combat: bool = False
    advantages: int = 0
    disadvantages: int = 0

    def access(self) -> Access:
        """The GM's: the reaction table is the creatures' (docs/rulings.md H106)."""
        return Access.gm(TABLES, "react")


def _read_react(args: Args) -> ReactIntent:
    words, found = read_overrides(args, args.rest())
    names = [w for w in words if w.lower() not in _REACT_WORDS]
    if len(names) > 1:
        raise args.error(f"unexpected {' '.join(names[1:])!r}")
    return ReactIntent(
        names[0] if names else None,
        any(w.lower() == "combat" for w in words),
        sum(w.lower() in ("adv", "advantage") for w in words),
        sum(w.lower() in ("dis", "disadvantage") for w in words),
        **action_fields(found),
    )


@COMMANDS.typed(
    "react",
    "react [NAME] [combat] [adv|dis]",
    "a reaction roll (2d6), moved a step by a character's CHA test",
    ReactIntent,
    _read_react,
    details="""
When a creature's disposition is unclear, roll 2d6 on the reaction table: 2 hostile,
3-5 threatening, 6-8 cautious, 9-11 friendly, 12 ingratiating. Out of combat a
character's CHA test moves it one step up (success) or down (failure); in combat the
test has disadvantage and +2 difficulty for every damaging attack the players' side has
made in the fight (redhack: Exploration & Dungeons > Reactions; RULINGS R18). While a
fight is going on ('fight start'), a reaction with a NAME is in combat by itself; the
word "combat" asks for it when no fight is being tracked.
""",
    complete=lambda s, w: [c.name for c in s.characters()] if not w else ("combat",),
)
def react_command(ctx: Context, intent: ReactIntent) -> Reply:
    """A reaction roll."""
    gm_adv = ("GM",) * intent.advantages
    gm_dis = ("GM",) * intent.disadvantages
    act = Act(ctx, intent.overrides())
    fight = current_fight(act.session)
    in_combat = intent.combat or fight is not None  # R18: a fight going on is combat
    outcome = act.ruleset.roll_table("reactions", act.rng)
    act.read_table(outcome)
    act.say(outcome.explanation, "dice")
    result = outcome.result
    if intent.character is not None:
        character = act.character(intent.character)
        penalty = 0
        disadvantages = gm_dis
        if in_combat:
            hits = 0 if fight is None else fight.damaging_attacks
            penalty = 2 * hits
            disadvantages = (*gm_dis, "in combat")
            act.say(
                f"  In combat{' (a fight is going on)' if fight is not None else ''}: "
                f"disadvantage, +2 difficulty for each of {hits} damaging attack(s) "
                "(RULINGS R18)",
                "note",
            )
        request = act.ruleset.character_test(
            character,
            "CHA",
            TestOptions(penalty=penalty, advantages=gm_adv, disadvantages=disadvantages),
        )
        test = act.resolve(request)
        act.show_test(f"{character.name} parleys", request, test)
        shifted = shift_reaction(result, 1 if test.success else -1)
        end = ""
        if shifted == result:  # a table read past its end says so (issue 10 §8)
            end = f" (already the table's {'best' if test.success else 'worst'}: it stays)"
        act.say(f"Reaction: {result} -> {shifted}{end}", "success" if test.success else "failure")
        result = shifted
    act.detail["reaction"] = result
    return act.commit("react")
