"""The redhack ruleset plugin (``../shared/rules/000_1a63cf86266157db.txt``).

Tests follow redhack: Core Rules (RULINGS R1-R5, in :mod:`.core_rules`); characters
follow redhack: Character Creation and Equipment (R7, R8, R29); rules content (classes,
equipment, kits, tables, tags) is data in ``data/``, loaded by :mod:`.content`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import ClassVar

from ...dice.advantage import Advantage
from ...dice.render import render_roll, roll_to_json
from ...dice.roller import roll
from ...dice.usage import UsageDie
from ...errors import CommandError, HacktableError, RuleError, UnknownNameError
from ...play.character import Background, Character, Item
from ...play.codec import from_json
from ...play.state import CampaignState
from ...rules.resolution import TestKind, TestOdds, TestRequest, TestResult
from ..base import CharacterSpec, Creation, Ruleset, ScoresRoll, Setting, TableOutcome, TestOptions
from . import core_rules
from .content import Armour, ArmourPiece, Content, Gear, Kit, KitItem, Weapon, load_content
from .party import Needs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...rules.tables import TableRoll
    from ..context import CampaignView
    from ..grammar import Intent
    from .combat import WeaponProfile

__all__ = ["Redhack"]

ATTRIBUTES = ("STR", "DEX", "CON", "INT", "WIS", "CHA")

VISION = frozenset({"perception", "searching", "vision", "searching-for-traps", "surprise"})
"""Test tags that need sight: in the dark they have disadvantage (redhack: Exploration &
Dungeons > Preparation & Supplies > Light)."""


class Redhack(Ruleset):
    """redhack: house rules in the Black Hack family."""

    id: ClassVar[str] = "redhack"
    title: ClassVar[str] = "redhack"
    rules_file: ClassVar[str] = "000_1a63cf86266157db.txt"
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
    )
    command_package: ClassVar[str] = "hacktable.rulesets.redhack.commands"

    @property
    def content(self) -> Content:
        """The validated rules content (loaded on first use).

        Raises:
            RulesDataError: a data file is broken.
        """
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

    def _expand(self, tags: Iterable[str]) -> frozenset[str]:
        """Test tags with everything they imply; tags not in tags.toml (a background's
        own words) stand for themselves."""
        known = self._known_tags()
        expanded: set[str] = set()
        for tag in tags:
            if tag in known:
                expanded |= self.content.tags_implied(tag)
            else:
                expanded.add(tag)
        return frozenset(expanded)

    def _known_tags(self) -> frozenset[str]:
        cached: frozenset[str] | None = getattr(self, "_tag_ids", None)
        if cached is None:
            cached = frozenset(t.id for t in self.content.tags)
            self._tag_ids = cached
        return cached

    def character_test(
        self, character: Character, attribute: str, options: TestOptions
    ) -> TestRequest:
        """The test with every source of advantage and disadvantage that applies:

        - the caller's (``adv``/``dis``: the GM's call);
        - class features whose ``advantage_on`` matches the test's tags, attribute and
          kind, given the items carried (redhack: Character Creation > 2. Class; e.g.
          Thief Skills, Divine Fortitude on CON saves vs poison);
        - the background's advantage and disadvantage tags (3. Backgrounds);
        - worn armour, shield and helm (RULINGS R7: leather or heavier on spellcasting,
          chain or heavier on stealth, swimming and delicate tasks; the helm on
          perception, surprise and non-intimidate CHA tests);
        - carried gear that gives advantage without a condition (iron spikes on
          climbing).

        Raises:
            UnknownNameError: ``attribute`` is not a redhack attribute.
        """
        attribute = self.attribute(attribute)
        if character.dead:
            raise RuleError(f"{character.name} is dead")
        score = character.score(attribute)
        tags = self._expand(options.tags)
        save = options.kind is TestKind.SAVE
        items = {item.ref for item in character.inventory if item.ref and not _spent(item)}
        advantages = list(options.advantages)
        disadvantages = list(options.disadvantages)
        cls = self.content.class_(character.class_id)
        for feature in cls.features:
            if any(c.matches(tags, attribute, save, items) for c in feature.advantage_on):
                advantages.append(f"{cls.name}: {feature.name}")
        background = character.background
        if tags & self._expand(background.advantages):
            advantages.append("background")
        if tags & self._expand(background.disadvantages):
            disadvantages.append("background")
        for item in character.inventory:
            if item.ref is None or _spent(item):
                continue
            try:
                entry = self.content.equipment(item.ref)
            except UnknownNameError:
                continue
            if item.equipped and isinstance(entry, Armour | ArmourPiece):
                if any(c.matches(tags, attribute, save, items) for c in entry.disadvantage_on):
                    disadvantages.append(item.name.lower())
            elif isinstance(entry, Gear) and any(
                not c.note and c.matches(tags, attribute, save, items) for c in entry.advantage_on
            ):
                advantages.append(item.name.lower())
        disadvantages += self._condition_sources(character, attribute)
        situation = set(options.circumstances)
        if "dark" in situation and (tags & VISION or options.kind is TestKind.MORALE):
            disadvantages.append("darkness")
        if "careless" in situation and tags & {"searching", "surprise"}:
            disadvantages.append("moving fast and carelessly")
        if "bright" in situation and tags & {"searching", "surprise"}:
            advantages.append("an unusual amount of light")
        if "movement" in tags and self.encumbrance(character) != "unencumbered":
            disadvantages.append("encumbered")
        for item_id, needed_for in self._tool_needs():
            if needed_for & tags and item_id not in items:
                entry = self.content.equipment(item_id)
                disadvantages.append(f"no {entry.name.lower()}")
        return TestRequest(
            attribute=attribute,
            score=score,
            difficulty=1 if options.difficulty is None else options.difficulty,
            bonus=options.bonus,
            penalty=options.penalty,
            advantages=tuple(advantages),
            disadvantages=tuple(disadvantages),
            kind=options.kind,
            who=character.name,
            purpose=_purpose(options.tags, options.kind),
        )

    def _condition_sources(self, character: Character, attribute: str) -> list[str]:
        """Disadvantage from lasting conditions on tests of ``attribute`` (RULINGS R11:
        wounded on STR, DEX and CON; injured on every ability)."""
        from .conditions import condition

        sources = []
        for text in character.conditions:
            found = condition(text.split(":", 1)[0])
            if attribute in found.disadvantage_on:
                sources.append(found.name.lower())
        return sources

    def load(self, character: Character) -> int:
        """Inventory slots in use (redhack: Equipment > Encumberance; RULINGS R29): each
        item's slots (times its quantity, but a usage die of torches or rations is one
        bundle), and one slot per 250 coins or part of it."""
        items = sum(i.slots * (1 if i.usage else i.quantity) for i in character.inventory)
        return items + -(-character.coins // 250)

    def circumstances(self, state: CampaignState) -> tuple[str, ...]:
        """``dark`` in a dungeon with no light lit (disadvantage on tests of vision or
        morale), ``careless`` while moving fast and carelessly (disadvantage on search and
        surprise), ``bright`` with an unusual amount of light (advantage on them)
        (redhack: Exploration & Dungeons > Time & Movement, Preparation > Light)."""
        from ...play.codec import from_json
        from .party import PartyState

        data = state.get("party", "state")
        party = PartyState() if data is None else from_json(PartyState, data)
        found = []
        if party.environment == "dungeon":
            lit = any(
                item.get("lit")
                for character in state.values("character")
                for item in character.get("inventory", ())
            )
            if not lit:
                found.append("dark")
        if party.careless:
            found.append("careless")
        if party.light:
            found.append("bright")
        return tuple(found)

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

    def tag_hint(self, character: Character, tags: tuple[str, ...]) -> str | None:
        """Tags not in tags.toml nor among the character's background tags."""
        import difflib

        known = {t.id for t in self.content.tags}
        own = set(character.background.advantages) | set(character.background.disadvantages)
        unknown = [t for t in tags if t not in known and t not in own]
        if not unknown:
            return None
        hints = []
        for tag in unknown:
            close = difflib.get_close_matches(tag, sorted(known | own), n=1)
            hints.append(f"'{tag}'" + (f" (did you mean '{close[0]}'?)" if close else ""))
        return f"no rule or background knows {', '.join(hints)}: only the GM's adv/dis apply to it"

    def carry_check(self, before: Character, after: Character) -> str | None:
        """RULINGS R29: beyond twice STR in slots, more cannot be carried."""
        load = self.load(after)
        if load > self.load(before) and self.encumbrance(after) == "overloaded":
            limit = 2 * after.score("STR")
            return (
                f"{after.name} cannot carry that: {load} slots, at most {limit} "
                "(twice STR, RULINGS R29)"
            )
        return None

    def encumbrance(self, character: Character) -> str:
        """``"unencumbered"`` (up to STR slots), ``"encumbered"`` (up to twice STR:
        disadvantage on movement tests, -1 travel speed) or ``"overloaded"`` (more cannot
        be carried) (RULINGS R29)."""
        used, strength = self.load(character), character.score("STR")
        if used <= strength:
            return "unencumbered"
        return "encumbered" if used <= 2 * strength else "overloaded"

    def _tool_needs(self) -> tuple[tuple[str, frozenset[str]], ...]:
        """Gear whose lack gives disadvantage, with the test tags it is needed for (the
        holy symbol for turning undead, thieves' tools for locks and traps)."""
        return tuple(
            (entry.id, frozenset(entry.needed_for))
            for entry in self.content.equipment_items
            if isinstance(entry, Gear) and entry.needed_for
        )

    def armour_category(self, character: Character) -> str:
        """``none``, ``light``, ``medium`` or ``heavy``: the worn armour's (R7)."""
        for item in character.inventory:
            if item.equipped and item.kind == "armour" and item.ref is not None:
                try:
                    return self.content.armour(item.ref).category
                except UnknownNameError:
                    continue
        return "none"

    def defence_base(self, character: Character, tags: tuple[str, ...] = ()) -> TestRequest:
        """The sources every defence of ``character`` carries. An AC test counts as a DEX
        test in no, light or medium armour (redhack: Combat > AC & Armour), so what
        hinders DEX tests (a wound, RULINGS R11) hinders it; heavy armour does not."""
        if self.armour_category(character) == "heavy":
            return TestRequest("AC", self.armour_class(character), who=character.name)
        dex = self.character_test(character, "DEX", TestOptions(tags=tags))
        return replace(dex, attribute="AC", score=self.armour_class(character))

    def weapon_profile(self, character: Character, name: str | None = None) -> WeaponProfile:
        """The weapon ``character`` attacks with: the named item (or ``"unarmed"``,
        ``"improvised"``), else the weapon in hand (``equip NAME WEAPON``), else their
        first melee weapon, else unarmed.

        Damage (RULINGS R8): the item's own dice if the kit gave them; otherwise the
        class's attack die, stepped up once for a two-handed (2H) weapon; improvised,
        unarmed and thrown gear use the class's improvised die.

        Raises:
            UnknownNameError: no such item.
            RuleError: the item is not a weapon.
        """
        from .combat import Band, WeaponProfile, step_up_die

        cls = self.content.class_(character.class_id)
        if name is not None and name.lower() in ("unarmed", "improvised"):
            kind = name.lower()
            return WeaponProfile(kind.capitalize(), f"1d{cls.improvised_die}", (kind,))
        if name is None:
            for index, item in enumerate(character.inventory):
                if item.kind == "weapon" and item.equipped:
                    return replace(self.weapon_profile(character, item.name), item=index)
            for index, item in enumerate(character.inventory):
                if item.kind == "weapon":
                    profile = self.weapon_profile(character, item.name)
                    if not profile.ranged:
                        return replace(profile, item=index)
            return WeaponProfile("Unarmed", f"1d{cls.improvised_die}", ("unarmed",))
        index = character.find_item(name)
        item = character.inventory[index]
        entry = None
        if item.ref is not None:
            try:
                entry = self.content.equipment(item.ref)
            except UnknownNameError:
                entry = None
        if isinstance(entry, Gear) and entry.thrown is not None:
            thrown = entry.thrown
            damage = f"1d{cls.improvised_die}" if thrown.damage == "improvised" else thrown.damage
            ongoing = UsageDie.parse(thrown.ongoing) if thrown.ongoing else None
            return WeaponProfile(
                item.name,
                damage,
                ("thrown", "improvised", "one-shot"),
                ongoing=None if ongoing is None else int(ongoing),
                ongoing_now=thrown.ongoing_now,
                only_against=thrown.only_against,
                item=index,
                throw=True,
            )
        if item.kind != "weapon":
            raise RuleError(f"{character.name}'s {item.name} is not a weapon")
        types: tuple[str, ...] = item.types or (("2h",) if item.hands == 2 else ())
        disadvantage_at = None
        if isinstance(entry, Weapon):
            types = entry.types
            if entry.disadvantage_at is not None:
                disadvantage_at = Band.parse(entry.disadvantage_at)
        if item.damage is not None:
            damage = item.damage
        else:
            die = cls.attack_die
            damage = f"1d{step_up_die(die) if '2h' in types else die}"
        ammunition = None
        if "ranged" in types:
            ammunition = next(
                (
                    i.name
                    for i in character.inventory
                    if i.kind == "ammunition" and i.usage is not None and not i.usage.exhausted
                ),
                "",
            )
        return WeaponProfile(item.name, damage, types, disadvantage_at, ammunition, item=index)

    # -- characters ----------------------------------------------------------------------
    def classes(self) -> tuple[tuple[str, str], ...]:
        """The five classes (redhack: Character Creation > 2. Class)."""
        return tuple((c.id, c.name) for c in self.content.classes)

    def kits(self, class_id: str) -> tuple[str, ...]:
        """The class's starting kits, one line each (4. Starting Equipment).

        Raises:
            UnknownNameError: no such class.
        """
        cls = self.content.class_(class_id)
        return tuple(_kit_line(kit) for kit in self.content.kits_for(cls.id))

    def roll_scores(self, rng: random.Random) -> ScoresRoll:
        """3d6 for each attribute, in order: STR, DEX, CON, INT, WIS, CHA
        (redhack: Character Creation > 1. Attributes)."""
        rolls = tuple(roll("3d6", rng) for _ in ATTRIBUTES)
        return ScoresRoll(rolls, tuple(zip(ATTRIBUTES, (r.total for r in rolls), strict=True)))

    def build_character(
        self, spec: CharacterSpec, scores: ScoresRoll, rng: random.Random
    ) -> Creation:
        """redhack: Character Creation. After the scores: an optional swap of two
        attributes, the class (starting HP = hit die + 4, rolled), the background, and
        the starting kit with its coins rolled (4. Starting Equipment; RULINGS R8).

        Every choice is checked before anything is rolled.

        Raises:
            UnknownNameError: unknown class or attribute.
            CommandError: a swap of an attribute with itself, or a kit the class lacks.
        """
        cls = self.content.class_(spec.class_id)
        values = dict(scores.scores)
        lines = [
            "Attributes (3d6 in order): "
            + ", ".join(f"{a} {r.total}" for a, r in zip(ATTRIBUTES, scores.rolls, strict=True))
        ]
        if spec.swap is not None:
            first, second = (self.attribute(a) for a in spec.swap)
            if first == second:
                raise CommandError("swap two different attributes", "character")
            values[first], values[second] = values[second], values[first]
            lines.append(
                f"Swapped {first} and {second}: {first} {values[first]}, {second} {values[second]}"
            )
        kit: Kit | None = None
        if spec.kit is not None:
            kits = self.content.kits_for(cls.id)
            if not 1 <= spec.kit <= len(kits):
                have = f"kits 1-{len(kits)}" if kits else "no kits"
                raise CommandError(f"{cls.name} has {have}, not kit {spec.kit}", "character")
            kit = kits[spec.kit - 1]
        hp_roll = roll(f"1d{cls.hit_die}+{cls.starting_hp_bonus}", rng)
        lines.append(f"{cls.name}: hit points {render_roll(hp_roll)}")
        inventory: tuple[Item, ...] = ()
        coins = 0
        detail: dict[str, object] = {
            "scores": [roll_to_json(r) for r in scores.rolls],
            "swap": list(spec.swap) if spec.swap else None,
            "class": cls.id,
            "hp": roll_to_json(hp_roll),
        }
        if kit is not None:
            inventory = tuple(self._kit_item(entry) for entry in kit.items)
            lines.append(f"Kit {kit.number}: {_kit_line(kit)}")
            detail["kit"] = kit.number
            if kit.coins:
                coin_roll = roll(kit.coins, rng)
                coins = coin_roll.total
                note = f" ({kit.coins_note})" if kit.coins_note else ""
                lines.append(f"Coins {render_roll(coin_roll)}{note}")
                detail["coins"] = roll_to_json(coin_roll)
        if spec.background:
            lines.append(f"Background: {spec.background}")
        character = Character(
            name=spec.name,
            ruleset=self.id,
            class_id=cls.id,
            scores=tuple((a, values[a]) for a in ATTRIBUTES),
            hp=hp_roll.total,
            max_hp=hp_roll.total,
            hit_die=cls.hit_die,
            background=Background(spec.background, spec.advantages, spec.disadvantages),
            inventory=inventory,
            coins=coins,
            kit=None if kit is None else kit.number,
        )
        return Creation(character, tuple(lines), detail)

    def _kit_item(self, entry: KitItem) -> Item:
        ref_entry = None
        if entry.ref is not None:
            ref_entry = self.content.equipment(entry.ref)
        slots = ref_entry.slots if ref_entry is not None else (2 if entry.hands == 2 else 1)
        if entry.kind == "weapon" and entry.hands == 2 and ref_entry is None:
            slots = 2  # RULINGS R29: two-handed weapons take 2 slots
        return Item(
            name=entry.name,
            kind=entry.kind,
            ref=entry.ref,
            usage=entry.usage_die,
            damage=entry.damage,
            hands=entry.hands,
            types=tuple(entry.types),
            equipped=entry.kind in ("armour", "shield", "helm"),
            slots=slots,
            notes=entry.note,
        )

    def make_item(self, name: str) -> tuple[Item, bool]:
        """An item from the equipment list (redhack: Equipment), or custom gear."""
        try:
            entry = self.content.equipment(name)
        except UnknownNameError:
            return Item(name=name), False
        kind = "gear"
        usage: UsageDie | None = None
        hands: int | None = None
        if isinstance(entry, Weapon):
            kind, hands = "weapon", entry.hands
        elif isinstance(entry, Armour):
            kind = "armour"
        elif isinstance(entry, ArmourPiece):
            kind = entry.kind
        elif isinstance(entry, Gear):
            usage = entry.usage_die
            kind = (
                "light"
                if entry.light_source
                else ("tool" if entry.category == "class-tool" else "gear")
            )
            if entry.id in ("arrows", "quarrels", "silver-arrow"):
                kind = "ammunition"
        return Item(
            name=entry.name,
            kind=kind,
            ref=entry.id,
            usage=usage,
            hands=hands,
            slots=entry.slots,
            notes=entry.notes,
        ), True

    def usage_advantages(self, character: Character, item: Item) -> list[str]:
        """Class features with advantage on what this item is used for, applied to its
        usage die: a Warrior's Armour Maintenance on Armourer's Tools (RULINGS R31, G2)."""
        if item.ref is None:
            return []
        try:
            entry = self.content.equipment(item.ref)
        except UnknownNameError:
            return []
        tags = self._expand(entry.tags)
        items = {i.ref for i in character.inventory if i.ref}
        cls = self.content.class_(character.class_id)
        return [
            f"{cls.name}: {feature.name}"
            for feature in cls.features
            if any(
                c.tag is not None and c.matches(tags, None, False, items)
                for c in feature.advantage_on
            )
        ]

    def armour_class(self, character: Character) -> int:
        """Player AC (RULINGS R7): DEX without armour; padded/leather/studded DEX+1/+2/+3;
        chain and banded half DEX + 9/10; plate 16, field plate 17, full plate 18; a worn
        shield and helm +1 each."""
        dex = character.score("DEX")
        ac = dex
        bonus = 0
        for item in character.inventory:
            if not item.equipped or item.ref is None:
                continue
            try:
                entry = self.content.equipment(item.ref)
            except UnknownNameError:
                continue
            if isinstance(entry, Armour):
                ac = entry.player_ac(dex)
            elif isinstance(entry, ArmourPiece):
                bonus += entry.ac_bonus
        return ac + bonus

    def condition_label(self, condition: str) -> str:
        """The condition's name from conditions.toml, lower-case, with its detail
        (``"exhausted"`` is shown as "debilitated (fatigue)", the fatigue table's word)."""
        from .conditions import load_conditions

        key, _, detail = condition.partition(":")
        found = load_conditions().get(key.strip())
        if found is None:
            return condition
        name = found.name[:1].lower() + found.name[1:]
        return f"{name}:{detail}" if detail else name

    def status_lines(self, character: Character, state: CampaignState) -> tuple[str, ...]:
        """Food, water and sleep (redhack: Wilderness Survival > Fatigue & Supplies;
        RULINGS R19, R23) when something is missing."""
        data = state.get("needs", character.key)
        if data is None:
            return ()
        needs = from_json(Needs, data)
        wants = [w for w, on in (("hungry", needs.hungry), ("thirsty", needs.thirsty)) if on]
        if needs.tired:
            wants.append("tired")
        if needs.half_rations:
            wants.append("on half rations")
        if needs.healing_blocked:
            wants.append("cannot heal until they eat and drink")
        return (f"  Needs: {', '.join(wants)}",) if wants else ()

    def character_sheet(self, character: Character) -> tuple[str, ...]:
        """The sheet: class, scores with modifiers, HP, AC, damage dice, coins,
        background, inventory with slots (RULINGS R29) and class features."""
        try:
            cls = self.content.class_(character.class_id)
            class_name = cls.name
            dice = f"attack d{cls.attack_die} (improvised d{cls.improvised_die})"
            features = ", ".join(f.name for f in cls.features)
        except HacktableError:
            class_name, dice, features = character.class_id, "", ""
        scores = "  ".join(f"{a} {s} ({self.modifier(s):+d})" for a, s in character.scores)
        worn = [
            i.name.lower()
            for i in character.inventory
            if i.equipped and i.kind in ("armour", "shield", "helm")
        ]
        armour = f" ({', '.join(worn)})" if worn else ""
        status = " - DEAD" if character.dead else ""
        lines = [
            f"{character.name} - {class_name}, level {character.level}{status}",
            f"  {scores}",
            f"  HP {character.hp}/{character.max_hp}  AC {self.armour_class(character)}{armour}"
            f"  hit die d{character.hit_die}  {dice}  coins {character.coins}",
        ]
        background = character.background
        if background.text:
            tags = []
            if background.advantages:
                tags.append("advantage: " + ", ".join(background.advantages))
            if background.disadvantages:
                tags.append("disadvantage: " + ", ".join(background.disadvantages))
            extra = f" ({'; '.join(tags)})" if tags else ""
            lines.append(f"  Background: {background.text}{extra}")
        if character.conditions or character.mortal_wound is not None:
            shown = [self.condition_label(c) for c in character.conditions]
            if character.mortal_wound is not None:
                shown.append(f"duration die {character.mortal_wound}")
            lines.append(f"  Conditions: {', '.join(shown)}")
        if character.xp:
            lines.append(f"  Experience: {character.xp}")
        used, strength = self.load(character), character.score("STR")
        if used <= strength:
            burden = "unencumbered"
        elif used <= 2 * strength:
            burden = "encumbered: disadvantage on movement tests, -1 travel speed"
        else:
            burden = "over the limit: cannot carry this much"
        coins = f", coins {-(-character.coins // 250)}" if character.coins else ""
        lines.append(f"  Inventory ({used} slots of {strength}{coins}; {burden}):")
        lines.extend(f"    - {item.describe()}" for item in character.inventory)
        if features:
            lines.append(f"  Features: {features}")
        return tuple(lines)

    # -- tables --------------------------------------------------------------------------
    def tables(self) -> tuple[tuple[str, str], ...]:
        """The rollable tables (injuries, reactions, survival, fatigue, ...)."""
        return tuple((t.id, t.name) for t in self.content.tables)

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
        from ...rules.tables import roll_table

        table = self.content.table(table_id)
        if table.dice is None:
            raise RuleError(f"the {table.name} table is read, not rolled: table {table.id} = N")
        result = roll_table(table, rng, modifier, advantage)
        return _table_outcome(result)

    def lookup_table(self, table_id: str, value: int) -> TableOutcome:
        """Read a table at ``value``.

        Raises:
            UnknownNameError: no such table.
            RuleError: ``value`` is off the table.
        """
        from ...rules.tables import lookup_roll

        table = self.content.table(table_id)
        result = lookup_roll(table, value)
        return _table_outcome(result)

    # -- tools and conformance (in .legal) -----------------------------------------------
    def legal_intents(self, view: CampaignView, principal_role: str) -> list[Intent]:
        """What can be asked now (:func:`.legal.legal_intents`)."""
        from .legal import legal_intents

        return legal_intents(self, view, principal_role)

    def odds_configurations(self) -> Iterable[TestRequest]:
        """RULINGS R1-R5: the tests whose odds are checked
        (:func:`.legal.odds_configurations`)."""
        from .legal import odds_configurations

        return odds_configurations()

    def example_sessions(self) -> tuple[tuple[str, int, str], ...]:
        """The three example sessions ``make run`` plays (:data:`.legal.EXAMPLE_SESSIONS`)."""
        from .legal import EXAMPLE_SESSIONS

        return EXAMPLE_SESSIONS

    def table_range(self, table_id: str) -> range:
        """The values a table is read at (:func:`.legal.table_range`).

        Raises:
            UnknownNameError: no such table.
        """
        from .legal import table_range

        return table_range(self, table_id)


def _table_outcome(result: TableRoll) -> TableOutcome:
    from ...rules.tables import table_to_json

    return TableOutcome(
        result.table.id,
        result.table.name,
        result.value,
        result.entry.result,
        result.entry.effect,
        result.explain(),
        table_to_json(result),
    )


def _purpose(tags: tuple[str, ...], kind: TestKind) -> str:
    """``"for climbing"``; nothing when the only tag repeats the kind (a surprise test
    tagged ``surprise``)."""
    shown = [t for t in tags if t != kind.value]
    return f"for {', '.join(shown)}" if shown else ""


def _spent(item: Item) -> bool:
    return item.usage is not None and item.usage.exhausted


def _kit_line(kit: Kit) -> str:
    items = []
    for entry in kit.items:
        bits = [b for b in (entry.damage, entry.usage) if b]
        items.append(f"{entry.name} {' '.join(bits)}".strip())
    if kit.coins:
        items.append(f"{kit.coins} coins")
    return ", ".join(items)
