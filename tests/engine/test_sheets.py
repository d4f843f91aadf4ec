"""Character sheets in and out (issue 10 §5; docs/rulings.md H209, H210): Markdown to
print, JSON that `character import` reads back into exactly the same character, and
one clear line for a bad file; for every ruleset."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import NotAllowedError, Principal, Role
from hacktable.engine.session import Session
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.store import CampaignStore

from ..intents import campaign

ANN = Principal(Role.PLAYER, "Ann")


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(
        tmp_path / "c.db",
        3,
        ("player add Ann", "character new Sly --class thief --kit 1 --player Ann"),
    )
    yield layer
    layer.session.store.close()


def _refused(layer: CommandLayer, line: str, principal: Principal | None = None) -> str:
    before = layer.session.state.last_seq
    with pytest.raises((RuleError, CommandError, UnknownNameError, NotAllowedError)) as error:
        layer.run(line) if principal is None else layer.run(line, principal)
    assert layer.session.store.last_seq() == before
    return str(error.value)


def test_markdown_holds_the_whole_sheet(layer: CommandLayer) -> None:
    text = layer.run("character export Sly", ANN).text
    sheet = layer.session.ruleset.character_sheet(layer.session.character("Sly"))
    assert text.startswith("# Sly\n")
    assert "played by Ann" in text
    for line in sheet:
        assert line in text


def test_json_reads_back_into_the_same_character(layer: CommandLayer, tmp_path: Path) -> None:
    path = tmp_path / "sly.json"
    layer.run(f"character export Sly --format json --to {path}")
    sly = layer.session.character("Sly")
    assert json.loads(path.read_text())["character"]["name"] == "Sly"
    refusal = _refused(layer, f"character import {path}")
    assert refusal == "a character called Sly is already in the campaign: import with --as NEWNAME"
    layer.run(f"character import {path} --as Sly2")
    assert layer.session.character("Sly2") == type(sly)(**{**_fields(sly), "name": "Sly2"})
    other = campaign(tmp_path / "other.db", 4)
    try:
        other.run(f"character import {path}")
        assert other.session.character("Sly") == sly  # exactly the same character
    finally:
        other.session.store.close()


def _fields(character: object) -> dict[str, object]:
    from dataclasses import fields

    return {f.name: getattr(character, f.name) for f in fields(character)}  # type: ignore[arg-type]


def test_a_bad_file_gets_one_clear_line(layer: CommandLayer, tmp_path: Path) -> None:
    """issue 10 §9: "an import file of the wrong shape"."""
    cases = {
        "not-json.json": ("{", "is not JSON"),
        "shape.json": ('{"name": "Sly"}', "is not a hacktable character sheet"),
        "format.json": (
            '{"format": "x", "version": 1, "ruleset": "redhack", "character": {}}',
            "is not a hacktable character sheet (format 'x')",
        ),
        "fields.json": (
            '{"format": "hacktable-character", "version": 1, "ruleset": "redhack",'
            ' "character": {"name": "X"}}',
            "does not hold a redhack character",
        ),
        "other.json": (
            '{"format": "hacktable-character", "version": 1, "ruleset": "black-sword-hack",'
            ' "character": {}}',
            "is a black-sword-hack character: this campaign plays redhack",
        ),
        "unknown.json": (
            '{"format": "hacktable-character", "version": 1, "ruleset": "chess", "character": {}}',
            "chess",
        ),
    }
    for name, (text, needle) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        assert needle in _refused(layer, f"character import {path}"), name
    assert "cannot read" in _refused(layer, f"character import {tmp_path / 'none.json'}")
    assert "--format is md or json" in _refused(layer, "character export Sly --format pdf")


def test_files_are_the_gms(layer: CommandLayer, tmp_path: Path) -> None:
    """docs/rulings.md H209: a player reads a sheet, but writes and reads no file."""
    assert "files is the GM's" in _refused(layer, f"character export Sly --to {tmp_path}/x", ANN)
    assert "files is the GM's" in _refused(layer, f"character import {tmp_path}/x", ANN)


def test_names_a_command_would_misread_are_refused(layer: CommandLayer, tmp_path: Path) -> None:
    """issue 10 §10: a monster's id, an attribute, a keyword of the grammar."""
    for name, why in (
        ("goblin-1", "how a fight names a monster"),
        ('"Goblin 2"', "how a fight names a monster"),
        ("STR", "is an attribute of redhack"),
        ("dex", "is an attribute of redhack"),
        ("all", "is a word the commands read"),
        ("gm", "is a word the commands read"),
    ):
        assert why in _refused(layer, f"character new {name} --class thief --kit 1"), name
    path = tmp_path / "sly.json"
    layer.run(f"character export Sly --format json --to {path}")
    assert "is an attribute" in _refused(layer, f"character import {path} --as CON")


def test_black_sword_hack_sheets_too(tmp_path: Path) -> None:
    store = CampaignStore.open(tmp_path / "b.db", ruleset="black-sword-hack")
    layer = CommandLayer(Session(store, 3))
    try:
        layer.run(
            "character new Kael --origin barbarian --backgrounds reaver,pit-fighter,sellsword"
        )
        path = tmp_path / "kael.json"
        layer.run(f"character export Kael --format json --to {path}")
        kael = layer.session.character("Kael")
        layer.run(f"character import {path} --as Kael2")
        assert _fields(layer.session.character("Kael2")) == {**_fields(kael), "name": "Kael2"}
        assert "# Kael" in layer.run("character export Kael").text
        assert "is an attribute" in _refused(layer, "character new wis --origin barbarian")
    finally:
        store.close()
