"""The journey in progress at the console, as ``travel`` reads it: where it is kept, who
travels, who leads today, the day's movement and how the plan reads (redhack:
Wilderness Survival > Speed, Survival Tables; RULINGS R21, R22, R29; docs/rulings.md
H43, H53). Shared by :mod:`.travel` and :mod:`.travel_day`."""

from __future__ import annotations

from ....errors import RuleError, UnknownNameError
from ....play.codec import from_json
from ....rules.words import counted
from ..character import Character, fold
from ..core_rules import modifier
from ..travel import Journey, Movement, SpeedConditions, movement, party_hindrance, speed
from ..view import CampaignView
from .act import Act
from .mechanics import incapacitated

__all__ = [
    "JOURNEY_KEY",
    "all_travelled",
    "cannot_lead",
    "current_journey",
    "day_leader",
    "days_planned",
    "living",
    "plan_lines",
    "today_on_the_road",
    "traveller",
]

JOURNEY_KEY = ("journey", "current")
"""Where the journey in progress lives in the campaign state."""


def current_journey(session: CampaignView) -> Journey | None:
    """The journey in progress, or ``None``."""
    data = session.state.get(*JOURNEY_KEY)
    return None if data is None else from_json(Journey, data)


def living(act: Act) -> list[Character]:
    """The living characters, as the act sees them."""
    return [act.character(c.name) for c in act.session.characters() if not c.dead]


def traveller(act: Act, name: str) -> Character:
    """The living character called ``name``.

    Raises:
        UnknownNameError: no such character; RuleError: they are dead.
    """
    character = act.character(name)
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    return character


def today_on_the_road(
    act: Act, journey: Journey, characters: list[Character]
) -> tuple[SpeedConditions, dict[str, tuple[str, ...]], Movement]:
    """Today's speed conditions, who slows the party and the day's movement (R21)."""
    plan = journey.plan
    hindered, who = party_hindrance(act.ruleset, characters, plan.slowed)
    conditions = plan.conditions(hindered)
    day = movement(speed(conditions), plan.moves, plan.hex_miles, journey.banked)
    return conditions, who, day


def all_travelled(days: int) -> str:
    """``"the 3 planned days are travelled"``, ``"the 1 planned day is travelled"``."""
    return f"the {counted(days, 'planned day')} {'is' if days == 1 else 'are'} travelled"


def days_planned(journey: Journey) -> str:
    """``"3 days planned"``; under way, ``"2 more days planned (4 travelled)"`` (H53)."""
    plan = journey.plan
    if not plan.days:
        return "no end planned" + (f" ({journey.days} travelled)" if journey.days else "")
    if not journey.days:
        return f"{counted(plan.days, 'day')} planned"
    left = max(0, plan.days - journey.days)
    if not left:
        return f"the {counted(plan.days, 'planned day')} travelled"
    return f"{left} more {'day' if left == 1 else 'days'} planned ({journey.days} travelled)"


def plan_lines(act: Act, journey: Journey, characters: list[Character]) -> list[str]:
    """The plan as ``travel plan`` and ``travel status`` show it: speed, the day's
    movement, the leader, the days planned and rations, who slows the party."""
    plan = journey.plan
    conditions, who, today = today_on_the_road(act, journey, characters)
    terms = ", ".join(f"{name} {value:+d}" for name, value in conditions.terms()) or "on foot"
    leader, why = day_leader(act, characters, plan.leader)
    if leader is None:
        leading = f"nobody can lead ({why})"
    else:
        best = ", the best WIS and CON" + (" of those who can lead" if why else "")
        leading = (
            f"leader {leader.name} (WIS {modifier(leader.score('WIS')):+d}, CON "
            f"{modifier(leader.score('CON')):+d}"
            + (best if not plan.leader or why else "")
            + ")"
            + (f"; {why}" if why else "")
        )
    lines = [
        f"speed {speed(conditions):+d} ({terms})",
        today.explain(),
        leading,
        f"{days_planned(journey)}; {'half' if plan.half_rations else 'full'} rations",
    ]
    if who:
        lines.append(
            "slowing the party: "
            + "; ".join(f"{name} {', '.join(words)}" for name, words in who.items())
        )
    else:
        lines.append("nobody is slowed, dragging or encumbered")
    return lines


def cannot_lead(character: Character) -> str | None:
    """Why ``character`` cannot lead: dead, mortally wounded, delirious or dying on
    the fatigue table (:func:`.mechanics.incapacitated`), or at 0 HP (H43)."""
    why = incapacitated(character)
    if why is None and character.hp <= 0:
        why = "at 0 HP"
    return why


def day_leader(act: Act, characters: list[Character], name: str) -> tuple[Character | None, str]:
    """Who leads today, and ``"NAME cannot lead today (WHY)"`` when the one meant
    cannot (``""`` if they lead): the named leader, else the best WIS + CON modifiers
    (the first made on a tie); one who is dead, incapacitated or at 0 HP hands over to
    the best of those who can lead (docs/rulings.md H43). ``None`` and who cannot, why,
    when nobody can."""

    def best(among: list[Character]) -> Character:
        return max(among, key=lambda c: modifier(c.score("WIS")) + modifier(c.score("CON")))

    able = [c for c in characters if cannot_lead(c) is None]
    meant: Character | None = None
    why: str | None = None
    label = name
    if name:
        meant = next((c for c in characters if c.key == fold(name)), None)
        if meant is None:
            try:
                gone = act.character(name)
            except UnknownNameError:
                why = "no longer in the party"
            else:
                why, label = ("dead" if gone.dead else "not travelling"), gone.name
        else:
            why = cannot_lead(meant)
            label = meant.name
    elif characters:
        meant = best(characters)
        why = cannot_lead(meant)
        label = meant.name
    if why is None and meant is not None:
        return meant, ""
    if not able:
        who = "; ".join(f"{c.name} {cannot_lead(c)}" for c in characters) or "nobody travels"
        return None, who
    leader = best(able)
    return leader, f"{label} cannot lead today ({why})"
