"""The black-sword-hack ruleset plugin (``../shared/rules/002_106a58c778ff91e8.txt``).

:class:`BlackSwordHack` is the wiring: its names, shape and settings, and each hook of
the :class:`~hacktable.rulesets.base.Ruleset` contract delegating to the module of its
concern: :mod:`.core` (tests, RULINGS B1), :mod:`.sources` (advantage and
disadvantage), :mod:`.creation` (B4), :mod:`.armour` (B5), :mod:`.sheet`, the content
in ``data/`` (:mod:`.content`) and the commands in :mod:`.commands`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from ...dice.advantage import Advantage
from ...play.state import CampaignState
from ...rules.resolution import TestOdds, TestRequest, TestResult
from ..base import (
    DEFENCE_PROMPTS,
    Creation,
    PromptOdds,
    Ruleset,
    Setting,
    TableOutcome,
    TestOptions,
)
from ..models import ActionBudget, DefenceModel, HitPoints, InitiativeModel, ResourceDie
from ..tables import lookup_outcome, roll_outcome, table_values
from . import armour, core, creation, sheet, sources
from .character import ATTRIBUTES, ORIGINS, Character, Item
from .content.index import Content
from .creation import CharacterSpec

if TYPE_CHECKING:
    from ...play.state import CampaignState
    from ..context import Context
    from ..grammar import Intent

__all__ = ["BlackSwordHack"]

USAGE_DICE = ("ud4", "ud6", "ud8", "ud10", "ud12", "ud20")


class BlackSwordHack(Ruleset[Character]):
    """Black Sword Hack: sword-and-sorcery in the Black Hack family."""

    id: ClassVar[str] = "black-sword-hack"
    title: ClassVar[str] = "Black Sword Hack"
    rules_file: ClassVar[str] = "002_106a58c778ff91e8.txt"
    character_type: ClassVar[type[Character]] = Character
    attributes: ClassVar[tuple[str, ...]] = ATTRIBUTES
    defence: ClassVar[DefenceModel] = DefenceModel.DAMAGE_REDUCTION
    initiative: ClassVar[InitiativeModel] = InitiativeModel.TEST_ONCE
    action_budget: ClassVar[ActionBudget] = ActionBudget(
        2, 0, "black-sword-hack 2.1.2 ('your character can take two actions (move, attack...)')"
    )
    hit_points: ClassVar[HitPoints] = HitPoints(
        0, 0, None, "black-sword-hack 2.1.12-2.1.13 (Helpless, then the d6); RULINGS B8"
    )
    resource_dice: ClassVar[tuple[ResourceDie, ...]] = (
        ResourceDie("doom", "Doom die", "ud6", "RULINGS B2"),
    )
    settings: ClassVar[tuple[Setting, ...]] = (
        Setting(
            "doom-die",
            "ud6",
            USAGE_DICE,
            "the Doom die a new character starts with (it grows one size at level 10)",
            "RULINGS B2 (default ud6)",
        ),
        Setting(
            "doomed-actions",
            "forbidden",
            ("forbidden", "allowed"),
            "whether a Doomed character may still repeat an action or declare an attack "
            "effect (with no die to roll)",
            "RULINGS B2 (default: they cannot)",
        ),
        Setting(
            "shield-missiles",
            "no",
            ("no", "yes"),
            "whether a character with a shield may parry arrows and other missiles with STR",
            "black-sword-hack 2.1.8 ('at the GM's discretion'); RULINGS B5 (default no)",
        ),
        Setting(
            "morale",
            7,
            (),
            "an opposing group's morale: when it has lost half its number or its leader, "
            "a d12 above this breaks it",
            "RULINGS B6 (default 7)",
            minimum=2,
            maximum=12,
        ),
        Setting(
            "camp-is-safe",
            "no",
            ("no", "yes"),
            "whether a wilderness camp counts as a safe place for a long rest",
            "black-sword-hack 2.2 ('never a safe environment'); RULINGS B8 (default no)",
        ),
        DEFENCE_PROMPTS,
    )
    command_package: ClassVar[str] = "hacktable.rulesets.black_sword_hack.commands"
    legal_module: ClassVar[str] = "hacktable.rulesets.black_sword_hack.legal"
    table_view_module: ClassVar[str] = "hacktable.rulesets.black_sword_hack.table_view"
    simulator_module: ClassVar[str] = "hacktable.rulesets.black_sword_hack.sim"

    def prompt_odds(self, ctx: Context, intent: Intent) -> PromptOdds | None:
        """A test's, a save's or a defence's exact odds, for a prompt (issue 12 §2)."""
        from .commands.prompting import prompt_odds

        return prompt_odds(ctx, intent)

    def defence_prompt(self, intent: Intent) -> str | None:
        """The defender against an opponent's action the GM declares (2.1.4; issue 12
        §2: the players roll every defence)."""
        from .commands.prompting import defence_prompt

        return defence_prompt(intent)

    def bestiary_ids(self, state: CampaignState) -> frozenset[str]:
        """The packaged opponents' ids and the campaign's own (``bestiary add``): no
        character is named like one (docs/rulings.md H254)."""
        from .opponents import OPPONENT_KIND

        packaged = (o.id for o in self.content.opponents)
        return frozenset((*packaged, *state.keys(OPPONENT_KIND)))

    @property
    def content(self) -> Content:
        """The validated rules content (loaded on first use).

        Raises:
            RulesDataError: a data file is broken.
        """
        from .content.loader import load_content

        return load_content()

    # -- tests ---------------------------------------------------------------------------
    def modifier(self, score: int) -> int:
        """Black Sword Hack has no attribute modifiers: tests roll under the score
        itself (RULINGS B1), so every score's modifier is 0."""
        del score
        return 0

    def resolve_test(self, request: TestRequest, rng: random.Random) -> TestResult:
        """RULINGS B1 (:func:`.core.resolve`)."""
        return core.resolve(request, rng)

    def test_odds(self, request: TestRequest) -> TestOdds:
        """Exact odds by enumeration (RULINGS B1; :func:`.core.odds`)."""
        return core.odds(request)

    def character_test(
        self, character: Character, attribute: str, options: TestOptions
    ) -> TestRequest:
        """The test with the caller's sources and those of the character's backgrounds,
        gifts and conditions (:func:`.sources.character_test`; RULINGS B1, B2, B8)."""
        attribute = self.attribute(attribute)
        return sources.character_test(self.content, character, attribute, options)

    # -- characters ----------------------------------------------------------------------
    def classes(self) -> tuple[tuple[str, str], ...]:
        """What a character is made as: the three origins (RULINGS B4)."""
        return tuple((origin, origin.title()) for origin in ORIGINS)

    def create_character(self, spec: CharacterSpec, rng: random.Random) -> Creation[Character]:
        """Roll 2d6 in order for each attribute and build the character (RULINGS B4;
        :func:`.creation.build_character`)."""
        return creation.build_character(self.content, spec, creation.roll_scores(rng), rng)

    def character_specs(self, name: str) -> tuple[CharacterSpec, ...]:
        """Each origin with rolled backgrounds, and each origin with each of its
        backgrounds first (RULINGS B4)."""
        specs = [CharacterSpec(name, origin) for origin in ORIGINS]
        for origin in ORIGINS:
            own = self.content.backgrounds_of(origin)
            others = [b for b in self.content.backgrounds if b.origin != origin]
            for number, background in enumerate(own):
                second = own[(number + 1) % len(own)]
                if second is background or not others:
                    continue
                chosen = (background.id, second.id, others[number % len(others)].id)
                specs.append(CharacterSpec(name, origin, chosen))
        return tuple(specs)

    def make_item(self, name: str, custom: bool = False) -> tuple[Item, bool]:
        """An item from the equipment list (every weapon 1d6, 2.1.6), or custom gear
        when asked for (docs/rulings.md H191)."""
        from .inventory import make_item

        return make_item(self.content, name, custom)

    def character_sheet(
        self, character: Character, state: CampaignState | None = None
    ) -> tuple[str, ...]:
        """The sheet (:func:`.sheet.character_sheet`); the campaign adds nothing to it."""
        del state
        return sheet.character_sheet(self.content, character)

    def armour_rating(self, character: Character) -> int:
        """The rating subtracted from each hit (RULINGS B5; :func:`.armour.armour_rating`)."""
        return armour.armour_rating(self.content, character)

    def protection(self, character: Character) -> str | None:
        """``"armour 2"``: the rating each hit loses (RULINGS B5), and ``"+ shield"``
        when a shield is held (advantage on parrying, 2.1.8), as ``equip`` shows it."""
        shield = " + shield" if armour.held_shield(character) is not None else ""
        return f"armour {self.armour_rating(character)}{shield}"

    def session_end(self, character: Character) -> tuple[Character, tuple[str, ...]]:
        """Impaired and Injured last until the session ends (RULINGS B8;
        :func:`.recovery.session_end`)."""
        from .recovery import session_end

        return session_end(character)

    # -- tables --------------------------------------------------------------------------
    def tables(self) -> tuple[tuple[str, str], ...]:
        """The rollable tables (Helpless, Butchered, ...)."""
        return tuple((t.id, t.name) for t in self.content.tables)

    def roll_table(
        self,
        table_id: str,
        rng: random.Random,
        modifier: int = 0,
        advantage: Advantage = Advantage.NONE,
    ) -> TableOutcome:
        """Roll on a table (RULINGS G2 for advantage).

        Raises:
            UnknownNameError: no such table.
        """
        return roll_outcome(self.content.table(table_id), rng, modifier, advantage)

    def lookup_table(self, table_id: str, value: int) -> TableOutcome:
        """Read a table at ``value``.

        Raises:
            UnknownNameError: no such table.
            RuleError: ``value`` is off the table.
        """
        return lookup_outcome(self.content.table(table_id), value)

    def table_range(self, table_id: str) -> range:
        """Every value a table is read at.

        Raises:
            UnknownNameError: no such table.
        """
        return table_values(self.content.table(table_id))
