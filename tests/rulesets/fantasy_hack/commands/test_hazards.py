"""``fall`` and ``poison`` at the table (fantasy-hack Part III "Falling", "Spikes",
"Poison"; RULINGS G5; docs/rulings.md H324, H414, H417; issue 11 §1: "falling (1d6 per
10 ft, halved by an Athletics + DEX check against the height in feet; spikes), poison
(level + STR against its DC)")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import CommandError, RuleError
from hacktable.play.principal import NotAllowedError, Principal, Role

from ..helpers import answers, campaign, text

OTTVAR = "character new Ottvar --race human --class fighter --stats 18,10,9"  # Athletics 5


def test_a_fall_is_1d6_per_10_feet_plus_spikes(tmp_path: Path) -> None:
    """Part III: 30 ft, 3d6, spikes +3; DC 30 against +5 cannot be met."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 20") as layer:
        shown = text(layer, "fall Ottvar 30 spikes roll 12,3,4,5")
        assert layer.session.character("Ottvar").hp == 5
    assert "odds: success 0.00%, failure 100.00%" in shown
    assert "3d6 [3, 4, 5] + 3 spikes = 15" in shown


def test_the_check_against_the_height_halves_it(tmp_path: Path) -> None:
    """Part III: Athletics + DEX against DC 20 (+5: 30%) halves 7 to 3 (H324)."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 20") as layer:
        shown = text(layer, "fall Ottvar 20 roll 15,3,4")
        assert layer.session.character("Ottvar").hp == 17
    assert "odds: success 30.00%, failure 70.00%" in shown
    assert "halved to 3 damage" in shown


def test_spikes_add_at_most_10_and_short_falls_nothing(tmp_path: Path) -> None:
    """Part III: "max +10"; H324: under 10 ft no damage, nothing rolled."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 20") as layer:
        shown = text(layer, "fall Ottvar 9")
        assert "under 10 ft, no damage" in shown
        assert layer.session.character("Ottvar").hp == 20
        assert "+ 10 spikes" in text(layer, "fall Ottvar 150 spikes")
        with pytest.raises(CommandError, match="0 to 1000 feet"):
            layer.run("fall Ottvar 1001")


def test_poison_to_a_stat_lowers_it_and_its_modifiers(tmp_path: Path) -> None:
    """Part III: "1d4 STR damage"; Healing: the score "immediately reduced"."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "poison Ottvar 15 STR 1d4 roll 2,3")
        ottvar = layer.session.character("Ottvar")
        assert "level + STR +5 against DC 15 avoids it: odds: success 55.00%" in shown
        assert ottvar.effective("STR") == 15
        assert "To hit: melee +4" in text(layer, "character show Ottvar")


def test_a_half_poison_halves_on_a_success(tmp_path: Path) -> None:
    """Part III: "to avoid damage or for half"; H324 rounds down."""
    with campaign(tmp_path / "c.db", OTTVAR, "hp Ottvar 20") as layer:
        text(layer, "poison Ottvar dc 15 damage 2d6 half roll 19,6,5")
        assert layer.session.character("Ottvar").hp == 15
        text(layer, "poison Ottvar 15 damage 2d6 roll 19")
        assert layer.session.character("Ottvar").hp == 15


def test_stat_damage_stops_at_a_score_of_0(tmp_path: Path) -> None:
    """H414."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        shown = text(layer, "poison Ottvar 15 STR 25 roll 1")
        assert layer.session.character("Ottvar").effective("STR") == 0
    assert "helpless" in shown


def test_poison_refusals_change_nothing(tmp_path: Path) -> None:
    """Issue 11 §3: a DC outside 1-40; a script without the damage; the GM's."""
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        log = len(layer.session.store.events())
        with pytest.raises(RuleError, match="DC"):
            layer.run("poison Ottvar 41 damage 1d4")
        with pytest.raises(RuleError, match="needs its damage"):
            layer.run("poison Ottvar 15")
        with pytest.raises(RuleError, match="no dice expression"):
            layer.run("poison Ottvar 15 damage lots")
        with pytest.raises(NotAllowedError):
            layer.run("poison Ottvar 15 damage 1d4", principal=Principal(Role.PLAYER, "mike"))
        assert len(layer.session.store.events()) == log


def test_the_console_asks_for_the_damage(tmp_path: Path) -> None:
    """Guided use."""
    asked, ask = answers("STR 2")
    with campaign(tmp_path / "c.db", OTTVAR) as layer:
        layer.run("poison Ottvar 15 roll 1", ask=ask)
        assert layer.session.character("Ottvar").damage_to("STR") == 2
    assert len(asked) == 1
    assert "damage" in asked[0]
