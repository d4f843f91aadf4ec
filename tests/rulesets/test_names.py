"""No character named like a monster of the bestiary or a redhack keyword (issue 10
§10; docs/rulings.md H210, H254)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.errors import RuleError
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.redhack.ruleset import REDHACK_WORDS
from hacktable.store import CampaignStore

from ..console.conftest import Play

BOG_HAG = (
    '[[monsters]]\nid = "bog-hag"\nname = "Bog Hag"\nhd = 3\nac = 3\n'
    'attacks = [{ name = "claw", damage = "1d6", count = 2 }]\nsource = "campaign"\n'
)


def test_redhack_fills_the_hook() -> None:
    redhack = get_ruleset("redhack")
    assert redhack.reserved_words == REDHACK_WORDS
    assert {"fight", "deadly", "major", "haggle"} <= redhack.reserved_words


@pytest.mark.parametrize("name", ["goblin", "Goblin", "giant-rat", '"Giant Rat"', "OWLBEAR"])
def test_a_bestiary_id_is_refused_with_nothing_made(tmp_path: Path, name: str) -> None:
    play = Play(tmp_path / "c.db")
    try:
        before = play.store.last_seq()
        with pytest.raises(RuleError) as refused:
            play(f"character new {name} --class thief --kit 1")
        assert not play.session.characters()
        assert play.store.last_seq() == before
    finally:
        play.close()
    said = str(refused.value)
    assert "a character cannot be named like a monster" in said
    assert "is in the bestiary" in said
    assert "\n" not in said


def test_the_refusal_names_the_monster(tmp_path: Path) -> None:
    play = Play(tmp_path / "c.db")
    try:
        with pytest.raises(RuleError) as refused:
            play("character new goblin --class thief")
    finally:
        play.close()
    assert str(refused.value) == (
        "character new: a character cannot be named like a monster: goblin is in the "
        "bestiary (H210, H254)"
    )


@pytest.mark.parametrize("word", ["fight", "deadly", "major", "close"])
def test_redhack_keywords_are_refused(tmp_path: Path, word: str) -> None:
    play = Play(tmp_path / "c.db")
    try:
        with pytest.raises(RuleError, match="is a word the commands read"):
            play(f"character new {word} --class thief")
    finally:
        play.close()


def test_a_campaigns_own_monster_and_an_import_are_refused(tmp_path: Path) -> None:
    file = tmp_path / "mine.toml"
    file.write_text(BOG_HAG)
    play = Play(tmp_path / "c.db")
    try:
        play(f"bestiary add {file}")
        with pytest.raises(RuleError, match="bog-hag is in the bestiary"):
            play('character new "Bog Hag" --class thief')
        play("character new Sly --class thief --kit 1")
        sheet = tmp_path / "sly.json"
        play(f"character export Sly --format json --to {sheet}")
        with pytest.raises(RuleError, match="kobold is in the bestiary"):
            play(f"character import {sheet} --as kobold")
        assert play("character new Goblinoid --class thief --kit 1")  # only whole ids
    finally:
        play.close()


def test_black_sword_hack_refuses_its_opponents(tmp_path: Path) -> None:
    store = CampaignStore.open(tmp_path / "b.db", ruleset="black-sword-hack")
    layer = CommandLayer(Session(store, 3))
    try:
        before = store.last_seq()
        with pytest.raises(RuleError, match="thug is in the bestiary"):
            layer.run(
                "character new Thug --origin barbarian --backgrounds reaver,pit-fighter,scribe"
            )
        assert store.last_seq() == before
        layer.run("character new Kael --origin barbarian --backgrounds reaver,pit-fighter,scribe")
    finally:
        store.close()
