"""Console commands: what they show, what they log, what bad input gets."""

from __future__ import annotations

import pytest

from hacktable.dice import UsageDie
from hacktable.errors import (
    CommandError,
    DiceLimitError,
    DiceSyntaxError,
    HacktableError,
    RuleError,
    UnknownNameError,
)
from hacktable.play.state import CampaignState

from .conftest import Play


def test_roll_is_logged_and_explained(play: Play) -> None:
    shown = play("roll 4d6kh3")
    assert shown.startswith("4d6kh3: [")
    event = play.store.last(1)[0]
    assert event.action == "roll"
    assert event.summary == shown
    assert event.detail["rolls"][0]["tree"]["type"] == "dice"
    assert not event.changes


def test_roll_with_advantage_and_usage_die(play: Play) -> None:
    assert "with advantage" in play("roll 2d6 adv")
    assert play("roll ud6").startswith("ud6 ")


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("roll 3d", DiceSyntaxError),
        ("roll d0", DiceSyntaxError),
        ("roll 2d6+", DiceSyntaxError),
        ("roll 1000000d1000000", DiceLimitError),
        ("roll " + "(" * 60 + "1" + ")" * 60, DiceLimitError),
        ("roll", CommandError),
        ("rol 3d6", UnknownNameError),
        ("test Nobody STR", UnknownNameError),
        ("table nonsense", UnknownNameError),
    ],
)
def test_bad_input_is_one_clear_line_and_changes_nothing(
    play: Play, line: str, error: type[Exception]
) -> None:
    before = play.store.last_seq()
    with pytest.raises(error) as info:
        play(line)
    assert isinstance(info.value, HacktableError)
    assert "\n" not in str(info.value)
    assert play.store.last_seq() == before


def test_unknown_command_suggests_the_closest(play: Play) -> None:
    with pytest.raises(UnknownNameError, match="did you mean 'roll'"):
        play("rol 3d6")


def test_character_new_by_the_rules(play: Play) -> None:
    shown = play("character new Aldric --class warrior --kit 2 --swap STR,DEX")
    assert "Swapped STR and DEX" in shown
    aldric = play.session.character("aldric")
    assert aldric.class_id == "warrior"
    assert 5 <= aldric.max_hp <= 14  # 1d10 + 4
    assert aldric.hp == aldric.max_hp
    assert aldric.kit == 2
    names = [item.name for item in aldric.inventory]
    assert "Two Handed Weapon" in names
    two_handed = aldric.inventory[names.index("Two Handed Weapon")]
    assert two_handed.damage == "1d10"  # RULINGS R8: d8 steps up to d10
    assert 4 <= aldric.coins <= 24  # 4d6
    assert all(3 <= score <= 18 for _, score in aldric.scores)


@pytest.mark.parametrize(
    ("line", "error", "text"),
    [
        ("character new Bob --class pirate", UnknownNameError, "class"),
        ("character new Bob --class warrior --kit 4", CommandError, "kits 1-3"),
        ("character new Bob --class warrior --swap STR,STR", CommandError, "different"),
        ("character new Bob --class warrior --swap STR,LUCK", UnknownNameError, "attribute"),
        ("character new Bob --class warrior --kit two", CommandError, "whole number"),
        ("character new Bob --colour red", CommandError, "--colour"),
        ("character new Bob", CommandError, "--class"),
    ],
)
def test_character_new_rejects_bad_choices(
    play: Play, line: str, error: type[Exception], text: str
) -> None:
    with pytest.raises(error, match=text):
        play(line)
    assert play.session.characters() == []


def test_duplicate_names_are_refused(party: Play) -> None:
    with pytest.raises(RuleError, match="already"):
        party("character new aldric --class thief")


def test_character_lookup_by_prefix_and_case(party: Play) -> None:
    assert party.session.character("MIR").name == "Mirela"
    with pytest.raises(UnknownNameError):
        party.session.character("Zed")


def test_test_shows_odds_then_roll(party: Play) -> None:
    shown = party("test Aldric STR adv difficulty 4 bonus 1 penalty 2").splitlines()
    assert shown[0].startswith("Aldric: STR test, difficulty 4, bonus +1, penalty +2, advantage")
    assert shown[1].startswith("  odds: success ")
    assert shown[2].strip().startswith("d20 ")
    assert shown[3].strip().split()[1] in ("success", "failure", "critical")
    event = party.store.last(1)[0]
    assert event.action == "test"
    assert event.actor == "Aldric"
    assert event.detail["difficulty"] == 4
    assert event.detail["faces"]


def test_class_features_and_armour_add_their_sources(party: Play) -> None:
    sly = party("test Sly DEX for picking-locks")
    assert "advantage (Thief: Thief Skills)" in sly
    # Thief skills need thieves' tools for locks: without them, no advantage.
    party("drop Sly thieves")
    assert "Thief Skills" not in party("test Sly DEX for picking-locks")
    # A Cleric's CON saves against poison have advantage; plain CON tests do not.
    assert "Divine Fortitude" in party("save Tomas CON for poison")
    assert "Divine Fortitude" not in party("test Tomas CON for poison")
    # RULINGS R7: leather armour or heavier gives disadvantage on spellcasting.
    assert "disadvantage (leather armour)" in party("test Tomas WIS for spellcasting")
    # Wizard's gambeson (padded) is lighter than leather: no disadvantage.
    assert "disadvantage" not in party("test Mirela INT for spellcasting")


def test_helm_hinders_cha_tests_but_not_intimidation(party: Play) -> None:
    party("give Aldric helm")
    party("equip Aldric helm")
    assert "disadvantage (helm)" in party("test Aldric CHA")
    assert "helm" not in party("test Aldric CHA for intimidate")


def test_sources_cancel(party: Play) -> None:
    shown = party("test Sly DEX dis for picking-locks")
    assert "net: they cancel" in shown
    shown = party("test Sly DEX dis dis for picking-locks")
    assert "net: disadvantage" in shown


def test_save_without_arguments_explains(party: Play) -> None:
    assert "saved after every action" in party("save")


def test_effect_and_monster_tests(party: Play) -> None:
    assert "against 3 HD" in party("effect Mirela INT 3")
    assert party.store.last(1)[0].detail["difficulty"] == 3
    shown = party("monster 2")
    assert "HD+10" in shown
    assert party.store.last(1)[0].detail["score"] == 12
    with pytest.raises(CommandError):
        party("monster -1")


def test_oppose(party: Play) -> None:
    shown = party("oppose Aldric STR Sly DEX")
    assert "wins" in shown or "draw" in shown
    with pytest.raises(RuleError):
        party("oppose Aldric STR Aldric DEX")


def test_odds_logs_nothing(party: Play) -> None:
    before = party.store.last_seq()
    assert "success 45.00%" in party("odds 12 difficulty 4")  # WIS 12 vs difficulty 4
    assert party.store.last_seq() == before


def test_usage_steps_a_torch_down_and_is_undoable(party: Play) -> None:
    for _ in range(100):
        party("usage Aldric torch")
        torch = party.session.character("Aldric").inventory[1]
        if torch.usage is not UsageDie.UD6:
            break
    assert torch.usage is UsageDie.UD4
    party("undo")
    assert party.session.character("Aldric").inventory[1].usage is UsageDie.UD6


def test_usage_errors(party: Play) -> None:
    with pytest.raises(RuleError, match="no usage die"):
        party("usage Aldric hand weapon")
    with pytest.raises(UnknownNameError):
        party("usage Aldric lantern")


def test_exhausted_item_cannot_be_rolled(party: Play) -> None:
    party("give Aldric torch")
    for _ in range(200):
        torches = [i for i in party.session.character("Aldric").inventory if i.name == "Torch"]
        if all(t.usage is UsageDie.EXHAUSTED for t in torches):
            break
        party("usage Aldric torch")  # rolls the first torch still burning
    assert len(torches) == 2
    assert all(t.usage is UsageDie.EXHAUSTED for t in torches)
    with pytest.raises(RuleError, match="exhausted"):
        party("usage Aldric torch")


def test_warrior_rolls_armourers_tools_with_advantage(party: Play) -> None:
    shown = party("usage Aldric armourer")
    assert "with advantage" in shown
    assert "Armour Maintenance" in shown  # RULINGS R31


def test_hp_clamps_and_rolls_dice(party: Play) -> None:
    aldric = party.session.character("Aldric")
    assert "is down (0 HP)" in party("hp Aldric -100")
    assert party.session.character("Aldric").hp == 0
    party("hp Aldric +1d4")
    assert 1 <= party.session.character("Aldric").hp <= 4
    party("hp Aldric +1000")
    assert party.session.character("Aldric").hp == aldric.max_hp


def test_coins_cannot_go_negative(party: Play) -> None:
    coins = party.session.character("Sly").coins
    with pytest.raises(RuleError):
        party(f"coins Sly -{coins + 1}")
    party("coins Sly +5")
    assert party.session.character("Sly").coins == coins + 5


def test_give_from_the_equipment_list_and_custom(party: Play) -> None:
    assert "Rations (ud8)" in party("give Mirela rations")
    shown = party("give Mirela lucky pebble custom")  # custom only when asked (H191)
    assert "custom gear" in shown
    assert "3 x Iron Rations (ud8)" in party("give Mirela iron rations x3")
    rations = [i for i in party.session.character("Mirela").inventory if i.ref == "iron-rations"]
    assert len(rations) == 3  # each with its own usage die (H15)
    assert "x2" in party("give Mirela lucky pebble x2 custom")


def test_equip_changes_ac(party: Play) -> None:
    before = party.session.ruleset.armour_class(party.session.character("Aldric"))
    party("equip Aldric shield off")
    after = party.session.ruleset.armour_class(party.session.character("Aldric"))
    assert after == before - 1


def test_table_roll_lookup_and_errors(party: Play) -> None:
    assert party("table reactions").startswith("reactions: 2d6")
    assert "Debilitated" in party("table fatigue = 3")
    with pytest.raises(RuleError):
        party("table fatigue")
    listing = party("table")
    for name in ("injuries", "reactions", "survival", "fatigue", "casting", "prayer"):
        assert name in listing


def test_undo_walks_back_and_skips_rolls(party: Play) -> None:
    party("coins Sly +10")
    party("roll 3d6")
    party("hp Aldric -1")
    party("undo")
    party("undo")
    assert party.session.character("Sly").coins == party.session.characters()[1].coins
    events = party.store.events()
    assert [e.action for e in events[-2:]] == ["undo", "undo"]
    assert events[-2].undoes is not None


def test_undo_with_nothing_to_undo(play: Play) -> None:
    with pytest.raises(RuleError, match="nothing to undo"):
        play("undo")


def test_settings(play: Play) -> None:
    assert "opposed-ties = reroll" in play("settings")
    play("settings opposed-ties draw")
    assert play.session.setting("opposed-ties") == "draw"
    with pytest.raises(CommandError):
        play("settings opposed-ties sometimes")
    play("undo")
    assert play.session.setting("opposed-ties") == "reroll"
    with pytest.raises(CommandError, match="hex-miles must be at least 1, not -6"):
        play("settings hex-miles -6")
    with pytest.raises(CommandError, match="tick-minutes must be at least 1, not 0"):
        play("settings tick-minutes 0")
    with pytest.raises(CommandError, match="tick-minutes must be at most 60, not 61"):
        play("settings tick-minutes 61")
    assert play("settings tick-minutes 5") == "tick-minutes = 5"


def test_help(play: Play) -> None:
    listing = play("help")
    for name in ("roll", "test", "save", "character", "usage", "table", "log", "undo", "help"):
        assert name in listing
    assert "RULINGS G3" in play("help usage")
    rows = [line for line in listing.splitlines() if not line.startswith("help COMMAND")]
    width = len("character export")  # the longest name: summaries start after it
    assert all(row[width] == " " and row[width + 1] != " " for row in rows)


def test_note_keeps_apostrophes(play: Play) -> None:
    play("note The reeve's notice")
    assert play.store.last(1)[0].summary == "The reeve's notice"


def test_replaying_the_log_gives_the_live_state(party: Play) -> None:
    party("usage Aldric torch")
    party("hp Tomas -3")
    party("give Sly rope")
    party("undo")
    party("settings opposed-ties draw")
    assert CampaignState.replay(party.store.events()) == party.session.state


def test_state_survives_a_restart(party: Play) -> None:
    party("hp Tomas -3")
    before = party.session.state
    characters = party.session.characters()
    party.close()
    again = Play(party.path, seed=2)
    try:
        assert again.session.characters() == characters
        assert again.session.number == 2
        assert (
            CampaignState.replay(again.store.events()).to_json()["character"]
            == (before.to_json()["character"])
        )
    finally:
        again.close()
