"""The fight's state and turns (black-sword-hack 2.1.1, 2.1.2; RULINGS B2, B3): the order
of play, the first turn's budget, the action budget and the repeat rule, and the fight
commands that set it up and move it on."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.codec import from_json, to_json
from hacktable.rules.resolution import Critical
from hacktable.rulesets.black_sword_hack.fight import (
    OPPOSITION,
    Fight,
    Fighter,
    Foe,
    FoeAction,
    Group,
    Mark,
    Ongoing,
)
from hacktable.rulesets.black_sword_hack.turns import (
    end_go,
    first_turn_budget,
    initiative_order,
    spend_action,
)

from .conftest import Table

SPEAR = FoeAction("spear", ("STR", "DEX"), 3)


def _fight(turn: int = 1, go: int = 0, actions: int = 2) -> Fight:
    fighters = (Fighter("Conan", "before", actions), Fighter("Mira", "after", actions))
    foes = (Foe("guard-1", "Guard 1", "city-guard", "guards", 1, 5, 5, 1, (SPEAR,)),)
    return Fight(
        1,
        turn=turn,
        order=("conan", OPPOSITION, "mira"),
        go=go,
        fighters=fighters,
        groups=(Group("guards", "Guards", 1),),
        foes=foes,
    )


# -- the state -----------------------------------------------------------------------------


def test_a_fight_round_trips_through_json() -> None:
    fight = _fight()
    foe = fight.foes[0].with_mark(Mark("entangled", 1, "Conan"))
    fight = fight.with_foe(foe).with_fighter(
        Fighter("Mira", "after", 2, ongoing=(Ongoing(UsageDie.UD4, "fire"),))
    )
    assert from_json(Fight, to_json(fight)) == fight


def test_foes_are_found_by_key_name_or_unique_prefix() -> None:
    fight = _fight()
    assert fight.foe("guard-1") is fight.foe("Guard 1") is fight.foe("guard")
    with pytest.raises(UnknownNameError):
        fight.foe("orc")


def test_whose_go_follows_the_order() -> None:
    fight = _fight()
    assert fight.current == "conan"
    assert fight.whose_go() == "Conan's"
    assert _fight(go=1).opposition_go
    assert _fight(turn=0).current is None


# -- initiative and the budget ---------------------------------------------------------------


def test_the_first_turn_has_three_actions_after_a_critical_and_one_after_a_fumble() -> None:
    """black-sword-hack 2.1.1; RULINGS B3."""
    assert first_turn_budget(Critical.SUCCESS) == 3
    assert first_turn_budget(Critical.FAILURE) == 1
    assert first_turn_budget(Critical.NONE) == 2
    assert first_turn_budget(Critical.NONE, extra=1) == 3  # a gift's extra action


def test_winners_act_before_the_opposition_the_rest_after() -> None:
    """RULINGS B3: monsters act between the two groups."""
    assert initiative_order(["Mira", "Conan"], ["Kull"]) == ("mira", "conan", OPPOSITION, "kull")


def test_two_actions_a_turn_and_none_beyond() -> None:
    """black-sword-hack 2.1.2."""
    fight = spend_action(_fight(), "Conan", "attack").fight
    fight = spend_action(fight, "Conan", "move").fight
    assert fight.fighter("Conan").actions == 0
    with pytest.raises(RuleError, match=r"no action left this turn \(two a turn, [^)]+ 2\.1\.2"):
        spend_action(fight, "Conan", "act: search")
    forced = spend_action(fight, "Conan", "act: search", override=True)
    assert forced.overridden
    assert forced.fight.fighter("Conan").actions == 0


def test_the_same_action_twice_rolls_the_doom_die() -> None:
    """RULINGS B2: a repeat is due a Doom roll; a gift may free an action of it."""
    once = spend_action(_fight(), "Conan", "attack")
    assert not once.repeat
    assert spend_action(once.fight, "Conan", "attack").repeat
    assert not spend_action(once.fight, "Conan", "move").repeat
    free = spend_action(once.fight, "Conan", "attack", free_repeats=frozenset({"attack"}))
    assert not free.repeat


def test_a_doomed_character_cannot_repeat_unless_the_setting_allows() -> None:
    """RULINGS B2 (setting doomed-actions)."""
    once = spend_action(_fight(), "Conan", "attack", doomed=True)
    with pytest.raises(RuleError, match="Doomed and cannot take the same action"):
        spend_action(once.fight, "Conan", "attack", doomed=True)
    allowed = spend_action(once.fight, "Conan", "attack", doomed=True, doomed_allowed=True)
    assert not allowed.repeat  # no die to roll


def test_only_the_one_whose_go_it_is_acts() -> None:
    with pytest.raises(RuleError, match="it is Conan's go, not Mira's"):
        spend_action(_fight(), "Mira", "attack")
    with pytest.raises(RuleError, match="has not begun"):
        spend_action(_fight(turn=0), "Conan", "attack")


def test_flurrys_extra_attack_is_free_and_no_repeat_and_lapses() -> None:
    """docs/rulings.md H132."""
    fight = spend_action(_fight(), "Conan", "attack").fight
    fight = fight.with_fighter(Fighter("Conan", "before", 1, ("attack",), extra_attack=True))
    spent = spend_action(fight, "Conan", "attack")
    assert spent.free
    assert not spent.repeat
    assert spent.fight.fighter("Conan").actions == 1
    assert not spent.fight.fighter("Conan").extra_attack
    moved = spend_action(fight, "Conan", "move")
    assert not moved.free
    assert not moved.fight.fighter("Conan").extra_attack


def test_the_turn_ends_after_the_last_and_everyone_gets_two_actions_again() -> None:
    fight = _fight(go=2, actions=0).with_foe(
        _fight().foes[0].with_mark(Mark("pinned", 1)).with_mark(Mark("broken", 0))
    )
    after, new_turn = end_go(fight, lambda key: True)
    assert new_turn
    assert after.turn == 2
    assert after.go == 0
    assert all(f.actions == 2 and f.taken == () for f in after.fighters)
    assert [m.kind for m in after.foes[0].marks] == ["broken"]  # pinned for turn 1 only


def test_the_helpless_are_passed_over() -> None:
    after, new_turn = end_go(_fight(go=1), lambda key: key != "mira")
    assert new_turn
    assert after.current == "conan"
    after, _ = end_go(_fight(go=0), lambda key: False)
    assert after.current == OPPOSITION


# -- the commands ------------------------------------------------------------------------------


def test_fight_start_takes_every_character_neither_dead_nor_helpless(table: Table) -> None:
    table.add("Conan")
    table.add("Mira", hp=0)
    table.add("Kull", conditions=("dead",))
    assert "The Tavern Brawl begins: Conan" in table("fight start called The Tavern Brawl")
    fight = table.fight()
    assert [f.name for f in fight.fighters] == ["Conan"]
    assert fight.name == "The Tavern Brawl"
    before = table.last_seq()
    with pytest.raises(RuleError, match="still going on"):
        table("fight start")
    assert table.last_seq() == before


def test_fight_add_from_the_bestiary_with_a_leader_and_custom_stats(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add city-guard x3")
    table("fight add sorcerer leader group city-guards")
    table('fight add "Sorcerer\'s Guard" as Halberdier level 3 hp 7 armour 2 action pike:STR/DEX:5')
    table('fight add "Bog Thing" level 2 hp 6 action claws:STR/DEX:3:ud4 action spit:DEX:2:ranged')
    fight = table.fight()
    guards = fight.members("city-guards")
    assert [f.key for f in guards] == ["city-guard-1", "city-guard-2", "city-guard-3", "sorcerer-1"]
    assert fight.group("city-guards").size == 4
    assert fight.foe("sorcerer-1").leader
    assert fight.group("city-guards").morale == 10  # the sorcerer's, the guards having none
    halberdier = fight.foe("halberdier-1")
    assert (halberdier.level, halberdier.hp, halberdier.armour) == (3, 7, 2)
    assert halberdier.actions == (FoeAction("pike", ("STR", "DEX"), 5),)
    bog = fight.foe("bog-thing-1")
    assert bog.ref == "bog-thing"
    assert bog.actions[0].ongoing == "ud4"
    assert bog.actions[1].ranged


def test_fight_add_refuses_what_cannot_be(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add sorcerer leader group cult")
    before = table.last_seq()
    with pytest.raises(RuleError, match="already have a leader"):
        table("fight add cultist leader group cult")
    with pytest.raises(RuleError, match="one leader"):
        table("fight add cultist x2 leader")
    with pytest.raises(UnknownNameError):
        table("fight add nobody-at-all")
    with pytest.raises(CommandError, match="needs a level, hp and an action"):
        table("fight add Nobody level 2")
    with pytest.raises(CommandError, match="DEFEND is attributes"):
        table("fight add Nobody level 2 hp 3 action bite:LUCK:2")
    with pytest.raises(CommandError, match="at most 20"):
        table("fight add cultist x21")
    assert table.last_seq() == before


def test_init_orders_winners_in_seating_order_then_the_opposition(table: Table) -> None:
    """RULINGS B3: seated players' characters in seat order, the GM's last; a critical
    success gives three actions, a critical failure one and a Doom roll (B2)."""
    table.seat("Ann", "Bob")
    table.add("Gm One")  # played by the GM: last of the winners
    table.add("Bobs", owner="Bob")
    table.add("Anns", owner="Ann")
    table.add("Anns Second", owner="Ann")
    table("fight start")
    table("fight add city-guard")
    # seating order: Anns, Anns Second, Bobs, Gm One; WIS 12 tests:
    # Anns natural 1 (critical), Anns Second 20 (fumble, then a Doom roll of 5),
    # Bobs 11 (success), Gm One 5 (success)
    table.rig(1, 20, 5, 11, 5)
    text = table("init")
    assert table.dealt_all()
    fight = table.fight()
    names = [fight.fighter(k).name if k != OPPOSITION else "*" for k in fight.order]
    assert names == ["Anns", "Bobs", "Gm One", "*", "Anns Second"]
    assert fight.fighter("Anns").actions == 3
    assert fight.fighter("Anns Second").actions == 1
    assert fight.fighter("Bobs").actions == 2
    assert "Doom die (a critical failure): ud6 5: holds" in text
    assert fight.current == "anns"
    assert fight.turn == 1
    with pytest.raises(RuleError, match="rolled once"):
        table("init")


def test_init_needs_an_opposition(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    with pytest.raises(RuleError, match="no opposition"):
        table("init")


def test_next_moves_the_go_and_a_new_turn_rolls_ongoing_damage(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add city-guard")
    table.rig(5)
    table("init")  # Conan succeeds: Conan > opposition
    table("ongoing Conan ud4 burning oil")
    table("ongoing city-guard-1 ud6 acid")
    assert "opposition's go" in table("next")
    table.rig(3, 2)  # the new turn: Conan's oil 3 (holds), the guard's acid 2 (steps down)
    text = table("next")
    assert table.dealt_all()
    fight = table.fight()
    assert fight.turn == 2
    assert fight.current == "conan"
    assert table.character("Conan").hp == 9  # armour does not stop ongoing damage (H136)
    assert fight.foe("city-guard-1").hp == 3
    assert fight.foe("city-guard-1").ongoing[0].die is UsageDie.UD4
    assert "Turn 2 begins" in text


def test_a_refused_action_changes_nothing(table: Table) -> None:
    table.add("Conan")
    table.add("Mira")
    table("fight start")
    table("fight add city-guard")
    table.rig(5, 15)  # Conan before, Mira after
    table("init")
    before, state = table.last_seq(), table.session.state
    with pytest.raises(RuleError, match="it is Conan's go, not Mira's"):
        table("move Mira")
    with pytest.raises(RuleError, match="opponents never roll"):
        table("attack city-guard-1 Conan")
    with pytest.raises(RuleError, match="NPCs have no attack effects"):
        table("attack city-guard-1 Conan effect sweep")
    assert table.last_seq() == before
    assert table.session.state == state
    assert "GM override" in table("move Mira override")


def test_beyond_the_budget_is_refused_with_the_rule_and_the_gm_may_override(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add city-guard")
    table.rig(5)
    table("init")
    table("move Conan")
    table.rig(4)  # the repeat's Doom roll: 4 holds
    assert "Doom die (the same action twice in a turn): ud6 4: holds" in table("move Conan")
    before = table.last_seq()
    with pytest.raises(RuleError, match=r"no action left this turn \(two a turn"):
        table("act Conan search")
    assert table.last_seq() == before
    assert "GM override: Conan has no action left" in table("act Conan search override")


def test_a_helpless_character_cannot_act(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add city-guard")
    table.rig(5)
    table("init")
    table.set("Conan", hp=0)
    with pytest.raises(RuleError, match="Helpless: unable to do anything"):
        table("move Conan")
    with pytest.raises(RuleError, match="Helpless"):
        table("defend Conan dodge against city-guard-1")


def test_the_status_shows_the_order_and_whose_go(table: Table) -> None:
    table.add("Conan")
    table("fight start")
    table("fight add cultist x2")
    assert "set-up" in table("fight")
    table.rig(5)
    table("init")
    text = table("fight status")
    assert "turn 1, Conan's go" in text
    assert "Order: [Conan] > the opposition" in text
    assert "Cultist 1 (cultist-1): level 1, HP 4/4" in text
    assert table.run("fight").data  # the fight as data for front ends


def test_the_fight_survives_a_restart_and_each_step_undoes(tmp_path: Path) -> None:
    table = Table(tmp_path / "c.db")
    table.add("Conan")
    table("fight start")
    table("fight add cultist")
    table.rig(5)
    table("init")
    fight = table.fight()
    table.close()
    again = Table(tmp_path / "c.db")
    try:
        assert again.fight() == fight
        again("undo --force")  # session 2 reaches back into session 1 (H214)
        assert not again.fight().started
        again("undo --force")
        assert again.fight().foes == ()
    finally:
        again.close()


def test_players_act_for_their_own_characters_and_the_gm_runs_the_fight(table: Table) -> None:
    from hacktable.engine.principal import NotAllowedError
    from hacktable.play.principal import Principal, Role

    table.seat("Ann")
    table.add("Conan", owner="Ann")
    table.add("Mira")
    table("fight start")
    table("fight add city-guard")
    table.rig(5, 15)
    table("init")
    ann = Principal(Role.PLAYER, "Ann")
    assert table.run("move Conan", ann).events
    assert table.run("fight status", ann).lines
    for line in ("move Mira", "next", "fight add cultist", "move Conan override", "init"):
        with pytest.raises(NotAllowedError):
            table.run(line, ann)
