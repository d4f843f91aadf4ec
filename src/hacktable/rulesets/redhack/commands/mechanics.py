"""The fight's rules, applied to a command in the making: each function hands the
:class:`.Act`'s fight and characters to a rule of :mod:`..damage`, :mod:`..morale`,
:mod:`..rounds` or :mod:`..injuries`, stages what it returns and shows what happened
(redhack: Combat; RULINGS R10-R14)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ....dice.usage import UsageDie
from ...grammar import Args
from .. import injuries, rounds
from ..actors import INCAPACITATING, incapacitated
from ..character import Character
from ..damage import damage_character as character_damage
from ..damage import damage_foe as foe_damage
from ..facts import FightStep
from ..fight import Foe
from ..morale import check_morale as test_morale
from .act import Act, read_overrides
from .narrate import tell

__all__ = [
    "INCAPACITATING",
    "StagedParty",
    "add_ongoing",
    "apply",
    "check_morale",
    "damage_character",
    "damage_foe",
    "end_of_round",
    "incapacitated",
    "read_injury_overrides",
    "roll_duration_die",
    "roll_injury",
    "start_round",
    "tick_ongoing",
]


class StagedParty(Mapping[str, Character]):
    """The fighters' characters as the command has left them so far, looked up when a
    rule asks (:meth:`.Act.character`)."""

    def __init__(self, act: Act) -> None:
        self.act = act

    def __getitem__(self, name: str) -> Character:
        return self.act.character(name)

    def __iter__(self) -> Iterator[str]:
        fight = self.act.fight
        return iter(() if fight is None else [f.name for f in fight.fighters])

    def __len__(self) -> int:
        fight = self.act.fight
        return 0 if fight is None else len(fight.fighters)


def apply(act: Act, step: FightStep) -> None:
    """Stage a rule's fight and show what happened."""
    act.fight = step.fight
    tell(act, step.facts)


# -- damage ----------------------------------------------------------------------------


def damage_character(act: Act, name: str, amount: int, source: str) -> Character:
    """Take ``amount`` HP from a character (:func:`..damage.damage_character`; redhack:
    Combat > Damage & Injuries; RULINGS R11)."""
    done = character_damage(act.character(name), amount, source, act.fight, StagedParty(act))
    act.update(done.character)
    tell(act, done.facts)
    return done.character


def damage_foe(act: Act, foe_key: str, amount: int, by: str) -> Foe:
    """Take ``amount`` HP from a foe and check its group's morale
    (:func:`..damage.damage_foe`; RULINGS R12)."""
    fight = act.need_fight()
    apply(
        act,
        foe_damage(
            fight,
            foe_key,
            amount,
            by,
            ruleset=act.ruleset,
            party=StagedParty(act),
            rng=act.gm_rng,  # (only morale rolls here: the GM's dice, H248)
        ),
    )
    return act.need_fight().foe(fight.foe(foe_key).key)


def check_morale(act: Act, group_key: str) -> None:
    """Test a group's morale when its trigger happens (:func:`..morale.check_morale`;
    redhack: Combat > Morale; RULINGS R12)."""
    step = test_morale(
        act.need_fight(), group_key, ruleset=act.ruleset, party=StagedParty(act), rng=act.gm_rng
    )
    apply(act, step)


# -- ongoing damage ----------------------------------------------------------------------


def tick_ongoing(act: Act, sources: set[str]) -> None:
    """Roll every ongoing damage caused by ``sources`` (:func:`..rounds.tick_ongoing`;
    RULINGS R10)."""
    step = rounds.tick_ongoing(
        act.need_fight(), sources, ruleset=act.ruleset, party=StagedParty(act), rng=act.rng
    )
    apply(act, step)


def add_ongoing(
    act: Act, foe_key: str, source: str, die: UsageDie, label: str, now: bool = False
) -> None:
    """Set ongoing damage on a foe, ``now`` rolling it at once
    (:func:`..rounds.add_ongoing`; RULINGS R10)."""
    step = rounds.add_ongoing(
        act.need_fight(),
        foe_key,
        source,
        die,
        label,
        now,
        ruleset=act.ruleset,
        party=StagedParty(act),
        rng=act.rng,
    )
    apply(act, step)


# -- rounds ------------------------------------------------------------------------------


def start_round(act: Act) -> None:
    """Begin the next round (:func:`..rounds.start_round`; redhack: Combat > Initiative
    & Surprise; RULINGS R13, R14)."""
    step = rounds.start_round(
        act.need_fight(), ruleset=act.ruleset, party=StagedParty(act), rng=act.rng
    )
    apply(act, step)
    from ..magic.effects import advance

    advance(act, fight_round=act.need_fight().round)


def end_of_round(act: Act) -> None:
    """Close a round (:func:`..rounds.end_of_round`; RULINGS R13)."""
    apply(act, rounds.end_of_round(act.need_fight()))


# -- injuries ----------------------------------------------------------------------------


def roll_duration_die(act: Act, name: str, indent: str = "") -> Character:
    """A mortally wounded character rolls their duration die
    (:func:`..injuries.roll_duration_die`; RULINGS R11).

    Raises:
        RuleError: the character is not mortally wounded.
    """
    character = act.character(name)
    outcome = injuries.roll_duration_die(character, act.rng)
    act.say(f"{indent}{character.name}'s duration die: {outcome.roll.explain()}", "dice")
    if outcome.died:
        act.say(f"{indent}{character.name} dies of their wounds.", "critical")
    act.update(outcome.character)
    return outcome.character


def read_injury_overrides(args: Args, what: str) -> dict[str, Any]:
    """The GM's overrides on an injuries roll: ``roll N[,N]`` (the d6, then a
    debilitated ability's d6) and ``override``; nothing else follows the names.

    Raises:
        CommandError: other words, or ``damage N`` (an injury has no damage).
    """
    words, overrides = read_overrides(args, args.rest(), die=6)
    if words:
        raise args.error(f"unexpected {' '.join(words)!r}")
    if "damage" in overrides:
        raise args.error(f"{what} has no damage to fix: 'roll N' fixes the injuries d6")
    return overrides


def roll_injury(act: Act, name: str) -> Character:
    """A character at 0 HP healed or bandaged, or one dying of fatigue given aid, rolls
    on the injuries table (:func:`..injuries.tend`; redhack: Combat > Damage & Injuries;
    RULINGS R11, R23; docs/rulings.md H26). When the act's die is the d6 (``injury``,
    ``bandage``), the GM's fixed faces (``roll N``) are the table's and are shown.

    Raises:
        RuleError: the character is not at 0 HP nor dying (unless the GM overrides),
            is mortally wounded, or is dead.
    """
    character = act.character(name)
    act.need_override(injuries.injury_refusal(character))
    faces = act.overrides.get("faces")
    if faces and act.die == 6:  # the act was made for this table's d6 (injury, bandage)
        act.say(act.entered_line(6, faces), "warning")
    outcome = injuries.tend(
        act.ruleset,
        character,
        act.rng,
        doomed=str(act.session.setting("doomed")),
        mortal_die=UsageDie.parse(str(act.session.setting("mortal-wound-die"))),
    )
    if outcome.table is not None:
        act.read_table(outcome.table)
    for text, style in outcome.lines:
        act.say(text, style)
    act.update(outcome.character)
    return outcome.character
