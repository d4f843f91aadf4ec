"""Behaviour a newcomer's review asked for: cancelling, encumbrance, missing tools,
stacks of usage dice, signs, limits, names, script encodings."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.console.loop import read_script
from hacktable.errors import (
    AmbiguousNameError,
    CommandError,
    RuleError,
    UnknownNameError,
)

from .conftest import Play


@pytest.mark.parametrize("interrupt", [EOFError, KeyboardInterrupt])
def test_cancelling_guided_creation_at_any_question(play: Play, interrupt: type) -> None:
    for answered in range(7):
        answers = iter(["", "", "wizard", "1", "A sentence.", "lore"][:answered])

        def ask(question: str, answers: object = answers) -> str:
            try:
                return next(answers)  # type: ignore[call-overload, no-any-return]
            except StopIteration:
                raise interrupt from None

        with pytest.raises(CommandError, match="cancelled"):
            play.console.execute("character new Mirela", ask=ask)
        assert play.session.characters() == []


def test_encumbrance_hinders_movement_tests(play: Play) -> None:
    play("character new Bo --class bard --kit 1")
    bo = play.session.character("Bo")
    strength = bo.score("STR")
    while play.session.ruleset.load(play.session.character("Bo")) <= strength:  # type: ignore[attr-defined]
        play('give Bo "50\' rope" force')
    assert "disadvantage (encumbered)" in play("test Bo DEX for climbing")
    assert "encumbered" not in play("test Bo DEX for listening")


def test_a_load_over_twice_strength_is_refused(play: Play) -> None:
    play("character new Bo --class bard --kit 1")
    strength = play.session.character("Bo").score("STR")
    for _ in range(strength // 3):
        play("give Bo plate")  # 3 slots each (RULINGS R29)
    with pytest.raises(RuleError, match="cannot carry") as refused:
        play("give Bo plate x20")
    assert "coins" not in str(refused.value)  # only coins added say what coins weigh
    before = play.session.character("Bo")
    with pytest.raises(RuleError, match="250 coins to a slot"):
        play("coins Bo 100000")
    assert play.session.character("Bo") == before


def test_coins_take_slots(play: Play) -> None:
    play("character new Bo --class bard --kit 1")
    load = play.session.ruleset.load  # type: ignore[attr-defined]
    play("coins Bo 0")
    none = load(play.session.character("Bo"))
    play("coins Bo 250")
    assert load(play.session.character("Bo")) == none + 1  # 250 coins to a slot (R29)
    play("coins Bo 251")
    assert load(play.session.character("Bo")) == none + 2


def test_missing_tools_give_disadvantage(play: Play) -> None:
    play("character new Tomas --class cleric --kit 1")
    assert "no holy symbol" not in play("test Tomas WIS for turning-undead")
    play("drop Tomas holy symbol")
    assert "disadvantage (no holy symbol)" in play("test Tomas WIS for turning-undead")
    play("character new Sly --class thief --kit 1")
    play("drop Sly thieves")
    shown = play("test Sly DEX for picking-locks")
    assert "no thieves tools" in shown.lower() or "no thieves' tools" in shown.lower()


def test_each_torch_has_its_own_usage_die(play: Play) -> None:
    play("character new Aldric --class warrior --kit 1")
    play("give Aldric torch x3")
    torches = [i for i in play.session.character("Aldric").inventory if i.name == "Torch"]
    assert len(torches) == 4


@pytest.mark.parametrize("amount", ["+-2", "--2", "-+1"])
def test_hp_takes_one_sign(play: Play, amount: str) -> None:
    play("character new Aldric --class warrior --kit 1")
    with pytest.raises(CommandError, match="one sign"):
        play(f"hp Aldric {amount}")


def test_a_negative_heal_heals_nothing(play: Play) -> None:
    play("character new Aldric --class warrior --kit 1")
    play("hp Aldric -2")
    hp = play.session.character("Aldric").hp
    shown = play("hp Aldric +1d6-10")
    assert "counted as 0" in shown
    assert play.session.character("Aldric").hp == hp


def test_numbers_over_the_limit_say_so(play: Play) -> None:
    play("character new Aldric --class warrior --kit 1")
    with pytest.raises(CommandError, match="over the limit of 999,999,999"):
        play("coins Aldric 9999999999999999999")
    with pytest.raises(CommandError, match="whole number"):
        play("coins Aldric 12abc")


def test_names(play: Play) -> None:
    with pytest.raises(CommandError, match="cannot be a number"):
        play("character new 12 --class thief")
    play("character new Aldric --class warrior")
    play("character new Aldo --class thief")
    with pytest.raises(AmbiguousNameError, match=r"could be several characters: Aldric, Aldo"):
        play("hp Ald -1")
    with pytest.raises(RuleError, match="already"):
        play("character new Ａldric --class thief")  # full-width A: the same name
    with pytest.raises(CommandError, match="control characters"):
        play("character new Al\u200bdo --class thief")  # an invisible zero-width space
    with pytest.raises(CommandError, match=r"missing ITEM|60 printable"):
        play('give Aldric ""')


def test_tabs_and_byte_order_marks(play: Play, tmp_path: Path) -> None:
    assert play("roll\t2d6").startswith("2d6: [")
    script = tmp_path / "bom.txt"
    script.write_bytes("\ufeffroll 3d6\n".encode())
    assert read_script(script) == "roll 3d6\n"
    bad = tmp_path / "latin1.txt"
    bad.write_bytes(b"note caf\xe9\n")
    with pytest.raises(CommandError, match="not UTF-8"):
        read_script(bad)


def test_unknown_tags_get_a_hint(play: Play) -> None:
    play("character new Bo --class bard --kit 1")
    shown = play("test Bo CHA for perform")
    assert "did you mean 'performing'" in shown
    assert "no rule" not in play("test Bo CHA for performing")


def test_unknown_item_lists_choices(play: Play) -> None:
    play("character new Aldric --class warrior --kit 1")
    with pytest.raises(UnknownNameError):
        play("drop Aldric lantern")


def test_a_readied_weapon_is_used_and_excludes_a_shield(play: Play) -> None:
    play("character new Brin --class warrior --kit 1")
    play("give Brin short bow")
    play("give Brin mace")
    shown = play("equip Brin shortbow")
    assert shown.startswith("Brin readies Short Bow and puts away Large Shield (AC ")
    brin = play.session.character("Brin")
    bow = brin.inventory[brin.find_item("short bow")]
    assert bow.equipped
    assert "in hand" in bow.describe()
    assert not any(i.equipped and i.kind == "shield" for i in brin.inventory)
    assert "puts away Short Bow" in play("equip Brin shield")
    assert "attacks use it" in play("equip Brin mace")
    ruleset = play.session.ruleset
    assert ruleset.weapon_profile(play.session.character("Brin")).name == "Sword/Mace/Axe"  # type: ignore[attr-defined]
    assert play("equip Brin mace off") == "Brin puts away Sword/Mace/Axe"
    assert ruleset.weapon_profile(play.session.character("Brin")).name == "Hand Weapon"  # type: ignore[attr-defined]
