"""The fantasy-hack ruleset plugin (``../shared/rules/003_1d9744895bd16f50.txt``).

:class:`FantasyHack` is the wiring: its names, shape and settings, and each hook of the
:class:`~hacktable.rulesets.base.Ruleset` contract delegating to the module of its
concern: :mod:`.checks` (d20 + stat + skill against a DC), :mod:`.creation` (F1, F4),
:mod:`.levels`, :mod:`.derived` (AC F2, to-hit), :mod:`.sheet`, :mod:`.equipment` and
the commands in :mod:`.commands`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from ...rules.hit_points import FANTASY_HACK_PC, HitPointRule
from ...rules.resolution import TestOdds, TestRequest, TestResult
from ..base import Creation, PromptOdds, Ruleset, Setting, TestOptions
from ..models import ActionBudget, DefenceModel, HitPoints, InitiativeModel
from . import checks, creation, equipment, sheet
from .character import CLASSES, HP_FLOOR, RACES, SKILLS, STATS, FantasyHackCharacter, Item
from .derived import armour_class, modifier

if TYPE_CHECKING:
    from ...play.character import Character
    from ...play.state import CampaignState
    from ..context import Context
    from ..grammar import Intent

__all__ = ["DEAD_AT", "FantasyHack"]

DEAD_AT = "dead-at"
"""The setting of the HP at which a player character dies (RULINGS F1, *setting*)."""


class FantasyHack(Ruleset[FantasyHackCharacter]):
    """Fantasy Hack: d20 + stat + skill against a DC, to-hit against AC, levels 1-10."""

    id: ClassVar[str] = "fantasy-hack"
    title: ClassVar[str] = "Fantasy Hack"
    rules_file: ClassVar[str] = "003_1d9744895bd16f50.txt"
    character_type: ClassVar[type[Character]] = FantasyHackCharacter
    attributes: ClassVar[tuple[str, ...]] = STATS
    defence: ClassVar[DefenceModel] = DefenceModel.AC_AS_TARGET
    initiative: ClassVar[InitiativeModel] = InitiativeModel.ORDERED_ROLL
    action_budget: ClassVar[ActionBudget] = ActionBudget(
        1,
        0,
        "fantasy-hack Combat ('no technical limit', left to the GM); docs/rulings.md H304, H391",
    )
    hit_points: ClassVar[HitPoints] = HitPoints(
        0, HP_FLOOR, -10, "RULINGS F1 (dying at 0 or below, dead at -10: setting dead-at); H300"
    )
    settings: ClassVar[tuple[Setting, ...]] = (
        Setting(
            "stat-method",
            "4d6-drop-lowest",
            ("4d6-drop-lowest", "array"),
            "how new characters' stats are made: 4d6 drop the lowest three times, or the "
            "array 16, 13, 11; assigned as the player likes either way",
            "RULINGS F1 (setting)",
        ),
        Setting(
            "hp-method",
            "rolled",
            ("rolled", "maximum"),
            "a new character's HP: STR score + 1d6 (rolled) or + 6 (maximum); +2 a level",
            "RULINGS F1 (setting); docs/rulings.md H301",
        ),
        Setting(
            DEAD_AT,
            -10,
            (),
            "the HP at or below which a dying player character dies (NPCs die at 0)",
            "RULINGS F1 (setting, default -10); docs/rulings.md H300",
            minimum=HP_FLOOR,
            maximum=0,
        ),
    )
    reserved_words: ClassVar[frozenset[str]] = frozenset(
        {"dc", "vs", "level", *(s.casefold() for s in SKILLS), *CLASSES, *RACES}
    )
    command_package: ClassVar[str] = "hacktable.rulesets.fantasy_hack.commands"
    legal_module: ClassVar[str] = "hacktable.rulesets.fantasy_hack.legal"
    table_view_module: ClassVar[str] = "hacktable.rulesets.fantasy_hack.table_view"

    # -- tests ---------------------------------------------------------------------------
    def modifier(self, score: int) -> int:
        """floor((score - 10) / 2) (RULINGS F1)."""
        return modifier(score)

    def resolve_test(self, request: TestRequest, rng: random.Random) -> TestResult:
        """d20 + the request's score and bonus meets or beats its DC (:func:`.checks.resolve`)."""
        return checks.resolve(request, rng)

    def test_odds(self, request: TestRequest) -> TestOdds:
        """Exact odds by enumeration (:func:`.checks.odds`)."""
        return checks.odds(request)

    def character_test(
        self, character: FantasyHackCharacter, attribute: str, options: TestOptions
    ) -> TestRequest:
        """A check of ``attribute`` (a stat, or ``STAT+SKILL``) against the options' DC
        (15 when none is given: docs/rulings.md H305), with the options' bonus.

        Raises:
            UnknownNameError: not a stat of fantasy-hack.
            RuleError: a bad skill or DC.
        """
        if "+" not in attribute:
            self.attribute(attribute)
        terms = checks.parse_terms(attribute)
        dc = 15 if options.difficulty is None else options.difficulty
        request, _ = checks.character_check(character, terms, dc, options.bonus - options.penalty)
        return request

    def prompt_odds(self, ctx: Context, intent: Intent) -> PromptOdds | None:
        """A check's exact odds, for a prompt (issue 12 §2; Part III), and an attack's
        to-hit odds (Part III "Combat", RULINGS F3; docs/rulings.md H685)."""
        from ..ordered_fight import AttackIntent, attack_odds
        from .commands.checks import prompt_odds
        from .fight_rules import FIGHT_RULES

        if isinstance(intent, AttackIntent):
            return attack_odds(ctx, intent, FIGHT_RULES)
        return prompt_odds(ctx, intent)

    def hit_point_rule(
        self, character: FantasyHackCharacter, settings: Callable[[str], object]
    ) -> HitPointRule | None:
        """A player character's hit points (RULINGS F1): dying at 0 or below, losing 1
        HP a turn until stabilised, dead at the campaign's ``dead-at`` (NPCs are foes
        in the fights, not characters)."""
        del character
        dead_at = settings(DEAD_AT)
        return replace(
            FANTASY_HACK_PC, dead_at=int(dead_at) if isinstance(dead_at, int | str) else -10
        )

    # -- characters ----------------------------------------------------------------------
    def classes(self) -> tuple[tuple[str, str], ...]:
        """The five classes (RULINGS F1, F4)."""
        return tuple((c, c.title()) for c in CLASSES)

    def create_character(
        self, spec: creation.CharacterSpec, rng: random.Random
    ) -> Creation[FantasyHackCharacter]:
        """Stats, race, class, HP and kit (:func:`.creation.build_character`)."""
        return creation.build_character(spec, rng, self.id)

    def character_specs(self, name: str) -> tuple[creation.CharacterSpec, ...]:
        """Each class with each race, rolled and from the array, and a level-9 Expert."""
        specs = []
        for number, klass in enumerate(CLASSES):
            affinities = (("Knowledge", "magical lore"),) if klass == "expert" else ()
            for race in RACES:
                method = "array" if number % 2 else "4d6-drop-lowest"
                specs.append(
                    creation.CharacterSpec(name, race, klass, method=method, affinities=affinities)
                )
        specs.append(
            creation.CharacterSpec(
                name,
                "elf",
                "expert",
                level=9,
                affinities=(
                    ("Knowledge", "magical lore"),
                    ("Survival", "forests"),
                    ("Communication", "haggling"),
                    ("Subterfuge", "locks"),
                ),
            )
        )
        return tuple(specs)

    def make_item(self, name: str, custom: bool = False) -> tuple[Item, bool]:
        """An item from the equipment list (RULINGS F1), or custom gear (H191)."""
        return equipment.make_item(name, custom)

    def item_names(self) -> tuple[str, ...]:
        """The equipment list's ids."""
        return equipment.item_names()

    def protection(self, character: FantasyHackCharacter) -> str | None:
        """``"AC 13"`` (RULINGS F2), as ``equip`` shows it."""
        return f"AC {armour_class(character).value}"

    def character_sheet(
        self, character: FantasyHackCharacter, state: CampaignState | None = None
    ) -> tuple[str, ...]:
        """The sheet (:func:`.sheet.character_sheet`)."""
        del state
        return sheet.character_sheet(character)

    def sheet_problem(self, character: FantasyHackCharacter) -> str | None:
        """A race, class, level or stat no fantasy-hack character can have."""
        if character.race not in RACES:
            return f"race {character.race!r} is not one of {', '.join(RACES)}"
        if character.klass not in CLASSES:
            return f"class {character.klass!r} is not one of {', '.join(CLASSES)}"
        if not 1 <= character.level <= 10:
            return f"level {character.level} is not 1-10"
        if [s for s, _ in character.scores] != list(STATS):
            return "the stats are STR, DEX and MND"
        return None

    # no tables (the text has none): the contract's defaults; the offers: legal_module
