"""The shared ordered fight, end to end through a test-only ruleset (fantasy-hack Part
III "Combat"; RULINGS F1, F3, G5, S3, S5; docs/rulings.md H370-H375)."""

from __future__ import annotations

import random

import pytest

from hacktable.engine.principal import GM
from hacktable.errors import CommandError, HacktableError, RuleError, UnknownNameError
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rules.checks.variants import FANTASY_HACK_TO_HIT
from hacktable.rulesets.ordered_fight import fight_offers

from .conftest import Table
from .toy import ToyFightRules

ANN = Principal(Role.PLAYER, "Ann")


def _setup(table: Table, surprise: str = "") -> None:
    table.add("Ottvar", STR=16, DEX=10, owner="Ann")
    table("fight start" + (f" surprise by {surprise}" if surprise else ""))
    table("fight add Mugger from thug")


def test_initiative_is_d20_plus_dex_modifier_highest_first_and_kept(table: Table) -> None:
    """RULINGS F3: d20 + DEX modifier for every combatant, highest first, kept."""
    _setup(table)
    text = table("init roll 5,4")
    assert "1. Mugger d20 4 + 3 = 7" in text
    assert "2. Ottvar d20 5 = 5" in text
    fight = table.fight()
    assert fight.order == ("mugger", "ottvar")
    assert fight.round == 1
    assert fight.initiative is not None
    assert fight.initiative.dice == (5, 4)
    table("next")
    table("next")
    assert table.fight().order == ("mugger", "ottvar")  # kept, not rerolled each round
    assert table.fight().round == 2
    with pytest.raises(RuleError, match="kept for the fight"):
        table("init")


def test_ties_go_to_the_higher_dex_then_a_roll_off_that_keeps_the_totals(table: Table) -> None:
    """RULINGS F3: ties by the higher DEX, then a roll-off that never changes the total."""
    table.add("Ottvar", DEX=12)
    table.add("Brin", DEX=13)  # the same modifier +1, the higher DEX
    table("fight start")
    table("fight add goblin x2")  # DEX 12 each, modifier +1
    text = table("init roll 9,9,9,9,3,17,8")
    # Brin is ahead on DEX; Ottvar and the two goblins tie at 10 with DEX 12 and roll
    # off in the order given (3, 17, 8)
    assert table.fight().order == ("brin", "goblin-1", "goblin-2", "ottvar")
    assert "(roll-off 17) [after Brin: higher DEX 13 > 12]" in text  # the tie named: H480
    assert "Ottvar d20 9 + 1 = 10 (roll-off 3) [after Goblin 2: roll-off 8 > 3]" in text
    initiative = table.fight().initiative
    assert initiative is not None
    assert [r.total for r in initiative.order] == [10, 10, 10, 10]


def test_the_surprise_round_lets_only_the_aware_side_attack_once(table: Table) -> None:
    """fantasy-hack "Combat": the surprising group gets a free round before initiative
    (docs/rulings.md H370)."""
    _setup(table, surprise="foes")
    with pytest.raises(RuleError, match="Ottvar is surprised"):
        table("attack Ottvar mugger roll 20")
    text = table("attack mugger Ottvar roll 15 damage roll 3")  # the text's dagger: 4
    assert "12 HP - 4 damage = 8 HP" in text
    with pytest.raises(RuleError, match="free attack"):
        table("attack mugger Ottvar roll 15 damage roll 3")
    text = table("init roll 13,4")
    assert "The surprise round (the foes' free attacks) ends." in text
    assert table.fight().current == "ottvar"


def test_attacks_before_initiative_without_surprise_are_refused(table: Table) -> None:
    _setup(table)
    with pytest.raises(RuleError, match="'init' first"):
        table("attack Ottvar mugger roll 13")


def test_a_hit_meets_or_beats_ac_with_odds_first_and_damages_the_foe(table: Table) -> None:
    """Part III "Combat": meet or beat the AC; the odds shown before the dice."""
    _setup(table)
    table("init roll 13,4")
    outcome = table.run("attack Ottvar mugger roll 9 damage roll 6")  # 9 + 4 = 13: AC 13
    lines = [line.text for line in outcome.lines]
    odds_at = next(i for i, t in enumerate(lines) if "odds: success 60.00%" in t)
    dice_at = next(i for i, t in enumerate(lines) if "d20 9 + 4 = 13 >= AC 13" in t)
    assert odds_at < dice_at
    assert "12 HP - 9 damage = 3 HP: up" in outcome.text  # 1d8 6 + STR 3
    assert table.fight().foe("mugger").pool.hp == 3


def test_a_miss_changes_no_hit_points(table: Table) -> None:
    _setup(table)
    table("init roll 13,4")
    text = table("attack Ottvar mugger roll 8")  # 8 + 4 = 12 < AC 13
    assert "=> miss" in text
    assert table.fight().foe("mugger").pool.hp == 12
    assert table.fight().log[-1].what == "attack Mugger: miss"


def test_a_natural_20_that_hits_is_a_critical_dice_twice_bonus_doubled(table: Table) -> None:
    """RULINGS F3: a critical rolls the damage dice twice and doubles the STR modifier."""
    _setup(table)
    table("init roll 13,4")
    text = table("attack Ottvar mugger roll 20 damage roll 2,3")
    assert "=> critical hit" in text
    assert "= 11" in text  # 2 + 3 + STR 3 + STR 3 again
    assert table.fight().foe("mugger").pool.hp == 1


def test_a_foe_dies_at_0(table: Table) -> None:
    """RULINGS F1: NPCs die at 0."""
    _setup(table)
    table("fight add goblin")
    table("init roll 13,4,1")
    text = table("attack Ottvar goblin roll 15 damage roll 2")  # 2 + 3 = 5: HP 5
    assert "5 HP - 5 damage = 0 HP: dead" in text
    assert table.fight().foe("goblin").dead
    with pytest.raises(RuleError, match="already dead"):
        table("attack Ottvar goblin roll 15")
    table("next")  # to the mugger; the dead goblin's turn is skipped
    assert table("next").count("Ottvar's turn") == 1


def test_a_dying_character_bleeds_1_a_turn_and_stabilised_stops(table: Table) -> None:
    """RULINGS F1: at 0 or below, dying, 1 HP lost at the end of each of their turns
    until stabilised."""
    _setup(table)
    table("init roll 13,4")
    table("next")  # the mugger's turn
    table("attack mugger Ottvar roll 15 damage roll 4")  # 1d4 + 1 = 5
    assert table.character("Ottvar").hp == 7
    table("hp Ottvar 0")  # the core command, under the ruleset's rule: dying
    assert table.character("Ottvar").has_condition("dying")
    table("next")  # the mugger's turn ends: Ottvar does not bleed on another's turn
    assert table.character("Ottvar").hp == 0
    with pytest.raises(RuleError, match="is down"):
        table("attack Ottvar mugger roll 15")
    text = table("next")  # Ottvar's turn ends: he bleeds
    assert "0 HP - 1 dying = -1 HP: dying" in text
    assert table.character("Ottvar").hp == -1
    table("next")
    table("next")
    assert table.character("Ottvar").hp == -2
    table("hp Ottvar stable")  # an ally's check succeeded (F1)
    table("next")
    table("next")
    assert table.character("Ottvar").hp == -2  # stabilised: no more bleeding
    assert table.character("Ottvar").has_condition("stable")


def test_a_character_dies_at_the_rulesets_threshold(table: Table) -> None:
    """RULINGS F1: dead at -10 (the toy's rule, as fantasy-hack's default)."""
    _setup(table)
    table("init roll 4,13")  # the mugger first: 13 + 3
    table("fight")
    for _ in range(4):
        table("attack mugger Ottvar roll 19 damage roll 4")
    ottvar = table.character("Ottvar")
    assert ottvar.hp == -8
    assert ottvar.has_condition("dying")
    table("attack mugger Ottvar roll 19 damage roll 4")
    assert table.character("Ottvar").dead
    assert table.character("Ottvar").hp == -10  # floored at the threshold


def test_undo_reverts_an_attack_whole(table: Table) -> None:
    _setup(table)
    table("init roll 13,4")
    before = table.session.state.to_json()
    table("attack Ottvar mugger roll 13 damage roll 6")
    assert table.fight().foe("mugger").pool.hp == 3
    table("undo")
    assert table.session.state.to_json()["fight"] == before["fight"]
    table("next")
    table("undo")
    assert table.fight().current == "ottvar"


def test_a_player_attacks_on_their_own_turn_only(table: Table) -> None:
    """docs/rulings.md H372: a player acts on their character's turn; the GM may call a
    free attack out of turn."""
    _setup(table)
    table("init roll 4,13")  # the mugger first
    before = table.session.state.to_json()
    with pytest.raises(NotAllowedError, match="it is Mugger's turn"):
        table.run("attack Ottvar mugger roll 13", ANN)
    with pytest.raises(NotAllowedError):
        table.run("attack mugger Ottvar roll 13", ANN)  # a foe is the GM's
    with pytest.raises(NotAllowedError, match="it is Mugger's turn"):
        table.run("next", ANN)
    assert table.session.state.to_json() == before
    text = table("attack Ottvar mugger roll 2")
    assert "out of turn" in text
    table("next")
    assert "=> " in table.run("attack Ottvar mugger roll 2", ANN).text
    table.run("next", ANN)


def test_refusals_are_one_clear_line_and_change_nothing(table: Table) -> None:
    _setup(table)
    table("init roll 13,4")
    before = table.session.state.to_json()
    with pytest.raises(UnknownNameError, match="combatant in this fight"):
        table("attack Ottvar dragon roll 13")
    with pytest.raises(RuleError, match="advantage"):
        table("attack Ottvar mugger adv roll 13,4")
    with pytest.raises(CommandError, match="damage dice are entered as"):
        table("attack Ottvar mugger damage 6")
    with pytest.raises(RuleError, match="initiative has been rolled"):
        table("fight add goblin")
    with pytest.raises(RuleError, match="still going on"):
        table("fight start")
    assert table.session.state.to_json() == before


def test_a_dead_attacker_is_refused(table: Table) -> None:
    _setup(table)
    table("fight add goblin")
    table("init roll 13,4,1")
    table("attack Ottvar goblin roll 15 damage roll 2")
    with pytest.raises(RuleError, match="Goblin is dead"):
        table("attack goblin Ottvar roll 15")


def test_fight_add_needs_the_bestiary_or_every_stat(table: Table) -> None:
    table.add("Ottvar")
    table("fight start")
    with pytest.raises(CommandError, match="needs level, hp, ac, hit, damage"):
        table("fight add Dragon")
    with pytest.raises(UnknownNameError, match="bestiary"):
        table("fight add Mugger from dragon")
    text = table("fight add Bandit level 2 hp 9 ac 14 hit +3 damage 1d8 dex 14 x2")
    assert "Bandit 1 (bandit-1)" in text
    assert "Bandit 2 (bandit-2)" in text
    assert table.fight().foe("bandit-2").pool.max_hp == 9
    with pytest.raises(RuleError, match="character's name"):
        table("fight add Ottvar level 1 hp 3 ac 10 hit +0 damage 1d4")


def test_status_shows_the_order_with_hp_and_end_clears_it(table: Table) -> None:
    _setup(table)
    table("init roll 13,4")
    table("attack Ottvar mugger roll 13 damage roll 6")
    text = table("fight")
    assert "round 1: Ottvar's turn" in text
    assert "  1. Ottvar (initiative 13): HP 12/12  <- their turn" in text
    assert "2. Mugger (initiative 7): HP 3/12" in text
    table("fight end")
    assert "No fight" in table("fight")


def test_attacks_on_the_unconscious_have_advantage_where_the_rules_say(soft: Table) -> None:
    """RULINGS S3: attacks on an unconscious creature have advantage; foes under S3's
    rule are unconscious at 0 and dead at -20."""
    soft.add("Mara", STR=16, DEX=10)
    soft("fight start")
    soft("fight add goblin")
    soft("init roll 13,4")
    text = soft("attack Mara goblin roll 12 damage roll 2")  # 12 + 4: AC 12; 2 + 3 = 5
    assert "0 HP: unconscious" in text
    soft("next")
    soft("next")
    text = soft("attack Mara goblin roll 3,15 damage roll 8")
    assert "advantage: the target is unconscious (S3)" in text
    assert soft.fight().foe("goblin").pool.hp == -11


def test_the_offers_are_well_formed_and_a_random_playthrough_never_typos(table: Table) -> None:
    """Every offered intent succeeds or fails for a rule's reason, never an unknown name
    or a malformed word (the conformance suite's contract for legal intents)."""
    table.add("Ottvar", STR=16)
    table.add("Brin", DEX=14)
    rules = ToyFightRules(FANTASY_HACK_TO_HIT)
    pick = random.Random(5)
    done = 0
    for _ in range(80):
        intent = pick.choice(fight_offers(table.session, "gm", rules))
        try:
            table.layer.execute(GM, intent)
        except (UnknownNameError, CommandError):
            raise
        except HacktableError:
            continue
        done += 1
    assert done > 40
    assert table.session.state.get("counter", "fights")  # fights were started


def test_damage_dice_entered_without_the_d20_are_refused_not_read_as_it(table: Table) -> None:
    """RULINGS G5: entered dice are read in the order drawn; damage dice alone must not
    become the to-hit d20."""
    _setup(table)
    table("init roll 13,4")
    with pytest.raises(RuleError, match="comes after the to-hit dice"):
        table("attack Ottvar mugger damage roll 9")  # not a d20 9 that hits
    assert table.fight().foe("mugger").pool.hp == 12


def test_damage_dice_are_not_read_as_an_advantages_second_d20(soft: Table) -> None:
    """RULINGS G5, S1: under advantage the attack draws two d20s before the damage."""
    soft.add("Mara", STR=16, DEX=10)
    soft("fight start")
    soft("fight add goblin")
    soft("init roll 13,4")
    with pytest.raises(RuleError, match="both d20s"):
        soft("attack Mara goblin adv roll 9 damage roll 6")
    assert soft.fight().foe("goblin").pool.hp == soft.fight().foe("goblin").pool.max_hp
