"""``stabilise``, ``treat`` and ``rest`` at the table (fantasy-hack Part III "Healing";
RULINGS F1, G5; docs/rulings.md H325, H326, H413, H415, H416; issue 11 §1: "treatment
(MND + Knowledge DC 20, 1d6 + 5, once per injury), a night's rest (level x 2 HP; 1
point of stat damage), never above maximum")."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.errors import RuleError
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rulesets.ordered_fight import fight_in

from ..helpers import campaign, text
from .fights import put_fight

MARA = "character new Mara --race elf --class sorcerer --stats 10,12,16"  # MND +4, Knowledge 4
OTTVAR = "character new Ottvar --race human --class fighter --stats 18,10,9"


def test_stabilise_is_mnd_knowledge_dc_10_and_stops_the_bleeding(tmp_path: Path) -> None:
    """F1: an ally's MND + Knowledge check, DC 10: d20 + 8 >= 10 is 95%."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR, "hp Ottvar 1", "hp Ottvar -3") as layer:
        shown = text(layer, "stabilise Mara Ottvar roll 2")
        ottvar = layer.session.character("Ottvar")
    lines = shown.splitlines()
    assert lines[1] == "  odds: success 95.00%, failure 5.00%"
    assert "d20 2 + 8 = 10 >= DC 10" in lines[2]
    assert ottvar.hp == -2
    assert ottvar.has_condition("stable")
    assert not ottvar.has_condition("dying")


def test_a_failed_stabilise_leaves_them_dying(tmp_path: Path) -> None:
    with campaign(tmp_path / "c.db", MARA, OTTVAR, "hp Ottvar 1", "hp Ottvar -3") as layer:
        shown = text(layer, "stabilise Mara Ottvar roll 1")
        assert "still dying" in shown
        assert layer.session.character("Ottvar").has_condition("dying")


def test_stabilise_refusals(tmp_path: Path) -> None:
    """F1: the dying only, by an ally who is up."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        with pytest.raises(RuleError, match="not dying"):
            layer.run("stabilise Mara Ottvar")
        layer.run("hp Ottvar 1")
        layer.run("hp Ottvar -3")
        with pytest.raises(RuleError, match="themselves"):
            layer.run("stabilise Mara Mara")
        with pytest.raises(RuleError, match="unconscious"):
            layer.run("stabilise Ottvar Ottvar")
        with pytest.raises(RuleError, match="unconscious"):
            layer.run("stabilise Ottvar Mara")


def test_treatment_heals_1d6_plus_5_once_per_injury(tmp_path: Path) -> None:
    """Part III: DC 20 (d20 + 8: 45%), 1d6 + 5; H325 once; H415 new damage allows it."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR, "hp Ottvar 5") as layer:
        shown = text(layer, "treat Mara Ottvar roll 12,3")
        assert "odds: success 45.00%, failure 55.00%" in shown
        assert layer.session.character("Ottvar").hp == 13
        with pytest.raises(RuleError, match="once per injury"):
            layer.run("treat Mara Ottvar roll 20,6")
        layer.run("hp Ottvar -2")
        text(layer, "treat Mara Ottvar roll 1")  # a failure uses it up (H325)
        assert layer.session.character("Ottvar").hp == 11
        with pytest.raises(RuleError, match="once per injury"):
            layer.run("treat Mara Ottvar roll 20,6")
        layer.run("undo")
        layer.run("treat Mara Ottvar roll 20,1")
        assert layer.session.character("Ottvar").hp == 17


def test_treatment_never_raises_hp_above_the_maximum(tmp_path: Path) -> None:
    """Part III: "you still don't go up above that"."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:
        top = layer.session.character("Ottvar").max_hp
        with pytest.raises(RuleError, match="maximum"):
            layer.run("treat Mara Ottvar")
        layer.run(f"hp Ottvar {top - 2}")
        shown = text(layer, "treat Mara Ottvar roll 20,6")
        assert layer.session.character("Ottvar").hp == top
        assert "capped" in shown


def test_treatment_is_not_of_oneself(tmp_path: Path) -> None:
    """H416."""
    with (
        campaign(tmp_path / "c.db", MARA, OTTVAR, "hp Ottvar 5") as layer,
        pytest.raises(RuleError, match="themselves"),
    ):
        layer.run("treat Ottvar Ottvar")


def test_a_night_heals_level_x_2_and_a_point_of_each_stat(tmp_path: Path) -> None:
    """Part III: level x 2 a night; H326: 1 point of each damaged stat."""
    line = OTTVAR.replace("--stats", "--level 3 --stats")
    with campaign(tmp_path / "c.db", line, "hp Ottvar 5") as layer:
        layer.run("poison Ottvar 15 STR 3 roll 1")
        layer.run("poison Ottvar 15 DEX 1 roll 1")
        shown = text(layer, "rest")
        ottvar = layer.session.character("Ottvar")
    assert "level 3 x 2 = 6 HP" in shown
    assert ottvar.hp == 11
    assert ottvar.stat_damage == (("STR", 2),)


def test_rest_caps_at_the_maximum_and_heals_the_dying(tmp_path: Path) -> None:
    """Part III: never above the maximum; F1: any healing stabilises."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR, "hp Ottvar 1", "hp Ottvar -3") as layer:
        shown = text(layer, "rest")
        ottvar = layer.session.character("Ottvar")
        mara = layer.session.character("Mara")
        assert (ottvar.hp, mara.hp) == (0, mara.max_hp)
        assert ottvar.has_condition("stable")
        assert "capped at max" in shown
        with pytest.raises(NotAllowedError):
            layer.run("rest", principal=Principal(Role.PLAYER, "mike"))


def test_in_a_fight_treatment_waits_and_stabilising_is_the_healers_action(
    tmp_path: Path,
) -> None:
    """Part III: treatment "when not in combat"; F1, H413: stabilising is an action."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR, "hp Ottvar 1", "hp Ottvar -3") as layer:
        put_fight(layer, turn=1)
        with pytest.raises(RuleError, match="out of combat"):
            layer.run("treat Mara Ottvar")
        shown = text(layer, "stabilise Mara Ottvar roll 15")
        fight = fight_in(layer.session.state)
    assert "out of turn" in shown
    assert "the GM's free stabilising check" in shown  # not "free attack" (H474)
    assert fight is not None
    assert fight.log[-1].what == "stabilise Ottvar"


def test_a_refused_treatment_names_the_patient(tmp_path: Path) -> None:
    """H325: treating a character at maximum HP is refused before anything is rolled;
    the line says who ("Ottvar: at maximum HP (20) ..."), and nothing changes."""
    with campaign(tmp_path / "c.db", MARA, OTTVAR) as layer:  # a new character: full HP
        before = len(layer.session.log())
        with pytest.raises(RuleError, match=r"^Ottvar: at maximum HP \(\d+\)"):
            layer.run("treat Mara Ottvar")
        assert len(layer.session.log()) == before
