"""redhack combat rules as pure functions (redhack: Combat; RULINGS R6-R14)."""

from __future__ import annotations

import pytest

from hacktable.errors import RuleError
from hacktable.rules import TestKind, TestRequest
from hacktable.rulesets.redhack.combat import (
    Band,
    WeaponProfile,
    attack_request,
    backstab_damage,
    defence_request,
    roll_damage,
    step_up_die,
)
from hacktable.rulesets.redhack.core_rules import resolve
from hacktable.rulesets.redhack.morale import morale_check

from ...helpers import Faces

SWORD = WeaponProfile("Sword", "1d8")
BOW = WeaponProfile("Short Bow", "1d8", ("ranged",), Band.FAR, "Arrows")
SPEAR = WeaponProfile("Spear", "1d6", ("long", "thrown"))
DAGGER = WeaponProfile("Dagger", "1d6", ("short", "thrown"))
BASE = TestRequest("STR", 14)


def attack(weapon: WeaponProfile = SWORD, band: Band = Band.CLOSE, **kwargs: object) -> TestRequest:
    return attack_request(
        who="Aldric",
        attribute="DEX" if weapon.ranged else "STR",
        score=14,
        weapon=weapon,
        target_name="Goblin 1",
        target_ac=4,
        band=band,
        base=BASE,
        **kwargs,  # type: ignore[arg-type]
    )


def test_attack_is_a_test_against_ac() -> None:
    # RULINGS R6: melee STR test, difficulty = the target's AC.
    request = attack()
    assert request.kind is TestKind.ATTACK
    assert (request.attribute, request.score, request.difficulty) == ("STR", 14, 4)
    assert request.purpose == "with Sword against Goblin 1"
    assert [f for f in range(1, 21) if resolve(request, Faces(f)).success] == [*range(5, 15), 20]


def test_reach() -> None:
    with pytest.raises(RuleError, match="reaches only close"):
        attack(band=Band.NEAR)
    assert attack(DAGGER, Band.NEAR).advantage == 0  # thrown: Near is in reach
    with pytest.raises(RuleError, match="reaches only near"):
        attack(DAGGER, Band.FAR)
    attack(BOW, Band.DISTANT)


def test_ranged_disadvantages() -> None:
    # redhack: Combat > Weapon Types > Ranged; Equipment > Weapons (short bow: Far).
    assert attack(BOW, Band.NEAR).disadvantages == ()
    assert attack(BOW, Band.FAR).disadvantages == ("far range for Short Bow",)
    assert attack(BOW, Band.DISTANT).disadvantages == ("distant range for Short Bow",)
    close = attack(BOW, Band.NEAR, close_to_enemy=True)
    assert "shooting while close to an enemy" in close.disadvantages
    assert "target in cover" in attack(BOW, Band.NEAR, cover=True).disadvantages


def test_long_range_and_cover_needs_advantage() -> None:
    with pytest.raises(RuleError, match="cannot be hit"):
        attack(BOW, Band.FAR, cover=True)
    ok = attack(BOW, Band.FAR, cover=True, extra_advantages=("a", "b", "c"))
    assert ok.advantage > 0


def test_long_and_short_weapons() -> None:
    assert (
        "long weapon, first round at close range" in attack(SPEAR, long_first_round=True).advantages
    )
    assert "short weapon against a long one" in attack(DAGGER, short_against_long=True).advantages
    assert attack(SWORD, long_first_round=True).advantages == ()
    assert "backstab" in attack(DAGGER, backstab=True).advantages


def test_defence_is_ac_against_hd() -> None:
    # redhack: Combat: "no armour and 14 DEX is attacked by a 6 HD monster: roll between
    # 7 and 14, or a natural 20".
    request = defence_request(
        who="Sly", armour_class=14, attacker_hd=6, attacker_name="Ogre", base=TestRequest("AC", 14)
    )
    assert request.kind is TestKind.DEFENCE
    assert [f for f in range(1, 21) if resolve(request, Faces(f)).success] == [*range(7, 15), 20]


def test_critical_damage_rolls_twice_and_adds() -> None:
    # RULINGS R6.
    plain = roll_damage("1d8", Faces(6))
    assert (plain.total, plain.critical) == (6, False)
    critical = roll_damage("1d8", Faces(6, 3), critical=True)
    assert critical.total == 9
    assert critical.explain() == "critical: 1d8: [6] -> 6 + 1d8: [3] -> 3 = 9"


def test_die_steps_and_backstab() -> None:
    # RULINGS R8: d4 > d6 > d8 > d10 > d12; backstab 2d6 + level.
    assert [step_up_die(d) for d in (4, 6, 8, 10, 12)] == [6, 8, 10, 12, 12]
    assert backstab_damage(3) == "2d6+3"


def test_morale_with_a_score() -> None:
    # RULINGS R12: 2d6 on or under the score holds.
    holds = morale_check(7, Faces(3, 4))
    assert not holds.broken
    assert holds.explanation == "morale 7: 2d6: [3, 4] -> 7: they hold"
    assert morale_check(7, Faces(4, 4)).broken


def test_morale_without_a_score_is_a_cha_test() -> None:
    request = TestRequest("CHA", 12, who="Sly", kind=TestKind.MORALE)
    assert morale_check(None, Faces(9), request).broken  # success breaks them
    assert not morale_check(None, Faces(15), request).broken
    with pytest.raises(RuleError):
        morale_check(None, Faces(9))


def test_band_parse() -> None:
    assert Band.parse("Far") is Band.FAR
    with pytest.raises(RuleError):
        Band.parse("nearby")
