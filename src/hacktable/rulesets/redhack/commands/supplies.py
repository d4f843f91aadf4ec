"""Food and water: ``eat`` and the :func:`consume` step that rests and travel days use
(redhack: Exploration & Dungeons > Food & Water; Wilderness Survival > Fatigue &
Supplies; RULINGS G3, R19, R23)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from ....dice.usage import roll_usage
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import MEALS
from ..character import Character
from ..spoilage import DAYS_PER_WEEK, spoils
from ..view import CampaignView
from .act import Act
from .registry import COMMANDS

__all__ = ["FOOD", "WATER", "EatIntent", "Meal", "consume", "weekly_spoilage"]

FOOD = ("iron-rations", "rations")
"""Equipment ids that feed a character, in the order they are eaten (iron rations
first: they do not spoil)."""
WATER = ("waterskin",)
"""Equipment ids that water a character."""


def _supply(character: Character, refs: tuple[str, ...], word: str) -> int | None:
    for ref in refs:
        for index, item in enumerate(character.inventory):
            if item.usage is None or item.usage.exhausted:
                continue
            if item.ref == ref or (item.ref is None and word in item.name.lower()):
                return index
    return None


def consume(act: Act, name: str, what: str, half: bool = False) -> bool:
    """A character eats (``what="food"``) or drinks (``"water"``): roll the supply's
    usage die once (redhack: "roll the usage die once per player who is eating"). Half
    rations ignore 2s on the ration die (RULINGS R23). Notes the day in their needs.

    Returns:
        Whether they had something to eat or drink.
    """
    character = act.character(name)
    refs, word = (FOOD, "ration") if what == "food" else (WATER, "water")
    index = _supply(character, refs, word)
    if index is None:
        act.say(f"{character.name} has no {what} left", "warning")
        return False
    item = character.inventory[index]
    assert item.usage is not None
    usage = roll_usage(item.usage, act.rng)
    after_die = usage.after
    note = ""
    if half and what == "food" and usage.kept == 2 and usage.stepped_down:
        after_die = item.usage
        note = " (half rations: a 2 is ignored)"
    shown = usage.explain() if not note else f"{item.usage} {usage.kept}: holds"
    act.say(
        f"{character.name} {'eats' if what == 'food' else 'drinks'}: {item.name} {shown}{note}",
        "dice",
    )
    if after_die.exhausted:
        act.say(f"{character.name}'s {item.name} is used up", "warning")
    act.update(character.replace_item(index, replace(item, usage=after_die)))
    needs = act.needs(character)
    day = act.party().day
    if what == "food":
        needs = replace(needs, ate_day=day, hungry=False, healing_blocked=False, half_rations=half)
    else:
        needs = replace(needs, drank_day=day, thirsty=False, thirst_days=0)
    act.set_needs(character, needs)
    return True


def weekly_spoilage(act: Act, weeks: tuple[int, ...]) -> None:
    """After each week of campaign time, every character's Rations roll their usage die
    once more for spoilage; Iron Rations do not spoil (redhack: Equipment > Miscellany;
    docs/rulings.md H251). Called by :meth:`Act.commit` when the clock ends a week."""
    for week in weeks:
        rolls: list[dict[str, object]] = []
        act.say(
            f"Week {week} ends (day {week * DAYS_PER_WEEK}): rations roll for spoilage "
            "(iron rations do not spoil)",
            "title",
        )
        for listed in act.session.characters():
            character = act.character(listed.name)
            for index, item in enumerate(character.inventory):
                if not spoils(item):
                    continue
                assert item.usage is not None
                usage = roll_usage(item.usage, act.rng)
                act.say(f"  {character.name}'s {item.name}: {usage.explain()}", "dice")
                if usage.after.exhausted:
                    act.say(f"  {character.name}'s {item.name} has spoiled: used up", "warning")
                character = character.replace_item(index, replace(item, usage=usage.after))
                rolls.append(
                    {
                        "character": character.name,
                        "before": str(item.usage),
                        "face": usage.kept,
                        "after": str(usage.after),
                    }
                )
            act.update(character)
        if not rolls:
            act.say("  nobody carries rations that spoil", "dice")
        act.detail.setdefault("spoilage", []).append({"week": week, "rolls": rolls})


def _names(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    return ("food", "water", "both", "half")


Meal = Literal["food", "water", "both"]
"""What ``eat`` eats: food, water or both."""


@dataclass(frozen=True, slots=True)
class EatIntent(Intent):
    """A day's food and water for a character or the whole party (redhack: Exploration &
    Dungeons > Food & Water; RULINGS R23 for half rations).

    Attributes:
        who: the character's name, or ``"all"`` for every living character.
        what: ``"food"``, ``"water"`` or ``"both"``.
        half: ``half``, half rations.
    """

    who: str
    what: Meal = "both"
    half: bool = False

    def access(self) -> Access:
        """The character's player rolls their rations and waterskin; the whole party's
        meal is the GM's (docs/rulings.md H106)."""
        if self.who.lower() == "all":
            return Access.gm(MEALS, "eat for all")
        return Access.play(self.who)


_WHAT: dict[str, Meal] = {
    "food": "food",
    "water": "water",
    "both": "both",
}


def _read_eat(args: Args) -> EatIntent:
    who = args.word("NAME")
    words = [w.lower() for w in args.rest()]
    half = "half" in words
    unknown = [w for w in words if w not in ("food", "water", "both", "half")]
    if unknown:
        raise args.error(f"unexpected {' '.join(unknown)!r}")
    what: Meal = next((_WHAT[w] for w in words if w in _WHAT), "both")
    return EatIntent(who, what, half)


@COMMANDS.typed(
    "eat",
    "eat NAME|all [food|water|both] [half]",
    "eat and drink: roll the rations' and waterskin's usage dice",
    EatIntent,
    _read_eat,
    details="""
A day's food and water: roll the usage die of the rations (iron rations first) and of
the waterskin once per character (redhack: Exploration & Dungeons > Food & Water). "half"
eats half rations: 2s on the ration die are ignored, and hunger and thirst tests keep
their advantage (RULINGS R23). Rests and travel days ask for this by themselves.
""",
    complete=_names,
)
def eat_command(ctx: Context, intent: EatIntent) -> Reply:
    """Eat and/or drink."""
    who, what, half = intent.who, intent.what, intent.half
    act = Act(ctx)
    names = (
        [c.name for c in act.session.characters() if not c.dead]
        if who.lower() == "all"
        else [act.session.character(who).name]
    )
    for name in names:
        if what in ("food", "both"):
            consume(act, name, "food", half)
        if what in ("water", "both"):
            consume(act, name, "water")
    return act.commit("eat", names[0] if len(names) == 1 else "GM")
