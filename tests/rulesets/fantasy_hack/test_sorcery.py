"""fantasy-hack sorcery (RULINGS F4): the cost 1 + 2L HP refused at 0 or below (H327),
the spell DC 10 + L + MND, Magic To Hit d20 + MND + level against AC, resisting with
d20 + level + the spell's stat (H328), halves and negations, exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hacktable.errors import RuleError
from hacktable.rules.hit_points import FANTASY_HACK_PC, Pool
from hacktable.rulesets.fantasy_hack.content.spells import load_spells
from hacktable.rulesets.fantasy_hack.sorcery import (
    Caster,
    Target,
    cast,
    damage_after,
    magic_to_hit_odds,
    pay,
    resist,
    resist_odds,
    spell_dc,
)

from ...helpers import Faces

SPELLS = load_spells()
MIRELA = Caster("Mirela", level=3, mind=3)
ORC = Target("Orc", level=1, ac=14, strength=2, dex=0, mind=-1)


def test_the_spell_dc_is_10_plus_level_plus_mnd() -> None:
    """F4: "spell DC 10 + L + MND modifier": Fire Burst (3) by MND +3 is 16."""
    assert spell_dc(SPELLS.get("fire-burst"), MIRELA) == 16


def test_casting_costs_1_plus_2l_hp() -> None:
    """F4: "casts a spell of level L for 1 + 2L HP": level 3 costs 7."""
    paid = pay(FANTASY_HACK_PC, Pool(12, 12), SPELLS.get("fire-burst"), MIRELA)
    assert paid.after.hp == 5


def test_a_cast_that_would_drop_the_caster_to_0_is_refused() -> None:
    """H327: refused, in one line, nothing paid; 8 HP pays 7 (1 left), 7 HP does not."""
    fire = SPELLS.get("fire-burst")
    assert pay(FANTASY_HACK_PC, Pool(8, 12), fire, MIRELA).after.hp == 1
    with pytest.raises(RuleError, match=r"costs 7 HP .* has 7: a sorcerer cannot cast") as caught:
        pay(FANTASY_HACK_PC, Pool(7, 12), fire, MIRELA)
    assert "\n" not in str(caught.value)


def test_temporary_hp_does_not_pay_and_is_kept() -> None:
    """H327: the cost is the caster's own HP."""
    paid = pay(FANTASY_HACK_PC, Pool(10, 12, temporary=4), SPELLS.get("spark"), MIRELA)
    assert (paid.after.hp, paid.after.temporary) == (9, 4)


def test_magic_to_hit_is_d20_mnd_level_against_ac() -> None:
    """F4: "Magic To Hit = d20 + MND + level"; Part III: a targeted spell works like any
    attack. Lightning Lance: 8 + 3 + 3 = 14 meets AC 14; 4d6."""
    result = cast(
        SPELLS.get("lightning-lance"),
        MIRELA,
        FANTASY_HACK_PC,
        Pool(12, 12),
        Faces(8, 1, 2, 3, 4),
        target=ORC,
    )
    assert result.to_hit is not None
    assert result.to_hit.check.total == 14
    assert result.amount == 10
    assert result.cost.after.hp == 12 - 7


def test_a_missed_spell_still_costs_its_hp() -> None:
    """H327."""
    result = cast(
        SPELLS.get("arcane-dart"), MIRELA, FANTASY_HACK_PC, Pool(12, 12), Faces(7), target=ORC
    )
    assert not result.takes_effect
    assert result.cost.after.hp == 9
    assert result.damage is None


def test_a_critical_magic_hit_rolls_the_dice_twice() -> None:
    """F3 applied to a Magic To Hit (H328): the dice twice, 1d8 + 1d8."""
    result = cast(
        SPELLS.get("arcane-dart"),
        MIRELA,
        FANTASY_HACK_PC,
        Pool(12, 12),
        Faces(20, 5, 6),
        target=ORC,
    )
    assert result.damage is not None
    assert result.amount == 11
    assert len(result.damage.rolls) == 2


def test_a_target_resists_with_d20_level_and_the_spell_s_stat() -> None:
    """F4: "a target resists a spell with d20 + its level + the stat the spell names
    ... against the spell DC"; H328: meeting it resists. Fire Burst (DEX, DC 16): the
    orc 15 + 1 + 0 = 16 resists for half."""
    fire = SPELLS.get("fire-burst")
    assert resist(fire, MIRELA, ORC, Faces(15)).success
    assert not resist(fire, MIRELA, ORC, Faces(14)).success
    result = cast(fire, MIRELA, FANTASY_HACK_PC, Pool(12, 12), Faces(15, 6, 6, 6, 3), target=ORC)
    assert result.resisted is not None
    assert result.resisted.success
    assert result.amount == 21 // 2


def test_a_resisted_negating_spell_rolls_nothing_more() -> None:
    slumber = SPELLS.get("slumber")  # MND, DC 10 + 1 + 3 = 14
    result = cast(slumber, MIRELA, FANTASY_HACK_PC, Pool(12, 12), Faces(20), target=ORC)
    assert not result.takes_effect
    assert "no effect" in result.explanation
    asleep = cast(slumber, MIRELA, FANTASY_HACK_PC, Pool(12, 12), Faces(2), target=ORC)
    assert asleep.takes_effect


def test_damage_after_resisting() -> None:
    assert damage_after(SPELLS.get("fire-burst"), 21, resisted=True) == 10
    assert damage_after(SPELLS.get("fire-burst"), 21, resisted=False) == 21
    assert damage_after(SPELLS.get("slumber"), 5, resisted=True) == 0


def test_resist_odds_are_exact_against_brute_force() -> None:
    """Fire Burst DC 16 against the orc's level 1 + DEX 0: faces 15-20; Wither (STR,
    DC 18) against level 1 + STR 2: faces 15-20; Bind Person (MND, DC 16), MND -1:
    faces 16-20."""
    for spell_id, modifier in (("fire-burst", 1), ("wither", 3), ("bind-person", 0)):
        spell = SPELLS.get(spell_id)
        dc = spell_dc(spell, MIRELA)
        wins = sum(1 for face in range(1, 21) if face + modifier >= dc)
        assert resist_odds(spell, MIRELA, ORC).success == Fraction(wins, 20)


def test_unresistable_and_untargeted_are_refused() -> None:
    with pytest.raises(RuleError, match="cannot be resisted"):
        resist(SPELLS.get("spark"), MIRELA, ORC, Faces(10))
    with pytest.raises(RuleError, match="name its target"):
        cast(SPELLS.get("spark"), MIRELA, FANTASY_HACK_PC, Pool(12, 12), Faces())


def test_magic_to_hit_odds() -> None:
    """MND 3 + level 3 = 6 against AC 14: faces 8-20, 13 in 20; a critical 1 in 20."""
    found = magic_to_hit_odds(MIRELA, 14)
    assert found.success == Fraction(13, 20)
    assert found.critical_success == Fraction(1, 20)
