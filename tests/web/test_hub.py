"""A table's name in its URLs (web/hub.py :func:`table_id`): every link the GM hands
out carries it, so it holds nothing of a database URL's secrets (issue 12 §4)."""

from __future__ import annotations

import pytest

from hacktable.web.hub import table_id


@pytest.mark.parametrize(
    ("campaign", "name"),
    [
        ("Lost Mines.db", "lost-mines"),
        ("games/a.db?mode=ro", "a"),
        ("postgresql://db.example/lost-mines", "lost-mines"),
        ("sqlite:///tmp/x.db", "x-db"),
        ("postgresql://ann:hunter2@db.example/mines?password=hunter2", "mines"),
        ("postgresql://ann:hunter2@db.example", "db-example"),
        ("postgresql://ann:hunter2@db.example/", "db-example"),
        ("postgresql://ann:hunter2@[bad/x", "table"),
        ("postgresql://ann:hunter2@db.example/games#Lost Mines", "lost-mines"),
    ],
)
def test_a_tables_name(campaign: str, name: str):
    assert table_id(campaign) == name
    assert "hunter2" not in table_id(campaign)
