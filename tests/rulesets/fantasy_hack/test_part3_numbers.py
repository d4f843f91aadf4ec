"""Numbers of fantasy-hack Part III and RULINGS F1, F5 that no other test pins down,
each test citing its section (issue 11 §3: "every number in the texts and rulings
named here is a test citing its section")."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hacktable.rulesets.fantasy_hack.chase import begin, break_away, chase_round
from hacktable.rulesets.fantasy_hack.hazards import Poison, poison, resist_odds

from ...helpers import Faces
from .helpers import campaign, text
from .test_chase import OTTVAR, THIEF

FIGHTER = "character new Ottvar --race human --class fighter --stats 18,10,9"


def test_potent_poisons_are_dc_20_and_25() -> None:
    """Part III "Poison": "A DC of 15 is a standard poison, while a more potent one may
    20, 25, or even more": level 3 + STR 2 = 5 meets DC 20 on a 15-20 and DC 25 on a
    20 only."""
    assert resist_odds(Poison("wyvern venom", "3d8", dc=20), 3, 2).success == Fraction(6, 20)
    assert resist_odds(Poison("basilisk blood", "3d8", dc=25), 3, 2).success == Fraction(1, 20)
    basilisk = Poison("basilisk blood", "3d8", dc=25)
    assert not poison(basilisk, 3, 2, Faces(19, 1, 1, 1)).check.success  # 24 < 25


def test_the_barrels_up_to_minus_4() -> None:
    """Part III: barrels "may create up to a -3 or -4 modifier to the opposed chase roll
    of his pursuer" (the -3 is in test_chase)."""
    chase = break_away(begin(THIEF, OTTVAR), Faces(11, 3)).chase
    step = chase_round(chase, Faces(10, 10), pursuer_situational=-4)
    assert step.check.resisting.total == 10 + 4 - 4


def test_a_character_bleeding_to_minus_10_dies_and_an_npc_dies_at_0(tmp_path: Path) -> None:
    """RULINGS F1: a character at 0 or below is dying, loses 1 HP at the end of each of
    their turns, and is dead at -10 (the default *setting*); "NPCs die at 0"."""
    lines = (FIGHTER, "fight start", "fight add Mugger from mugger", "init roll 14,9")
    with campaign(tmp_path / "c.db", *lines) as layer:
        ottvar = layer.session.character("Ottvar")
        layer.run(f"hp Ottvar -{ottvar.hp + 9}")  # -9: dying, on his turn (14 > 9 + 3)
        assert layer.session.character("Ottvar").hp == -9
        assert layer.session.character("Ottvar").has_condition("dying")
        shown = text(layer, "next")  # the end of Ottvar's turn: -1
        assert "-9 HP - 1 dying = -10 HP" in shown
        assert layer.session.character("Ottvar").dead
    with campaign(tmp_path / "d.db", *lines) as layer:
        layer.run("attack Ottvar Mugger roll 13 damage roll 6")  # 12 - 11 = 1 HP
        shown = text(layer, "attack Ottvar Mugger roll 13 damage roll 1")  # 1 HP left - 6
        assert "= 0 HP (floored at 0, the fantasy-hack NPC death threshold): dead" in shown


def test_a_fall_with_and_without_spikes_at_the_table(tmp_path: Path) -> None:
    """Part III "Falling": 1d6 per 10 feet, halved by Athletics + DEX against the height
    in feet; "Spikes": +1 per 10 feet, max +10 (a 120 ft fall adds 10, not 12)."""
    with campaign(tmp_path / "c.db", FIGHTER, "hp Ottvar 20") as layer:
        shown = text(layer, "fall Ottvar 20 roll 20,3,4")  # 20 + 5 = 25 >= DC 20: half
        assert "2d6 [3, 4] = 7" in shown
        assert ">= DC 20 (the height): success: halved to 3 damage" in shown
        assert layer.session.character("Ottvar").hp == 17
        layer.run("undo")
        faces = ",".join(["1"] * 13)  # the d20, then 12d6 of 1
        shown = text(layer, f"fall Ottvar 120 spikes roll {faces}")
        assert "+ 10 spikes" in shown
        assert layer.session.character("Ottvar").hp == 20 - (12 + 10)
