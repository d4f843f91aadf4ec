"""What a ruleset tells the shared fight tracker: :class:`FightRules` (fantasy-hack
Part III "Combat", RULINGS F1, F3; skill-die S3, S5).

The tracker (initiative, turns, attacks, damage, bleeding) is the same for both
roll-over rulesets; what differs is read through the few hooks of a
:class:`FightRules`, which a ruleset subclasses: a character's initiative modifier and
tie key, their attack with a weapon (to-hit, damage dice, the bonus a critical adds),
their AC or defence DC, the to-hit check rule (whether a natural 20 is a critical and
whether advantage exists: :mod:`hacktable.rules.checks.variants`), the foes'
:class:`~hacktable.rules.hit_points.HitPointRule`, extra advantage (skill-die S3:
attacks on the unconscious) and the bestiary. Characters' hit points go through the
ruleset's own rule (``Ruleset.hit_point_rule``, :mod:`hacktable.rulesets.harm`), so
bleeding at the end of a dying character's turn (F1) is that rule's ``dying``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...errors import RuleError
from ...play.character import Character
from ...rules.checks.against_dc import AgainstDCRule
from ...rules.hit_points import HitPointRule

TYPE_CHECKING = False  # the stage is named only in annotations (it imports this module)
if TYPE_CHECKING:
    from .stage import Stage

__all__ = ["Attack", "FightRules", "FoeStats", "dex_modifier"]

Settings = Callable[[str], object]
"""The campaign's settings (``session.setting``)."""


def dex_modifier(score: int) -> int:
    """``floor((score - 10) / 2)`` (RULINGS F1, S1): a foe's DEX modifier by default."""
    return (score - 10) // 2


@dataclass(frozen=True, slots=True)
class Attack:
    """One attack as the rules make it: what is added to the d20 and what a hit deals.

    Attributes:
        weapon: what it is made with (``"sword"``; ``"attack"`` for a foe's).
        to_hit: added to the d20 (fantasy-hack: STR or DEX + level + class, F4; skill-die
            S5: the STR or DEX modifier).
        dice: the damage dice, an expression (``"1d8"``).
        bonus: added to the damage (fantasy-hack: STR in melee and thrown, the Fighter's
            +1).
        critical_bonus: added once more on a critical hit (fantasy-hack F3: the STR
            modifier again, "doubles the STR modifier").
        explanation: the to-hit in words (``"STR +3, level 2, Fighter +1"``).
        critical_name: what the critical bonus is, in the damage line (``"STR"``:
            "the dice 2 times, STR again"; docs/rulings.md H481).
    """

    weapon: str
    to_hit: int
    dice: str
    bonus: int = 0
    critical_bonus: int = 0
    explanation: str = ""
    critical_name: str = "the bonus"


@dataclass(frozen=True, slots=True)
class FoeStats:
    """A foe's stats, from the bestiary or the GM's ``fight add`` words.

    Attributes:
        id: its bestiary id (``""``: the GM's own).
        name: shown.
        level: its level.
        hp: its hit points.
        ac: its AC or defence DC.
        to_hit: added to its d20.
        damage: a dice expression.
        dex: its DEX score.
        note: one line about it (``bestiary`` shows it).
    """

    id: str
    name: str
    level: int
    hp: int
    ac: int
    to_hit: int
    damage: str
    dex: int = 10
    note: str = ""


class FightRules:
    """The hooks a ruleset gives the shared fight tracker. Subclass it and override
    :meth:`attack`, :meth:`defence`, :meth:`initiative_modifier` and
    :meth:`foe_rule`; the rest have defaults.

    Attributes:
        to_hit_rule: the check an attack rolls (fantasy-hack ``FANTASY_HACK_TO_HIT``:
            a natural 20 that hits is a critical, no advantage; skill-die
            ``SKILL_DIE_ABILITY``: advantage keeps the higher of 2d20, no critical).
        tie_name: what the initiative tie key is called (``"DEX"``).
        advantage_on_down: attacks on an unconscious or dying target have advantage
            (skill-die S3).
        defence_name: what the number an attack must meet is called (``"AC"``;
            skill-die S5: ``"defence DC"``).
    """

    to_hit_rule: AgainstDCRule
    tie_name: str = "DEX"
    advantage_on_down: bool = False
    defence_name: str = "AC"
    surprise_source: str = "fantasy-hack: Combat; docs/rulings.md H370"
    """What the surprise round cites (skill-die: docs/rulings.md H450)."""
    surprised_source: str = "fantasy-hack: Combat"
    """What refusing a surprised combatant's attack cites."""
    initiative_source: str = "F3"
    """What ``init``'s help cites for the order and its ties (skill-die: S5, H434)."""
    next_summary: str = (
        "end the current turn (a dying combatant bleeds 1 HP, F1); the next one's begins"
    )
    """``next``'s one line of help (skill-die: nobody bleeds, docs/rulings.md H436)."""
    down_details: str = (
        "Foes die at their rule's\nthreshold (F1: NPCs at 0); characters go down, dying or "
        "unconscious, and die at the\nruleset's threshold."
    )
    """What ``help attack`` says of foes and characters at 0 HP or below."""
    foe_example: str = (
        "fight add goblin x3: three from the bestiary; fight add\nMugger from thug: one "
        "called Mugger"
    )
    """``help fight``'s bestiary examples, in the ruleset's own foes."""

    def __init__(self, to_hit_rule: AgainstDCRule, advantage_on_down: bool = False) -> None:
        self.to_hit_rule = to_hit_rule
        self.advantage_on_down = advantage_on_down

    # -- characters ----------------------------------------------------------------------
    def initiative_modifier(self, character: Character) -> int:
        """What ``character`` adds to the initiative d20 (F3, S5: the DEX modifier)."""
        raise NotImplementedError

    def initiative_modifier_in(self, character: Character, setting: Settings) -> int:
        """What ``character`` adds to the initiative d20 in this campaign (skill-die S1:
        the ``ability-modifier`` setting); :meth:`initiative_modifier` by default."""
        del setting
        return self.initiative_modifier(character)

    def tie_key(self, character: Character) -> int | None:
        """What breaks ``character``'s initiative ties, higher first (F3: the DEX
        score); ``None``: the modifier."""
        del character
        return None

    def attack(self, character: Character, weapon: str | None, setting: Settings) -> Attack:
        """``character``'s attack with ``weapon`` (``None``: the one in hand).

        Raises:
            UnknownNameError: no such weapon; RuleError: it cannot attack with it.
        """
        raise NotImplementedError

    def attack_words(self) -> frozenset[str]:
        """Words of the ruleset's own that ``attack`` accepts (fantasy-hack: ``thrown``,
        ``dex``, ``sneak``); none by default."""
        return frozenset()

    def attack_details(self) -> str:
        """What the ruleset's own ``attack`` words do, for ``help attack`` (``""``)."""
        return ""

    def attack_with(
        self,
        character: Character,
        weapon: str | None,
        words: tuple[str, ...],
        surprise: bool,
        setting: Settings,
    ) -> Attack:
        """``character``'s attack with ``weapon`` and the ruleset's own ``words``, in the
        surprise round or not; by default :meth:`attack` (refusing any word).

        Raises:
            UnknownNameError: no such weapon; RuleError: it cannot attack so.
        """
        del surprise
        if words:
            raise RuleError(f"'attack' takes no {' '.join(words)!r} here")
        return self.attack(character, weapon, setting)

    def minimum_damage(self) -> int:
        """The least a hit deals (0 by default; fantasy-hack 1: docs/rulings.md H321)."""
        return 0

    def defence(self, character: Character, setting: Settings) -> int:
        """What an attack on ``character`` must meet or beat (F2: AC; S5: the defence
        DC)."""
        raise NotImplementedError

    # -- foes ----------------------------------------------------------------------------
    def foe_rule(self, setting: Settings) -> HitPointRule:
        """When foes go down and die (F1: NPCs die at 0; S3: unconscious at 0, dead at
        -20)."""
        raise NotImplementedError

    def foe_initiative_modifier(self, dex: int) -> int:
        """What a foe of DEX ``dex`` adds to the initiative d20 (its DEX modifier)."""
        return dex_modifier(dex)

    def foe_tie_key(self, dex: int) -> int | None:
        """What breaks a foe's initiative ties (F3: the DEX score)."""
        return dex

    def bestiary(self, ref: str) -> FoeStats | None:
        """The bestiary's foe ``ref`` (an id, case-insensitive), or ``None`` (no
        bestiary by default)."""
        del ref
        return None

    def bestiary_ids(self) -> tuple[str, ...]:
        """Every bestiary id, for messages and completion."""
        return ()

    # -- the tracker itself --------------------------------------------------------------
    def check_enabled(self, setting: Settings) -> None:
        """Refuse every fight command where the campaign has turned the tracker off
        (skill-die S5: "a setting a table may turn off"); nothing by default.

        Raises:
            RuleError: the tracker is off.
        """
        del setting

    def scene_over(self, stage: Stage) -> None:
        """End what lasts until the fight (the "action scene") is over, as ``fight end``
        ends it: fantasy-hack's chase fatigue (F5; docs/rulings.md H472); nothing by
        default."""
        del stage

    # -- attacks -------------------------------------------------------------------------
    def attacker_disadvantages(self, character: Character) -> tuple[str, ...]:
        """Sources of disadvantage a character's attack has from the character (skill-die
        S6: fatigue, disadvantage on all rolls); none by default."""
        del character
        return ()

    def advantage_sources(self, target_down: bool) -> tuple[str, ...]:
        """Sources of advantage an attack has from its target (S3: unconscious)."""
        if self.advantage_on_down and target_down:
            return ("the target is unconscious (S3)",)
        return ()

    def critical_times(self) -> int:
        """How many times a critical hit rolls the damage dice (F3: twice)."""
        return 2

    def check_weapon(self, attack: Attack) -> None:
        """Refuse an attack whose damage is no dice expression.

        Raises:
            RuleError: it is not.
        """
        from ...dice.parser import parse
        from ...errors import HacktableError

        try:
            parse(attack.dice)
        except HacktableError as error:
            raise RuleError(f"{attack.weapon}'s damage {attack.dice!r}: {error}") from None
