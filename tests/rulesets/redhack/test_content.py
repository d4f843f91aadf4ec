"""redhack content as data: known values from the text, cross-file checks, broken files.

redhack: Character Creation > 2. Class, 4. Starting Equipment; Equipment; Combat > AC &
Armour; RULINGS R7, R8, R29, R31.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from hacktable.dice import UsageDie, parse
from hacktable.errors import RulesDataError, UnknownNameError
from hacktable.rules.tables import lookup
from hacktable.rulesets.redhack.content import (
    ATTRIBUTES,
    DATA_FILES,
    DATA_PACKAGE,
    Armour,
    ArmourPiece,
    Content,
    Gear,
    Weapon,
    load_content,
    load_content_from,
    weapon_die,
)


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def test_loads_and_is_cached(content: Content) -> None:
    assert load_content() is content
    assert [c.id for c in content.classes] == ["warrior", "thief", "cleric", "wizard", "bard"]


# -- classes -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hit", "attack", "improvised", "primes"),
    [
        ("Warrior", 10, 8, 6, ("STR", "DEX")),
        ("Thief", 6, 6, 4, ("DEX", "WIS")),
        ("Cleric", 8, 6, 4, ("WIS", "CON")),
        ("Wizard", 4, 4, 3, ("INT", "WIS")),
        ("Bard", 6, 6, 4, ("DEX", "CHA")),
    ],
)
def test_class_values_from_the_text(
    content: Content,
    *,
    name: str,
    hit: int,
    attack: int,
    improvised: int,
    primes: tuple[str, ...],
) -> None:
    cls = content.class_(name)
    assert content.class_(name.lower()) is cls
    assert (cls.hit_die, cls.attack_die, cls.improvised_die) == (hit, attack, improvised)
    assert cls.prime_requisites == primes
    assert all(p in ATTRIBUTES for p in cls.prime_requisites)
    assert cls.starting_hit_points == f"1d{hit}+4"
    assert cls.source.startswith("redhack: Character Creation > 2. Class > ")


def test_features(content: Content) -> None:
    thief = content.class_("thief")
    skills = thief.feature("Thief Skills")
    by_tag = {c.tag: c for c in skills.advantage_on}
    assert set(by_tag) == {
        "picking-locks",
        "listening",
        "searching-for-traps",
        "disabling-traps",
        "picking-pockets",
        "moving-silently",
        "hiding",
        "climbing",
        "gathering-information",
    }
    assert by_tag["picking-locks"].requires_item == "thieves-tools"
    assert by_tag["disabling-traps"].requires_item == "thieves-tools"
    assert by_tag["climbing"].requires_item == "rope"
    assert thief.feature("backstab").advantage_on == ()

    fortitude = content.class_("cleric").feature("divine-fortitude").advantage_on
    assert {(c.tag, c.attribute, c.kind) for c in fortitude} == {
        ("poison", "CON", "save"),
        ("paralysis", "CON", "save"),
    }
    maintenance = content.class_("warrior").feature("armour-maintenance").advantage_on
    assert [(c.tag, c.requires_item) for c in maintenance] == [
        ("armour-maintenance", "armourers-tools")
    ]
    wise = content.class_("wizard").feature("learned-and-wise").advantage_on
    assert {c.tag for c in wise} == {"arcane-lore", "history", "the-planes"}
    bard = content.class_("bard")
    assert {c.tag for c in bard.feature("performance").advantage_on} == {
        "performing",
        "entertaining",
        "gathering-information",
        "carousing",
        "developing-relationships",
    }
    assert {c.tag for c in bard.feature("folklore").advantage_on} == {
        "history",
        "politics",
        "magic-lore",
        "religion",
        "monsters",
        "geography",
    }
    for cls_id, feature in [
        ("warrior", "cleave"),
        ("warrior", "parry"),
        ("cleric", "turn-undead"),
        ("wizard", "legend-lore"),
        ("bard", "tricksy"),
        ("wizard", "arcane-magic"),
        ("cleric", "divine-magic"),
    ]:
        assert content.class_(cls_id).feature(feature).advantage_on == ()


def test_circumstances_match(content: Content) -> None:
    locks = content.class_("thief").feature("thief-skills").advantage_on[0]
    tags = content.expand_tags(["picking-locks"])
    assert locks.matches(tags, "DEX", items={"thieves-tools"})
    assert not locks.matches(tags, "DEX", items=())
    poison = content.class_("cleric").feature("divine-fortitude").advantage_on[0]
    assert poison.matches({"poison"}, "CON", save=True)
    assert not poison.matches({"poison"}, "CON", save=False)
    assert not poison.matches({"poison"}, "STR", save=True)


def test_unknown_names_list_the_choices(content: Content) -> None:
    with pytest.raises(UnknownNameError) as caught:
        content.class_("paladin")
    assert caught.value.kind == "class"
    assert "wizard" in caught.value.choices
    with pytest.raises(UnknownNameError):
        content.table("nope")
    with pytest.raises(UnknownNameError):
        content.equipment("lightsaber")
    with pytest.raises(UnknownNameError):
        content.armour("helm")
    with pytest.raises(UnknownNameError):
        content.tag("juggling")
    with pytest.raises(UnknownNameError):
        content.kit("warrior", 4)
    with pytest.raises(UnknownNameError):
        content.kits_for("paladin")
    with pytest.raises(UnknownNameError):
        content.class_("thief").feature("cleave")


# -- tags -------------------------------------------------------------------------------


def test_tags(content: Content) -> None:
    for required in [
        "spellcasting",
        "stealth",
        "swimming",
        "delicate",
        "perception",
        "surprise",
        "intimidate",
        "climbing",
        "haggling",
        "poison",
        "paralysis",
        "armour-maintenance",
    ]:
        assert content.tag(required).id == required
    assert content.tags_implied("moving-silently") >= {"moving-silently", "stealth"}
    assert content.tags_implied("hiding") >= {"stealth"}
    for delicate in ("picking-locks", "disabling-traps", "picking-pockets"):
        assert "delicate" in content.tags_implied(delicate)
    assert "perception" in content.tags_implied("listening")
    # transitive: searching-for-traps -> searching -> perception
    assert "perception" in content.tags_implied("searching-for-traps")
    assert content.tags_implied("stealth") == frozenset({"stealth"})


# -- equipment ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("item_id", "cost"),
    [
        ("dagger", 3),
        ("sword", 7),
        ("flail", 7),
        ("spear", 2),
        ("polearm", 7),
        ("two-handed-sword", 15),
        ("pike", 5),
        ("short-bow", 25),
        ("long-bow", 40),
        ("light-crossbow", 15),
        ("heavy-crossbow", 25),
        ("padded", 25),
        ("leather", 45),
        ("studded", 65),
        ("chain", 100),
        ("banded", 200),
        ("plate", 500),
        ("field-plate", 1000),
        ("full-plate", 3000),
        ("shield", 10),
        ("helm", 10),
        ("armourers-tools", 25),
        ("thieves-tools", 25),
        ("holy-symbol", 25),
        ("spell-components", 25),
        ("quiver", 5),
        ("arrows", 5),
        ("quarrels", 5),
        ("rope", 1),
        ("backpack", 5),
        ("iron-rations", 15),
        ("rations", 5),
        ("torches", 1),
        ("lantern", 10),
        ("oil", 2),
        ("tinderbox", 3),
        ("silver-mirror", 15),
        ("holy-water", 25),
        ("mule", 20),
        ("warhorse-heavy", 200),
        ("wagon", 200),
        ("small-boat", 100),
    ],
)
def test_costs_from_the_text(content: Content, item_id: str, cost: int) -> None:
    assert content.equipment(item_id).cost == cost


def test_usage_dice(content: Content) -> None:
    expected = {
        "torch": UsageDie.UD6,
        "torches": UsageDie.UD20,
        "arrows": UsageDie.UD12,
        "quarrels": UsageDie.UD20,
        "iron-spikes": UsageDie.UD10,
        "waterskin": UsageDie.UD8,
        "iron-rations": UsageDie.UD8,
        "rations": UsageDie.UD8,
        "oil": UsageDie.UD20,
        "armourers-tools": UsageDie.UD6,
        "spell-components": UsageDie.UD6,
    }
    for item_id, die in expected.items():
        item = content.equipment(item_id)
        assert isinstance(item, Gear)
        assert item.usage_die is die, item_id
    lantern = content.equipment("lantern")
    assert isinstance(lantern, Gear)
    assert lantern.light_source
    assert lantern.fuel == "oil"
    assert lantern.usage is None


def test_armour_rules_r7(content: Content) -> None:
    chain = content.armour("chain")
    assert str(chain.ac) == "½ DEX+9"
    assert (chain.ac.base, chain.ac.plus, chain.monster_ac) == ("half-dex", 9, 5)
    assert chain.player_ac(13) == 15
    assert content.armour("none").player_ac(14) == 14
    assert content.armour("padded").player_ac(14) == 15
    assert content.armour("studded").player_ac(14) == 17
    assert content.armour("banded").player_ac(15) == 17
    assert content.armour("plate").player_ac(3) == 16
    assert content.armour("full-plate").player_ac(18) == 18
    assert [a.monster_ac for a in content.armour_list] == list(range(1, 10))
    assert content.armour("gambeson") is content.armour("padded")
    assert content.armour("Chain Mail") is chain
    field_plate = content.armour("field-plate")
    assert field_plate.cost == 1000
    assert field_plate.cost_note.startswith("1000+")

    def hindered(armour: Armour) -> set[str]:
        return {c.tag for c in armour.disadvantage_on if c.tag}

    assert hindered(content.armour("padded")) == set()
    assert hindered(content.armour("leather")) == {"spellcasting"}
    assert hindered(content.armour("studded")) == {"spellcasting"}
    for heavy in ("chain", "banded", "plate", "field-plate", "full-plate"):
        assert hindered(content.armour(heavy)) == {
            "spellcasting",
            "stealth",
            "swimming",
            "delicate",
        }
    # a thief skill in chain: moving silently is stealth
    tags = content.expand_tags(["moving-silently"])
    assert any(c.matches(tags, "DEX") for c in chain.disadvantage_on)


def test_shield_and_helm(content: Content) -> None:
    shield, helm = content.equipment("shield"), content.equipment("helm")
    assert isinstance(shield, ArmourPiece)
    assert isinstance(helm, ArmourPiece)
    assert (shield.kind, shield.ac_bonus, shield.hands) == ("shield", 1, 1)
    assert (helm.kind, helm.ac_bonus) == ("helm", 1)

    def hinders(tags: list[str], attribute: str) -> bool:
        expanded = content.expand_tags(tags)
        return any(c.matches(expanded, attribute) for c in helm.disadvantage_on)

    assert hinders(["listening"], "WIS")
    assert hinders(["surprise"], "WIS")
    assert hinders([], "CHA")
    assert not hinders(["intimidate"], "CHA")
    assert not hinders([], "STR")


def test_slots_r29(content: Content) -> None:
    slots = {item.id: item.slots for item in content.equipment_items}
    assert slots["chain"] == slots["banded"] == 2
    assert slots["plate"] == slots["field-plate"] == slots["full-plate"] == 3
    assert slots["leather"] == 1
    for two in ("polearm", "two-handed-sword", "pike", "heavy-crossbow", "spear"):
        assert slots[two] == 2, two
    assert slots["dagger"] == slots["sword"] == slots["torch"] == 1


def test_weapons(content: Content) -> None:
    assert content.weapon("maul").id == "two-handed-sword"
    assert content.weapon("mace").id == "sword"
    two_handed = {w.id for w in content.weapons if w.two_handed}
    assert two_handed == {"polearm", "two-handed-sword", "pike", "heavy-crossbow"}
    assert isinstance(content.equipment("short-bow"), Weapon)
    assert content.weapon("short-bow").hands == 2
    assert "long" in content.weapon("pike").types


# -- kits -------------------------------------------------------------------------------------


def test_kit_counts(content: Content) -> None:
    counts = {c.id: len(content.kits_for(c.id)) for c in content.classes}
    assert counts == {"warrior": 3, "thief": 2, "cleric": 2, "wizard": 2, "bard": 2}
    assert [k.number for k in content.kits_for("Warrior")] == [1, 2, 3]


@pytest.mark.parametrize(
    ("cls", "number", "damage"),
    [("warrior", 2, "1d10"), ("wizard", 2, "1d6"), ("cleric", 2, "1d8")],
)
def test_two_handed_kit_weapons_r8(content: Content, cls: str, number: int, damage: str) -> None:
    kit = content.kit(cls, number)
    weapon = next(i for i in kit.items if i.name == "Two Handed Weapon")
    assert (weapon.damage, weapon.hands, weapon.ref) == (damage, 2, None)


def test_every_kit_weapon_follows_r8(content: Content) -> None:
    for kit in content.kits:
        cls = content.class_(kit.class_)
        for item in kit.items:
            if item.kind != "weapon":
                continue
            ref = content.weapon(item.ref) if item.ref else None
            two_handed = ref.two_handed if ref else item.hands == 2
            assert item.damage == f"1d{weapon_die(cls.attack_die, two_handed)}", kit.label


def test_weapon_die() -> None:
    assert [weapon_die(d, two_handed=True) for d in (4, 6, 8, 10)] == [6, 8, 10, 12]
    assert weapon_die(8, two_handed=False) == 8
    with pytest.raises(ValueError, match="no step above"):
        weapon_die(12, two_handed=True)


def test_kit_details(content: Content) -> None:
    warrior = content.kit("warrior", 1)
    names = [i.name for i in warrior.items]
    assert names == ["Armourer's Tools", "Torch", "Hand Weapon", "Leather Armour", "Large Shield"]
    assert warrior.items[0].usage_die is UsageDie.UD8  # RULINGS R31
    assert warrior.coins == "2d6"
    thief = content.kit("thief", 1)
    assert (thief.coins, thief.coins_note) == ("1d6x10", "counterfeit or stolen")
    assert content.kit("cleric", 2).coins is None
    assert [i.ref for i in content.kit("warrior", 3).items if i.kind == "armour"] == ["padded"]
    for kit in content.kits:
        if kit.coins is not None:
            parse(kit.coins)
        torch = next(i for i in kit.items if i.ref == "torch")
        assert torch.usage == "ud6"
    for kit in content.kits_for("bard"):
        assert kit.source.startswith("hacktable: the text gives no Bard kit")
    for kit in content.kits:
        if kit.class_ != "bard":
            assert kit.source.startswith("redhack: Character Creation > 4. Starting Equipment")


# -- tables --------------------------------------------------------------------------------------


def test_every_table_covers_its_range(content: Content) -> None:
    for table in content.tables:
        if table.dice is None:
            continue
        tree = parse(table.dice)
        assert tree is not None
        low, high = table.clamp if table.clamp else _dice_range(table.dice)
        for value in range(low, high + 1):
            lookup(table, value)
    assert {t.id for t in content.tables} == {
        "injuries",
        "reactions",
        "survival",
        "fatigue",
        "casting",
        "prayer",
        "encounter-check",
    }


def _dice_range(dice: str) -> tuple[int, int]:
    return {"1d6": (1, 6), "2d6": (2, 12), "1d20": (1, 20)}[dice]


def test_table_values_from_the_text(content: Content) -> None:
    injuries = content.table("injuries")
    assert [lookup(injuries, v).result for v in range(1, 7)] == [
        "Unconscious",
        "Wounded",
        "Injured",
        "Debilitated",
        "Disabled",
        "Doomed",
    ]
    reactions = content.table("reactions")
    assert [lookup(reactions, v).result for v in (2, 3, 5, 6, 8, 9, 11, 12)] == [
        "Hostile",
        "Threatening",
        "Threatening",
        "Cautious",
        "Cautious",
        "Friendly",
        "Friendly",
        "Ingratiating",
    ]
    fatigue = content.table("fatigue")
    assert fatigue.dice is None
    assert [lookup(fatigue, v).result for v in range(1, 8)] == [
        "Distressed",
        "Distracted",
        "Debilitated",
        "Dragging",
        "Drained",
        "Delirious",
        "Dead",
    ]
    casting = content.table("casting")
    assert len(casting.entries) == 6  # the second "6 - Inspiration" is a typo (R26)
    encounter = content.table("encounter-check")
    assert [lookup(encounter, v).result for v in (0, 1, 2, 3, 6)] == [
        "Encounter",
        "Encounter",
        "Sign",
        "Nothing",
        "Nothing",
    ]
    for table in content.tables:
        assert table.source.startswith("redhack: ")
        assert "RULINGS R" in table.source


# -- broken data files -----------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    source = resources.files(DATA_PACKAGE)
    for name in DATA_FILES:
        (tmp_path / name).write_bytes(source.joinpath(name).read_bytes())
    return tmp_path


def edit(directory: Path, name: str, old: str, new: str, occurrence: int = 1) -> None:
    path = directory / name
    text = path.read_text(encoding="utf-8")
    index = -1
    for _ in range(occurrence):
        index = text.index(old, index + 1)
    path.write_text(text[:index] + new + text[index + len(old) :], encoding="utf-8")


def test_copy_loads(data_copy: Path) -> None:
    copied = load_content_from(data_copy)
    assert copied is not load_content()
    assert copied.class_("bard").id == "bard"


Breakage = Callable[[Path], None]

BROKEN: list[tuple[str, Breakage, str, str, str]] = [
    (
        "wrong type",
        lambda d: edit(d, "classes.toml", "hit_die = 4", 'hit_die = "four"'),
        "classes.toml",
        "classes[3] (id 'wizard')",
        "Expected `int`, got `str` - at `$.classes[3].hit_die`",
    ),
    (
        "missing field",
        lambda d: edit(d, "classes.toml", "attack_die = 6\n", "", occurrence=1),
        "classes.toml",
        "classes[1] (id 'thief')",
        "missing required field `attack_die`",
    ),
    (
        "unknown field",
        lambda d: edit(d, "equipment.toml", "cost = 3\n", "price = 3\n"),
        "equipment.toml",
        "weapons[0] (id 'dagger')",
        "unknown field `price`",
    ),
    (
        "bad prime requisite",
        lambda d: edit(d, "classes.toml", '["STR", "DEX"]', '["STR", "LUCK"]'),
        "classes.toml",
        "classes[0] (id 'warrior')",
        "Invalid enum value 'LUCK'",
    ),
    (
        "nested wrong type",
        lambda d: edit(d, "classes.toml", 'attribute = "CON"', 'attribute = "CONSTITUTION"'),
        "classes.toml",
        "classes[2] (id 'cleric').features[1] (id 'divine-fortitude').advantage_on[0]",
        "Invalid enum value 'CONSTITUTION'",
    ),
    (
        "overlapping table ranges",
        lambda d: edit(d, "tables.toml", "{ low = 3, high = 5,", "{ low = 2, high = 5,"),
        "tables.toml",
        "tables[1] (id 'reactions')",
        "overlaps",
    ),
    (
        "gap in a table",
        lambda d: edit(d, "tables.toml", "{ low = 6, high = 8,", "{ low = 7, high = 8,"),
        "tables.toml",
        "tables[1] (id 'reactions')",
        "gap: no entry covers 6",
    ),
    (
        "bad table dice",
        lambda d: edit(d, "tables.toml", 'dice = "2d6"', 'dice = "2d"'),
        "tables.toml",
        "tables[1] (id 'reactions')",
        "dice: bad dice expression '2d'",
    ),
    (
        "duplicate table id",
        lambda d: edit(d, "tables.toml", 'id = "reactions"', 'id = "injuries"'),
        "tables.toml",
        "tables[1] (id 'injuries')",
        "duplicate id 'injuries'",
    ),
    (
        "unknown kit ref",
        lambda d: edit(d, "kits.toml", 'ref = "leather"', 'ref = "leathr"'),
        "kits.toml",
        "kits[0] (warrior kit 1).items[3] (name 'Leather Armour')",
        "ref 'leathr' is not in equipment.toml",
    ),
    (
        "kit ref of the wrong kind",
        lambda d: edit(d, "kits.toml", 'ref = "leather"', 'ref = "sword"'),
        "kits.toml",
        "kits[0] (warrior kit 1).items[3] (name 'Leather Armour')",
        "kind 'armour' but ref 'sword' is 'weapon'",
    ),
    (
        "bad coins dice",
        lambda d: edit(d, "kits.toml", 'coins = "2d6"', 'coins = "2d6+"'),
        "kits.toml",
        "kits[0] (warrior kit 1)",
        "coins: bad dice expression",
    ),
    (
        "kit damage against R8",
        lambda d: edit(d, "kits.toml", 'damage = "1d10"', 'damage = "1d8"'),
        "kits.toml",
        "kits[1] (warrior kit 2).items[4] (name 'Two Handed Weapon')",
        "a two-handed warrior weapon deals 1d10 (RULINGS R8)",
    ),
    (
        "bad kit usage die",
        lambda d: edit(d, "kits.toml", 'usage = "ud8"', 'usage = "ud7"'),
        "kits.toml",
        'kits[0] (warrior kit 1).items[0] (name "Armourer\'s Tools")',
        "usage 'ud7' is not a usage die",
    ),
    (
        "kit of an unknown class",
        lambda d: edit(d, "kits.toml", 'class = "bard"', 'class = "skald"'),
        "kits.toml",
        "kits[9] (skald kit 1)",
        "class 'skald' is not in classes.toml",
    ),
    (
        "bad equipment usage die",
        lambda d: edit(d, "equipment.toml", 'usage = "ud12"', 'usage = "ud13"'),
        "equipment.toml",
        "miscellany[1] (id 'arrows')",
        "usage 'ud13' is not a usage die",
    ),
    (
        "duplicate equipment id",
        lambda d: edit(d, "equipment.toml", 'id = "flail"', 'id = "sword"'),
        "equipment.toml",
        "weapons[2] (id 'sword')",
        "duplicate id 'sword'",
    ),
    (
        "unknown tag",
        lambda d: edit(d, "classes.toml", '{ tag = "listening" }', '{ tag = "listenin" }'),
        "classes.toml",
        "classes[1] (id 'thief').features[0] (id 'thief-skills')",
        "advantage_on[1]: unknown tag 'listenin'",
    ),
    (
        "unknown required item",
        lambda d: edit(d, "classes.toml", 'requires_item = "rope"', 'requires_item = "twine"'),
        "classes.toml",
        "classes[1] (id 'thief').features[0] (id 'thief-skills')",
        "requires_item 'twine' is not in equipment.toml",
    ),
    (
        "unknown armour disadvantage tag",
        lambda d: edit(d, "equipment.toml", '{ tag = "swimming" }', '{ tag = "diving" }'),
        "equipment.toml",
        "armour[4] (id 'chain')",
        "disadvantage_on[2]: unknown tag 'diving'",
    ),
    (
        "tag cycle",
        lambda d: edit(
            d, "tags.toml", 'name = "Stealth"', 'name = "Stealth"\nimplies = ["hiding"]'
        ),
        "tags.toml",
        "tags[1] (id 'stealth')",
        "cycle",
    ),
    (
        "not TOML",
        lambda d: edit(d, "tables.toml", 'id = "prayer"', 'id = "prayer'),
        "tables.toml",
        "line ",
        "not valid TOML",
    ),
    (
        "missing file",
        lambda d: (d / "tags.toml").unlink(),
        "tags.toml",
        "(file)",
        "cannot read it",
    ),
]


@pytest.mark.parametrize(
    ("breakage", "file", "entry", "reason"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_broken_copy_fails_naming_the_problem(
    data_copy: Path, breakage: Breakage, file: str, entry: str, reason: str
) -> None:
    breakage(data_copy)
    with pytest.raises(RulesDataError) as caught:
        load_content_from(data_copy)
    error = caught.value
    assert error.file == file
    assert error.entry.startswith(entry), error.entry
    assert reason in error.reason, error.reason
    message = str(error)
    assert "\n" not in message
    assert message.startswith(f"rules data {file}: entry {error.entry}: ")


def test_broken_copy_does_not_touch_the_cache(data_copy: Path) -> None:
    shutil.rmtree(data_copy)
    data_copy.mkdir()
    with pytest.raises(RulesDataError):
        load_content_from(data_copy)
    assert load_content().class_("warrior").hit_die == 10
