"""A fantasy-hack chase as campaign state: the pure :class:`~.chase.Chase` value with
who is who in the fight, kept as one entity (kind ``"chase"``, key ``"current"``) so
every step is an event with its before and after and ``undo`` reverts it (fantasy-hack
Part III "Combat", RULINGS F5; docs/rulings.md H393-H396).

Either side is a character taking part in the current fight or a foe of it: a
character's ranks and modifiers come from :mod:`.derived`, a foe's from the bestiary
(its listed ranks, else its level: H320) or, for the GM's own foe, its level and DEX.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...play.codec import from_json
from ...play.state import CampaignState
from ..ordered_fight import Foe
from .character import FantasyHackCharacter
from .chase import Chase, Runner
from .derived import skill_rank, stat_modifier
from .foe_checks import foe_modifier, foe_rank

__all__ = [
    "CHASE_KEY",
    "FOE_FATIGUE",
    "ChaseState",
    "chase_in",
    "foe_runner",
    "runner_of",
    "tire_foe",
]

CHASE_KEY = ("chase", "current")
"""Where the chase in progress lives in the campaign state."""

FOE_FATIGUE = "-2"
"""What a fatigued foe's damage expression gets appended (F5: -2 to hit and damage)."""


@dataclass(frozen=True, slots=True)
class ChaseState:
    """A chase in the campaign.

    Attributes:
        chase: the pure chase (sides, round, outcome, history).
        fleeing: the fleeing combatant's key in the fight (a character's key or a foe's).
        pursuer: the pursuer's key.
        given: whether the pursuer gave chase after the break-away (Part III: "the
            pursuer may choose to give chase"); rounds need it.
    """

    chase: Chase
    fleeing: str
    pursuer: str
    given: bool = False
    foes: tuple[str, ...] = ()

    def key_of(self, name: str) -> str | None:
        """The key of the side called ``name`` (its shown name or key), or ``None``."""
        wanted = name.casefold()
        for key, runner in ((self.fleeing, self.chase.fleeing), (self.pursuer, self.chase.pursuer)):
            if wanted in (key.casefold(), runner.name.casefold()):
                return key
        return None

    def runner(self, key: str) -> Runner:
        """The side keyed ``key``."""
        return self.chase.fleeing if key == self.fleeing else self.chase.pursuer

    def describe(self) -> str:
        """One line: who chases whom, the round, where it stands, each side's state."""
        sides = []
        for runner in (self.chase.fleeing, self.chase.pursuer):
            marks = [
                m for m, on in (("mounted", runner.mounted), ("fatigued", runner.fatigued)) if on
            ]
            sides.append(runner.name + (f" ({', '.join(marks)})" if marks else ""))
        state = self.chase.outcome.value if self.given else "broken away: will they give chase?"
        return f"Chase: {sides[0]} flees {sides[1]}; round {self.chase.round}; {state}"


def chase_in(state: CampaignState) -> ChaseState | None:
    """The chase in the campaign ``state``, or ``None``."""
    data = state.get(*CHASE_KEY)
    return None if data is None else from_json(ChaseState, data)


def runner_of(character: FantasyHackCharacter) -> Runner:
    """A character as a side of a chase (F5: Athletics + DEX, Athletics + STR;
    Subterfuge + DEX or MND)."""
    return Runner(
        character.name,
        athletics=skill_rank(character, "Athletics").value,
        dex=stat_modifier(character, "DEX"),
        strength=stat_modifier(character, "STR"),
        subterfuge=skill_rank(character, "Subterfuge").value,
        mind=stat_modifier(character, "MND"),
    )


def foe_runner(foe: Foe) -> Runner:
    """A foe as a side of a chase: its bestiary ranks and modifiers (a rank it does not
    list is its level: H320), or for the GM's own foe its level as every rank, its DEX
    score's modifier and STR and MND 0 (H393; :mod:`.foe_checks`)."""
    return Runner(
        foe.name,
        athletics=foe_rank(foe, "Athletics"),
        dex=foe_modifier(foe, "DEX"),
        strength=foe_modifier(foe, "STR"),
        subterfuge=foe_rank(foe, "Subterfuge"),
        mind=foe_modifier(foe, "MND"),
    )


def tire_foe(foe: Foe) -> Foe:
    """A foe fatigued by the chase: -2 to hit and to damage in the fight (F5)."""
    return replace(foe, to_hit=foe.to_hit - 2, damage=foe.damage + FOE_FATIGUE)
