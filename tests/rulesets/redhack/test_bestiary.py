"""The bestiary: packaged data converted from the Basic Fantasy RPG, the loader's lookups,
broken campaign files and JSON round trips.

redhack: Combat (AC & Armour, Morale); RULINGS R5, R7, R12, R15; docs/bestiary.md.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from hacktable.dice import parse
from hacktable.errors import RulesDataError, UnknownNameError
from hacktable.rulesets.redhack.bestiary import (
    CAMPAIGN_FILE,
    TAGS,
    Attack,
    Bestiary,
    Monster,
    ac_from_bfrpg,
    ac_from_descending,
    damage_by_hd,
    describe,
    load_bestiary,
    load_bestiary_from,
    monster_from_json,
)


@pytest.fixture(scope="module")
def bestiary() -> Bestiary:
    return load_bestiary()


def monster(**fields: object) -> Monster:
    """A valid monster with the given fields changed."""
    data: dict[str, object] = {"id": "test-beast", "name": "Test Beast", "hd": 2, "ac": 3}
    data["source"] = "tests"
    data.update(fields)
    return msgspec.convert(data, Monster)


# -- the packaged bestiary -----------------------------------------------------------------


def test_loads_cached_with_enough_monsters(bestiary: Bestiary) -> None:
    assert load_bestiary() is bestiary
    assert len(bestiary.monsters) >= 30
    ids = [m.id for m in bestiary.monsters]
    assert len(ids) == len(set(ids))
    assert len(bestiary) == len(ids)
    assert [m.id for m in bestiary] == ids


def test_every_dice_expression_parses(bestiary: Bestiary) -> None:
    for m in bestiary.monsters:
        parse(m.hp_dice())
        parse(m.damage())
        for attack in m.attacks:
            parse(m.damage(attack))
        if m.number is not None:
            parse(m.number)
        assert set(m.tags) <= set(TAGS), m.id
        assert 1 <= m.ac <= 12
        assert m.hd >= 0
        assert m.morale is None or 2 <= m.morale <= 12
        assert "converted (docs/bestiary.md)" in m.source, m.id
        assert m.notes, m.id


@pytest.mark.parametrize(
    "classic",
    [
        "goblin",
        "hobgoblin",
        "orc",
        "kobold",
        "gnoll",
        "bugbear",
        "ogre",
        "troll",
        "giant-rat",
        "giant-spider",
        "wolf",
        "dire-wolf",
        "black-bear",
        "skeleton",
        "zombie",
        "ghoul",
        "wight",
        "wraith",
        "giant-bat",
        "giant-centipede",
        "stirge",
        "bandit",
        "soldier",
        "lizard-man",
        "harpy",
        "owlbear",
        "gelatinous-cube",
        "tentacle-worm",
        "minotaur",
        "giant-snake",
        "wild-boar",
        "goblin-chief",
    ],
)
def test_the_classics_are_there(bestiary: Bestiary, classic: str) -> None:
    assert bestiary.get(classic).id == classic


# Basic Fantasy RPG 4th Edition: (ascending AC, HD, hp, attacks, morale, number appearing)
SOURCE_NUMBERS = {
    "goblin": (14, 1, "1d8-1", [("weapon", "1d6", 1)], 7, "2d4"),
    "orc": (14, 1, None, [("weapon", "1d8", 1)], 8, "2d4"),
    "ogre": (15, 4, "4d8+1", [("huge weapon", "2d6", 1)], 10, "1d6"),
    "skeleton": (13, 1, None, [("weapon", "1d6", 1)], 12, "3d6"),
    "troll": (16, 6, None, [("claw", "1d6", 2), ("bite", "1d10", 1)], 10, "1d8"),
    "kobold": (13, 0, "1d4", [("weapon", "1d4", 1)], 6, "4d4"),
    "bugbear": (15, 3, "3d8+1", [("weapon", "1d8+1", 1)], 9, "2d4"),
    "gelatinous-cube": (12, 4, None, [("touch", "2d4", 1)], 12, "1"),
    "mummy": (17, 5, None, [("touch", "1d12", 1)], 12, "1d4"),
    "giant-centipede": (11, 0, "1d4", [("bite", None, 1)], 7, "2d4"),
}


@pytest.mark.parametrize("monster_id", sorted(SOURCE_NUMBERS))
def test_converted_numbers_match_the_source(bestiary: Bestiary, monster_id: str) -> None:
    ac, hd, hp, attacks, morale, number = SOURCE_NUMBERS[monster_id]
    m = bestiary.get(monster_id)
    assert m.ac == ac_from_bfrpg(ac) == ac - 10
    assert m.hd == hd
    assert m.hp == hp
    assert [(a.name, a.damage, a.count) for a in m.attacks] == attacks
    assert m.morale == morale
    assert m.number == number


def test_ac_conversion_matches_redhacks_armour_table() -> None:
    # redhack: Combat > AC & Armour: none 1, leather 3, chain 5, plate 7 (RULINGS R7);
    # the Basic Fantasy RPG's unarmoured 11, leather 13, chain 15, plate 17.
    assert [ac_from_bfrpg(a) for a in (11, 13, 15, 17)] == [1, 3, 5, 7]
    assert [ac_from_descending(d) for d in range(9, 0, -1)] == list(range(1, 10))
    assert ac_from_bfrpg(10) == 1  # clamped: the rot grub's AC 10
    assert ac_from_bfrpg(25) == 12
    assert ac_from_descending(-8) == 12


def test_goblin_chief_leads_goblins(bestiary: Bestiary) -> None:
    goblin, chief = bestiary.get("goblin"), bestiary.get("goblin chief")
    assert "leader" in chief.tags
    assert "leader" not in goblin.tags
    assert chief.hd > goblin.hd
    assert chief.morale is not None
    assert goblin.morale is not None
    assert chief.morale > goblin.morale
    assert {"humanoid", "goblinoid"} <= set(chief.tags)


def test_undead_are_tagged(bestiary: Bestiary) -> None:
    undead = {m.id for m in bestiary.monsters if m.is_undead()}
    assert {"skeleton", "zombie", "ghoul", "wight", "wraith", "mummy"} <= undead
    assert all("undead" in bestiary.get(i).tags for i in undead)
    assert not bestiary.get("shadow").is_undead()  # the source says it is not undead
    assert not bestiary.get("goblin").is_undead()


# -- RULINGS R5 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hd", "damage"),
    [
        (0, "1d4"),
        (1, "1d4"),
        (2, "1d6"),
        (3, "2d4"),
        (4, "1d10"),
        (5, "1d12"),
        (6, "1d6+1d8"),
        (7, "2d8"),
        (8, "3d6"),
        (9, "2d10"),
        (10, "1d10+1d12"),
        (15, "1d10+1d12"),
    ],
)
def test_damage_by_hd(hd: int, damage: str) -> None:
    assert damage_by_hd(hd) == damage


def test_damage_by_hd_rejects_negative() -> None:
    with pytest.raises(ValueError, match="negative"):
        damage_by_hd(-1)


def test_hp_dice() -> None:
    assert monster(hd=3).hp_dice() == "3d8"
    assert monster(hd=0).hp_dice() == "1d4"
    assert monster(hd=3, hp="2d6+2").hp_dice() == "2d6+2"
    assert monster(hd=3, hp=7).hp_dice() == "7"


def test_damage_falls_back_to_damage_by_hd(bestiary: Bestiary) -> None:
    assert monster(hd=4).damage() == "1d10"  # no attacks
    plain = monster(hd=6, attacks=[{"name": "touch"}])
    assert plain.damage() == plain.damage(plain.attacks[0]) == "1d6+1d8"
    troll = bestiary.get("troll")
    assert troll.damage() == "1d6"
    assert troll.damage(troll.attacks[1]) == "1d10"
    assert troll.damage(Attack(name="kick")) == "1d6+1d8"
    assert bestiary.get("wight").damage() == "2d4"


# -- lookups ---------------------------------------------------------------------------------


def test_get_by_id_name_and_prefix(bestiary: Bestiary) -> None:
    ogre = bestiary.get("ogre")
    assert bestiary.get("OGRE") is ogre
    assert bestiary.get("Lizard Man") is bestiary.get("lizard-man")
    assert bestiary.get("hobgob").id == "hobgoblin"
    assert bestiary.get("gelatinous").id == "gelatinous-cube"
    assert bestiary.get("goblin").id == "goblin"  # exact beats prefix of goblin-chief


def test_get_unknown_or_ambiguous(bestiary: Bestiary) -> None:
    with pytest.raises(UnknownNameError) as caught:
        bestiary.get("beholder")
    assert caught.value.kind == "monster"
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith("unknown monster 'beholder'")
    with pytest.raises(UnknownNameError) as ambiguous:
        bestiary.get("giant")
    assert set(ambiguous.value.choices) >= {"giant-rat", "giant-spider", "giant-bat"}
    assert "\n" not in str(ambiguous.value)
    with pytest.raises(UnknownNameError):
        bestiary.get("")


def test_search(bestiary: Bestiary) -> None:
    assert {m.id for m in bestiary.search("paralys")} >= {"ghoul", "gelatinous-cube"}
    assert [m.id for m in bestiary.search("GOBLINOID")] == [
        "goblin",
        "goblin-chief",
        "goblin-king",
        "hobgoblin",
        "bugbear",
    ]
    assert bestiary.get("tentacle-worm") in bestiary.search("carrion crawler")
    assert bestiary.search("no such thing") == ()


def test_merged_adds_and_replaces(bestiary: Bestiary) -> None:
    tough_ogre = monster(id="ogre", name="Ogre", hd=6, ac=6)
    newt = monster(id="fire-newt", name="Fire Newt")
    merged = bestiary.merged([tough_ogre, newt])
    assert merged.get("ogre").hd == 6
    assert merged.get("fire newt") is newt
    assert merged.ids.index("ogre") == bestiary.ids.index("ogre")
    assert len(merged) == len(bestiary) + 1
    assert bestiary.get("ogre").hd == 4  # unchanged


def test_bestiary_rejects_repeated_ids() -> None:
    with pytest.raises(ValueError, match="repeat"):
        Bestiary((monster(), monster()))


def test_describe(bestiary: Bestiary) -> None:
    lines = describe(bestiary.get("troll"))
    assert lines[0] == (
        "Troll  HD 6  AC 6  HP 6d8  morale 10  damage claw 1d6 x2, bite 1d10  appearing 1d8"
    )
    assert lines[1] == "tags: humanoid, giant, regenerates"
    assert lines[-1].startswith("source: Basic Fantasy RPG")
    bandit = describe(bestiary.get("bandit"))[0]
    assert "morale" not in bandit
    assert "appearing" not in bandit
    assert describe(monster(hd=5))[0] == "Test Beast  HD 5  AC 3  HP 5d8  damage 1d12 (by HD)"
    assert "wight" not in describe(bestiary.get("wight"))[0]
    assert "touch 2d4 (by HD)" in describe(bestiary.get("wight"))[0]


# -- campaign files ----------------------------------------------------------------------------

GOOD = """
[[monsters]]
id = "fire-newt"
name = "Fire Newt"
hd = 1
ac = 3
attacks = [{ name = "bite", damage = "1d4" }]
source = "campaign"
"""


def write_ogre(tmp_path: Path, fields: str) -> Path:
    """A campaign file: a good monster, then an ogre with the given extra lines."""
    path = tmp_path / "my-monsters.toml"
    ogre = '\n[[monsters]]\nid = "ogre"\nname = "Big Ogre"\nsource = "campaign"\n'
    path.write_text(GOOD + ogre + fields, encoding="utf-8")
    return path


def test_campaign_file_loads(tmp_path: Path) -> None:
    path = write_ogre(tmp_path, 'hd = 5\nac = 6\nhp = 30\ntags = ["giant"]\nnumber = "1d2"\n')
    loaded = load_bestiary_from(path)
    assert loaded.ids == ("fire-newt", "ogre")
    assert loaded.get("big ogre").hp_dice() == "30"
    assert load_bestiary().merged(loaded.monsters).get("ogre").hd == 5


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ("hd = -1\nac = 5\n", "hd: Expected `int` >= 0"),
        ("hd = 4\n", "Object missing required field `ac`"),
        ("hd = 4\nac = 13\n", "ac: Expected `int` <= 12"),
        ("hd = 4\nac = 5\nmorale = 13\n", "morale: Expected `int` <= 12"),
        ('hd = 4\nac = 5\nattacks = [{ name = "club", damage = "2d" }]\n', "attacks[0].damage:"),
        ('hd = 4\nac = 5\nattacks = [{ name = "club", count = 0 }]\n', "attacks[0].count:"),
        ("hd = 4\nac = 5\nspeed = 30\n", "Object contains unknown field `speed`"),
        ('hd = 4\nac = 5\ntags = ["huge"]\n', "tags: unknown tag 'huge'"),
        ('hd = 4\nac = 5\nhp = "lots"\n', "hp: bad dice expression 'lots'"),
        ('hd = 4\nac = 5\nnumber = "2d"\n', "number: bad dice expression"),
        ("hd = 101\nac = 5\n", "hd: at most 100, not 101"),
        ('hd = 4\nac = 5\nhp = "1d4-6"\n', "hp: '1d4-6' can never give 1 HP or more"),
    ],
)
def test_campaign_file_errors(tmp_path: Path, fields: str, reason: str) -> None:
    path = write_ogre(tmp_path, fields)
    with pytest.raises(RulesDataError) as caught:
        load_bestiary_from(path)
    error = caught.value
    assert error.file == "my-monsters.toml"
    assert error.entry == "monsters[1] (id 'ogre')"
    assert error.reason.startswith(reason)
    message = str(error)
    assert message.startswith("rules data my-monsters.toml: entry monsters[1] (id 'ogre'): ")
    assert "\n" not in message


def test_campaign_file_duplicate_id(tmp_path: Path) -> None:
    path = tmp_path / "dupes.toml"
    path.write_text(GOOD + GOOD, encoding="utf-8")
    with pytest.raises(RulesDataError) as caught:
        load_bestiary_from(path)
    assert str(caught.value) == (
        "rules data dupes.toml: entry monsters[1] (id 'fire-newt'): "
        "duplicate id 'fire-newt' (also monsters[0])"
    )


def test_campaign_file_bad_id_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "ids.toml"
    path.write_text(GOOD.replace('"fire-newt"', '"Fire Newt"'), encoding="utf-8")
    with pytest.raises(RulesDataError, match="kebab-case"):
        load_bestiary_from(path)
    with pytest.raises(RulesDataError) as caught:
        load_bestiary_from(tmp_path / "absent.toml")
    assert caught.value.entry == "(file)"
    not_toml = tmp_path / "broken.toml"
    not_toml.write_text("[[monsters]\n", encoding="utf-8")
    with pytest.raises(RulesDataError, match="not valid TOML"):
        load_bestiary_from(not_toml)


# -- JSON (a campaign's log) -----------------------------------------------------------------


def test_monster_from_json_round_trip(bestiary: Bestiary) -> None:
    for m in bestiary.monsters:
        data = msgspec.to_builtins(m)
        assert monster_from_json(data) == m
        assert monster_from_json(msgspec.json.decode(msgspec.json.encode(m))) == m


@pytest.mark.parametrize(
    ("change", "entry", "reason"),
    [
        ({"hd": -2}, "monster (id 'test-beast')", "hd: Expected `int` >= 0"),
        ({"ac": None}, "monster (id 'test-beast')", "ac: Expected `int`, got `null`"),
        ({"tags": ["dragon"]}, "monster (id 'test-beast')", "tags: unknown tag 'dragon'"),
        ({"id": 7}, "monster", "id: Expected `str`, got `int`"),
        ({"attacks": [{"name": "bite", "damage": "d"}]}, "monster (id 'test-beast')", "attacks"),
    ],
)
def test_monster_from_json_errors(change: dict[str, object], entry: str, reason: str) -> None:
    data = msgspec.to_builtins(monster())
    data.update(change)
    with pytest.raises(RulesDataError) as caught:
        monster_from_json(data)
    assert caught.value.file == CAMPAIGN_FILE == "campaign"
    assert caught.value.entry == entry
    assert caught.value.reason.startswith(reason)
    assert "\n" not in str(caught.value)


def test_monster_from_json_not_an_object() -> None:
    with pytest.raises(RulesDataError) as caught:
        monster_from_json(["ogre"])
    assert caught.value.entry == "monster"
    assert "Expected `object`" in caught.value.reason
