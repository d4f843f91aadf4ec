"""``disease`` and ``exposure`` at the table (fantasy-hack Part III "Disease", "Extreme
Heat & Cold"; docs/rulings.md H418, H419; issue 11 §1: "disease (daily, cured by
beating the DC by 10), extreme heat and cold (every 10 minutes, DC 15 +1 per
check)")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError

from ..helpers import campaign, text

OTTVAR = "character new Ottvar --race human --class fighter --stats 18,10,9"  # level + STR +5


def test_a_disease_is_kept_and_checked_daily_until_beaten_by_10(tmp_path: Path) -> None:
    """Part III: "If he beats the disease DC by 10 or more, the disease is cured"."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 20") as layer:
        text(layer, "disease Ottvar 15 damage 1d6 roll 3,4")
        assert layer.session.character("Ottvar").hp == 16
        assert layer.session.state.get("disease", "ottvar") is not None
        shown = text(layer, "disease Ottvar roll 19")  # 24: beats DC 15 by 9
        assert "day 2" in shown
        assert layer.session.state.get("disease", "ottvar") is not None
        shown = text(layer, "disease Ottvar roll 20")  # 25: by 10
        assert "cured" in shown
        assert layer.session.state.get("disease", "ottvar") is None
        layer.run("undo")
        assert layer.session.state.get("disease", "ottvar") is not None


def test_the_gm_sets_a_band_and_may_cure(tmp_path: Path) -> None:
    """Part III: "a minor illness might only need be beat by 5"."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "disease Ottvar 12 damage 1d4 band 5 roll 12")  # 17: by 5
        assert "cured" in shown
        layer.run("disease Ottvar 15 STR 1d4 roll 1,1")
        with pytest.raises(RuleError, match="already has a disease"):
            layer.run("disease Ottvar 15 STR 1d4")
        layer.run("disease Ottvar cure")
        assert layer.session.state.get("disease", "ottvar") is None
        with pytest.raises(RuleError, match="no disease"):
            layer.run("disease Ottvar")


def test_exposure_climbs_a_dc_each_check_and_keeps_the_count(tmp_path: Path) -> None:
    """Part III: every 10 minutes, DC 15 +1 per previous check, 1d6 on each failure."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 20") as layer:
        shown = text(layer, "exposure Ottvar cold for 30 roll 2,3,20,1,4")
        assert "against DC 15 (15 + 0 previous): odds: success 55.00%" in shown
        assert "against DC 17 (15 + 2 previous)" in shown
        assert layer.session.character("Ottvar").hp == 13
        assert "against DC 18" in text(layer, "exposure Ottvar cold roll 20")
        with pytest.raises(RuleError, match="end' first"):
            layer.run("exposure Ottvar heat")
        layer.run("exposure Ottvar end")
        assert layer.session.state.get("exposure", "ottvar") is None
        assert "against DC 15" in text(layer, "exposure Ottvar heat roll 20")


def test_exposure_refusals(tmp_path: Path) -> None:
    """H419: whole 10 minutes."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        with pytest.raises(CommandError, match="10 minutes at a time"):
            layer.run("exposure Ottvar cold for 25")
        with pytest.raises(CommandError, match="heat or cold"):
            layer.run("exposure Ottvar rain")
        with pytest.raises(RuleError, match="not exposed"):
            layer.run("exposure Ottvar end")
