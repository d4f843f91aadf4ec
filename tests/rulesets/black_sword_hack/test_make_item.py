"""black-sword-hack's items for the engine's ``give``: custom gear only when asked for
(docs/rulings.md H191)."""

from __future__ import annotations

import pytest

from hacktable.errors import UnknownNameError
from hacktable.rulesets import get_ruleset


def test_an_unknown_name_is_refused_unless_custom() -> None:
    ruleset = get_ruleset("black-sword-hack")
    with pytest.raises(UnknownNameError, match="unknown equipment 'lucky stone'"):
        ruleset.make_item("lucky stone")
    item, known = ruleset.make_item("lucky stone", custom=True)
    assert (item.name, known) == ("lucky stone", False)
    assert ruleset.make_item("greataxe")[1]
