"""The ruleset contract: what the console, the store and later the web table may ask
of a game.

A ruleset is a small subclass of :class:`Ruleset` that declares its names and
capabilities as class attributes and overrides a few methods, found through the
registry in :mod:`hacktable.rulesets`. Front ends know rulesets only through this.
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from ..dice.advantage import Advantage
from ..errors import RuleError, UnknownNameError
from ..play.character import Character, Item
from ..play.events import Visibility
from ..play.principal import NotAllowedError, Principal, Role
from ..play.state import CampaignState
from ..rules.resolution import TestKind, TestOdds, TestRequest, TestResult
from .models import ActionBudget, DefenceModel, HitPoints, InitiativeModel, ResourceDie

if TYPE_CHECKING:
    from ..rules.hit_points import HitPointRule
    from .context import CampaignView, Context
    from .grammar import CommandSet, Intent

__all__ = [
    "DEFENCE_PROMPTS",
    "ENGINE_SETTINGS",
    "PLAYER_DICE",
    "WEB_RATE",
    "WEB_SESSION_DAYS",
    "CharacterT",
    "Creation",
    "Panel",
    "PromptOdds",
    "Ruleset",
    "Setting",
    "TableAction",
    "TableOutcome",
    "TestOptions",
    "check_player_dice",
]


@dataclass(frozen=True, slots=True)
class Setting:
    """A campaign setting: a default a table may change (RULINGS: *setting*).

    Attributes:
        name: kebab-case, e.g. ``"opposed-ties"``.
        default: the value a new campaign starts with.
        choices: the allowed values for a text setting (empty: any integer for an
            integer default).
        help: one line on what it changes.
        source: the rule or ruling it comes from.
        minimum: the least value of an integer setting (``None``: no limit).
        maximum: the greatest value of an integer setting (``None``: no limit).
    """

    name: str
    default: str | int
    choices: tuple[str, ...] = ()
    help: str = ""
    source: str = ""
    minimum: int | None = None
    maximum: int | None = None


PLAYER_DICE = "player-dice"
"""The engine-wide setting of RULINGS G5: may players enter their own dice?"""

WEB_RATE = "web-rate"
"""The engine-wide setting of issue 12 §4 (docs/rulings.md H643): commands a second one
browser session may send to the web table."""

WEB_SESSION_DAYS = "web-session-days"
"""The engine-wide setting of docs/rulings.md H641: how many days a web table's
sign-in lasts."""

PLAYER_GAINS = "player-gains"
"""The engine-wide setting of docs/rulings.md H256: may players add coins and gear to
their own characters from nothing?"""

ENGINE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        PLAYER_DICE,
        "allowed",
        ("allowed", "gm-only"),
        "a player may enter the dice they rolled at the table for their own character "
        "('roll 14'); gm-only: only the GM enters dice",
        "RULINGS G5",
    ),
    Setting(
        PLAYER_GAINS,
        "gm-only",
        ("gm-only", "allowed"),
        "who adds coins and gear to a character from nothing ('coins Sly +50', 'give Sly "
        "rope'): the GM (players spend, buy, sell, drop and stow their own), or the "
        "players too",
        "docs/rulings.md H256",
    ),
    Setting(
        WEB_RATE,
        5,
        help="commands a second one browser session may send to the web table",
        source="issue 12 §4; docs/rulings.md H643",
        minimum=1,
        maximum=100,
    ),
    Setting(
        WEB_SESSION_DAYS,
        30,
        help="days a web table's sign-in (a session cookie) lasts before joining again",
        source="docs/rulings.md H641",
        minimum=1,
        maximum=366,
    ),
)
"""The settings every campaign has, whatever its ruleset (RULINGS G5; H256)."""


DEFENCE_PROMPTS = Setting(
    "defence-prompts",
    "web",
    ("web", "players", "off"),
    "a monster's attack the GM declares on a player's character becomes a prompt for that "
    "player's defence: at the web table (web), everywhere, the console too (players), or "
    "never, the GM rolls it (off)",
    "issue 12 §2; docs/rulings.md H623",
)
"""The setting of rulesets whose players roll every defence (redhack, black-sword-hack):
when a monster's attack becomes a prompt (:meth:`Ruleset.defence_prompt`)."""


def check_player_dice(principal: Principal, setting: Callable[[str], object]) -> None:
    """Refuse a player's entered dice when the campaign's ``player-dice`` setting is
    ``gm-only`` (RULINGS G5; docs/rulings.md H206); the GM may always enter them.

    Args:
        principal: who entered them.
        setting: the campaign's settings (``session.setting``).

    Raises:
        NotAllowedError: a player, and the setting is ``gm-only``.
    """
    if principal.role is Role.GM or setting(PLAYER_DICE) == "allowed":
        return
    reason = f"the campaign's setting {PLAYER_DICE} is gm-only (RULINGS G5)"
    raise NotAllowedError(principal.name, "enter their own dice", reason)


def check_player_gains(principal: Principal, setting: Callable[[str], object], what: str) -> None:
    """Refuse a player's adding coins or gear from nothing unless the campaign's
    ``player-gains`` setting allows it (docs/rulings.md H256); the GM always may.

    Raises:
        NotAllowedError: a player, and the setting is ``gm-only``.
    """
    if principal.role is Role.GM or setting(PLAYER_GAINS) == "allowed":
        return
    reason = (
        f"treasure and gear come from the GM (the campaign's setting {PLAYER_GAINS} is "
        "gm-only; docs/rulings.md H256)"
    )
    raise NotAllowedError(principal.name, what, reason)


@dataclass(frozen=True, slots=True)
class TestOptions:
    """How a character's test is to be made (everything but the character and attribute).

    Attributes:
        difficulty: the stated difficulty, or ``None`` for the ruleset's default.
        bonus: added to the attribute.
        penalty: added to the difficulty.
        advantages: sources of advantage named by the caller (e.g. ``("GM",)``).
        disadvantages: sources of disadvantage named by the caller.
        tags: what the test is for (``"climbing"``, ``"stealth"``): the ruleset adds the
            advantage and disadvantage that class features, background and armour give.
        kind: test, saving throw, effect test, ...
        circumstances: the situation, in the ruleset's words (redhack: ``dark``,
            ``careless``, ``bright``), from :meth:`Ruleset.circumstances`.
        modifier: added to the die (black-sword-hack: the threat level on attacks,
            RULINGS B1).
        entered: the faces of the dice the player rolled at the table (``roll 14``,
            ``roll 14,3``; RULINGS G5), ``()`` to roll.
        visibility: ``PUBLIC``; ``GM`` (``secret``) or ``BLIND`` (``blind``): rolled on
            the secret stream, seen whole by the GM (and, secret, the roller) alone
            (RULINGS G4).
    """

    __test__ = False  # not a pytest test class

    difficulty: int | None = None
    bonus: int = 0
    penalty: int = 0
    advantages: tuple[str, ...] = ()
    disadvantages: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    kind: TestKind = TestKind.TEST
    circumstances: tuple[str, ...] = ()
    modifier: int = 0
    entered: tuple[int, ...] = ()
    visibility: Visibility = Visibility.PUBLIC


@dataclass(frozen=True, slots=True)
class PromptOdds:
    """A prompted test and its exact odds, as the ruleset's own command shows them
    (:meth:`Ruleset.prompt_odds`; issue 12 §2).

    Attributes:
        test: the test in the ruleset's words (``"STR test"``, ``"AC defence against
            Goblin"``).
        odds: the exact odds.
        text: the odds in the ruleset's words; ``""`` for ``odds.describe()``.
    """

    test: str
    odds: TestOdds
    text: str = ""


C = TypeVar("C", bound=Character)


@dataclass(frozen=True, slots=True)
class Creation(Generic[C]):
    """A new character and how the dice made it.

    Attributes:
        character: the character.
        lines: the creation explained, one step a line.
        detail: the same as JSON (every roll), for the log.
    """

    character: C
    lines: tuple[str, ...]
    detail: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TableOutcome:
    """A table result as front ends see it.

    Attributes:
        table_id: the table's id.
        table_name: the table's name.
        value: the (modified) number read.
        result: the entry's result, e.g. ``"Cautious"``.
        effect: the entry's effect text.
        explanation: the roll in words.
        detail: the roll as JSON.
    """

    table_id: str
    table_name: str
    value: int
    result: str
    effect: str
    explanation: str
    detail: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Panel:
    """A part of the web table's view (issue 12 §2): a READ command whose outcome is
    shown under a title, run as the viewer so the command layer decides what they may
    read (docs/rulings.md H630).

    Attributes:
        title: the panel's heading (``"Aldric"``, ``"Fight"``).
        command: the console line that fills it (``"character show Aldric"``).
    """

    title: str
    command: str


@dataclass(frozen=True, slots=True)
class TableAction:
    """A button of the web table (issue 12 §2): a command a character's player sends,
    with the command that shows its exact odds first (docs/rulings.md H631).

    Attributes:
        label: the button's text (``"STR test"``).
        command: the line the button sends (``"test Aldric STR"``).
        odds_command: the line that shows the odds without rolling (``"odds Aldric
            STR"``), ``""`` when there is none (the command shows its own).
    """

    label: str
    command: str
    odds_command: str = ""


CharacterT = TypeVar("CharacterT", bound=Character)
"""A ruleset's own character type: the core :class:`~hacktable.play.character.Character`
with the ruleset's extension."""


class Ruleset(ABC, Generic[CharacterT]):
    """A game of the Hack family, as a plugin.

    Class attributes declare the ruleset's names; methods resolve its rules. Every
    method takes its randomness from the caller's ``rng`` (RULINGS G1).
    """

    id: ClassVar[str]
    """Registry id, e.g. ``"redhack"``."""
    title: ClassVar[str]
    """Human name."""
    rules_file: ClassVar[str]
    """The rules text it implements, in ``../shared/rules/``."""
    attributes: ClassVar[tuple[str, ...]]
    """Attribute names in the character sheet's order."""
    character_type: ClassVar[type[Character]] = Character
    """The ruleset's own character class (the core with the ruleset's extension): the
    engine decodes the campaign's characters into it."""
    defence: ClassVar[DefenceModel]
    """How armour and defence work (:mod:`hacktable.rulesets.models`)."""
    initiative: ClassVar[InitiativeModel]
    """How the order of acting is found."""
    action_budget: ClassVar[ActionBudget]
    """What a combatant may do in a turn."""
    hit_points: ClassVar[HitPoints]
    """When hit points put a character out, and when they kill."""
    resource_dice: ClassVar[tuple[ResourceDie, ...]] = ()
    """Usage dice every character carries apart from their items (a Doom die)."""
    settings: ClassVar[tuple[Setting, ...]] = ()
    """Campaign settings and their defaults."""
    reserved_words: ClassVar[frozenset[str]] = frozenset()
    """Words, folded, the ruleset's commands read where a name may stand, so that no
    character is called so (beyond :data:`hacktable.rulesets.names.GRAMMAR_WORDS`,
    its attributes and monsters' ids: docs/rulings.md H210)."""
    command_package: ClassVar[str] = ""
    """The package of the commands the ruleset adds (tests, characters, fights...): it
    exposes them as ``COMMANDS``, a :class:`~hacktable.rulesets.grammar.CommandSet`
    of the ruleset's own, imported when a session on this ruleset first asks."""

    legal_module: ClassVar[str] = ""
    """The module of the ruleset's offers (``""``: none), imported when first asked: its
    ``legal_intents(ruleset, view, role)``, ``odds_configurations()`` and
    ``EXAMPLE_SESSIONS`` answer :meth:`legal_intents`, :meth:`odds_configurations` and
    :meth:`example_sessions`."""

    simulator_module: ClassVar[str] = ""
    """The module of the ruleset's fight simulator (``hacktable simulate``), or ``""``
    for none. What the command line asks of it is listed in
    :mod:`hacktable.cli.simulate` (``ENGINES``, ``check_runs``, ``text_encounter``,
    ``encounter_of``, ``simulate``, ``render_summary``, ``summary_to_json``, ``plot``)."""

    # -- commands ------------------------------------------------------------------------
    def command_set(self) -> CommandSet:
        """The ruleset's own commands (none for a ruleset without a command package)."""
        from .grammar import CommandSet

        if not self.command_package:
            return CommandSet(self.id)
        commands: CommandSet = importlib.import_module(self.command_package).COMMANDS
        return commands

    # -- names ---------------------------------------------------------------------------
    def attribute(self, name: str) -> str:
        """The canonical attribute name for ``name`` (case-insensitive).

        Raises:
            UnknownNameError: not an attribute of this ruleset.
        """
        wanted = name.upper()
        if wanted in self.attributes:
            return wanted
        raise UnknownNameError("attribute", name, self.attributes)

    def setting(self, name: str) -> Setting:
        """The setting called ``name``.

        Raises:
            UnknownNameError: no such setting.
        """
        every = self.campaign_settings()
        for setting in every:
            if setting.name == name:
                return setting
        raise UnknownNameError("setting", name, [s.name for s in every])

    def campaign_settings(self) -> tuple[Setting, ...]:
        """Every setting a campaign of this ruleset has: the ruleset's own, then the
        engine's (:data:`ENGINE_SETTINGS`)."""
        return (*self.settings, *ENGINE_SETTINGS)

    # -- tests ---------------------------------------------------------------------------
    @abstractmethod
    def modifier(self, score: int) -> int:
        """The attribute modifier of ``score``."""

    @abstractmethod
    def resolve_test(self, request: TestRequest, rng: random.Random) -> TestResult:
        """Roll a test."""

    @abstractmethod
    def test_odds(self, request: TestRequest) -> TestOdds:
        """The exact odds of a test."""

    @abstractmethod
    def character_test(
        self, character: CharacterT, attribute: str, options: TestOptions
    ) -> TestRequest:
        """The test ``character`` makes with ``attribute``, with every source of
        advantage and disadvantage their class, background and gear give.

        Raises:
            UnknownNameError: ``attribute`` is not an attribute of this ruleset.
        """

    # -- characters ----------------------------------------------------------------------
    @abstractmethod
    def classes(self) -> tuple[tuple[str, str], ...]:
        """``(id, name)`` of every class (or calling, or archetype: what a character
        is made as)."""

    @abstractmethod
    def create_character(self, spec: Any, rng: random.Random) -> Creation[CharacterT]:
        """Make a character from the ruleset's own spec value (redhack: a class, a swap,
        a kit, a background) with the caller's random source.

        Raises:
            UnknownNameError: an unknown class, attribute or option.
            CommandError: an impossible choice.
        """

    @abstractmethod
    def character_specs(self, name: str) -> tuple[Any, ...]:
        """One spec for every class and option the ruleset offers (redhack: each class
        with no kit and with each of its kits), for a character called ``name``: what
        the conformance suite makes and round-trips."""

    @abstractmethod
    def make_item(self, name: str, custom: bool = False) -> tuple[Item, bool]:
        """An item called ``name`` from the equipment list (``True``), or custom gear
        (``False``) when ``custom`` asks for it (docs/rulings.md H191).

        Raises:
            UnknownNameError: ``name`` is not on the list and ``custom`` is not asked
                (naming what it most likely meant).
        """

    def item_names(self) -> tuple[str, ...]:
        """The names ``make_item`` knows, one word each (for tab completion of
        ``give``); none by default."""
        return ()

    def equip(self, character: CharacterT, index: int, on: bool = True) -> CharacterT:
        """A copy of ``character`` with the item at ``index`` worn (or taken off).

        Wearing armour, a shield or a helm takes off any other of the same kind;
        readying a weapon puts away the one in hand (attacks use the weapon in hand
        unless the command names another). A two-handed weapon and a shield exclude
        each other: readying one takes off or puts away the other.

        Raises:
            RuleError: the item cannot be worn or readied.
        """
        item = character.inventory[index]
        if on and item.kind not in ("armour", "shield", "helm", "weapon", "light", "tool"):
            raise RuleError(f"{item.name} is not something to wear or ready")
        inventory = list(character.inventory)
        if on and item.kind in ("armour", "shield", "helm", "weapon"):
            inventory = [
                replace(other, equipped=False) if other.kind == item.kind else other
                for other in inventory
            ]
        if on and item.kind == "weapon" and item.hands == 2:
            inventory = [
                replace(other, equipped=False) if other.kind == "shield" else other
                for other in inventory
            ]
        elif on and item.kind == "shield":
            inventory = [
                replace(other, equipped=False)
                if other.kind == "weapon" and other.hands == 2
                else other
                for other in inventory
            ]
        inventory[index] = replace(item, equipped=on)
        return replace(character, inventory=tuple(inventory))

    def circumstances(self, state: CampaignState) -> tuple[str, ...]:
        """The situation every test is made in now, read from the campaign state (none
        by default)."""
        del state
        return ()

    def heal_from_zero(
        self,
        character: CharacterT,
        amount: int,
        rng: random.Random,
        settings: Callable[[str], object],
    ) -> tuple[CharacterT, tuple[tuple[str, str], ...]]:
        """A character at 0 HP is healed by ``amount``: what happens, as the character
        afterwards and ``(text, style)`` lines. By default they simply have the HP."""
        del rng, settings
        after = character.with_hp(amount)
        return after, ((f"{character.name}: HP 0 -> {after.hp}", ""),)

    def hit_point_rule(
        self, character: CharacterT, settings: Callable[[str], object]
    ) -> HitPointRule | None:
        """The rule ``character``'s hit points follow below zero (fantasy-hack: dying,
        dead at the campaign's threshold, RULINGS F1; skill-die: unconscious, dead at
        -20, temporary HP first, S3), or ``None`` where they stop at 0 and a ruleset's
        own rules decide what 0 means (redhack's injuries, black-sword-hack's Helpless
        table). With a rule, the core ``hp`` command applies it through
        :mod:`hacktable.rulesets.harm` (docs/rulings.md H296)."""
        del character, settings
        return None

    def session_end(self, character: CharacterT) -> tuple[CharacterT, tuple[str, ...]]:
        """What the end of a game session does to ``character`` (black-sword-hack:
        Impaired and Injured last until it ends, RULINGS B8): the character afterwards
        and a line for each thing that changed. By default nothing changes.

        The engine asks it of every character when the GM ends a session (``session
        end``, or ``session start`` while one is open) and commits what changed in the
        same command, before the session's end."""
        return character, ()

    def condition_label(self, condition: str) -> str:
        """How a stored condition (``"exhausted"``, ``"debilitated: DEX -2"``) is shown:
        the ruleset's name for it (the id itself by default)."""
        return condition

    def bestiary_ids(self, state: CampaignState) -> frozenset[str]:
        """The ids of the monsters a campaign knows (the packaged bestiary and the
        campaign's own), folded: no character may be named like one (issue 10 §10;
        docs/rulings.md H210, H254). None by default."""
        del state
        return frozenset()

    def status_lines(self, character: CharacterT, state: CampaignState) -> tuple[str, ...]:
        """What the campaign state says about ``character`` beyond the sheet (hunger,
        a wound's clock...), as lines for 'character show' (none by default)."""
        del character, state
        return ()

    def tag_hint(self, character: CharacterT, tags: tuple[str, ...]) -> str | None:
        """A hint when a test is made ``for`` tags no rule knows (a typo loses the
        advantage silently otherwise), or ``None``."""
        del character, tags
        return None

    def sheet_problem(self, character: CharacterT) -> str | None:
        """Why an imported sheet's character cannot be played as it stands (a value no
        character of the ruleset can have), or ``None`` (nothing checked by default)."""
        del character
        return None

    def carry_check(self, before: CharacterT, after: CharacterT) -> str | None:
        """Why ``after`` cannot carry what it holds (when the change added to the load),
        or ``None`` (no limit by default)."""
        del before, after
        return None

    def carry_notes(self, before: CharacterT, after: CharacterT) -> tuple[str, ...]:
        """What to say of how ``after`` carries what it holds when a change added to it
        but no limit refuses it (redhack: more than DEX items in hand); none by
        default."""
        del before, after
        return ()

    def protection(self, character: CharacterT) -> str | None:
        """How ``character`` is protected, in the ruleset's terms (redhack: ``"AC 14"``),
        for ``equip`` to say what wearing or taking off an item changed; ``None`` (the
        default) says nothing."""
        del character
        return None

    def usage_advantages(self, character: CharacterT, item: Item) -> list[str]:
        """Sources of advantage the character has on ``item``'s usage die (none by
        default)."""
        del character, item
        return []

    @abstractmethod
    def character_sheet(
        self, character: CharacterT, state: CampaignState | None = None
    ) -> tuple[str, ...]:
        """The character sheet as lines of text; ``state``: the campaign's, for what the
        campaign adds to the rules (redhack: its own spells' names), ``None`` for the
        packaged rules alone."""

    # -- prompts (issue 12 §2) -----------------------------------------------------------
    def prompt_odds(self, ctx: Context, intent: Intent) -> PromptOdds | None:
        """The test ``intent`` (a command the GM asks a player to run: ``ask``) makes
        and its exact odds, in the ruleset's words, to show in the prompt before the
        player rolls (issue 12 §2; docs/rulings.md H621); ``None`` (the default) where
        it is no test the ruleset gives odds for. Nothing is rolled.

        Raises:
            HacktableError: the intent cannot be made now (an unknown name, no fight):
                the prompt is refused, nothing stored.
        """
        del ctx, intent
        return None

    def defence_prompt(self, intent: Intent) -> str | None:
        """The character whose player rolls ``intent``, a monster's attack the GM
        declares, as a prompt (the campaign setting ``defence-prompts``: issue 12 §2,
        "the players roll every defence"; docs/rulings.md H623); ``None`` (the default)
        where it is no such attack, or the GM fixed its dice or overrode the rules."""
        del intent
        return None

    # -- tables --------------------------------------------------------------------------
    def tables(self) -> tuple[tuple[str, str], ...]:
        """``(id, name)`` of every rollable table; none by default (a ruleset whose
        text has none)."""
        return ()

    def roll_table(
        self,
        table_id: str,
        rng: random.Random,
        modifier: int = 0,
        advantage: Advantage = Advantage.NONE,
    ) -> TableOutcome:
        """Roll on a table (by default there is none).

        Raises:
            UnknownNameError: no such table.
        """
        del rng, modifier, advantage
        raise UnknownNameError("table", table_id, ())

    def lookup_table(self, table_id: str, value: int) -> TableOutcome:
        """Read a table at ``value`` without rolling (e.g. the fatigue table by the
        number of failed tests); by default there is none.

        Raises:
            UnknownNameError: no such table.
            RuleError: ``value`` is not on the table.
        """
        del value
        raise UnknownNameError("table", table_id, ())

    # -- tools and conformance -----------------------------------------------------------
    def legal_intents(self, view: CampaignView[Any], principal_role: str) -> list[Intent]:
        """The intents ``principal_role`` (a :class:`~hacktable.engine.principal.Role`
        value: ``"gm"``, ``"player"``, ``"observer"``) can ask now, chosen from the state
        in ``view``: each is well formed and names what exists, so it succeeds or fails
        only for a rule's reason, never for a typo. Tools and tests play the ruleset with
        them; an intent that cannot make sense now (an attack with no fight) is left out.
        :attr:`legal_module`'s ``legal_intents``; none without one."""
        offers = self._legal()
        if offers is None:
            return []
        return cast("list[Intent]", offers.legal_intents(self, view, principal_role))

    def odds_configurations(self) -> Iterable[TestRequest]:
        """The tests whose exact odds (:meth:`test_odds`) the conformance suite checks
        against every face :meth:`resolve_test` can be dealt: :attr:`legal_module`'s
        ``odds_configurations``; none without one."""
        offers = self._legal()
        return () if offers is None else cast("Iterable[TestRequest]", offers.odds_configurations())

    def example_sessions(self) -> tuple[tuple[str, int, str], ...]:
        """The ruleset's example sessions as ``(script, seed, golden transcript)``, paths
        relative to the repository root, in the order they are played on one campaign
        (each after the ones before it), each with its seed for the session's public
        dice and for its secret stream (``play --seed N --secret-seed N``), so secret
        and blind rolls print the golden transcript too: :attr:`legal_module`'s
        ``EXAMPLE_SESSIONS``; none without one."""
        offers = self._legal()
        if offers is None:
            return ()
        return cast("tuple[tuple[str, int, str], ...]", offers.EXAMPLE_SESSIONS)

    # -- the web table (issue 12 §2) ------------------------------------------------------
    table_view_module: ClassVar[str] = ""
    """The module of the ruleset's web-table view (``""``: the defaults below), imported
    when first asked: its ``table_panels(ruleset, state, principal)`` and
    ``table_actions(ruleset, state, character)`` answer :meth:`table_panels` and
    :meth:`table_actions`."""

    def table_panels(self, state: CampaignState, principal: Principal) -> tuple[Panel, ...]:
        """What the web table shows ``principal`` beside the log: each panel a READ
        command run as them (docs/rulings.md H630). By default the sheets of the
        characters they see (the GM: all; a player: their own; an observer: none)."""
        if self.table_view_module:
            module = importlib.import_module(self.table_view_module)
            return cast("tuple[Panel, ...]", module.table_panels(self, state, principal))
        from .table_view import sheet_panels

        return sheet_panels(state, principal)

    def table_actions(self, state: CampaignState, character: CharacterT) -> tuple[TableAction, ...]:
        """The buttons of ``character``'s player at the web table, odds first (docs/
        rulings.md H631). By default a test of each attribute, its odds by ``odds``."""
        if self.table_view_module:
            module = importlib.import_module(self.table_view_module)
            return cast("tuple[TableAction, ...]", module.table_actions(self, state, character))
        from .table_view import attribute_tests

        del state
        return attribute_tests(self.attributes, character.name)

    def _legal(self) -> Any:
        """:attr:`legal_module`, imported (``None``: the ruleset has none)."""
        return importlib.import_module(self.legal_module) if self.legal_module else None

    def table_range(self, table_id: str) -> range:
        """Every value ``table_id`` declares it can be read at (:meth:`lookup_table`):
        from the least to the greatest of the totals its dice roll (or its clamp allows)
        and the bounds its entries name. Empty by default: a ruleset with tables
        declares their ranges.

        Raises:
            UnknownNameError: no such table (a ruleset that declares ranges).
        """
        del table_id
        return range(0)
