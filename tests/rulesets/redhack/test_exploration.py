"""Exploration: encounter checks, dungeon time, light, rests, reactions, climbing
(redhack: Exploration & Dungeons; RULINGS R16-R20)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import CommandError, RuleError, RulesDataError, UnknownNameError
from hacktable.play.codec import from_json
from hacktable.rules.tables import Table, TableEntry
from hacktable.rulesets.redhack.exploration import (
    climb_difficulty,
    encounter_check,
    fall_dice,
    shift_reaction,
)
from hacktable.rulesets.redhack.party import PartyState

from ...console.conftest import Play
from ...helpers import Faces

TABLE = Table(
    id="crypt",
    name="Crypt",
    source="test",
    dice="1d6",
    entries=(
        TableEntry(low=1, high=3, result="skeletons"),
        TableEntry(low=4, high=6, result="a wight"),
    ),
)

CRYPT = """
[[tables]]
id = "crypt"
name = "The Old Crypt"
dice = "1d6"
source = "campaign"
entries = [
  { low = 1, high = 3, result = "3 skeletons" },
  { low = 4, high = 6, result = "a wight" },
]
"""


# -- encounter checks (R17) ----------------------------------------------------------------


def test_a_one_is_an_encounter_rolled_on_the_table() -> None:
    check = encounter_check(Faces(1, 5), table=TABLE)
    assert check.outcome == "encounter"
    assert check.creature == "a wight"
    assert check.encounter


def test_a_two_is_a_sign_remembered_then_met() -> None:
    sign = encounter_check(Faces(2, 2), table=TABLE)
    assert sign.outcome == "sign"
    assert sign.sign == "skeletons"
    assert not sign.encounter
    later = encounter_check(Faces(5), table=TABLE, sign=sign.sign)
    assert later.outcome == "nothing"
    assert later.sign == "skeletons"  # still remembered
    met = encounter_check(Faces(2), table=TABLE, sign=later.sign)
    assert (met.outcome, met.creature, met.sign) == ("remembered", "skeletons", None)


def test_fire_takes_one_off_and_bright_light_keeps_the_lower() -> None:
    assert encounter_check(Faces(3, 1), table=TABLE, fire=True).outcome == "sign"  # 3 - 1
    assert encounter_check(Faces(2, 1), table=TABLE, fire=True).outcome == "encounter"
    assert encounter_check(Faces(6, 1, 4), table=TABLE, light=True).outcome == "encounter"
    assert encounter_check(Faces(4), table=TABLE).outcome == "nothing"


# -- reactions, climbing (R18, R20) ----------------------------------------------------------


def test_reaction_steps() -> None:
    assert shift_reaction("Cautious", 1) == "Friendly"
    assert shift_reaction("Hostile", -1) == "Hostile"
    assert shift_reaction("Ingratiating", 1) == "Ingratiating"
    with pytest.raises(RuleError):
        shift_reaction("Grumpy", 1)


def test_climbing_difficulty_and_falls() -> None:
    assert [climb_difficulty(f) for f in (10, 99, 100, 250, 1000)] == [1, 1, 1, 2, 10]
    with pytest.raises(RuleError):
        climb_difficulty(0)
    assert fall_dice(60, Faces(), False, False) == (0, "no damage")
    damage, text = fall_dice(10, Faces(4), True, True)  # 1d6 + 2d6, capped at 1d6 for 10'
    assert damage == 4
    assert "capped at 1d6" in text
    damage, _ = fall_dice(40, Faces(1, 2, 3), True, True)
    assert damage == 6


# -- at the console ----------------------------------------------------------------------


@pytest.fixture
def delvers(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=5)
    for line in (
        "character new Aldric --class warrior --kit 1",
        "character new Mirela --class wizard --kit 1",
        "give Mirela tinderbox",
        "give Aldric rations",
        "give Aldric waterskin",
        "give Mirela rations",
        "give Mirela waterskin",
    ):
        play(line)
    crypt = tmp_path / "crypt.toml"
    crypt.write_text(CRYPT)
    play(f"encounters add {crypt}")
    yield play
    play.close()


def party(play: Play) -> PartyState:
    data = play.session.state.get("party", "state")
    return PartyState() if data is None else from_json(PartyState, data)


def test_darkness_light_and_careless(delvers: Play) -> None:
    delvers("where dungeon crypt")
    assert "disadvantage (darkness)" in delvers("test Aldric WIS for perception")
    delvers("light Aldric torch")
    assert "darkness" not in delvers("test Aldric WIS for perception")
    delvers("explore search fast")
    assert party(delvers).careless
    assert "moving fast and carelessly" in delvers("test Aldric WIS for searching")
    delvers("explore search")
    assert not party(delvers).careless


def test_every_third_tick_checks_encounters_and_burns_lights(delvers: Play) -> None:
    delvers("where dungeon crypt")
    delvers("light Aldric torch")
    shown = delvers("explore move 2")
    assert "torch check" not in shown
    shown = delvers("explore move 1")
    assert "Tick 3: torch check" in shown
    assert "Aldric's Torch: ud6" in shown
    assert "encounter check: d6" in shown
    assert party(delvers).ticks == 3


def test_fast_moves_cover_two_rooms_a_tick(delvers: Play) -> None:
    delvers("where dungeon crypt")
    delvers("explore move 4 fast")
    assert party(delvers).ticks == 2


def test_time_errors(delvers: Play) -> None:
    with pytest.raises(RuleError, match="in a dungeon"):
        delvers("tick 1")
    delvers("where dungeon crypt")
    with pytest.raises(CommandError, match="at least 0"):
        delvers("tick -3")
    with pytest.raises(UnknownNameError):
        delvers("where dungeon nowhere")


def test_a_torch_burns_out_and_is_announced(delvers: Play) -> None:
    delvers("where dungeon crypt")
    delvers("light Aldric torch")
    for _ in range(60):
        shown = delvers("tick 3")
        if "gutters out" in shown:
            break
    assert "gutters out" in shown
    torch = delvers.session.character("Aldric").inventory[1]
    assert torch.usage is UsageDie.EXHAUSTED
    assert not torch.lit
    with pytest.raises(RuleError, match="burnt out"):
        delvers("light Aldric torch")


def test_lighting_needs_a_tinderbox(delvers: Play) -> None:
    delvers("drop Mirela tinderbox")
    with pytest.raises(RuleError, match="tinderbox"):
        delvers("light Aldric torch")


def test_short_rest_eats_and_heals(delvers: Play) -> None:
    delvers("where wilderness")
    delvers("hp Aldric -3")
    shown = delvers("rest short")
    assert "Aldric eats: Rations ud8" in shown
    assert "Aldric drinks: Water/Wineskin ud8" in shown
    assert "Aldric heals" in shown


def test_a_rest_in_town_uses_no_rations(delvers: Play) -> None:
    before = delvers.session.character("Aldric").inventory
    delvers("hp Aldric -3")
    shown = delvers("rest short")
    assert "eats" not in shown
    assert "Aldric heals" in shown
    assert delvers.session.character("Aldric").inventory == before


def test_fasting_is_a_con_test_and_blocks_healing(delvers: Play) -> None:
    delvers("hp Aldric -3")
    shown = delvers("rest short fast Aldric")
    assert "rests without a meal: CON test" in shown
    delvers("hp Aldric -1")
    again = delvers("rest short fast Aldric")
    assert "cannot heal again until they eat and drink" in again


def test_long_rest_treats_wounds(delvers: Play) -> None:

    delvers.set_character("Aldric", conditions=("wounded",))
    shown = delvers("rest long")
    assert "Aldric's wounded treated" in shown
    assert not delvers.session.character("Aldric").has_condition("wounded")


def test_no_full_day_rest_in_a_dungeon(delvers: Play) -> None:
    delvers("where dungeon crypt")
    before = delvers.session.state.to_json()
    with pytest.raises(RuleError, match="not possible in a dungeon"):
        delvers("rest day")
    with pytest.raises(RuleError, match="town or sanctuary"):
        delvers("rest downtime")
    assert delvers.session.state.to_json() == before


def test_an_encounter_breaks_a_long_rest_off(delvers: Play) -> None:
    delvers("where dungeon crypt")
    for _ in range(40):
        shown = delvers("rest long")
        if "broken off" in shown:
            break
    assert "The rest is broken off at hour" in shown


def test_the_clock_moves(delvers: Play) -> None:
    start = party(delvers)
    delvers("rest long")
    after = party(delvers)
    assert (after.day * 1440 + after.minute) - (start.day * 1440 + start.minute) == 8 * 60


def test_reaction_with_a_cha_test(delvers: Play) -> None:
    shown = delvers("react Aldric")
    assert shown.startswith("reactions: 2d6")
    assert "Aldric parleys: CHA test" in shown
    assert "Reaction: " in shown


def test_climb(delvers: Play) -> None:
    shown = delvers("climb Aldric 250 roll 1")
    assert "DEX test for climbing, difficulty 2" in shown
    assert "save against losing items" in shown
    secured = delvers("climb Mirela 100 secured roll 15")
    assert "advantage (secured rope)" in secured


def test_bad_encounter_file(delvers: Play, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        CRYPT.replace(
            '{ low = 4, high = 6, result = "a wight" }', '{ low = 3, high = 6, result = "a wight" }'
        )
    )
    with pytest.raises(RulesDataError, match="crypt"):
        delvers(f"encounters add {bad}")
    gap = tmp_path / "gap.toml"
    gap.write_text(
        CRYPT.replace(
            '{ low = 4, high = 6, result = "a wight" }', '{ low = 5, high = 6, result = "a wight" }'
        )
    )
    with pytest.raises(RulesDataError):
        delvers(f"encounters add {gap}")


def test_lights_are_put_out_for_a_rest(delvers: Play) -> None:
    delvers("where dungeon crypt")
    delvers("light Aldric torch")
    shown = delvers("rest short")
    assert "Aldric puts out their light to rest" in shown
    assert not any(i.lit for i in delvers.session.character("Aldric").inventory)


def test_a_long_rest_without_food_leaves_them_hungry(delvers: Play) -> None:
    delvers("where wilderness")
    shown = delvers("rest long fast Mirela")
    assert "Mirela is hungry and thirsty (no meal on a long rest, RULINGS R23)" in shown
    assert "Needs: hungry, thirsty" in delvers("character show Mirela")
    assert "Needs" not in delvers("character show Aldric")


def test_a_tick_stopped_by_an_encounter_says_where(delvers: Play) -> None:
    delvers("where dungeon crypt")
    delvers("light Aldric torch")
    for _ in range(40):
        shown = delvers("tick 6")
        if "clock stops" in shown:
            break
    else:
        pytest.fail("no encounter in 240 ticks")
    assert "The clock stops after " in shown
    assert "of 6 ticks: an encounter" in shown


def _make_dying(play: Play, name: str) -> None:

    play.set_character(name, conditions=("dying",))


def test_the_dying_die_a_day_later_without_aid(delvers: Play) -> None:
    _make_dying(delvers, "Aldric")
    started = delvers("where wilderness")
    assert "Aldric is dying: without aid ('injury Aldric') they die at day 2, 08:00" in started
    delvers("rest long")
    delvers("rest long")
    assert "dying" in delvers.session.character("Aldric").conditions  # rest does not save them
    assert not delvers.session.character("Aldric").dead
    last = delvers("rest long")
    assert "Aldric dies: a day without aid" in last
    assert delvers.session.character("Aldric").dead


def test_aid_brings_the_dying_back_to_delirious(delvers: Play) -> None:
    _make_dying(delvers, "Mirela")
    delvers("where wilderness")
    shown = delvers("injury Mirela")
    assert "Mirela: injuries: 1d6 [" in shown
    mirela = delvers.session.character("Mirela")
    assert not mirela.has_condition("dying")
    if not mirela.dead:
        assert "back to delirious on the fatigue table" in shown
        assert mirela.has_condition("delirious")
    for _ in range(4):
        delvers("rest long")
    assert not delvers.session.character("Mirela").dead or mirela.dead
    with pytest.raises(RuleError, match="not out of the fight"):
        delvers("injury Aldric")


def test_conditions_are_shown_by_their_names(delvers: Play) -> None:

    delvers.set_character("Aldric", conditions=("exhausted", "debilitated: DEX -2"))
    row = next(r for r in delvers("character list").splitlines() if r.startswith("Aldric"))
    assert row.endswith("[debilitated (fatigue), debilitated: DEX -2]")
    assert "Conditions: debilitated (fatigue), debilitated: DEX -2" in delvers(
        "character show Aldric"
    )


def test_an_encounter_cuts_a_long_move_short_and_says_so(delvers: Play) -> None:
    """RULINGS R16-R17: the clock stops at the encounter; the line says how far the
    party got of what it set out to do."""
    delvers("where dungeon crypt")
    shown = delvers("explore move 300")
    ticks = party(delvers).ticks
    assert ticks < 300  # at 1 in 6 a check, 100 checks without an encounter do not happen
    assert ticks % 3 == 0  # the encounter came at a torch check
    assert f"The encounter stops the party after {ticks:g} ticks of 300 ticks" in shown
    short = delvers("explore move 1")
    assert "stops the party" not in short
