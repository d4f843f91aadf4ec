"""The content package and the ruleset module keep every name importable from where it
was before they were split along their seams."""

from __future__ import annotations

import importlib

import pytest

from hacktable.rulesets import get_ruleset
from hacktable.rulesets.redhack import content
from hacktable.rulesets.redhack.content import equipment, index, loader, rules, schemas

# Every public name of the former single module ``redhack/content.py``.
FORMER_CONTENT_NAMES = (
    "ATTRIBUTES",
    "CLASSES_FILE",
    "DATA_FILES",
    "DATA_PACKAGE",
    "EQUIPMENT_FILE",
    "KITS_FILE",
    "TABLES_FILE",
    "TAGS_FILE",
    "AcRule",
    "Armour",
    "ArmourPiece",
    "Attribute",
    "CharacterClass",
    "Circumstance",
    "ClassesFile",
    "Content",
    "EquipmentFile",
    "EquipmentItem",
    "Feature",
    "Gear",
    "GearCategory",
    "Item",
    "Kit",
    "KitItem",
    "KitItemKind",
    "KitsFile",
    "NonNegative",
    "Positive",
    "RangeBand",
    "TablesFile",
    "Tag",
    "TagsFile",
    "ThrownAttack",
    "Weapon",
    "WeaponType",
    "load_content",
    "load_content_from",
    "weapon_die",
)


@pytest.mark.parametrize("name", FORMER_CONTENT_NAMES)
def test_content_package_reexports_each_former_name(name: str) -> None:
    assert name in content.__all__
    home = next(
        module
        for module in (schemas, equipment, index, loader, rules)
        if name in getattr(module, "__all__", ())
    )
    assert getattr(content, name) is getattr(home, name)


def test_content_package_exports_nothing_it_lacks() -> None:
    assert sorted(content.__all__) == sorted(FORMER_CONTENT_NAMES)
    assert all(hasattr(content, name) for name in content.__all__)


def test_ruleset_module_keeps_its_names() -> None:
    ruleset = importlib.import_module("hacktable.rulesets.redhack.ruleset")
    assert ruleset.Redhack.id == "redhack"
    assert ruleset.ATTRIBUTES == ("STR", "DEX", "CON", "INT", "WIS", "CHA")
    assert ruleset.ATTRIBUTES is schemas.ATTRIBUTES
    assert "surprise" in ruleset.VISION
    assert type(get_ruleset("redhack")) is ruleset.Redhack


def test_tag_ids_are_the_ids_in_tags_toml() -> None:
    loaded = content.load_content()
    assert loaded.tag_ids == frozenset(tag.id for tag in loaded.tags)
    assert "picking-locks" in loaded.tag_ids
    assert "Picking Locks" not in loaded.tag_ids  # exact ids, not lookup keys


# Every public name of ``redhack/commands/magic.py`` before it was split (issue 10, the
# magic part's tidying), and the modules it was split into.
FORMER_MAGIC_NAMES = (
    "EFFECTS",
    "CastIntent",
    "MemoriseIntent",
    "heal_with",
    "set_slots",
    "spell_level",
    "spend_action",
)
MAGIC_MODULES = ("magic", "caster", "memorise", "cast", "casting_table", "spell_targets", "ritual")


@pytest.mark.parametrize("name", FORMER_MAGIC_NAMES)
def test_the_magic_commands_keep_their_names(name: str) -> None:
    magic = importlib.import_module("hacktable.rulesets.redhack.commands.magic")
    assert name in magic.__all__
    homes = [
        importlib.import_module(f"hacktable.rulesets.redhack.commands.{module}")
        for module in MAGIC_MODULES[1:]
    ]
    home = next(m for m in homes if name in getattr(m, "__all__", ()))
    assert getattr(magic, name) is getattr(home, name)


@pytest.mark.parametrize("module", MAGIC_MODULES)
def test_the_magic_command_modules_are_small(module: str) -> None:
    """One concern each, under ~400 lines (the developers' guide)."""
    found = importlib.import_module(f"hacktable.rulesets.redhack.commands.{module}")
    assert found.__file__ is not None
    with open(found.__file__, encoding="utf-8") as source:
        assert sum(1 for _ in source) < 400


def test_memorise_and_cast_are_still_registered_in_that_order() -> None:
    from hacktable.rulesets.redhack.commands import COMMANDS

    names = [c.name for c in COMMANDS]
    assert names.index("memorise") < names.index("cast")


def _line_count(module: str) -> int:
    found = importlib.import_module(module)
    assert found.__file__ is not None
    with open(found.__file__, encoding="utf-8") as source:
        return sum(1 for _ in source)


def _homes_keep_names(old: str, homes: tuple[str, ...], names: tuple[str, ...]) -> None:
    """Every one of ``names`` is in ``old``'s ``__all__`` and is either the very object
    one of ``homes`` exports (nothing copied) or still defined in ``old``, and ``old``
    exports nothing else."""
    former = importlib.import_module(old)
    assert sorted(former.__all__) == sorted(names)
    modules = [importlib.import_module(home) for home in homes if home != old]
    for name in names:
        home = next((m for m in modules if name in getattr(m, "__all__", ())), None)
        if home is None:  # still defined where it was
            assert hasattr(former, name), name
        else:
            assert getattr(former, name) is getattr(home, name), name


# Every public name of the rules module ``redhack/travel.py`` before it was split, and
# the modules it was split into (travel.py keeps the journey itself).
REDHACK = "hacktable.rulesets.redhack"
FORMER_TRAVEL_NAMES = (
    "DEFAULT_HEX_MILES",
    "DEFAULT_MOVES",
    "DRAINED",
    "NEEDS",
    "FatigueDay",
    "FatigueTest",
    "Journey",
    "Landscape",
    "LandscapeEntry",
    "LandscapesFile",
    "Movement",
    "SpeedConditions",
    "SurvivalRoll",
    "TravelPlan",
    "begins_clear",
    "drained_cap",
    "fatigue_day",
    "fatigue_mode",
    "hindrances",
    "landscapes_from_text",
    "load_landscapes",
    "movement",
    "party_hindrance",
    "penalty_per_move",
    "recovered_step",
    "speed",
    "survival_modifier",
    "survival_roll",
    "travelling_light",
)
TRAVEL_MODULES = ("travel", "travel_speed", "survival", "landscapes", "fatigue")


def test_the_travel_rules_keep_their_names() -> None:
    _homes_keep_names(
        f"{REDHACK}.travel", tuple(f"{REDHACK}.{m}" for m in TRAVEL_MODULES), FORMER_TRAVEL_NAMES
    )


@pytest.mark.parametrize("module", TRAVEL_MODULES)
def test_the_travel_rules_modules_are_small(module: str) -> None:
    """One concern each, under ~400 lines (the developers' guide)."""
    assert _line_count(f"{REDHACK}.{module}") < 400


# Every public name of ``redhack/commands/travel.py`` before it was split, and the
# modules it was split into (travel.py keeps the ``travel`` command itself).
FORMER_TRAVEL_COMMAND_NAMES = (
    "JOURNEY_KEY",
    "LandscapeIntent",
    "TravelAction",
    "TravelIntent",
    "current_journey",
    "landscape_for",
)
TRAVEL_COMMAND_MODULES = ("travel", "landscapes", "journey", "travel_day")


def test_the_travel_commands_keep_their_names() -> None:
    _homes_keep_names(
        f"{REDHACK}.commands.travel",
        tuple(f"{REDHACK}.commands.{m}" for m in TRAVEL_COMMAND_MODULES),
        FORMER_TRAVEL_COMMAND_NAMES,
    )


@pytest.mark.parametrize("module", TRAVEL_COMMAND_MODULES)
def test_the_travel_command_modules_are_small(module: str) -> None:
    """One concern each, under ~400 lines (the developers' guide)."""
    assert _line_count(f"{REDHACK}.commands.{module}") < 400


def test_landscape_and_travel_are_still_registered_in_that_order() -> None:
    """As when they were one module: ``landscape`` just before ``travel``."""
    from hacktable.rulesets.redhack.commands import COMMANDS

    names = [c.name for c in COMMANDS]
    assert names.index("travel") == names.index("landscape") + 1


# Every public name of the rules module ``redhack/fortune.py`` before it was split, and
# the modules it was split into (fortune.py keeps the roll itself).
FORMER_FORTUNE_NAMES = (
    "MODIFIER_CAP",
    "NOBODY",
    "Aptitude",
    "FortuneEntry",
    "FortuneRoll",
    "Role",
    "Task",
    "TaskFile",
    "aptitude",
    "aptitudes",
    "describe_task",
    "entry_text",
    "fortune_roll",
    "load_tasks",
    "load_tasks_from",
    "task_table",
    "validate_task",
)
FORTUNE_MODULES = ("fortune", "fortune_tasks", "aptitude")


def test_the_fortune_rules_keep_their_names() -> None:
    _homes_keep_names(
        f"{REDHACK}.fortune",
        tuple(f"{REDHACK}.{m}" for m in FORTUNE_MODULES),
        FORMER_FORTUNE_NAMES,
    )
    fortune = importlib.import_module(f"{REDHACK}.fortune")
    assert fortune.Implied is importlib.import_module(f"{REDHACK}.aptitude").Implied


@pytest.mark.parametrize("module", FORTUNE_MODULES)
def test_the_fortune_rules_modules_are_small(module: str) -> None:
    """One concern each, under ~400 lines (the developers' guide)."""
    assert _line_count(f"{REDHACK}.{module}") < 400


# Every public name of ``redhack/commands/fight.py`` before it was split (the
# developers' guide: a module past ~500 lines splits along its seams), and the modules
# it was split into (fight.py only re-exports).
FORMER_FIGHT_NAMES = (
    "BlockIntent",
    "FightAddIntent",
    "FightEndIntent",
    "FightIntent",
    "FightStartIntent",
    "FightStatusIntent",
    "FlagIntent",
    "HoldIntent",
    "InitIntent",
    "MoveIntent",
    "NextIntent",
    "campaign_day",
    "monsters_for",
)
FIGHT_MODULES = (
    "fight",
    "fight_command",
    "fight_start",
    "fight_add",
    "fight_end",
    "fight_rounds",
    "fight_moves",
    "fight_flags",
)
# Defined in fight.py before the split, public though not in its ``__all__``.
FORMER_FIGHT_EXTRAS = (
    "FIGHTER_FLAGS",
    "FIGHT_FLAGS",
    "FOE_FLAGS",
    "FOE_STATUSES",
    "block_command",
    "fight_command",
    "flag_command",
    "hold_command",
    "init_command",
    "move_command",
    "next_command",
    "status_reply",
)


def test_the_fight_commands_keep_their_names() -> None:
    _homes_keep_names(
        f"{REDHACK}.commands.fight",
        tuple(f"{REDHACK}.commands.{m}" for m in FIGHT_MODULES),
        FORMER_FIGHT_NAMES,
    )


@pytest.mark.parametrize("name", FORMER_FIGHT_EXTRAS)
def test_the_fight_commands_other_names_are_still_importable(name: str) -> None:
    fight = importlib.import_module(f"{REDHACK}.commands.fight")
    homes = [importlib.import_module(f"{REDHACK}.commands.{m}") for m in FIGHT_MODULES[1:]]
    home = next(m for m in homes if name in getattr(m, "__all__", ()))
    assert getattr(fight, name) is getattr(home, name)


@pytest.mark.parametrize("module", FIGHT_MODULES)
def test_the_fight_command_modules_are_small(module: str) -> None:
    """One concern each, under ~400 lines (the developers' guide)."""
    assert _line_count(f"{REDHACK}.commands.{module}") < 400


def test_the_fight_commands_are_still_registered_in_that_order() -> None:
    """As when they were one module: fight, init, next, hold, move, block, flag, one
    after the other."""
    from hacktable.rulesets.redhack.commands import COMMANDS

    names = [c.name for c in COMMANDS]
    first = names.index("fight")
    assert names[first : first + 7] == ["fight", "init", "next", "hold", "move", "block", "flag"]


# Every public name of ``redhack/commands/explore.py`` before it was split, and the
# modules it was split into (explore.py only re-exports).
FORMER_EXPLORE_NAMES = (
    "CheckIntent",
    "ClimbIntent",
    "DouseIntent",
    "EncountersIntent",
    "ExploreIntent",
    "FireIntent",
    "LightIntent",
    "ReactIntent",
    "TickIntent",
    "WhereIntent",
    "encounter_for",
    "location_table",
    "pass_ticks",
)
EXPLORE_MODULES = (
    "explore",
    "where",
    "dungeon_time",
    "light_sources",
    "lights",
    "encounter_tables",
    "encounters",
    "reactions",
    "climbing",
)
# Defined in explore.py before the split, public though not in its ``__all__``
# (``spell_effects``: ritual.py imports it from there).
FORMER_EXPLORE_EXTRAS = (
    "FAST_ROOMS_PER_TICK",
    "TICK_ACTIONS",
    "Environment",
    "ExploreAction",
    "check_command",
    "climb_command",
    "douse_command",
    "encounters_command",
    "explore_command",
    "fire_command",
    "light_command",
    "react_command",
    "spell_effects",
    "tick_command",
    "where_command",
)


def test_the_explore_commands_keep_their_names() -> None:
    _homes_keep_names(
        f"{REDHACK}.commands.explore",
        tuple(f"{REDHACK}.commands.{m}" for m in EXPLORE_MODULES),
        FORMER_EXPLORE_NAMES,
    )


@pytest.mark.parametrize("name", FORMER_EXPLORE_EXTRAS)
def test_the_explore_commands_other_names_are_still_importable(name: str) -> None:
    explore = importlib.import_module(f"{REDHACK}.commands.explore")
    homes = [importlib.import_module(f"{REDHACK}.commands.{m}") for m in EXPLORE_MODULES[1:]]
    home = next(m for m in homes if name in getattr(m, "__all__", ()))
    assert getattr(explore, name) is getattr(home, name)


@pytest.mark.parametrize("module", EXPLORE_MODULES)
def test_the_explore_command_modules_are_small(module: str) -> None:
    """One concern each, under ~400 lines (the developers' guide)."""
    assert _line_count(f"{REDHACK}.commands.{module}") < 400


def test_the_explore_commands_are_still_registered_in_that_order() -> None:
    """As when they were one module: where, explore, tick, light, douse, fire,
    encounters, check, react, climb, one after the other."""
    from hacktable.rulesets.redhack.commands import COMMANDS

    names = [c.name for c in COMMANDS]
    first = names.index("where")
    assert names[first : first + 10] == [
        "where",
        "explore",
        "tick",
        "light",
        "douse",
        "fire",
        "encounters",
        "check",
        "react",
        "climb",
    ]
