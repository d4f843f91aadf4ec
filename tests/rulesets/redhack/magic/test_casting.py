"""Memorising, casting, cures and prayer at the table (issue 10 §1, §2, §9; RULINGS
R19, R25-R27, R33, R34)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.errors import HacktableError, RuleError
from hacktable.rulesets.redhack.magic.casting import casting_odds, result_of, with_result
from hacktable.rulesets.redhack.magic.prayer import prayer_terms, slots_lost
from hacktable.rulesets.redhack.magic.state import ALL, Magic, Slot

from ....console.conftest import Play


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Play]:
    play = Play(tmp_path / "c.db", seed=3)
    play(
        "character new Mirela --class wizard --kit 1 "
        "--spells sleep,light,magic-missile --cantrip spark"
    )
    play("character new Tomas --class cleric --kit 1 --spells bless,silence,find-traps,remove-fear")
    play("character new Sly --class thief --kit 1")
    play.set_character(
        "Tomas",
        scores=(("STR", 10), ("DEX", 10), ("CON", 10), ("INT", 10), ("WIS", 13), ("CHA", 10)),
    )
    play("where town")
    yield play
    play.close()


def _slots(play: Play, name: str) -> tuple[Slot, ...]:
    from hacktable.rulesets.redhack.magic.slots import character_slots

    return character_slots(play.session.character(name))


def test_casting_table_results_and_the_text_s_ranges() -> None:
    """RULINGS R26: 1 Oblivion, 2-4 Entropy, 5 Equilibrium, 6 Inspiration, 7
    Endurance, 8 Epiphany (issue 10 §1)."""
    assert [result_of(v) for v in range(10)] == [
        "Oblivion",
        "Oblivion",
        "Entropy",
        "Entropy",
        "Entropy",
        "Equilibrium",
        "Inspiration",
        "Endurance",
        "Epiphany",
        "Epiphany",
    ]


def test_casting_odds_with_the_plus_ones_and_disadvantage() -> None:
    """issue 10 §1: +1 level-1 spell, +1 components; disadvantage keeps the lower d6."""
    plain = dict(casting_odds(0, False))
    assert plain["Oblivion"] == Fraction(1, 6)
    assert plain["Epiphany"] == 0
    both = dict(casting_odds(2, False))
    assert both["Epiphany"] == Fraction(1, 6)
    assert both["Oblivion"] == 0
    hindered = dict(casting_odds(0, True))
    assert hindered["Oblivion"] == Fraction(11, 36)
    assert sum(hindered.values()) == 1


def test_entropy_takes_a_spell_exactly_one_level_lower_else_forgets() -> None:
    """RULINGS R26 Entropy."""
    rng = random.Random(1)
    slot = Slot(2, "web")
    kept, _ = with_result(slot, "Entropy", lower=["sleep"], same=[], inspiration=None, rng=rng)
    assert kept == Slot(2, "sleep")
    gone, line = with_result(slot, "Entropy", lower=[], same=["web"], inspiration=None, rng=rng)
    assert gone == Slot(2)
    assert "forgotten" in line
    inspired, _ = with_result(slot, "Inspiration", lower=[], same=[], inspiration="fly", rng=rng)
    assert inspired == Slot(2, "fly", inspired=True)
    assert with_result(slot, "Endurance", lower=[], same=[], inspiration=None, rng=rng)[0] == slot


def test_memorising_needs_a_rest_and_a_short_rest_allows_one(table: Play) -> None:
    """redhack: Magic; RULINGS R19 (issue 10 §1): short rest one, long rest all."""
    with pytest.raises(RuleError, match="only during a rest"):
        table("memorise Mirela sleep")
    table.set_character(
        "Mirela", magic=replace(table.session.character("Mirela").magic, memorise=1)
    )
    with pytest.raises(RuleError, match="may memorise 1 more"):
        table("memorise Mirela sleep,light")
    table("rest long")
    assert table.session.character("Mirela").magic.memorise == ALL
    table("memorize Mirela sleep")
    assert _slots(table, "Mirela")[0] == Slot(1, "sleep")


def test_casting_refuses_unmemorised_a_missing_slot_level_and_non_casters(table: Play) -> None:
    """issue 10 §9: casting an unmemorised spell, a slot level the caster lacks."""
    with pytest.raises(RuleError, match="has not memorised Sleep"):
        table("cast Mirela sleep")
    with pytest.raises(RuleError, match="no slot of level 3"):
        table("cast Mirela fireball")
    with pytest.raises(RuleError, match="only wizards and clerics"):
        table("cast Sly sleep")
    with pytest.raises(HacktableError):
        table("cast Mirela no-such-spell")


def test_the_cantrip_is_cast_at_will(table: Play) -> None:
    out = table("cast Mirela spark")
    assert "at will, no roll" in out


def test_a_wizard_casts_rolls_the_table_and_the_slot_changes(table: Play) -> None:
    table("rest long")
    table("memorise Mirela sleep")
    out = table("cast Mirela sleep with components inspiration light")
    assert "casting table odds" in out
    assert "Spell Components ud6" in out
    casting = table.store.last(1)[0].detail["casting"]
    assert casting["modifier"] == 2
    slot = _slots(table, "Mirela")[0]
    expected = {
        "Oblivion": {None},
        "Entropy": {None},
        "Equilibrium": {"sleep", "light", "magic-missile"},
        "Inspiration": {"light"},
        "Endurance": {"sleep"},
    }
    if casting["result"] in expected:
        assert slot.spell in expected[casting["result"]]


def test_a_clerics_prayer_is_gone_and_a_cure_heals_capped(table: Play) -> None:
    """RULINGS R27 (gone when cast), R33 (Cure Light Wounds), the trade table."""
    table("rest long")
    table("memorise Tomas bless")
    with pytest.raises(RuleError, match="needs a prayer of level 3"):
        table("cure Tomas bless for cure-serious-wounds")
    table("cure Tomas bless")
    assert _slots(table, "Tomas")[0].spell == "cure-light-wounds"
    table("hp Sly -1")
    out = table("cast Tomas cure-light-wounds on Sly")
    sly = table.session.character("Sly")
    assert sly.hp == sly.max_hp
    assert "capped at max HP" in out
    assert _slots(table, "Tomas")[0].spent


def test_ordinary_cures_do_not_save_the_mortally_wounded(table: Play) -> None:
    """RULINGS R11 (issue 10 §2)."""
    from hacktable.dice.usage import UsageDie

    table("rest long")
    table("memorise Tomas bless")
    table("cure Tomas bless")
    table.set_character("Sly", hp=0, mortal_wound=UsageDie.parse("ud4"))
    out = table("cast Tomas cure-light-wounds on Sly")
    assert "do not save them" in out
    assert table.session.character("Sly").hp == 0


def test_prayer_terms_and_every_full_2() -> None:
    """RULINGS R27: -1 per unused slot, + patron, + WIS modifier; H170."""
    terms = prayer_terms((Slot(1, "bless"), Slot(1, "bless", spent=True), Slot(2)), 3, -1)
    assert [v for _, v in terms] == [-1, 3, -1]
    assert [slots_lost(n) for n in range(6)] == [0, 0, 1, 1, 2, 2]


def test_pray_applies_its_result_and_silence_is_enforced(table: Play) -> None:
    """issue 10 §2: 'cannot pray again today' enforced (H169)."""
    table("patron Tomas Ulm -30")
    out = table("pray Tomas")
    assert "clamped" in out or "1d20" in out
    assert table.session.character("Tomas").magic.silenced_day == 1
    with pytest.raises(RuleError, match="no prayer again today"):
        table("pray Tomas")
    table("rest long")
    table("pray Tomas")


def test_patron_is_the_gms_and_for_clerics_only(table: Play) -> None:
    with pytest.raises(RuleError, match="only clerics"):
        table("patron Mirela Ulm 2")
    table("patron Tomas Ulm 2")
    assert table.session.character("Tomas").magic.patrons == (("Ulm", 2),)


def test_scrolls_and_copying(table: Play) -> None:
    """RULINGS R34 (issue 10 §1): a scroll uses no slot and is used up; copying is a
    downtime action."""
    table('give Mirela "scroll of web"')
    out = table("cast Mirela web from scroll")
    assert "no slot, no casting roll" in out
    assert not table.session.character("Mirela").find_items("scroll of web")
    table('give Mirela "scroll of web"')
    with pytest.raises(RuleError, match="no downtime action"):
        table("copy Mirela web")
    table("rest downtime")
    table("copy Mirela web")
    mirela = table.session.character("Mirela")
    assert "web" in mirela.magic.book
    assert mirela.downtime_actions == 0
    with pytest.raises(RuleError, match="only Wizards and Bards"):
        table("cast Tomas web from scroll")


def test_a_blessing_gives_advantage_once(table: Play) -> None:
    """RULINGS R33: Blessed, advantage on the next test."""
    table.set_character("Sly", conditions=("blessed",))
    out = table("test Sly DEX")
    assert "blessed" in out
    assert not table.session.character("Sly").has_condition("blessed")


def test_old_characters_decode_without_magic() -> None:
    from hacktable.play.codec import from_json, to_json
    from hacktable.rulesets.redhack.character import Character

    data = to_json(
        Character(
            name="a", ruleset="redhack", hp=1, max_hp=1, class_id="wizard", scores=(), hit_die=4
        )
    )
    del data["magic"], data["downtime_actions"]
    assert from_json(Character, data).magic == Magic()
