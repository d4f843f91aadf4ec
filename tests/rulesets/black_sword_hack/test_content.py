"""black-sword-hack's character content as data: backgrounds per origin, gifts, the
sorcerers' backgrounds and their sorceries, the sorcery mishap table, and the loader's
checks on them (RULINGS B4, B7; docs/rulings.md H124, H126)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hacktable.errors import RulesDataError
from hacktable.rulesets.black_sword_hack.character import ATTRIBUTES, ORIGINS
from hacktable.rulesets.black_sword_hack.content import loader
from hacktable.rulesets.black_sword_hack.content.index import Content
from hacktable.rulesets.black_sword_hack.content.loader import load_content, load_content_from

DATA = Path(loader.__file__).resolve().parents[1] / "data"

MECHANICAL = {
    "advantage",
    "damage-die",
    "critical-range",
    "doom-die",
    "armour",
    "first-turn-actions",
    "free-repeat",
    "max-hp",
    "short-rest",
}
"""The effect kinds that change a roll, a die or the action budget."""


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


@pytest.mark.parametrize("origin", ORIGINS)
def test_each_origin_has_at_least_six_backgrounds(content: Content, origin: str) -> None:
    backgrounds = content.backgrounds_of(origin)
    assert len(backgrounds) >= 6
    for background in backgrounds:
        assert background.attribute in ATTRIBUTES  # each +1 to an attribute (B4)
        assert background.tags, background.id


def test_there_are_twelve_gifts_and_eight_change_a_roll_a_die_or_the_budget(
    content: Content,
) -> None:
    assert len(content.gifts) >= 12
    mechanical = [g for g in content.gifts if {e.kind for e in g.effects} & MECHANICAL]
    assert len(mechanical) >= 8
    kinds = {e.kind for g in mechanical for e in g.effects}
    assert kinds >= MECHANICAL  # every kind the rules read is used by some gift


@pytest.mark.parametrize("origin", ["civilized", "decadent", "barbarian"])
def test_a_background_of_each_origin_grants_sorcery(content: Content, origin: str) -> None:
    casters = [
        b
        for b in content.backgrounds_of(origin)
        if b.gift is not None and any(e.kind == "sorcery" for e in content.gift(b.gift).effects)
    ]
    assert casters, origin


def test_the_sorceries_are_data_with_damage_and_a_defence(content: Content) -> None:
    assert len(content.spells) >= 6
    assert sum(1 for s in content.spells if s.damage) >= 3
    assert sum(1 for s in content.spells if s.defend) >= 3
    taught = {s for g in content.gifts for s in g.spells}
    assert taught == {s.id for s in content.spells}  # every sorcery is taught by a gift


def test_the_sorcery_mishap_table_reads_every_face_of_a_d6(content: Content) -> None:
    table = content.table("sorcery-mishap")
    assert table.dice == "1d6"
    assert [(e.low, e.high) for e in table.entries] == [(n, n) for n in range(1, 7)]


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return folder


def test_a_gift_teaching_an_unknown_sorcery_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    gifts = folder / "gifts.toml"
    gifts.write_text(gifts.read_text().replace('"ward-of-bone"', '"ward-of-teeth"'))
    with pytest.raises(RulesDataError, match="unknown sorcery 'ward-of-teeth'"):
        load_content_from(folder)


def test_a_sorcery_gift_teaching_nothing_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    gifts = folder / "gifts.toml"
    text = gifts.read_text().replace('spells = ["thunder-word", "beast-command", "witchfire"]', "")
    gifts.write_text(text)
    with pytest.raises(RulesDataError, match=r"spirit-lore.*at least one sorcery"):
        load_content_from(folder)


def test_a_sorcery_deals_one_die(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    spells = folder / "spells.toml"
    spells.write_text(spells.read_text().replace('damage = "1d8"', 'damage = "2d6"'))
    with pytest.raises(RulesDataError, match="one die"):
        load_content_from(folder)


def test_the_packaged_files_load_from_a_folder_as_from_the_package(tmp_path: Path) -> None:
    assert load_content_from(_copy(tmp_path)).gifts == load_content().gifts
