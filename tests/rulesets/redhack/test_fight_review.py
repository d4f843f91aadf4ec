"""A game master's review of fights (redhack: Combat; RULINGS R11, R13, R23; docs/rulings.md
H19, H25, H26): who rolls initiative, aid for the dying, monsters' special effects,
throwing, overriding the injuries die, plural group names, and the turn order for
parries and monsters' moves. Rolls that matter are fixed with the GM's overrides."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from hacktable.errors import CommandError, RuleError
from hacktable.play.codec import from_json, to_json
from hacktable.play.events import Change, Event
from hacktable.rules.words import plural
from hacktable.rulesets.redhack.combat import Band, WeaponProfile, attack_effect
from hacktable.rulesets.redhack.fight import Fight
from hacktable.rulesets.redhack.injuries import apply_injury

from ...console.conftest import Play
from ...helpers import Faces
from .test_fight_commands import everyone_before, fight, start


def set_fighter(play: Play, name: str, **changes: Any) -> None:
    """Test set-up: change one fighter of the fight in progress."""
    current = fight(play)
    after = current.with_fighter(replace(current.fighter(name), **changes))
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


# -- 1. who cannot act makes no initiative test (R11, R13, R23) ------------------------


def test_who_cannot_act_makes_no_initiative_test_and_the_line_says_why(table: Play) -> None:
    table.set_character("Mirela", conditions=("delirious",))
    table.set_character("Sly", conditions=("mortally-wounded",), hp=0)
    table.set_character("Tomas", hp=0)
    table("fight start")
    table("fight add 2 goblin --hp 20 --at close")
    shown = table("init")
    assert "Mirela is delirious: no initiative" in shown
    assert "Sly is mortally wounded: no initiative" in shown
    assert "Tomas is out of the fight (0 HP): no initiative" in shown
    assert "Aldric initiative: d20" in shown
    for name in ("Mirela", "Sly", "Tomas"):
        assert f"{name} initiative" not in shown
    order = next(line for line in shown.splitlines() if line.startswith("Order:"))
    for name in ("Mirela", "Sly", "Tomas"):
        assert name not in order
    assert "[delirious]" in table("fight status")
    table("next")
    table("next")
    ended_round = table("next")  # round two: still no test for them
    assert "Mirela is delirious: no initiative" in ended_round
    assert "Mirela initiative" not in ended_round


def test_one_dying_of_fatigue_makes_no_initiative_test_nor_is_awaited(table: Play) -> None:
    table.set_character("Mirela", conditions=("dying",))
    table("fight start")
    table("fight add 1 goblin --hp 20 --at close")
    shown = table("init")
    assert "Mirela is dying of fatigue: no initiative" in shown
    assert "Mirela initiative" not in shown
    set_fighter(table, "Mirela", initiative="before")  # even if a stale side says so
    assert "Mirela" not in table("next")  # not listed as "Did not act"


def test_a_held_action_is_not_carried_by_one_who_cannot_act(table: Play) -> None:
    start(table, goblins=1, hp=20)
    set_fighter(table, "Mirela", held_over=True)
    table.set_character("Mirela", conditions=("delirious",))
    table("next")
    table("next")
    shown = table("next")
    assert "Mirela (held action)" not in shown
    assert not fight(table).fighter("Mirela").held_over


# -- 2. aid for the dying: no HP for one not at 0 HP (R11, R23; H26) -------------------


def test_aid_for_the_dying_above_zero_gains_no_hp(table: Play) -> None:
    mirela = table.session.character("Mirela")
    table.set_character("Mirela", conditions=("dying",))
    shown = table("injury Mirela roll 1")  # 1: unconscious, no ill effect
    after = table.session.character("Mirela")
    assert after.hp == mirela.hp
    assert "gains 1d4" not in shown
    assert f"Mirela survives at {mirela.hp} HP: not at 0 HP, so no HP is gained" in shown
    assert after.has_condition("delirious")
    assert not after.has_condition("dying")


def test_aid_for_the_dying_at_zero_gains_hp_up_to_the_drained_cap(table: Play) -> None:
    table.set_character("Mirela", conditions=("dying",), hp=0, max_hp=4)
    table("injury Mirela roll 2")
    after = table.session.character("Mirela")
    assert 1 <= after.hp <= 2  # delirious is past Drained: half of 4 at most
    assert after.has_condition("wounded")
    assert after.has_condition("delirious")


def test_apply_injury_gives_no_hp_above_zero_and_1d4_at_zero(table: Play) -> None:
    rules = table.session.ruleset
    standing = table.session.character("Mirela")
    assert standing.hp > 1
    kept = apply_injury(rules, standing, Faces(2))  # 2: wounded; no d4 is drawn
    assert kept.character.hp == standing.hp
    assert kept.character.has_condition("wounded")
    assert "no HP is gained" in kept.lines[-1][0]
    down = replace(standing, hp=0)
    raised = apply_injury(rules, down, Faces(2, 3))  # 2: wounded, then 1d4 shows 3
    assert raised.character.hp == 3
    assert "gains 1d4: [3] -> 3 HP: HP 3" in raised.lines[-1][0]


# -- 3. a monster's special effect on a hit (bestiary notes) --------------------------


def test_a_ghouls_hit_reminds_the_gm_of_its_paralysis(table: Play) -> None:
    table("fight start")
    table("fight add 2 ghoul --hp 20 --at close")
    table("init")
    table("next")
    missed = table("defend Aldric ghoul-2 roll 5")  # 2 < 5 <= AC: the blow is avoided
    assert "paralysis" not in missed
    shown = table("defend Aldric ghoul-2 roll 19")
    assert "Ghoul 2 hits" in shown
    assert (
        "Ghoul 2's claw: paralysis - Any claw or bite paralyses for 2d8 turns unless a CON "
        "save succeeds" in shown
    )
    event = table.store.last(1)[0]
    assert "paralysis" in event.summary


def test_an_armed_foes_notes_are_no_effect(table: Play) -> None:
    start(table, goblins=1, hp=20)
    table("next")
    shown = table("defend Aldric goblin-1 roll 19")
    assert "Goblin hits" in shown
    assert "or by weapon" not in shown


def test_a_fight_stored_before_effects_still_loads(table: Play) -> None:
    table("fight start")
    table("fight add 1 ghoul --hp 20 --at close")
    data = table.session.state.get("fight", "current")
    assert isinstance(data, dict)
    for foe in data["foes"]:
        for attack in foe["attacks"]:
            del attack["effect"]
    old = from_json(Fight, data)
    assert old.foes[0].attacks[0].effect == ""
    assert old.foes[0].attacks[0].name == "claw"


def test_attack_effects_from_the_notes() -> None:
    ghoul = "Corpse-eaters. Any claw or bite paralyses for 2d8 turns unless a CON save succeeds."
    assert attack_effect("claw", "paralysis", ghoul) == (
        "paralysis - Any claw or bite paralyses for 2d8 turns unless a CON save succeeds."
    )
    assert attack_effect("claw", "paralysis", "Nothing about it.") == "paralysis"
    assert attack_effect("weapon", "or by weapon +1") == ""
    assert attack_effect("huge weapon", "club, axe or polearm") == ""
    assert attack_effect("bite", "") == ""
    assert (
        attack_effect("bite", "poison: CON save with advantage or die; the source gives no damage")
        == "poison: CON save with advantage or die"
    )


# -- 4. throwing (H19, H25) -------------------------------------------------------------


def test_help_attack_explains_throw(table: Play) -> None:
    shown = table("help attack")
    assert "[throw]" in shown
    assert '"throw" throws it at a' in shown


def test_a_weapon_that_cannot_be_thrown_says_so(table: Play) -> None:
    start(table, goblins=1, hp=20, at="near")
    everyone_before(table)
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="cannot be thrown") as info:
        table("attack Aldric goblin-1 throw roll 10")
    assert "reaches only" not in str(info.value)
    assert table.session.state.to_json() == before
    with pytest.raises(RuleError, match="reaches only close"):  # without throw: the reach
        table("attack Aldric goblin-1 roll 10")


def test_used_at_refuses_to_throw_a_sword_and_throws_a_dagger() -> None:
    sword = WeaponProfile("Sword", "1d8", ("long",))
    with pytest.raises(RuleError, match="Sword cannot be thrown"):
        sword.used_at(Band.CLOSE, throw=True)
    assert sword.used_at(Band.CLOSE) == sword
    dagger = WeaponProfile("Dagger", "1d4", ("short", "thrown"))
    assert dagger.used_at(Band.CLOSE, throw=True).throw
    oil = WeaponProfile("Oil", "1d4", ("thrown", "improvised"), throw=True)
    assert oil.used_at(Band.NEAR, throw=True).throw


# -- 5. the GM fixes the injuries die (R11) ---------------------------------------------


def test_injury_takes_the_gms_d6(table: Play) -> None:
    table("hp Aldric -40")
    shown = table("injury Aldric roll 2")
    assert "GM override: the d6 shows 2" in shown
    assert "injuries: 1d6 [2] -> 2" in shown
    aldric = table.session.character("Aldric")
    assert aldric.has_condition("wounded")
    assert aldric.hp >= 1
    event = table.store.last(1)[0]
    assert event.action == "injury"
    assert event.detail["override"] == {"faces": [2]}


def test_injury_roll_4_then_the_abilitys_d6(table: Play) -> None:
    dex = table.session.character("Sly").score("DEX")
    table("hp Sly -40")
    shown = table("injury Sly roll 4,2")
    assert "-> DEX" in shown
    assert table.session.character("Sly").score("DEX") == max(2, dex - 2)


@pytest.mark.parametrize(
    "line",
    [
        "injury Aldric roll 7",
        "injury Aldric roll 0",
        "injury Aldric damage 3",
        "injury Aldric sideways",
    ],
)
def test_injury_refuses_bad_overrides(table: Play, line: str) -> None:
    table("hp Aldric -40")
    before = table.session.state.to_json()
    with pytest.raises(CommandError):
        table(line)
    assert table.session.state.to_json() == before


def test_injury_on_one_standing_needs_the_gms_override(table: Play) -> None:
    hp = table.session.character("Tomas").hp
    with pytest.raises(RuleError, match="not out of the fight"):
        table("injury Tomas roll 3")
    shown = table("injury Tomas override roll 3")
    assert "GM override: Tomas is not out of the fight" in shown
    tomas = table.session.character("Tomas")
    assert tomas.has_condition("injured")
    assert tomas.hp == hp  # no 1d4 for one not at 0 HP


def test_bandage_takes_the_gms_d6(table: Play) -> None:
    start(table, goblins=1, hp=20)
    everyone_before(table)
    table("hp Aldric -40")
    shown = table("bandage Tomas Aldric roll 3")
    assert "GM override: the d6 shows 3" in shown
    assert table.session.character("Aldric").has_condition("injured")
    assert fight(table).fighter("Tomas").acted


def test_override_random_deals_faces_of_its_own_die_only() -> None:
    import random

    from hacktable.rulesets.redhack.commands.act import OverrideRandom

    base, twin = random.Random(1), random.Random(1)
    rng = OverrideRandom(base, [6, 2], sides=6)
    assert rng.randrange(20) == twin.randrange(20)  # a d20 is not the GM's d6
    assert rng.faces == [6, 2]
    assert [rng.randrange(6), rng.randrange(6)] == [5, 1]
    assert rng.randrange(6) == twin.randrange(6)  # faces used up: the base again
    d20 = OverrideRandom(random.Random(1), [14])
    d20.randrange(6)
    assert d20.faces == [14]
    assert d20.randrange(20) == 13


# -- 6. plurals for group names and ids -------------------------------------------------


@pytest.mark.parametrize(
    ("singular", "many"),
    [
        ("Lizard Man", "Lizard Men"),
        ("lizard-man", "lizard-men"),
        ("Caveman", "Cavemen"),
        ("Human", "Humans"),
        ("Wolf", "Wolves"),
        ("dire-wolf", "dire-wolves"),
        ("Dwarf", "Dwarves"),
        ("Harpy", "Harpies"),
        ("Mummy", "Mummies"),
        ("Monkey", "Monkeys"),
        ("Lynx", "Lynxes"),
        ("Witch", "Witches"),
        ("Cyclops", "Cyclopses"),
        ("Goblin Chief", "Goblin Chiefs"),
        ("Thief", "Thieves"),
        ("Giant Rat", "Giant Rats"),
        ("Mouse", "Mice"),
        ("Sheep", "Sheep"),
        ("ORC", "ORCS"),
    ],
)
def test_plural(singular: str, many: str) -> None:
    assert plural(singular) == many


def test_a_plural_override_wins() -> None:
    assert plural("Cyclops", "Cyclopes") == "Cyclopes"
    assert plural("Lizard Man", "") == "Lizard Men"


def test_groups_are_named_in_the_plural(table: Play) -> None:
    table("fight start")
    shown = table("fight add 3 lizard-man --hp 5")
    assert "3 x Lizard Man join the Lizard Men at" in shown
    assert fight(table).has_group("lizard-men")
    assert "lizard-mans" not in table.session.state.to_json().__repr__()
    assert "join the Wolves" in table("fight add 2 wolf --hp 5")
    assert fight(table).group("wolves").name == "Wolves"
    assert "join the Dire Wolves" in table("fight add 2 dire-wolf --hp 5")
    assert fight(table).has_group("dire-wolves")
    assert "join the Harpies" in table("fight add 2 harpy --hp 5")
    status = table("fight status")
    assert "Lizard Men (lizard-men): 3 of 3 standing" in status
    assert "Harpies (harpies)" in status


def test_a_lone_foes_group_takes_the_plural_when_others_join(table: Play) -> None:
    table("fight start")
    assert "join the Orc at" in table("fight add 1 orc --hp 5")
    assert fight(table).group("orcs").name == "Orc"
    assert "join the Orcs at" in table("fight add 2 orc --group orcs --hp 5")
    assert fight(table).group("orcs").name == "Orcs"
    assert fight(table).group("orcs").size == 3


def test_a_named_band_is_named_in_the_plural(table: Play) -> None:
    table("fight start")
    shown = table("fight add 2 goblin --name 'Cave Goblin' --hp 5")
    assert "join the Cave Goblins" in shown
    assert fight(table).has_group("cave-goblins")
    assert [f.name for f in fight(table).foes] == ["Cave Goblin 1", "Cave Goblin 2"]


def test_a_lower_case_group_name_is_shown_as_given_everywhere(table: Play) -> None:
    table("fight start")
    assert "join the orcs at" in table("fight add 2 orc --group orcs --hp 5")
    assert "orcs (orcs): 2 of 2 standing" in table("fight status")
    table("init")
    table("next")
    assert "The orcs move close to the party" in table("move orcs close")
    assert "  orcs: 2 fighting" in table("fight end")


# -- 7. turn order: parries of the surprised, monsters' moves (R13) ---------------------


def test_a_surprised_warrior_does_not_parry_in_round_one(table: Play) -> None:
    start(table, goblins=1, hp=20)
    set_fighter(table, "Aldric", initiative="surprised")
    table("next")
    table("defend Aldric goblin-1 roll 5")
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="surprised"):
        table("parry Aldric goblin-1 roll 15")
    assert table.session.state.to_json() == before
    shown = table("parry Aldric goblin-1 override roll 15")
    assert "GM override: Aldric was surprised" in shown
    assert "Aldric parries Goblin" in shown


def test_a_warrior_not_surprised_parries_without_override(table: Play) -> None:
    start(table, goblins=1, hp=20)
    set_fighter(table, "Aldric", initiative="after")
    table("next")
    table("defend Aldric goblin-1 roll 5")
    shown = table("parry Aldric goblin-1 roll 15")
    assert "Aldric parries Goblin" in shown
    assert "surprised" not in shown


def test_a_surprised_character_does_not_move_in_round_one(table: Play) -> None:
    start(table, goblins=1, hp=20, at="near")
    set_fighter(table, "Sly", initiative="surprised")
    with pytest.raises(RuleError, match="surprised"):
        table("move Sly close goblins")
    assert "GM override" in table("move Sly close goblins override")


def test_monsters_move_on_their_turn(table: Play) -> None:
    table("fight start")
    table("fight add 2 goblin --hp 20 --at far")
    assert "move near" in table("move goblins near")  # set-up: placing them is free
    table("init")
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="monsters' turn"):
        table("move goblins close")
    assert table.session.state.to_json() == before
    shown = table("move goblins close override")
    assert shown.startswith("GM override: it is the before phase")
    table("move goblins near override")
    table("next")
    assert "GM override" not in table("move goblins close")
    assert all(f.band("goblins") == Band.CLOSE for f in fight(table).fighters)
    table("next")
    with pytest.raises(RuleError, match="after phase"):
        table("move goblins near")
