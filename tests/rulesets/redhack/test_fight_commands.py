"""Fights at the console (redhack: Combat; RULINGS R5-R15). Rolls that matter are fixed
with the GM's overrides (``roll N``, ``damage N``, ``--hp N``) so each test asserts an
exact outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import CommandError, RuleError, RulesDataError, UnknownNameError
from hacktable.play.state import CampaignState
from hacktable.rulesets.redhack.commands.act import current_fight

from ...console.conftest import Play


def fight(play: Play):  # type: ignore[no-untyped-def]
    found = current_fight(play.session)
    assert found is not None
    return found


def start(play: Play, goblins: int = 4, hp: int = 5, at: str = "close") -> None:
    play("fight start")
    play(f"fight add {goblins} goblin --hp {hp} --at {at}")
    play("init")


def everyone_before(play: Play) -> None:
    """Make every fighter act before the monsters this round (test set-up)."""
    from dataclasses import replace

    from hacktable.play.codec import to_json
    from hacktable.play.events import Change, Event

    current = fight(play)
    after = replace(
        current, fighters=tuple(replace(f, initiative="before") for f in current.fighters)
    )
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


def test_set_up_and_status(table: Play) -> None:
    table("fight start")
    shown = table("fight add 6 goblin --at near")
    assert "6 x Goblin join the Goblins at near range (HD 1, AC 4, morale 7" in shown
    foes = fight(table).foes
    assert [f.key for f in foes] == [f"goblin-{n}" for n in range(1, 7)]
    assert all(1 <= f.hp <= 7 for f in foes)  # 1d8-1, at least 1 (RULINGS R5)
    table("fight add 1 goblin-chief --group goblins")
    assert fight(table).group("goblins").size == 7
    status = table("fight status")
    assert "Goblin Chief" in status
    assert "7 of 7 standing" in status


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("fight add 3 dragon", UnknownNameError),
        ("fight add 0 goblin", CommandError),
        ("fight add many goblin", CommandError),
        ("fight add 3 goblin --at nowhere", RuleError),
        ("attack Aldric goblin-9", UnknownNameError),
        ("attack Zed goblin-1", UnknownNameError),
        ("defend Aldric nobody", UnknownNameError),
        ("init", RuleError),
    ],
)
def test_bad_input_leaves_the_fight_unchanged(table: Play, line: str, error: type) -> None:
    table("fight start")
    if not line.startswith("init"):
        table("fight add 2 goblin --hp 4")
        table("init")
    before = table.session.state.to_json()
    with pytest.raises(error):
        table(line)
    assert table.session.state.to_json() == before


def test_no_fight(table: Play) -> None:
    with pytest.raises(RuleError, match="no fight"):
        table("attack Aldric goblin-1")
    with pytest.raises(RuleError, match="no fight"):
        table("init")


def test_attack_hits_kills_and_logs(table: Play) -> None:
    start(table, goblins=2, hp=5)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 roll 10 damage 5")
    assert "d20 10" in shown
    assert "Goblin 1 takes 5: HP 5 -> 0" in shown
    assert "Goblin 1 is out of the fight" in shown
    event = table.store.last(1)[0]
    assert event.action == "attack"
    assert event.detail["damage"] == 5
    assert event.detail["override"] == {"faces": [10], "damage": 5}
    with pytest.raises(RuleError, match="out: not in the fight"):
        table("attack Sly goblin-1 override")


def test_critical_hit_rolls_damage_twice(table: Play) -> None:
    start(table, goblins=1, hp=30)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 roll 20")
    assert "critical: 1d8: [" in shown


def test_acting_out_of_turn_needs_an_override(table: Play) -> None:
    start(table, goblins=2)
    current = fight(table)
    late = next((f for f in current.fighters if f.initiative == "after"), None)
    if late is None:
        pytest.skip("everyone won initiative at this seed")
    with pytest.raises(RuleError, match="add 'override'"):
        table(f"attack {late.name} goblin-1 weapon unarmed")
    shown = table(f"attack {late.name} goblin-1 weapon unarmed override")
    assert "GM override" in shown


def test_acting_twice(table: Play) -> None:
    start(table, goblins=2, hp=20)
    everyone_before(table)
    table("attack Aldric goblin-1 roll 2")
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-2")


def test_cleave(table: Play) -> None:
    start(table, goblins=3, hp=20)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 roll 10,10 cleave goblin-2")
    assert "Aldric cleaves Goblin 2" in shown
    assert "1d6: [" in shown
    assert fight(table).fighter("Aldric").cleave_left == 0  # one die at level 1 (R14)
    with pytest.raises(RuleError, match="cleave"):
        table("attack Sly goblin-3 weapon hand cleave override")


def test_cleave_on_the_primary_target_adds_a_d6(table: Play) -> None:
    start(table, goblins=1, hp=30)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 roll 10 cleave")
    assert "1d8+1d6: [" in shown


def test_backstab_conditions(table: Play) -> None:
    table("fight start --hidden Sly")
    table("fight add 2 goblin --hp 20 --at close")
    table("init")
    everyone_before(table)
    shown = table("attack Sly goblin-1 weapon hand backstab roll 10")
    assert "Backstab: you were hidden when the combat began" in shown
    assert "advantage (backstab)" in shown
    assert "2d6+1: [" in shown  # 2d6 + level (redhack: Thief > Backstab)


def test_backstab_refused_without_a_condition(table: Play) -> None:
    start(table, goblins=2, hp=20)
    everyone_before(table)
    with pytest.raises(RuleError, match="no backstab condition"):
        table("attack Sly goblin-1 weapon hand backstab")
    with pytest.raises(RuleError, match="only a Thief"):
        table("attack Aldric goblin-1 backstab")


def test_backstab_when_someone_else_attacked_first(table: Play) -> None:
    start(table, goblins=2, hp=20)
    everyone_before(table)
    table("attack Aldric goblin-1 roll 2")
    shown = table("attack Sly goblin-1 weapon hand backstab roll 10")
    assert "someone else has attacked it this round" in shown


def test_defence_failure_takes_damage_and_natural_1_is_critical(table: Play) -> None:
    start(table, goblins=2, hp=20)
    table("next")
    aldric = table.session.character("Aldric")
    shown = table("defend Aldric goblin-1 roll 1")
    assert "natural 1: critical failure" in shown
    assert "the monster's critical" in shown
    assert "critical: 1d6: [" in shown
    assert table.session.character("Aldric").hp < aldric.hp
    with pytest.raises(RuleError, match="already made"):
        table("defend Sly goblin-1")


def test_parry_after_a_successful_defence(table: Play) -> None:
    start(table, goblins=2, hp=20)
    table("next")
    shown = table("defend Aldric goblin-1 roll 10")
    assert "may parry" in shown
    parried = table("parry Aldric goblin-1 roll 15")
    assert "Aldric parries Goblin 1" in parried
    with pytest.raises(RuleError, match=r"already parried|no cleave"):
        table("parry Aldric goblin-1")
    with pytest.raises(RuleError, match="not just defended"):
        table("parry Aldric goblin-2")


def test_morale_breaks_when_half_are_out(table: Play) -> None:
    start(table, goblins=2, hp=1)
    everyone_before(table)
    shown = table("attack Aldric goblin-1 roll 10")
    assert "Morale (1 of 2 Goblins are out): morale 7: 2d6: [" in shown
    assert fight(table).group("goblins").morale_tested
    again = table("attack Sly goblin-2 weapon hand roll 10 override")
    assert "Morale" not in again  # tested once (RULINGS R12)


def test_broken_foes_defend_with_hd_plus_ac(table: Play) -> None:
    start(table, goblins=2, hp=20)
    everyone_before(table)
    table("flag goblin-1 broken")
    shown = table("attack Aldric goblin-1 roll 2")
    assert "difficulty 5" in shown  # HD 1 + AC 4 (RULINGS R12)


def test_ranged_attacks_use_ammunition(table: Play) -> None:
    start(table, goblins=2, hp=20, at="near")
    everyone_before(table)
    sly = table.session.character("Sly")
    arrows = next(i for i in sly.inventory if i.kind == "ammunition")
    shown = table("attack Sly goblin-1 weapon crossbow roll 10")
    assert "DEX attack with Light Crossbow" in shown
    assert "Sly's Arrows: ud8" in shown
    ammo = fight(table).fighter("Sly").ammo
    assert ammo == ((sly.inventory.index(arrows), int(UsageDie.UD8)),)


def test_oil_sets_ongoing_damage(table: Play) -> None:
    table("give Mirela flask of oil")
    start(table, goblins=1, hp=40, at="near")
    everyone_before(table)
    shown = table("attack Mirela goblin-1 weapon oil roll 20")
    assert "ud6 ongoing damage" in shown
    goblin = fight(table).foe("goblin-1")
    assert goblin.ongoing[0].die is UsageDie.UD6
    assert not any(i.ref == "oil" for i in table.session.character("Mirela").inventory)


def test_turn_undead(table: Play) -> None:
    table("fight start")
    table("fight add 3 skeleton --hp 5")
    table("init")
    everyone_before(table)
    shown = table("turn Tomas skeleton-1 roll 8")
    assert "penalty +1" in shown  # the creature's HD (RULINGS R15)
    assert "Turned: Skeleton 1, Skeleton 2, Skeleton 3" in shown
    with pytest.raises(RuleError, match="only a Cleric"):
        table("turn Sly skeleton-1 override")


def test_out_bandage_and_injury(table: Play) -> None:
    start(table, goblins=2, hp=20)
    table("next")
    table("defend Mirela goblin-1 roll 1 damage 50")
    assert table.session.character("Mirela").hp == 0
    with pytest.raises(RuleError, match="out of the fight"):
        table("defend Mirela goblin-2")
    table("next")
    table("next")  # round 2
    everyone_before(table)
    shown = table("bandage Tomas Mirela")
    assert "injuries: 1d6 [" in shown
    mirela = table.session.character("Mirela")
    assert mirela.hp > 0 or mirela.mortal_wound is not None or mirela.dead


def test_injury_conditions_hinder_tests(table: Play) -> None:

    table.set_character("Aldric", conditions=("wounded",))
    assert "disadvantage (wounded)" in table("test Aldric STR")
    assert "wounded" not in table("test Aldric WIS")


def test_fight_end_recovers_ammunition_and_adds_disrepair(table: Play) -> None:
    start(table, goblins=1, hp=1)
    everyone_before(table)
    table("attack Aldric goblin-1 roll 10")
    shown = table("fight end")
    assert "Fight 1 ends" in shown
    assert "disrepair point (1 in hand" in shown
    assert current_fight(table.session) is None
    assert table.session.state.get("gm", "disrepair") == 1


def test_maintenance_avoids_disrepair(table: Play) -> None:
    table("rest short")  # maintenance is done at a rest (docs/rulings.md H234)
    table("maintain Aldric")
    start(table, goblins=1, hp=1)
    assert "maintained today" in table("fight end")


def test_the_fight_survives_a_restart_and_undo(table: Play, tmp_path: Path) -> None:
    start(table, goblins=3, hp=9)
    everyone_before(table)
    table("attack Aldric goblin-1 roll 10 damage 4")
    before = fight(table)
    table.close()
    again = Play(table.path, seed=9)
    try:
        assert fight(again) == before
        again("undo --force")  # session 2 reaches back into session 1 (H214)
        assert fight(again).foe("goblin-1").hp == 9
        assert CampaignState.replay(again.store.events()) == again.session.state
    finally:
        again.close()
    table.store = again.store  # the fixture closes the store again: harmless


def test_bestiary_command(table: Play, tmp_path: Path) -> None:
    assert "goblin-chief" in table("bestiary gob")
    assert "Goblin Chief  HD 5  AC 5" in table("bestiary goblin-chief")
    good = tmp_path / "mine.toml"
    good.write_text(
        '[[monsters]]\nid = "bog-hag"\nname = "Bog Hag"\nhd = 3\nac = 3\n'
        'attacks = [{ name = "claw", damage = "1d6", count = 2 }]\nsource = "campaign"\n'
    )
    assert "bog-hag" in table(f"bestiary add {good}")
    table("fight start")
    assert "Bog Hag" in table("fight add 1 bog-hag")
    bad = tmp_path / "bad.toml"
    bad.write_text('[[monsters]]\nid = "x"\nname = "X"\nhd = -1\nac = 3\nsource = "c"\n')
    with pytest.raises(RulesDataError, match=r"id 'x'.*hd"):
        table(f"bestiary add {bad}")
    missing_ac = tmp_path / "noac.toml"
    missing_ac.write_text('[[monsters]]\nid = "y"\nname = "Y"\nhd = 1\nsource = "c"\n')
    with pytest.raises(RulesDataError, match="ac"):
        table(f"bestiary add {missing_ac}")


# -- range, reach and thrown weapons (redhack: Combat > Range; Equipment > Weapons) --


def test_a_melee_weapon_reaches_only_close(table: Play) -> None:
    start(table, goblins=1, hp=20, at="near")
    everyone_before(table)
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="reaches only close: move first"):
        table("attack Aldric goblin-1")
    assert table.session.state.to_json() == before


def test_a_monster_must_come_close_to_strike(table: Play) -> None:
    start(table, goblins=2, hp=20, at="near")
    table("next")
    before = table.session.state.to_json()
    with pytest.raises(RuleError, match="must come Close to strike"):
        table("defend Tomas goblin-1")
    assert table.session.state.to_json() == before
    shown = table("defend Tomas goblin-1 override roll 10")
    assert shown.startswith("GM override: Goblin 1 is near from Tomas")
    table("move goblins close")
    assert "Goblin 2 attacks Aldric" in table("defend Aldric goblin-2 roll 10")


def test_parry_needs_the_foe_close(table: Play) -> None:
    start(table, goblins=1, hp=20, at="near")
    table("next")
    table("defend Aldric goblin-1 override roll 10")
    with pytest.raises(RuleError, match=r"[Cc]lose"):
        table("parry Aldric goblin-1 roll 15")


def test_a_dagger_is_melee_up_close_and_thrown_beyond(table: Play) -> None:
    table("give Sly dagger")
    table("give Aldric dagger")
    table("fight start")
    table("fight add 2 goblin --hp 20 --at close")
    table("fight add 1 goblin --hp 20 --at near --group archers")
    table("init")
    everyone_before(table)
    close = table("attack Sly goblin-1 weapon dagger roll 10")
    assert "DEX attack" not in close  # a melee blow: STR, no shooting penalty
    assert "lies where it fell" not in close
    thrown = table("attack Aldric goblin-3 weapon dagger roll 10")
    assert "DEX attack with Dagger/Hand Axe" in thrown
    assert "lies where it fell" in thrown
    assert not any(i.ref == "dagger" for i in table.session.character("Aldric").inventory)
    ended = table("fight end")
    assert "Aldric picks up Dagger/Hand Axe" in ended
    assert any(i.ref == "dagger" for i in table.session.character("Aldric").inventory)


def test_throwing_up_close_is_shooting_at_close_range(table: Play) -> None:
    table("give Sly dagger")
    start(table, goblins=1, hp=20, at="close")
    everyone_before(table)
    shown = table("attack Sly goblin-1 weapon dagger throw roll 10")
    assert "disadvantage (shooting while close to an enemy)" in shown


def test_broken_foes_strike_for_1d4(table: Play) -> None:
    start(table, goblins=2, hp=20)
    table("flag goblin-1 broken")
    table("next")
    shown = table("defend Aldric goblin-1 roll 19")
    assert "Goblin 1 hits: 1d4: [" in shown


def test_flags_refused_on_a_foe_that_is_out(table: Play) -> None:
    start(table, goblins=2, hp=1)
    everyone_before(table)
    table("attack Aldric goblin-1 roll 10")
    with pytest.raises(RuleError, match="out: out of the fight"):
        table("flag goblin-1 stunned")
    assert "no longer stunned" in table("flag goblin-1 stunned off")


def test_fight_set_up_input(table: Play) -> None:
    with pytest.raises(UnknownNameError, match="unknown character 'Bob'"):
        table("fight start --hidden Bob")
    table("fight start")
    shown = table("fight add 1 goblin --group wolves")
    assert "join the wolves" in shown
    assert fight(table).has_group("wolves")
    with pytest.raises(CommandError, match="name"):
        table('fight add 1 goblin --name ""')


def test_the_fight_end_gives_a_verdict(table: Play) -> None:
    start(table, goblins=1, hp=1)
    everyone_before(table)
    assert "2 foe(s) still stand" not in table("fight status")
    ended = table("fight end")
    assert "1 foe(s) still stand" in ended
    start(table, goblins=1, hp=1)
    everyone_before(table)
    table("attack Aldric goblin-1 roll 10")
    assert "the party holds the field" in table("fight end")


# -- down, dying and dead (redhack: Combat > Injuries; Death) --------------------------


def test_healing_from_zero_rolls_injuries(table: Play) -> None:
    table("hp Mirela -40")
    shown = table("hp Mirela +3")
    assert "Mirela: injuries: 1d6 [" in shown
    mirela = table.session.character("Mirela")
    assert mirela.dead or mirela.hp > 0 or mirela.mortal_wound is not None


def test_the_dead_neither_test_nor_heal_until_revived(table: Play) -> None:

    table.set_character("Aldric", hp=0, conditions=("dead",))
    assert "DEAD" in table("character show Aldric")
    with pytest.raises(RuleError, match="dead"):
        table("test Aldric STR")
    with pytest.raises(RuleError, match="dead"):
        table("hp Aldric +3")
    shown = table("character revive Aldric")
    assert "Aldric" in shown
    revived = table.session.character("Aldric")
    assert not revived.dead
    with pytest.raises(RuleError, match="not dead"):
        table("character revive Sly")


def test_the_roster_shows_conditions(table: Play) -> None:

    table.set_character("Sly", conditions=("wounded",))
    row = next(r for r in table("character list").splitlines() if r.startswith("Sly"))
    assert row.endswith("[wounded]")


def test_experience_takes_a_sign(table: Play) -> None:
    with pytest.raises(CommandError, match=r"\+N or -N"):
        table("xp Aldric 1")
    assert "experience 0 -> 1" in table("xp Aldric +1")


# -- light and darkness (redhack: Exploration & Dungeons > Light; docs/rulings.md H27) --


def test_fighting_in_the_dark_has_disadvantage(table: Play) -> None:
    table("where dungeon")
    start(table, goblins=2, hp=20)
    everyone_before(table)
    assert "disadvantage (darkness)" in table("attack Aldric goblin-1 roll 10,10")
    table("next")
    assert "darkness" in table("defend Sly goblin-1 roll 10,10")


def test_a_lit_torch_lifts_the_darkness(table: Play) -> None:
    table("give Mirela tinderbox")
    table("where dungeon")
    table("light Aldric torch")
    start(table, goblins=2, hp=20)
    everyone_before(table)
    assert "darkness" not in table("attack Aldric goblin-1 roll 10")


def test_surprise_tests_see_the_situation(table: Play) -> None:
    table("where dungeon")
    shown = table("fight start --unexpected")
    assert shown.count("WIS surprise, disadvantage (darkness)") == 4


def test_the_number_of_monsters_may_be_dice(table: Play) -> None:
    table("fight start")
    shown = table("fight add 2d4 goblin")
    assert shown.startswith("How many: 2d4: [")
    assert 2 <= len(fight(table).foes) <= 8
    before = table.session.state.to_json()
    with pytest.raises(CommandError, match="over the dice limit"):
        table("fight add 1000000d1000000 goblin")
    with pytest.raises(CommandError, match="bad dice expression"):
        table("fight add 2d goblin")
    with pytest.raises(RuleError, match="no monsters"):
        table("fight add 1d4-5 goblin")
    assert table.session.state.to_json() == before


def test_lighting_a_torch_in_a_fight_is_the_action(table: Play) -> None:
    table("give Mirela tinderbox")
    start(table, goblins=2, hp=20)
    everyone_before(table)
    assert "Aldric lights Torch" in table("light Aldric torch")
    assert fight(table).fighter("Aldric").acted
    with pytest.raises(RuleError, match="already acted"):
        table("attack Aldric goblin-1")


def test_the_dead_carry_no_tinderbox_for_the_party(table: Play) -> None:

    table("give Mirela tinderbox")
    table.set_character("Mirela", hp=0, conditions=("dead",))
    with pytest.raises(RuleError, match="nobody in the party has a tinderbox"):
        table("light Aldric torch")
