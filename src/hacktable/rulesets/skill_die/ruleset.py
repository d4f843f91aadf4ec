"""The skill-die ruleset plugin (``../shared/rules/004_307b3bf6951a3cef.txt``).

:class:`SkillDie` is the wiring: its names, shape and settings, and each hook of the
:class:`~hacktable.rulesets.base.Ruleset` contract delegating to the module of its
concern: :mod:`.checks` (ability and skill checks on the shared engine, RULINGS S1,
S2), :mod:`.creation` (S1, S4), :mod:`.sheet`, the content in ``data/``
(:mod:`.content`) and the commands in :mod:`.commands`. Hit points below zero are the
shared engine's (:data:`hacktable.rules.hit_points.SKILL_DIE`, RULINGS S3).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from ...errors import UnknownNameError
from ...play.character import Item
from ...play.state import CampaignState
from ...rules.hit_points import SKILL_DIE, HitPointRule
from ...rules.resolution import TestOdds, TestRequest, TestResult
from ..base import Creation, PromptOdds, Ruleset, Setting, TestOptions
from ..models import ActionBudget, DefenceModel, HitPoints, InitiativeModel
from . import checks, creation, sheet
from .character import ABILITIES, ASLEEP, HP_FLOOR, PRONE, SkillDieCharacter, check_ability
from .content import Content

if TYPE_CHECKING:
    from ..context import Context
    from ..grammar import Intent

__all__ = ["SETTINGS", "SkillDie"]

SETTINGS: tuple[Setting, ...] = (
    Setting(
        "ability-modifier",
        "floor-half",
        ("floor-half", "bx-table"),
        "an ability's modifier: floor((score - 10) / 2), or the B/X table (3: -3 ... 18: +3)",
        "RULINGS S1 (default floor-half); docs/rulings.md H341",
    ),
    Setting(
        "abilities",
        "array",
        ("array", "4d6-drop-lowest"),
        "how a new character's abilities are made when 'character new' gives none: the "
        "array 15,14,13,12,10,8 (in the order asked, else the sheet's) or 4d6 drop the lowest",
        "RULINGS S1 (default array); docs/rulings.md H342",
    ),
    Setting(
        "hp-formula",
        "10+CON",
        creation.HP_FORMULAS,
        "a new character's HP: 10 + CON modifier, the CON score, or 10",
        "RULINGS S4 (default 10+CON)",
    ),
    Setting(
        "rest-healing",
        "1d8+CON",
        ("1d8+CON", "full", "none"),
        "what an 8-hour rest heals: 1d8 + CON modifier, every HP, or nothing",
        "RULINGS S7 (default 1d8+CON)",
    ),
    Setting(
        "fights",
        "on",
        ("on", "off"),
        "the plain fight tracker (initiative d20 + DEX, attacks as checks against the "
        "defence DC); off: the GM calls ability checks",
        "RULINGS S5 (default on)",
    ),
    Setting(
        "defence",
        "10+DEX+armour",
        ("10+DEX+armour", "10+DEX"),
        "the defence DC an attack must meet or beat: 10 + DEX modifier + worn armour, or "
        "10 + DEX modifier",
        "RULINGS S5 (default 10+DEX+armour); docs/rulings.md H432",
    ),
    Setting(
        "foe-hp",
        "unconscious-at-0",
        ("unconscious-at-0", "dead-at-0"),
        "foes in a fight: unconscious at 0 and dead at -20 like characters, or dead at 0",
        "RULINGS S3 (default unconscious-at-0); docs/rulings.md H431",
    ),
)
"""skill-die's campaign settings: every *setting* of RULINGS S1, S4, S5, S7."""


class SkillDie(Ruleset[SkillDieCharacter]):
    """Skill Die: d20 + modifier ability checks and skill checks on a die chosen by
    difficulty."""

    id: ClassVar[str] = "skill-die"
    title: ClassVar[str] = "Skill Die"
    rules_file: ClassVar[str] = "004_307b3bf6951a3cef.txt"
    character_type: ClassVar[type[SkillDieCharacter]] = SkillDieCharacter
    attributes: ClassVar[tuple[str, ...]] = ABILITIES
    defence: ClassVar[DefenceModel] = DefenceModel.AC_AS_TARGET
    initiative: ClassVar[InitiativeModel] = InitiativeModel.ORDERED_ROLL
    action_budget: ClassVar[ActionBudget] = ActionBudget(
        1,
        1,
        "RULINGS S5 (the text has no fights; the plain tracker's turn); skill-die: "
        "Falling (standing up uses the movement, the dash action remains)",
    )
    hit_points: ClassVar[HitPoints] = HitPoints(
        0, HP_FLOOR, HP_FLOOR, "skill-die: Unconsciousness and Death; RULINGS S3"
    )
    settings: ClassVar[tuple[Setting, ...]] = SETTINGS
    reserved_words: ClassVar[frozenset[str]] = frozenset(
        {
            *checks.DIFFICULTIES,
            *("dc", "vs", "adv", "dis", "roll", "temp", "stable", "rolled", "add"),
            *("surprise", "from", "with", "strike"),
        }
    )
    command_package: ClassVar[str] = "hacktable.rulesets.skill_die.commands"
    legal_module: ClassVar[str] = "hacktable.rulesets.skill_die.legal"
    table_view_module: ClassVar[str] = "hacktable.rulesets.skill_die.table_view"

    @property
    def content(self) -> Content:
        """The validated skills and roles (loaded on first use).

        Raises:
            RulesDataError: a data file is broken.
        """
        from .content import load_content

        return load_content()

    # -- hit points ------------------------------------------------------------------------
    def prompt_odds(self, ctx: Context, intent: Intent) -> PromptOdds | None:
        """A check's exact odds, for a prompt (issue 12 §2; RULINGS S1, S2), and an
        attack's against the defence DC (RULINGS S5; docs/rulings.md H685)."""
        from ..ordered_fight import AttackIntent, attack_odds
        from .commands.checks import prompt_odds
        from .fight_rules import FIGHT_RULES

        if isinstance(intent, AttackIntent):
            return attack_odds(ctx, intent, FIGHT_RULES)
        return prompt_odds(ctx, intent)

    def hit_point_rule(
        self, character: SkillDieCharacter, setting: Callable[[str], object]
    ) -> HitPointRule | None:
        """Unconscious at 0 or below, dead at -20, temporary HP first (RULINGS S3):
        :data:`hacktable.rules.hit_points.SKILL_DIE` for every character."""
        del character, setting
        return SKILL_DIE

    # -- tests ---------------------------------------------------------------------------
    def modifier(self, score: int) -> int:
        """floor((score - 10) / 2) (RULINGS S1, the ``ability-modifier`` default)."""
        return checks.ability_modifier(score)

    def resolve_test(self, request: TestRequest, rng: random.Random) -> TestResult:
        """An ability or a skill check on the shared engine (RULINGS S1, S2;
        :func:`.checks.resolve`)."""
        return checks.resolve(request, rng)

    def test_odds(self, request: TestRequest) -> TestOdds:
        """Exact odds by enumeration (RULINGS S1, S2; :func:`.checks.odds`)."""
        return checks.odds(request)

    def character_test(
        self, character: SkillDieCharacter, attribute: str, options: TestOptions
    ) -> TestRequest:
        """An ability check of ``attribute`` against ``options.difficulty`` (the DC;
        Normal, DC 15, when none is given: docs/rulings.md H344), with the caller's
        sources and fatigue's disadvantage (RULINGS S1, S6)."""
        from .sources import ability_request

        ability = check_ability(attribute)
        dc = 15 if options.difficulty is None else options.difficulty
        return ability_request(character, ability, dc, options)

    # -- characters ----------------------------------------------------------------------
    def classes(self) -> tuple[tuple[str, str], ...]:
        """What a character is made as: the roles (RULINGS S4)."""
        return tuple((role.name.lower(), role.name) for role in self.content.roles)

    def create_character(
        self, spec: creation.CharacterSpec, rng: random.Random
    ) -> Creation[SkillDieCharacter]:
        """Build the character (RULINGS S1, S4; :func:`.creation.build_character`); its
        abilities rolled 4d6 drop the lowest when the spec gives none."""
        rolled = creation.roll_abilities(rng) if spec.abilities is None else None
        return creation.build_character(self.content, spec, rolled)

    def character_specs(self, name: str) -> tuple[creation.CharacterSpec, ...]:
        """Each role with the array and its skill at 3, and each role rolled with the
        points spread (RULINGS S1, S4)."""
        specs = []
        skills = [s.name for s in self.content.skills]
        for number, role in enumerate(self.content.roles):
            other = skills[(skills.index(role.skill) + 1) % len(skills)]
            specs.append(
                creation.CharacterSpec(
                    name, role.name, creation.ARRAY, ((role.skill, 3), (other, 1))
                )
            )
            spread = tuple((skills[(number + k) % len(skills)], 1) for k in range(4))
            specs.append(creation.CharacterSpec(name, role.name, None, spread))
        return tuple(specs)

    def make_item(self, name: str, custom: bool = False) -> tuple[Item, bool]:
        """A weapon or armour of the fight's gear list (RULINGS S5; docs/rulings.md
        H430, H432); anything else is custom gear, when asked for (docs/rulings.md H191,
        H345).

        Raises:
            UnknownNameError: not on the gear list and ``custom`` not asked.
        """
        from .fight_content import load_fight_content

        gear = load_fight_content()
        weapon, armour = gear.weapon(name), gear.armour_of(name)
        if weapon is not None:
            return Item(weapon.name, "weapon", weapon.id, damage=weapon.damage), True
        if armour is not None:
            return Item(armour.name, "armour", armour.id, notes=f"+{armour.armour}"), True
        if custom:
            return Item(" ".join(name.split())), False
        error = UnknownNameError("item", name)
        known = ", ".join((*gear.weapons, *gear.armour))
        error.message = (
            f"skill-die's gear list has only weapons and armour ({known}): anything else is "
            f"custom gear, give NAME {name} custom (docs/rulings.md H345, H432)"
        )
        error.args = (error.message,)
        raise error

    def item_names(self) -> tuple[str, ...]:
        """The gear list's ids, for completion of ``give`` (docs/rulings.md H432)."""
        from .fight_content import load_fight_content

        gear = load_fight_content()
        return (*gear.weapons, *gear.armour)

    def character_sheet(
        self, character: SkillDieCharacter, state: CampaignState | None = None
    ) -> tuple[str, ...]:
        """The sheet (:func:`.sheet.character_sheet`), its modifiers by the campaign's
        ``ability-modifier`` setting when ``state`` is given (RULINGS S1; H341)."""
        method = self.setting("ability-modifier").default
        if state is not None:
            method = state.get("setting", "ability-modifier") or method
        return sheet.character_sheet(character, str(method))

    def condition_label(self, condition: str) -> str:
        """How skill-die names its conditions (RULINGS S3, S6)."""
        labels = {ASLEEP: "asleep (fatigue)", PRONE: "prone (standing costs the movement)"}
        return labels.get(condition, condition)

    # no tables (the text has none): the contract's defaults; the offers: legal_module
