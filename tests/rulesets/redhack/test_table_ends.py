"""A modifier past a table's end reads the end entry (docs/rulings.md H105)."""

from __future__ import annotations

import pytest

from hacktable.rulesets import get_ruleset
from tests.helpers import Faces


@pytest.mark.parametrize(
    ("table", "faces", "modifier", "value", "result"),
    [
        ("reactions", (6, 6), 5, 12, "Ingratiating"),  # 12 + 5 = 17, clamped to 12
        ("reactions", (1, 1), -3, 2, "Hostile"),
        ("reactions", (3, 4), 2, 9, "Friendly"),  # inside the table: as rolled
        ("injuries", (5,), 3, 6, "Doomed"),
        ("injuries", (2,), -4, 1, "Unconscious"),
        ("casting", (6,), 3, 8, "Epiphany"),  # redhack: Spellcasting > Arcane Magic
    ],
)
def test_a_modified_roll_past_the_end_reads_the_end_entry(
    table: str, faces: tuple[int, ...], modifier: int, value: int, result: str
) -> None:
    outcome = get_ruleset("redhack").roll_table(table, Faces(*faces), modifier)
    assert (outcome.value, outcome.result) == (value, result)
    unclamped = sum(faces) + modifier
    assert ("clamped to" in outcome.explanation) == (unclamped != value)
