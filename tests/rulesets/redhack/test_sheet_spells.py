"""The sheet names a campaign's own spells as the campaign's list does (issue 10 §1, "a
campaign can add its own spells"; docs/rulings.md H156): ``Book: Grave Chill``, not the
id, in ``character show``, the Markdown export and the sheet an import prints."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from hacktable.rulesets.redhack.magic.state import Slot

from ...console.conftest import Play
from .magic.test_books import OWN_SPELL


@pytest.fixture
def own(tmp_path: Path) -> Iterator[Play]:
    path = tmp_path / "own.toml"
    path.write_text(OWN_SPELL)
    play = Play(tmp_path / "c.db", seed=1)
    play(f"spell add {path}")
    play("character new Mirela --class wizard --kit 1 --spells grave-chill,sleep,light")
    magic = play.session.character("Mirela").magic
    play.set_character("Mirela", magic=replace(magic, slots=(Slot(1, "grave-chill"),)))
    yield play
    play.close()


def test_character_show_names_the_campaign_s_spell(own: Play) -> None:
    shown = own("character show Mirela")
    assert "  Book: Grave Chill, Sleep, Light" in shown
    assert "  Slots: L1 Grave Chill" in shown
    assert "grave-chill" not in shown


def test_the_markdown_export_names_it_too(own: Play) -> None:
    shown = own("character export Mirela --format md")
    assert "Book: Grave Chill, Sleep, Light" in shown


def test_an_imported_sheet_names_it(own: Play, tmp_path: Path) -> None:
    exported = own("character export Mirela --format json")
    sheet = tmp_path / "mirela.json"
    sheet.write_text(exported[exported.index("{") :])
    json.loads(sheet.read_text())
    shown = own(f"character import {sheet} --as Mirela2")
    assert "Book: Grave Chill, Sleep, Light" in shown


def test_without_the_campaign_the_packaged_list_shows_the_id(own: Play) -> None:
    """A sheet drawn with the packaged rules alone (no campaign state) still draws."""
    character = own.session.character("Mirela")
    lines = own.session.ruleset.character_sheet(character)
    assert "  Book: grave-chill, Sleep, Light" in lines


def test_the_sheet_character_new_prints_names_it(own: Play) -> None:
    shown = own("character new Oda --class wizard --kit 1 --spells grave-chill,sleep,light")
    assert "  Book: Grave Chill, Sleep, Light" in shown
