"""The spell list as validated data (issue 10 §1, §2; RULINGS R32, R33)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RulesDataError
from hacktable.rulesets.redhack.content.spells import (
    Duration,
    load_spells,
    load_spells_from,
    spell_from_json,
)


def test_every_level_has_arcane_spells_and_divine_prayers() -> None:
    """issue 10 §1/§2: arcane spells and divine prayers of levels 1-7, a cantrip list."""
    spells = load_spells()
    for kind in ("arcane", "divine"):
        for level in range(1, 8):
            assert spells.of(kind, level), (kind, level)
        for level in (1, 2, 3):
            assert len(spells.of(kind, level)) >= 6, (kind, level)
    assert len(spells.of("arcane", 0)) >= 3
    assert not spells.of("divine", 0)


def test_the_texts_fireball_is_a_dex_save_and_a_wis_effect_test() -> None:
    """redhack: Saving Throws & Effect Tests (issue 10 §1)."""
    fireball = load_spells().get("Fireball")
    assert (fireball.save, fireball.effect_test) == ("DEX", "WIS")


def test_the_cures_of_the_trade_table() -> None:
    """redhack: Divine Magic, the trade table: 1+ Light, 3+ Serious, 5+ Critical, 6+ Heal."""
    cures = [(s.name, s.trade) for s in load_spells().cures()]
    assert cures == [
        ("Cure Light Wounds", 1),
        ("Cure Serious Wounds", 3),
        ("Cure Critical Wounds", 5),
        ("Heal", 6),
    ]


def test_every_entry_cites_a_source_and_the_file_credits_basic_fantasy() -> None:
    """RULINGS R32: credited like the bestiary."""
    from importlib.resources import files

    text = (files("hacktable.rulesets.redhack.data") / "spells.toml").read_text()
    assert "Basic Fantasy Role-Playing Game" in text
    assert "CC BY-SA 4.0" in text
    assert all(s.source for s in load_spells().spells)


@pytest.mark.parametrize(
    ("text", "unit", "count"),
    [
        ("instant", "instant", 0),
        ("6 rounds", "rounds", 6),
        ("3 ticks", "ticks", 3),
        ("2 hours", "hours", 2),
        ("variable ud8", "variable", 0),
    ],
)
def test_durations_parse(text: str, unit: str, count: int) -> None:
    """RULINGS R33: durations on the campaign's clock."""
    duration = Duration.parse(text)
    assert (duration.unit, duration.count) == (unit, count)
    assert duration.lasting is (unit not in ("instant", "permanent"))


def test_a_campaign_file_adds_spells_and_a_wandering_table(tmp_path: Path) -> None:
    """issue 10 §1: a campaign adds its own spells and "wandering spell" tables."""
    path = tmp_path / "crypt.toml"
    path.write_text(
        """
[[spells]]
id = "grave-chill"
name = "Grave Chill"
kind = "arcane"
level = 2
range = "near"
duration = "3 rounds"
save = "CON"
effect_test = "INT"
effect = "A cold from beyond the grave numbs a living creature."
source = "campaign"

[[tables]]
id = "crypt-spells"
name = "Crypt spells"
dice = "1d2"
entries = [
  { low = 1, high = 1, result = "grave-chill" },
  { low = 2, high = 2, result = "sleep" },
]
"""
    )
    added = load_spells_from(path)
    merged = load_spells().merged(added.spells, added.tables)
    assert merged.get("grave chill").level == 2
    assert merged.table("crypt-spells").entries[1].result == "sleep"


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("level = 9", "level"),
        ('duration = "forever"', "duration"),
        ('kind = "psionic"', "kind"),
    ],
)
def test_a_bad_spell_is_refused_naming_the_entry(tmp_path: Path, body: str, reason: str) -> None:
    fields = {
        "id": '"bad-one"',
        "name": '"Bad"',
        "kind": '"arcane"',
        "level": "1",
        "range": '"near"',
        "duration": '"instant"',
        "effect": '"x"',
        "source": '"y"',
    }
    key, value = body.split(" = ")
    fields[key] = value
    path = tmp_path / "bad.toml"
    path.write_text("[[spells]]\n" + "\n".join(f"{k} = {v}" for k, v in fields.items()))
    with pytest.raises(RulesDataError) as caught:
        load_spells_from(path)
    assert "bad-one" in str(caught.value) or reason in str(caught.value)


def test_a_table_naming_no_spell_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.toml"
    path.write_text(
        '[[tables]]\nid = "t"\nname = "T"\ndice = "1d1"\n'
        'entries = [{ low = 1, high = 1, result = "no-such-spell" }]\n'
    )
    with pytest.raises(RulesDataError, match="not a spell"):
        load_spells_from(path)


def test_a_stored_spell_is_validated() -> None:
    with pytest.raises(RulesDataError, match="campaign"):
        spell_from_json({"id": "x", "name": "X", "kind": "arcane", "level": 1})
