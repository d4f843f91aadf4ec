"""The players' own dice on ``init``, ``cast`` and ``pray`` (issue 10 §6; RULINGS G5;
docs/rulings.md H247)."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError

from ...console.conftest import Play


def _fight(table: Play) -> None:
    table("fight start --name Test")
    table("fight add 2 goblin --at near")


def test_init_takes_the_players_d20s_in_the_fights_order(table: Play) -> None:
    """Issue 10 §6: one d20 per player, in order; the log says they were entered."""
    _fight(table)
    shown = table("init roll 1,20,1,20")
    assert "Aldric initiative: d20 natural 1" in shown
    assert "Sly initiative: d20 natural 20" in shown
    assert "dice entered by the GM, not rolled" in shown
    assert "before the monsters: Sly, Mirela" in shown


@pytest.mark.parametrize(
    ("faces", "why"),
    [("1,20,1,21", "a d20 shows 1 to 20, not 21"), ("1,20,1,20,5", "not needed")],
)
def test_init_refuses_a_face_or_a_die_the_rule_did_not_need(
    table: Play, faces: str, why: str
) -> None:
    """Issue 10 §6: a value the die cannot show, or a die not needed: refused, nothing
    stored."""
    _fight(table)
    before = table.session.state.last_seq
    with pytest.raises(RuleError, match=why):
        table(f"init roll {faces}")
    assert table.session.state.last_seq == before


def test_a_cast_takes_the_casting_d6_entered(table: Play) -> None:
    """Issue 10 §6: the casting table's d6 as rolled at the table (R26): 6 + 1 for a
    level-1 spell = 7, Endurance."""
    table("rest long")
    spell = table.session.character("Mirela").magic.book[0]
    table(f"memorise Mirela {spell}")
    shown = table(f"cast Mirela {spell} roll 6")
    assert "d6 6 +1 level-1 spell = 7: Endurance" in shown
    assert "dice entered by the GM" in shown


def test_a_prayer_takes_its_d20_entered(table: Play) -> None:
    """Issue 10 §6: the prayer's d20 as rolled (R27), explained with its terms."""
    table.set_character(
        "Tomas",
        scores=(("STR", 10), ("DEX", 10), ("CON", 10), ("INT", 10), ("WIS", 13), ("CHA", 10)),
    )
    shown = table("pray Tomas roll 17")
    assert "d20 17" in shown
    assert "dice entered by the GM" in shown


def test_the_gms_dice_beside_a_players_entered_ones_are_rolled(table: Play) -> None:
    """docs/rulings.md H248 (RULINGS G5): a cast's dice are the player's; the morale its
    kill calls for is the GM's, rolled, and not logged as entered."""
    from dataclasses import replace

    magic = table.session.character("Mirela").magic
    table.set_character("Mirela", magic=replace(magic, book=(*magic.book, "magic-missile")))
    table("rest long")
    table("memorise Mirela magic-missile")
    table("fight start --name Test")
    table("fight add 2 goblin --at near")
    table("init roll 19,19,19,19")
    table("next")
    table("next")
    shown = table("cast Mirela magic missile on goblin-1 roll 6,6")
    assert "Goblin 1 is out of the fight" in shown
    assert "Morale (1 of 2 Goblins are out): morale 7: 2d6" in shown
    assert "dice entered by the GM, not rolled: d6 6, d6 6 (RULINGS G5)" in shown


def test_a_spell_that_affects_no_target_does_not_last(table: Play) -> None:
    """docs/rulings.md H249 (RULINGS R33): Sleep on a goblin whose effect test fails
    holds nothing, so nothing lasts on the clock."""
    from dataclasses import replace

    magic = table.session.character("Mirela").magic
    table.set_character("Mirela", magic=replace(magic, book=(*magic.book, "sleep")))
    table("rest long")
    table("memorise Mirela sleep")
    table("fight start --name Test")
    table("fight add 2 goblin --at near")
    table("init roll 19,19,19,19")
    table("next")
    table("next")
    shown = table("cast Mirela sleep on goblin-1 roll 6,1")
    assert "Goblin 1 is not affected" in shown
    assert "Sleep affects none of its targets: it ends at once (H249)" in shown
    assert "lasts" not in shown.split("Goblin 1 is not affected")[1]
    assert table.session.state.get("spell-effects", "active") in (None, {"spells": []})
