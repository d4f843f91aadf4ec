"""The redhack ruleset plugin (``../shared/rules/000_1a63cf86266157db.txt``).

Tests follow redhack: Core Rules (RULINGS R1-R5, in :mod:`.core_rules`); characters
follow redhack: Character Creation and Equipment (R7, R8, R29); rules content (classes,
equipment, kits, tables, tags) is data in ``data/``, loaded by :mod:`.content`.

:class:`Redhack` is the wiring: its names, settings and command modules, and each hook
of the :class:`~hacktable.rulesets.base.Ruleset` contract delegating to the module of
its concern:

- :mod:`.sources`: the sources of advantage and disadvantage on a test (tags, class
  features, background, armour, gear, conditions, the situation);
- :mod:`.armour`: armour class and the defence test;
- :mod:`.weapons`: the weapon a character attacks with;
- :mod:`.inventory`: items from the equipment list, slots and encumbrance;
- :mod:`.creation`: character creation and starting kits;
- :mod:`.sheet`: the character sheet and status lines;
- :mod:`.table_rolls`: rolling and reading the tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from ...dice.advantage import Advantage
from ...dice.usage import UsageDie
from ...errors import RuleError
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
from ..models import ActionBudget, DefenceModel, HitPoints, InitiativeModel
from . import armour, core_rules, creation, inventory, sheet, sources, table_rolls, weapons
from .character import Character, Item
from .content.index import Content
from .content.schemas import ATTRIBUTES
from .sources import VISION
from .spec import CharacterSpec, ScoresRoll

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..context import Context
    from ..grammar import Intent
    from .combat import WeaponProfile

__all__ = ["ATTRIBUTES", "VISION", "Redhack"]


REDHACK_WORDS: frozenset[str] = frozenset(
    {
        "fight",
        "close",
        "near",
        "far",
        "distant",
        "major",
        "minor",
        "deadly",
        "half",
        "fast",
        "off",
        "haggle",
        "decline",
        "important",
    }
)
"""Words redhack's commands read where a name may stand (``flag fight confined``,
``move NAME close``, ``monster NAME major``, ``save NAME CON deadly``, ``rest long fast
A,B``, ``buy NAME ITEM haggle``): no character is called so (docs/rulings.md H210,
H254)."""


class Redhack(Ruleset[Character]):
    """redhack: house rules in the Black Hack family."""

    id: ClassVar[str] = "redhack"
    title: ClassVar[str] = "redhack"
    rules_file: ClassVar[str] = "000_1a63cf86266157db.txt"
    character_type: ClassVar[type[Character]] = Character
    defence: ClassVar[DefenceModel] = DefenceModel.AC_AS_DIFFICULTY
    initiative: ClassVar[InitiativeModel] = InitiativeModel.SIDES_EACH_ROUND
    action_budget: ClassVar[ActionBudget] = ActionBudget(
        1, 1, "redhack: Combat > Movement & Blocking ('in addition to their action ... a move')"
    )
    hit_points: ClassVar[HitPoints] = HitPoints(
        0, 0, None, "redhack: Combat > Damage & Injuries; RULINGS R11 (the injuries table)"
    )
    attributes: ClassVar[tuple[str, ...]] = ATTRIBUTES
    settings: ClassVar[tuple[Setting, ...]] = (
        Setting(
            "opposed-ties",
            "reroll",
            ("reroll", "draw"),
            "an exact tie in an opposed roll: both roll again, or it is a draw",
            "redhack: Core Rules > Opposed Rolls (silent on ties); docs/rulings.md H14",
        ),
        Setting(
            "doomed",
            "mortally-wounded",
            ("mortally-wounded", "dead"),
            "a 6 on the injuries table: mortally wounded (a duration die), or dead",
            "redhack: Combat > Damage & Injuries ('at the DM's discretion'); RULINGS R11",
        ),
        Setting(
            "mortal-wound-die",
            "ud4",
            ("ud4", "ud6", "ud8", "ud10", "ud12", "ud20"),
            "the duration die of a mortally wounded character",
            "RULINGS R11 (default ud4)",
        ),
        Setting(
            "tick-minutes",
            10,
            (),
            "minutes in a dungeon tick (the text: around 5 to 10)",
            "redhack: Exploration & Dungeons > Time & Movement",
            minimum=1,
            maximum=60,
        ),
        Setting(
            "hex-miles",
            6,
            (),
            "the size of a wilderness hex in miles (the survival penalty per move is "
            "max(1, round(0.4 x miles)))",
            "redhack: Wilderness Survival; RULINGS R21 (default 6 miles: -2)",
            minimum=1,
            maximum=100,
        ),
        Setting(
            "parry",
            "attack",
            ("attack", "automatic"),
            "a parry's cleave die rolls to hit like any other cleave die, or hits at once",
            "redhack: Warrior > Parry; RULINGS R14; docs/rulings.md H17",
        ),
        Setting(
            "cure-light-wounds",
            "1d6+1",
            (),
            "what Cure Light Wounds heals (dice, or 'all')",
            "RULINGS R33 (setting)",
        ),
        Setting(
            "cure-serious-wounds",
            "2d6+2",
            (),
            "what Cure Serious Wounds heals (dice, or 'all')",
            "RULINGS R33 (setting)",
        ),
        Setting(
            "cure-critical-wounds",
            "3d6+3",
            (),
            "what Cure Critical Wounds heals (dice, or 'all')",
            "RULINGS R33 (setting)",
        ),
        Setting("heal", "all", (), "what Heal heals (dice, or 'all')", "RULINGS R33 (setting)"),
        Setting(
            "wandering-spells",
            "none",
            (),
            "the wandering-spell table an Inspiration rolls on ('none': the spell list)",
            "redhack: Arcane Magic (wandering spell tables); RULINGS R26; docs/rulings.md H164",
        ),
        Setting(
            "sell-price",
            "half",
            ("half", "third", "full"),
            "what a sale fetches before any haggle: half, a third or all of the list price",
            "RULINGS R35 (default half); docs/rulings.md H193",
        ),
        DEFENCE_PROMPTS,
    )
    command_package: ClassVar[str] = "hacktable.rulesets.redhack.commands"
    legal_module: ClassVar[str] = "hacktable.rulesets.redhack.legal"
    table_view_module: ClassVar[str] = "hacktable.rulesets.redhack.table_view"
    simulator_module: ClassVar[str] = "hacktable.rulesets.redhack.sim"
    reserved_words: ClassVar[frozenset[str]] = REDHACK_WORDS

    def bestiary_ids(self, state: CampaignState) -> frozenset[str]:
        """The packaged bestiary's ids and the campaign's own monsters' (``bestiary
        add``): no character is named like one (docs/rulings.md H254)."""
        from .bestiary import load_bestiary

        return frozenset((*load_bestiary().ids, *state.keys("monster")))

    @property
    def content(self) -> Content:
        """The validated rules content (loaded on first use).

        Raises:
            RulesDataError: a data file is broken.
        """
        from .content.loader import load_content  # (with its checks: not at start-up)

        return load_content()

    # -- tests ---------------------------------------------------------------------------
    def modifier(self, score: int) -> int:
        """RULINGS R4 (redhack: Core Rules > Attributes and Modifiers)."""
        return core_rules.modifier(score)

    def resolve_test(self, request: TestRequest, rng: random.Random) -> TestResult:
        """RULINGS R1-R3 (redhack: Core Rules > Tests)."""
        return core_rules.resolve(request, rng)

    def test_odds(self, request: TestRequest) -> TestOdds:
        """Exact odds by enumeration (RULINGS R1-R3)."""
        return core_rules.odds(request)

    def character_test(
        self, character: Character, attribute: str, options: TestOptions
    ) -> TestRequest:
        """The test with every source of advantage and disadvantage that applies
        (:func:`.sources.character_test`: the caller's, class features, background,
        worn armour, shield and helm, carried gear, conditions, the situation and
        encumbrance; redhack: Character Creation > 2. Class, 3. Backgrounds; RULINGS
        R7, R11, R29).

        Raises:
            UnknownNameError: ``attribute`` is not a redhack attribute.
            RuleError: the character is dead.
        """
        attribute = self.attribute(attribute)
        return sources.character_test(self.content, character, attribute, options)

    def prompt_odds(self, ctx: Context, intent: Intent) -> PromptOdds | None:
        """A test's, a save's or a defence's exact odds, for a prompt (issue 12 §2)."""
        from .commands.prompting import prompt_odds

        return prompt_odds(ctx, intent)

    def defence_prompt(self, intent: Intent) -> str | None:
        """The defender of a monster's attack the GM declares (RULINGS R6; issue 12
        §2: the players roll every defence)."""
        from .commands.prompting import defence_prompt

        return defence_prompt(intent)

    def circumstances(self, state: CampaignState) -> tuple[str, ...]:
        """``dark``, ``careless`` or ``bright`` (redhack: Exploration & Dungeons > Time &
        Movement, Preparation > Light; :func:`.sources.circumstances`)."""
        return sources.circumstances(state)

    def tag_hint(self, character: Character, tags: tuple[str, ...]) -> str | None:
        """Tags not in tags.toml nor among the character's background tags."""
        return sources.tag_hint(self.content, character, tags)

    def usage_advantages(self, character: Character, item: Item) -> list[str]:
        """Class features with advantage on what this item is used for, applied to its
        usage die: a Warrior's Armour Maintenance on Armourer's Tools (RULINGS R31, G2)."""
        return sources.usage_advantages(self.content, character, item)

    def heal_from_zero(
        self,
        character: Character,
        amount: int,
        rng: random.Random,
        settings: Callable[[str], object],
    ) -> tuple[Character, tuple[tuple[str, str], ...]]:
        """RULINGS R11: "When healed above 0 ... roll 1d6 on the injuries table"; a
        survivor keeps the healing (docs/rulings.md H24)."""
        from .injuries import apply_injury

        if character.mortal_wound is not None:
            raise RuleError(
                f"{character.name} is mortally wounded: only exceptional healing "
                "helps ('character revive' is the GM's miracle)"
            )
        outcome = apply_injury(
            self,
            character,
            rng,
            doomed=str(settings("doomed")),
            mortal_die=UsageDie.parse(str(settings("mortal-wound-die"))),
            heal=amount,
        )
        return outcome.character, outcome.lines

    # -- equipment -----------------------------------------------------------------------
    def load(self, character: Character) -> int:
        """Inventory slots in use, coins included (redhack: Equipment > Encumberance;
        RULINGS R29; :func:`.inventory.load`)."""
        return inventory.load(character)

    def encumbrance(self, character: Character) -> str:
        """``"unencumbered"``, ``"encumbered"`` or ``"overloaded"`` (RULINGS R29)."""
        return inventory.encumbrance(character)

    def sheet_problem(self, character: Character) -> str | None:
        """An imported sheet's values within the rules (issue 10 §5): a known class, the
        six attributes 0-19 (redhack: Core Rules > Attributes and Modifiers, the cap of
        19; docs/rulings.md H188's range), level 1 or more, HP 0 to max HP, max HP,
        coins and experience not negative (docs/rulings.md H265)."""
        if character.class_id not in {c for c, _ in self.classes()}:
            return f"no class {character.class_id!r}"
        scores = dict(character.scores)
        if sorted(scores) != sorted(ATTRIBUTES) or len(character.scores) != len(ATTRIBUTES):
            return f"the attributes are {', '.join(ATTRIBUTES)}, once each"
        for name, score in character.scores:
            if not 0 <= score <= 19:
                return f"{name} {score} is outside 0-19"
        if character.level < 1:
            return f"level {character.level} is below 1"
        if character.max_hp < 1 or not 0 <= character.hp <= character.max_hp:
            return f"HP {character.hp}/{character.max_hp} is not between 0 and a max HP of 1+"
        if character.coins < 0 or character.xp < 0:
            return "coins and experience are never negative"
        return None

    def carry_check(self, before: Character, after: Character) -> str | None:
        """RULINGS R29: beyond twice STR in slots, more cannot be carried."""
        return inventory.carry_check(before, after)

    def carry_notes(self, before: Character, after: Character) -> tuple[str, ...]:
        """More than DEX items in hand, pockets and clothes (RULINGS R29; docs/rulings.md
        H196; :func:`.inventory.hands_check`)."""
        said = inventory.hands_check(before, after)
        return () if said is None else (said,)

    def item_names(self) -> tuple[str, ...]:
        """The equipment list's ids, one word each (redhack: Equipment > Equipment
        List)."""
        return tuple(entry.id for entry in self.content.equipment_items)

    def make_item(self, name: str, custom: bool = False) -> tuple[Item, bool]:
        """An item from the equipment list (redhack: Equipment), or custom gear when
        asked for (docs/rulings.md H191)."""
        return inventory.make_item(self.content, name, custom)

    def armour_class(self, character: Character) -> int:
        """Player AC (RULINGS R7; :func:`.armour.armour_class`): DEX, or the worn
        armour's AC, +1 each for a worn shield and helm."""
        return armour.armour_class(self.content, character)

    def protection(self, character: Character) -> str:
        """``"AC 14"``: the character's AC (RULINGS R7), as ``equip`` shows it."""
        return f"AC {self.armour_class(character)}"

    def armour_category(self, character: Character) -> str:
        """``none``, ``light``, ``medium`` or ``heavy``: the worn armour's (R7)."""
        return armour.armour_category(self.content, character)

    def defence_base(self, character: Character, tags: tuple[str, ...] = ()) -> TestRequest:
        """The sources every defence of ``character`` carries: those of a DEX test in
        no, light or medium armour, none in heavy (redhack: Combat > AC & Armour;
        RULINGS R11)."""
        return armour.defence_base(self.content, character, tags)

    def weapon_profile(self, character: Character, name: str | None = None) -> WeaponProfile:
        """The weapon ``character`` attacks with, and its damage (RULINGS R8;
        :func:`.weapons.weapon_profile`).

        Raises:
            UnknownNameError: no such item.
            RuleError: the item is not a weapon.
        """
        return weapons.weapon_profile(self.content, character, name)

    # -- characters ----------------------------------------------------------------------
    def classes(self) -> tuple[tuple[str, str], ...]:
        """The five classes (redhack: Character Creation > 2. Class)."""
        return tuple((c.id, c.name) for c in self.content.classes)

    def kits(self, class_id: str) -> tuple[str, ...]:
        """The class's starting kits, one line each (4. Starting Equipment).

        Raises:
            UnknownNameError: no such class.
        """
        return creation.kit_lines(self.content, class_id)

    def roll_scores(self, rng: random.Random) -> ScoresRoll:
        """3d6 for each attribute, in order: STR, DEX, CON, INT, WIS, CHA
        (redhack: Character Creation > 1. Attributes)."""
        return creation.roll_scores(rng)

    def build_character(
        self, spec: CharacterSpec, scores: ScoresRoll, rng: random.Random
    ) -> Creation[Character]:
        """redhack: Character Creation: swap, class, hit points, background, kit and
        coins (RULINGS R8; :func:`.creation.build_character`).

        Raises:
            UnknownNameError: unknown class or attribute.
            CommandError: a swap of an attribute with itself, or a kit the class lacks.
        """
        return creation.build_character(
            self.content, spec, scores, rng, ruleset=self.id, attribute=self.attribute
        )

    def create_character(self, spec: CharacterSpec, rng: random.Random) -> Creation[Character]:
        """Roll the scores (3d6 in order) and build the character in one go."""
        return self.build_character(spec, self.roll_scores(rng), rng)

    def character_specs(self, name: str) -> tuple[CharacterSpec, ...]:
        """Each class with no kit and with each of its kits (redhack: Character
        Creation > 2. Class, 4. Starting Equipment)."""
        return tuple(
            CharacterSpec(name, class_id, kit=kit)
            for class_id, _ in self.classes()
            for kit in (None, *range(1, len(self.kits(class_id)) + 1))
        )

    def condition_label(self, condition: str) -> str:
        """The condition's name from conditions.toml, lower-case, with its detail
        (``"exhausted"`` is shown as "debilitated (fatigue)", the fatigue table's word)."""
        return sheet.condition_label(condition)

    def status_lines(self, character: Character, state: CampaignState) -> tuple[str, ...]:
        """Food, water and sleep (redhack: Wilderness Survival > Fatigue & Supplies;
        RULINGS R19, R23) when something is missing."""
        return sheet.status_lines(character, state)

    def character_sheet(
        self, character: Character, state: CampaignState | None = None
    ) -> tuple[str, ...]:
        """The sheet: class, scores with modifiers, HP, AC, damage dice, coins,
        background, inventory with slots (RULINGS R29) and class features; with the
        campaign's ``state``, its own spells by name (H156)."""
        from .content.spells import campaign_spells

        spells = None if state is None else campaign_spells(state)
        return sheet.character_sheet(self.content, character, spells)

    # -- tables --------------------------------------------------------------------------
    def tables(self) -> tuple[tuple[str, str], ...]:
        """The rollable tables (injuries, reactions, survival, fatigue, ...)."""
        return table_rolls.table_list(self.content)

    def roll_table(
        self,
        table_id: str,
        rng: random.Random,
        modifier: int = 0,
        advantage: Advantage = Advantage.NONE,
    ) -> TableOutcome:
        """Roll on a table with a modifier, advantage per RULINGS G2.

        Raises:
            UnknownNameError: no such table.
            RuleError: the table is read, not rolled (fatigue).
        """
        return table_rolls.roll_table(self.content, table_id, rng, modifier, advantage)

    def lookup_table(self, table_id: str, value: int) -> TableOutcome:
        """Read a table at ``value``.

        Raises:
            UnknownNameError: no such table.
            RuleError: ``value`` is off the table.
        """
        return table_rolls.lookup_table(self.content, table_id, value)

    # -- tools and conformance (in .legal) -----------------------------------------------
    def table_range(self, table_id: str) -> range:
        """The values a table is read at (:func:`.legal.table_range`).

        Raises:
            UnknownNameError: no such table.
        """
        from .legal import table_range

        return table_range(self, table_id)
