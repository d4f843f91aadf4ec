"""A Words intent for a command with a typed intent of its own is read into that intent
(tools build Words intents for every command: legal_intents, a web table)."""

from __future__ import annotations

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM
from hacktable.errors import CommandError
from hacktable.rulesets.grammar import Words

from .conftest import Play


def test_a_note_given_as_words_is_logged(play: Play) -> None:
    layer = CommandLayer(play.session)
    outcome = layer.execute(GM, Words("note", ("The rain stops.",)))
    assert outcome.text == "The rain stops."
    assert outcome.intent == layer.parse("note The rain stops.")
    assert play.store.last(1)[0].summary == "The rain stops."


def test_words_that_do_not_make_the_typed_intent_are_a_usage_error(play: Play) -> None:
    layer = CommandLayer(play.session)
    before = play.store.last_seq()
    with pytest.raises(CommandError, match="missing TEXT"):
        layer.execute(GM, Words("note"))
    with pytest.raises(CommandError, match="unexpected"):
        layer.execute(GM, Words("undo", ("twice",)))
    assert play.store.last_seq() == before
