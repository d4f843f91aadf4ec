"""black-sword-hack as its users meet it: bad input refused in one line with nothing
stored and before any die is rolled, a player's limits, and the words of the replies
(found by playing sessions at the console; each test names the rule it holds to)."""

from __future__ import annotations

import pytest

from hacktable.dice.usage import UsageDie
from hacktable.errors import (
    AmbiguousNameError,
    CommandError,
    HacktableError,
    RuleError,
    UnknownNameError,
)
from hacktable.play.principal import NotAllowedError, Principal, Role
from hacktable.rulesets.black_sword_hack.attacks import damage_bounds
from hacktable.rulesets.black_sword_hack.opponents import parse_action

from .conftest import Table

DUMMY = "fight add Dummy level 1 hp 30 armour 0 action slap:STR/DEX:1"
"""A target to measure damage on: level 1, 30 HP, no armour."""

ANN = Principal(Role.PLAYER, "Ann")


def _ready(table: Table, *setup: str, mira: bool = False, **scores: object) -> None:
    """Conan (Ann's; STR 12 unless given; with Mira, who acts after the opposition)
    against what ``setup`` adds, his go."""
    table.seat("Ann")
    table.add("Conan", owner="Ann", **scores)
    if mira:
        table.add("Mira")
    table("fight start")
    for line in setup or (DUMMY,):
        table(line)
    table.rig(5, 15) if mira else table.rig(5)
    table("init")


def _refused(table: Table, line: str, error: type[Exception], match: str) -> None:
    """``line`` is refused with ``error``, rolls no die and stores nothing."""
    last = table.last_seq()
    original = table.session.rng
    table.rig()  # no face to deal: a die rolled before the refusal fails the test
    try:
        with pytest.raises(error, match=match):
            table(line)
    finally:
        table.session.rng = original  # type: ignore[method-assign]
    assert table.last_seq() == last


# -- a sweep's 'close' names are checked before any die (docs/rulings.md H133) ----------------


def test_a_sweep_naming_nobody_close_is_refused_before_the_doom_roll(table: Table) -> None:
    _ready(table, DUMMY, mira=True)
    _refused(
        table,
        "attack Conan dummy-1 sweep close dummy-1,nobody",
        UnknownNameError,
        "unknown opponent or character in this fight 'nobody'",
    )
    table.rig(4, 5, 3)  # the names are good: Doom 4, d20 5, damage 3
    table("attack Conan dummy-1 sweep close dummy-1,Mira")
    assert table.character("Mira").hp == 10  # 3 - light armour 1


# -- a player enters only what their dice can show (RULINGS G5; docs/rulings.md H106) ----------


def test_the_damage_a_hit_can_show() -> None:
    """2.1.3, 2.1.10; docs/rulings.md H131: the die, a critical's maximum plus a die,
    brutal's Doom roll, sacrifice's double or triple."""
    assert damage_bounds("1d6") == (1, 6)
    assert damage_bounds("1d4") == (1, 4)
    assert damage_bounds("1d6", critical=True) == (7, 12)
    assert damage_bounds("1d6", effect="brutal", doom=4) == (5, 10)
    assert damage_bounds("1d6", effect="sacrifice") == (2, 12)
    assert damage_bounds("1d6", critical=True, effect="sacrifice") == (21, 36)
    assert damage_bounds("1d8", effect="disarm") == (0, 0)


def test_a_player_enters_only_damage_the_die_can_show(table: Table) -> None:
    _ready(table)
    table.rig(5)  # d20 5 hits: the entered damage is then checked
    last = table.last_seq()
    with pytest.raises(NotAllowedError, match="1d6 shows 1 to 6; fixing damage is the GM's"):
        table.run("attack Conan dummy-1 damage 99", ANN)
    assert table.last_seq() == last
    table.rig(5)
    table.run("attack Conan dummy-1 damage 6", ANN)
    assert table.fight().foe("dummy-1").hp == 24
    table.rig(4, 5)  # the GM may enter any total (the repeat's Doom roll 4, d20 5)
    table("attack Conan dummy-1 damage 20")
    assert table.fight().foe("dummy-1").hp == 4


# -- a spell's damage lands on someone in the fight (docs/rulings.md H129) --------------------


def test_a_damaging_spell_at_nobody_in_the_fight_is_refused_before_its_price(
    table: Table,
) -> None:
    table.add(
        "Mirela",
        backgrounds=("sorcerers-apprentice", "scribe", "courtier"),
        INT=13,
    )
    table("fight start")
    table(DUMMY)
    table.rig(5)
    table("init")
    _refused(
        table,
        "cast Mirela witchfire at nobody",
        UnknownNameError,
        "unknown opponent or character in this fight 'nobody'",
    )
    table.rig(4, 9)  # a sorcery without damage may be cast at anything: price 4, d20 9
    assert "Veil of Shadows works" in table("cast Mirela veil of shadows at the shadows")


# -- an opponent's action is defended with STR (parry) or DEX (dodge) (2.1.4; RULINGS B6) ------


def test_an_action_is_defended_with_str_or_dex_only() -> None:
    for text in ("bite:CON:2", "gaze:WIS:3", "claws:STR/CHA:3"):
        with pytest.raises(ValueError, match="DEFEND is attributes a defence tests, STR/DEX"):
            parse_action(text)
    assert parse_action("bite:dex:2").defend == ("DEX",)


def test_an_opponent_is_not_named_as_a_character(table: Table) -> None:
    """A foe called like a character would make 'attack Kael Kael' and 'close Kael'
    ambiguous (docs/rulings.md H133, H144)."""
    table.add("Kael")
    table("fight start")
    _refused(table, "fight add thug as Kael", RuleError, "Kael is a character's name")
    table("fight add thug x2 as Kael")  # Kael 1 and Kael 2 are no character's names
    assert [f.name for f in table.fight().foes] == ["Kael 1", "Kael 2"]


# -- the words of the replies -------------------------------------------------------------------


def test_a_gift_levels_hint_names_the_gift(table: Table) -> None:
    """RULINGS B7: level 3 gives a gift and no attribute."""
    table.add("Kael", level=2, xp=2)
    _refused(table, "level Kael STR", RuleError, r"level Kael gift GIFT$")


def test_a_fumbled_initiative_gives_one_action_in_words(table: Table) -> None:
    """2.1.1: one action, not "1 actions"."""
    table.add("Kael")
    table("fight start")
    table(DUMMY)
    table.rig(20, 3)  # a natural 20, then its Doom roll 3
    text = table("init")
    assert "Kael has 1 action on the first turn" in text


def test_what_a_player_may_not_ask_reads_as_a_sentence(table: Table) -> None:
    table.seat("Ann")
    table.add("Kael", owner="Ann", hp=0)
    table("fight start Kael")
    with pytest.raises(NotAllowedError, match="Ann may not roll the Helpless d6: "):
        table.run("helpless Kael", ANN)
    with pytest.raises(NotAllowedError, match="Ann may not deal ongoing damage: "):
        table.run("ongoing Kael ud4 fire", ANN)


def test_a_doomed_caster_allowed_to_cast_pays_no_price_in_words(table: Table) -> None:
    """RULINGS B2 (doomed-actions allowed): no Doom die, so no price was paid."""
    table.add(
        "Mirela",
        backgrounds=("sorcerers-apprentice", "scribe", "courtier"),
        doom=UsageDie.EXHAUSTED,
    )
    table("settings doomed-actions allowed")
    table.rig(18, 19)  # Doomed: 2d20 keep the higher, 19 fails
    text = table("cast Mirela witchfire")
    assert "The sorcery fails." in text
    assert "price is paid" not in text


def test_a_threat_level_is_refused_on_a_defence_for_a_bare_score_too(table: Table) -> None:
    """RULINGS B1: the threat level is added to attack tests only."""
    _refused(table, "odds 12 threat 3 for dodge", RuleError, "not to a dodge test")
    table.add("Kael")
    _refused(table, "test Kael WIS threat 2 for initiative", RuleError, "not to an initiative")
    assert "threat level 3" in table("odds 12 threat 3")


def test_a_character_in_the_fight_is_not_removed(table: Table) -> None:
    """The fight's order of play names its fighters (2.1.1; RULINGS B3): removing one
    would leave 'next', 'fight status' and 'fight end' naming nobody."""
    table.add("Kael")
    table.add("Mira")
    table("fight start Kael")
    table(DUMMY)
    _refused(table, "character remove Kael", RuleError, "Kael takes part in fight 1")
    table("character remove Mira")  # not in the fight
    table("fight end")
    table("character remove Kael")
    assert [c.name for c in table.session.characters()] == []


def test_an_empty_word_is_one_clear_line(table: Table) -> None:
    """A quoted empty amount or action is refused like any other bad word (no
    traceback, nothing stored): coins and hp read +N, -N or N; act needs WHAT."""
    table.add("Kael")
    for line, match in (
        ('coins Kael ""', "coins must be a whole number, not ''"),
        ('hp Kael ""', "bad dice expression ''"),
    ):
        _refused(table, line, HacktableError, match)
    table("fight start")
    table(DUMMY)
    table.rig(5)
    table("init")
    _refused(table, 'act Kael ""', CommandError, "missing WHAT")


def test_a_prefix_of_several_opponents_names_them(table: Table) -> None:
    """Not a guess at one of them: 'thug' could be thug-1 or thug-2."""
    _ready(table, "fight add thug x2")
    _refused(
        table,
        "attack Conan thug",
        AmbiguousNameError,
        r"'thug' could be several opponents: thug-1, thug-2 \(type more of the name\)",
    )
