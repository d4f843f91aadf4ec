"""The rest of the book's weapons (issue 10 §7): a magic weapon's bonus, the weapons'
optional rules (redhack: Equipment > Weapons; Core Rules > Attributes Above 19;
RULINGS R2; docs/rulings.md H220-H229)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hacktable.errors import RuleError
from hacktable.rulesets.redhack.commands.act import current_fight

from ...console.conftest import Play
from .test_fight_commands import everyone_before, start


def with_score(play: Play, name: str, attribute: str, value: int) -> None:
    character = play.session.character(name)
    scores = tuple((a, value if a == attribute else s) for a, s in character.scores)
    play.set_character(name, scores=scores)


def test_a_sword_plus_three_is_a_magic_weapon(table: Play) -> None:
    """issue 10 §7: ``give Aldric "sword +3"`` gives a weapon of the list with a bonus."""
    shown = table('give Aldric "sword +3"')
    assert "Aldric gains Sword/Mace/Axe +3" in shown
    assert "custom gear" not in shown
    item = table.session.character("Aldric").inventory[-1]
    assert (item.kind, item.ref, item.bonus) == ("weapon", "sword", 3)
    # not a weapon: the name stays custom gear, no bonus
    table('give Aldric "lucky stone +1" custom')
    assert table.session.character("Aldric").inventory[-1].bonus == 0


def test_str_18_with_a_sword_plus_three_attacks_as_19_2(table: Play) -> None:
    """redhack: Core Rules > Attributes Above 19, the text's example (issue 10 §7): STR
    18 and a longsword +3 attack "against a STR of 19 (2)": every foe's AC is 2 lower."""
    table('give Aldric "sword +3"')
    with_score(table, "Aldric", "STR", 18)
    start(table, goblins=1, hp=30)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 weapon sword roll 19")
    assert "bonus +3" in shown
    assert "STR 18 + 3 = 21: counts as STR 19 (2), difficulty 4 -> 2" in shown
    test = table.store.last(1)[0].detail["test"]
    assert (test["score"], test["bonus"], test["difficulty"]) == (18, 3, 4)
    from hacktable.rulesets.redhack.core_rules import effective

    # one point of the +3 makes STR 19, two take the goblin's AC 4 down to 2
    assert effective(test["score"], test["difficulty"], test["bonus"]) == (19, 2)
    assert "d20 19 in 3-19: success" in shown


def test_a_plain_sword_has_no_bonus(table: Play) -> None:
    table("give Aldric sword")
    with_score(table, "Aldric", "STR", 18)
    start(table, goblins=1, hp=30)
    everyone_before(table)
    table("attack Aldric goblin-1 weapon sword roll 10")
    test = table.store.last(1)[0].detail["test"]
    assert (test["score"], test["difficulty"]) == (18, 4)


def test_the_bonus_survives_a_restart(table: Play) -> None:
    table('give Aldric "sword +2"')
    found = table.session.character("Aldric").inventory[-1]
    assert replace(found, bonus=0) != found
    assert current_fight(table.session) is None


def test_a_test_pushed_over_19_says_so(table: Play) -> None:
    """issue 10 §8: the cap at 19 and the difficulty it takes off are explained."""
    with_score(table, "Aldric", "STR", 17)
    shown = table("test Aldric STR bonus 4 difficulty 5")
    assert "STR 17 + 4 = 21: counts as STR 19 (2), difficulty 5 -> 3 (RULINGS R2)" in shown
    assert "counts as" not in table("test Aldric STR bonus 1")


# -- the weapons' optional rules (redhack: Equipment > Weapons; issue 10 §7) ----------


def set_fight(play: Play, **changes: object) -> None:
    """Test set-up: change the fight directly, as one event."""
    from hacktable.play.codec import to_json
    from hacktable.play.events import Change, Event

    current = current_fight(play.session)
    assert current is not None
    after = replace(current, **changes)  # type: ignore[arg-type]
    play.session.commit(
        Event(
            "test.setup",
            changes=(
                Change(
                    "fight", "current", play.session.state.get("fight", "current"), to_json(after)
                ),
            ),
        )
    )


def set_initiative(play: Play, **sides: str) -> None:
    current = current_fight(play.session)
    assert current is not None
    fighters = tuple(
        replace(f, initiative=sides.get(f.name, f.initiative)) for f in current.fighters
    )
    set_fight(play, fighters=fighters)


def test_a_crossbow_fires_before_the_monsters_whatever_the_initiative(table: Play) -> None:
    """issue 10 §7: "Fire once per round but always before the monsters" (H221)."""
    start(table, goblins=2, hp=30, at="near")
    set_initiative(table, Sly="after")
    set_fight(table, phase="before")
    shown = table("attack Sly goblin-1 weapon crossbow roll 10")
    assert "Sly attacks Goblin 1" in shown
    assert current_fight(table.session).fighter("Sly").fired_first  # type: ignore[union-attr]


def test_a_crossbow_fires_once_a_round(table: Play) -> None:
    """issue 10 §7: a second crossbow shot in a round is refused (H221)."""
    start(table, goblins=2, hp=30, at="near")
    set_fight(table, phase="before")
    table("attack Sly goblin-1 weapon crossbow roll 10")
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="fires once per round"):
        table("attack Sly goblin-2 weapon crossbow")
    assert table.session.state.to_json() == before
    # a new round, a new shot
    table("next")
    table("next")
    table("next")
    assert not current_fight(table.session).fighter("Sly").fired_first  # type: ignore[union-attr]


def test_a_crossbow_does_not_fire_after_the_monsters(table: Play) -> None:
    start(table, goblins=2, hp=30, at="near")
    set_initiative(table, Sly="after")
    set_fight(table, phase="after")
    with pytest.raises(RuleError, match="a crossbow fires before the monsters"):
        table("attack Sly goblin-1 weapon crossbow")
    # any other weapon acts on the fighter's own initiative
    table("give Sly dagger")
    assert "Sly attacks Goblin 1" in table("attack Sly goblin-1 weapon dagger roll 10")


def test_a_crossbow_has_no_cleave_dice_on_other_targets() -> None:
    from hacktable.rulesets.redhack.combat import WeaponProfile
    from hacktable.rulesets.redhack.content.equipment import WeaponRules
    from hacktable.rulesets.redhack.weapon_rules import check_targets

    crossbow = WeaponProfile(
        "Light Crossbow", "1d6", ("ranged",), rules=WeaponRules(fires_first=True)
    )
    check_targets(crossbow, 0)
    with pytest.raises(RuleError, match="fires once per round"):
        check_targets(crossbow, 1)


def test_the_long_bow_strikes_at_most_4_targets_the_short_bow_any() -> None:
    """issue 10 §7: the long bow's "Max 4 targets"; the short bow's "Unlimited targets"
    (H222): an attack with cleave dice on other foes counts them all."""
    from hacktable.rulesets.redhack.combat import WeaponProfile
    from hacktable.rulesets.redhack.content.equipment import WeaponRules
    from hacktable.rulesets.redhack.weapon_rules import check_targets

    long_bow = WeaponProfile("Long Bow", "1d8", ("ranged",), rules=WeaponRules(max_targets=4))
    check_targets(long_bow, 3)  # 4 targets
    with pytest.raises(RuleError, match="at most 4 targets in an attack, not 5"):
        check_targets(long_bow, 4)
    check_targets(WeaponProfile("Short Bow", "1d8", ("ranged",)), 9)


def test_the_long_bow_in_a_fight(table: Play) -> None:
    table("give Aldric long-bow")
    table("give Aldric arrows")
    table.set_character("Aldric", level=5)
    start(table, goblins=6, hp=30, at="near")
    everyone_before(table)
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="at most 4 targets"):
        table("attack Aldric goblin-1 weapon long-bow cleave goblin-2,goblin-3,goblin-4,goblin-5")
    assert table.session.state.to_json() == before
    shown = table(
        "attack Aldric goblin-1 weapon long-bow roll 10,10,10,10 cleave goblin-2,goblin-3,goblin-4"
    )
    assert "Aldric cleaves Goblin 4" in shown


def test_the_flail_ignores_a_point_of_a_shielded_foes_ac(table: Play) -> None:
    """issue 10 §7: "Ignores 1pt of AC on targets with Shields" (H223); a goblin carries
    a shield (bestiary tag), a wolf does not."""
    table("give Aldric flail")
    start(table, goblins=1, hp=30)
    table("fight add 1 wolf --hp 30 --at close")
    everyone_before(table)
    shown = table("attack Aldric goblin-1 weapon flail roll 10")
    assert "Flail ignores 1 point of Goblin's AC (a shield): AC 4 -> 3" in shown
    assert table.store.last(1)[0].detail["test"]["difficulty"] == 3
    set_initiative(table)
    current = current_fight(table.session)
    assert current is not None
    set_fight(table, fighters=tuple(replace(f, acted=False) for f in current.fighters))
    shown = table("attack Aldric wolf weapon flail roll 10")
    assert "ignores" not in shown
    wolf_ac = current.foe("wolf").ac
    assert table.store.last(1)[0].detail["test"]["difficulty"] == wolf_ac


def test_the_gm_can_flag_a_shield(table: Play) -> None:
    table("give Aldric flail")
    start(table, goblins=1, hp=30)
    table("fight add 1 wolf --hp 30 --at close")
    everyone_before(table)
    table("flag wolf shield")
    assert "ignores 1 point of Wolf's AC" in table("attack Aldric wolf weapon flail roll 10")


def test_a_pike_has_disadvantage_in_a_confined_space(table: Play) -> None:
    """issue 10 §7: the pike's "Disadvantage in confined spaces" (H224)."""
    table("give Aldric pike")
    table("fight start --confined")
    table("fight add 2 goblin --hp 30 --at close")
    table("init")
    everyone_before(table)
    shown = table("attack Aldric goblin-1 weapon pike roll 10")
    assert "disadvantage (Pike in a confined space)" in shown
    table("flag fight confined off")
    assert not current_fight(table.session).confined  # type: ignore[union-attr]
    table("flag fight confined")
    assert current_fight(table.session).confined  # type: ignore[union-attr]


def test_a_lit_torch_is_an_improvised_fire_weapon(table: Play) -> None:
    """issue 10 §7: "Can be used in melee as improvised weapon dealing fire damage"
    (redhack: Equipment > Miscellany; H225): the class's improvised die, fire when lit."""
    character = table.session.character("Aldric")
    index = character.find_item("torch")
    lit = replace(character.inventory[index], lit=True)
    table.set_character("Aldric", inventory=character.replace_item(index, lit).inventory)
    start(table, goblins=1, hp=30)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 weapon torch roll 10")
    assert "Aldric hits Goblin: 1d6:" in shown  # a warrior's improvised die
    assert "Torch: fire damage" in shown
