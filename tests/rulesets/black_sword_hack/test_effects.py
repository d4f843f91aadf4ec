"""Each gift (and background) that changes a roll, a die or the action budget, through
the rule that reads it: effects.py, sources.character_test and core.resolve, the damage
roll, the armour rating, the Doom die's size and max HP (RULINGS B1, B2, B4, B5, B7;
black-sword-hack 2.1.1-2.1.6, 2.2)."""

from __future__ import annotations

from dataclasses import replace

from hacktable.dice.advantage import Advantage
from hacktable.dice.usage import UsageDie
from hacktable.rules.resolution import Critical
from hacktable.rulesets.base import TestOptions
from hacktable.rulesets.black_sword_hack import armour, core, effects, sources
from hacktable.rulesets.black_sword_hack.character import Character
from hacktable.rulesets.black_sword_hack.content.loader import load_content
from hacktable.rulesets.black_sword_hack.creation import CharacterSpec, build_character, max_hp
from hacktable.rulesets.black_sword_hack.damage import roll_damage
from hacktable.rulesets.black_sword_hack.doom import doom_die_at

from ...helpers import Faces

CONTENT = load_content()
SCORES = tuple((a, (3, 3), 12) for a in ("STR", "DEX", "CON", "INT", "WIS", "CHA"))


def hero(*gifts: str, backgrounds: tuple[str, ...] = ("sellsword", "scribe", "skald")) -> Character:
    """A civilized character with every attribute about 12 and ``gifts``."""
    spec = CharacterSpec("Hero", "civilized", backgrounds)
    made = build_character(CONTENT, spec, SCORES, Faces()).character
    return replace(made, gifts=gifts)


def test_heavy_hand_makes_melee_damage_a_d8_and_leaves_missiles_at_d6() -> None:
    plain, gifted = hero(), hero("heavy-hand")
    assert effects.damage_die(CONTENT, plain, "melee") == "1d6"
    assert effects.damage_die(CONTENT, gifted, "melee") == "1d8"
    assert effects.damage_die(CONTENT, gifted, "ranged") == "1d6"
    die = effects.damage_die(CONTENT, gifted, "melee")
    assert roll_damage(die, Faces(8)).total == 8  # a face a d6 cannot show
    assert roll_damage(die, Faces(5), critical=True).total == 8 + 5  # max + another die


def test_iron_fists_and_the_pit_fighter_make_bare_hands_a_d6() -> None:
    assert effects.damage_die(CONTENT, hero(), "unarmed") == "1d4"
    assert effects.damage_die(CONTENT, hero("iron-fists"), "unarmed") == "1d6"
    fighter = hero(backgrounds=("sellsword", "scribe", "pit-fighter"))
    assert effects.damage_die(CONTENT, fighter, "unarmed") == "1d6"
    assert effects.damage_die(CONTENT, fighter, "melee") == "1d6"  # weapons unchanged


def test_hawk_eye_gives_advantage_to_ranged_attacks_only() -> None:
    gifted = hero("hawk-eye")
    ranged = sources.character_test(CONTENT, gifted, "DEX", TestOptions(), use="ranged")
    assert ranged.advantages == ("Hawk Eye (gift)",)
    assert ranged.advantage is Advantage.ADVANTAGE
    result = core.resolve(ranged, Faces(15, 3))  # advantage keeps the lower
    assert (result.kept, result.success) == (3, True)
    melee = sources.character_test(CONTENT, gifted, "STR", TestOptions(), use="melee")
    assert melee.advantages == ()
    plain = sources.character_test(CONTENT, gifted, "DEX", TestOptions())
    assert plain.advantages == ()


def test_quicksilver_helps_the_dodge_and_wall_of_steel_the_parry() -> None:
    nimble, stalwart = hero("quicksilver"), hero("wall-of-steel")
    test = sources.character_test
    assert test(CONTENT, nimble, "DEX", TestOptions(), use="dodge").advantages == (
        "Quicksilver (gift)",
    )
    assert test(CONTENT, nimble, "STR", TestOptions(), use="parry").advantages == ()
    assert test(CONTENT, stalwart, "STR", TestOptions(), use="parry").advantages == (
        "Wall of Steel (gift)",
    )
    assert test(CONTENT, stalwart, "DEX", TestOptions(), use="dodge").advantages == ()


def test_wolf_senses_help_the_initiative_test() -> None:
    request = sources.character_test(
        CONTENT, hero("wolf-senses"), "WIS", TestOptions(), use="initiative"
    )
    assert request.advantages == ("Wolf Senses (gift)",)
    assert request.kind.value == "initiative"
    assert (
        sources.character_test(CONTENT, hero("wolf-senses"), "WIS", TestOptions()).advantages == ()
    )


def test_unbowed_helps_wis_saves_not_every_wis_test() -> None:
    gifted = hero("unbowed")
    save = sources.character_test(CONTENT, gifted, "WIS", TestOptions(), use="save")
    assert save.advantages == ("Unbowed (gift)",)
    assert sources.character_test(CONTENT, gifted, "WIS", TestOptions()).advantages == ()


def test_killer_instinct_makes_a_natural_2_a_critical_melee_hit() -> None:
    gifted = hero("killer-instinct")
    assert effects.critical_range(CONTENT, hero(), "melee") == 1
    assert effects.critical_range(CONTENT, gifted, "melee") == 2
    assert effects.critical_range(CONTENT, gifted, "ranged") == 1
    request = sources.character_test(CONTENT, gifted, "STR", TestOptions(), use="melee")
    critical = effects.critical_range(CONTENT, gifted, "melee")
    assert core.resolve(request, Faces(2), critical).critical is Critical.SUCCESS
    assert core.resolve(request, Faces(2)).critical is Critical.NONE
    assert core.odds(request, critical).critical_success == 2 * core.odds(request).critical_success


def test_marked_by_fate_makes_the_doom_die_one_size_larger() -> None:
    assert effects.doom_steps(CONTENT, hero()) == 0
    assert effects.doom_steps(CONTENT, hero("marked-by-fate")) == 1
    assert doom_die_at(1, UsageDie.UD6, effects.doom_steps(CONTENT, hero("marked-by-fate"))) == (
        UsageDie.UD8
    )


def test_whirlwind_adds_an_action_to_the_first_turn() -> None:
    assert effects.first_turn_actions(CONTENT, hero()) == 0
    assert effects.first_turn_actions(CONTENT, hero("whirlwind")) == 1


def test_relentless_and_fleet_footed_repeat_without_a_doom_roll() -> None:
    assert effects.free_repeats(CONTENT, hero()) == frozenset()
    assert effects.free_repeats(CONTENT, hero("relentless")) == {"attack"}
    assert effects.free_repeats(CONTENT, hero("relentless", "fleet-footed")) == {"attack", "move"}


def test_tough_as_leather_adds_three_max_hp() -> None:
    gifted = hero("tough-as-leather")
    assert effects.max_hp_bonus(CONTENT, gifted) == 3
    assert max_hp(CONTENT, gifted) == 12 + 3  # CON 12 + level 1 - 1 + 3


def test_quick_to_mend_and_the_caravan_guard_heal_more_on_a_short_rest() -> None:
    assert effects.short_rest_bonus(CONTENT, hero()) == 0
    assert effects.short_rest_bonus(CONTENT, hero("quick-to-mend")) == 2
    guard = hero("quick-to-mend", backgrounds=("caravan-guard", "scribe", "skald"))
    assert effects.short_rest_bonus(CONTENT, guard) == 3


def test_iron_hide_adds_to_the_armour_worn() -> None:
    plain, gifted = hero(), hero("iron-hide")
    assert armour.armour_rating(CONTENT, plain) == 1  # light armour worn
    assert armour.armour_rating(CONTENT, gifted) == 2
    assert armour.damage_taken(5, armour.armour_rating(CONTENT, gifted)) == 3


def test_a_background_advantage_applies_only_for_its_tags() -> None:
    reaver = hero(backgrounds=("sellsword", "scribe", "reaver"))
    test = sources.character_test
    walled = test(CONTENT, reaver, "STR", TestOptions(tags=("shield-wall",)), use="parry")
    assert walled.advantages == ("Reaver (background)",)
    assert test(CONTENT, reaver, "STR", TestOptions(), use="parry").advantages == ()
    noble = hero(backgrounds=("sellsword", "scribe", "jaded-noble"))
    poison = test(CONTENT, noble, "CON", TestOptions(tags=("poisons",)), use="save")
    assert poison.advantages == ("Jaded Noble (background)",)


def test_doomed_cancels_a_gifts_advantage() -> None:
    doomed = replace(hero("quicksilver"), doom=UsageDie.EXHAUSTED)
    request = sources.character_test(CONTENT, doomed, "DEX", TestOptions(), use="dodge")
    assert request.advantages == ("Quicksilver (gift)",)
    assert request.disadvantages == (sources.DOOMED,)
    assert request.advantage is Advantage.NONE  # one for one (RULINGS B1)
