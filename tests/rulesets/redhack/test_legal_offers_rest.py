"""redhack's legal offers for the rest of issue 10: sheets exported (§5), NPCs' values
and tests (§7) (docs/rulings.md H209, H252)."""

from __future__ import annotations

import json

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM
from hacktable.rulesets.grammar import Words

from ...console.conftest import Play


def _offers(table: Play) -> list[Words]:
    intents = table.session.ruleset.legal_intents(table.session, "gm")
    return [i for i in intents if isinstance(i, Words)]


def test_each_living_character_s_sheet_is_offered_and_shown(table: Play) -> None:
    layer = CommandLayer(table.session)
    before = table.store.last_seq()
    exports = [w for w in _offers(table) if w.command == "character export"]
    assert {w.words[0] for w in exports} == {"Aldric", "Sly", "Tomas", "Mirela"}
    assert all("--to" not in w.words for w in exports)  # no files written
    for offer in exports:
        shown = layer.execute(GM, offer).text
        if "json" in offer.words:
            assert json.loads(shown)["character"]["name"] == offer.words[0]
        else:
            assert offer.words[0] in shown
    assert table.store.last_seq() == before  # a sheet shown logs nothing


def test_the_npc_offers_run_and_test_once_given(table: Play) -> None:
    layer = CommandLayer(table.session)
    offered = [w for w in _offers(table) if w.command in ("npc", "monster")]
    assert [w.command for w in offered] == ["npc"]  # no test before the values
    layer.execute(GM, offered[0])
    tests = [w for w in _offers(table) if w.command == "monster"]
    assert tests
    for offer in tests:
        assert "Oswin: " in layer.execute(GM, offer).text
