"""A table of players on fantasy-hack (issue 11; the developers' guide): a player acts
for their own character and is refused, in one line with nothing changed, for another's
character, a foe, every GM power and out of turn; an observer is refused every action."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import NotAllowedError, Principal, Role

from .helpers import campaign

ANN = Principal(Role.PLAYER, "Ann")
BEA = Principal(Role.PLAYER, "Bea")
WATCHER = Principal(Role.OBSERVER, "Cy")
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Ottvar --race human --class fighter --stats 18,10,9 --player Ann",
    "character new Mira --race elf --class sorcerer --stats 9,10,18 --player Bea",
)
FIGHT = (
    "fight start",
    "fight add Grik level 1 hp 30 ac 13 hit +2 damage 1d6 dex 14",
    "init roll 20,10,2",  # Ottvar, Mira, Grik
)


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    with campaign(tmp_path / "c.db", *SETUP, seed=3) as made:
        yield made


def _refused(layer: CommandLayer, line: str, principal: Principal) -> str:
    """The one line ``line`` is refused with; nothing was stored."""
    before = layer.session.state
    with pytest.raises(NotAllowedError) as error:
        layer.run(line, principal)
    assert layer.session.state == before
    assert "\n" not in str(error.value)
    return str(error.value)


def test_a_player_acts_for_their_own_character(layer: CommandLayer) -> None:
    """Access.play: Ann checks, opposes and enters dice for Ottvar (RULINGS G5)."""
    assert layer.run("check Ottvar STR+Athletics dc 15 roll 12", ANN).checks[0].success
    assert layer.run("opposed 8 +5 vs Ottvar MND+Subterfuge roll 14", ANN).text  # G5: his die only
    assert [
        d.entered_by for d in layer.run("check Ottvar DEX+Survival dc 10 roll 9", ANN).dice
    ] == ["Ann"]


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("check Mira MND+Knowledge dc 15", "Ann may not check for Mira: Mira is played by Bea"),
        ("opposed 8 +5 vs Mira MND+Subterfuge", "opposed check for Mira: Mira is played by Bea"),
        ("opposed Ottvar STR+Athletics vs Mira STR+Athletics", "for Mira: Mira is played by Bea"),
        ("cast Mira glow", "Ann may not cast for Mira: Mira is played by Bea"),
        ("treat Mira Ottvar", "for Mira: Mira is played by Bea"),
        ("stabilise Mira Ottvar", "for Mira: Mira is played by Bea"),
        ("flee Mira", "Ann may not flee for Mira: Mira is played by Bea"),
        ("hp Ottvar -3", "Ann may not change hit points: editing characters is the GM's"),
        ("hp Ottvar temp +3", "change hit points: editing characters is the GM's"),
        ("hp Ottvar stable", "change hit points: editing characters is the GM's"),
        ("level Ottvar", "Ann may not raise a level: editing characters is the GM's"),
        ("rest", "Ann may not rest: the passing of time is the GM's"),
        ("fall Ottvar 20", "Ann may not deal falling damage: editing characters is the GM's"),
        ("poison Ottvar 12", "Ann may not poison a character: editing characters is the GM's"),
        ("disease Ottvar", "Ann may not run a disease: editing characters is the GM's"),
        ("exposure Ottvar heat", "Ann may not run exposure: the passing of time is the GM's"),
        (
            "settings dead-at -5",
            "Ann may not change a setting: the campaign's settings are the GM's",
        ),
        ("fight start", "Ann may not fight start: running the fight is the GM's"),
        ("fight add goblin", "Ann may not fight add: adding monsters is the GM's"),
        ("fight end", "Ann may not fight end: running the fight is the GM's"),
        ("init", "Ann may not roll initiative: running the fight is the GM's"),
        ("chase round", "Ann may not chase round: running the fight is the GM's"),
        ("chase end", "Ann may not chase end: running the fight is the GM's"),
        ("mount Ottvar", "Ann may not mount: running the fight is the GM's"),
    ],
)
def test_a_player_is_refused_another_s_character_and_the_gm_s_powers(
    layer: CommandLayer, line: str, says: str
) -> None:
    """Issue 11, players: one line naming what is refused and why, nothing changed
    (H500 for 'fight start' and 'fight end')."""
    assert says in _refused(layer, line, ANN)


@pytest.mark.parametrize(
    "line",
    ["check Ottvar STR+Athletics dc 15", "hp Ottvar -3", "rest", "cast Mira glow", "fight start"],
)
def test_an_observer_is_refused_every_action(layer: CommandLayer, line: str) -> None:
    """Observers only watch."""
    assert "Cy may not" in _refused(layer, line, WATCHER)
    assert "observers only watch" in _refused(layer, line, WATCHER)


def test_a_foe_is_the_gm_s(layer: CommandLayer) -> None:
    """H372: foes are the GM's."""
    for line in FIGHT:
        layer.run(line)
    said = _refused(layer, "attack Grik Ottvar", ANN)
    assert "Ann may not attack for Grik: Grik is no character: the GM plays it" in said


def test_out_of_turn_a_player_is_refused_naming_the_action(layer: CommandLayer) -> None:
    """H372, H413, H501, H502: on Ottvar's turn Bea may not attack, cast, flee or end
    the turn with Mira; on Ottvar's turn Ann attacks."""
    for line in FIGHT:
        layer.run(line)
    turn = "it is Ottvar's turn"
    assert f"Bea may not attack with Mira: {turn}" in _refused(layer, "attack Mira Grik", BEA)
    assert f"Bea may not flee with Mira: {turn}" in _refused(layer, "flee Mira from Grik", BEA)
    assert f"Bea may not end the turn: {turn}" in _refused(layer, "next", BEA)
    layer.run("attack Ottvar Grik roll 15 damage roll 3", ANN)
    layer.run("next", ANN)
    turn = "it is Mira's turn"
    assert f"Ann may not flee with Ottvar: {turn}" in _refused(layer, "flee Ottvar from Grik", ANN)
    assert f"Ann may not attack with Ottvar: {turn}" in _refused(layer, "attack Ottvar Grik", ANN)


def test_the_gm_s_break_away_out_of_turn_is_noted(layer: CommandLayer) -> None:
    """H501: the GM may call a break-away out of turn; the reply says so."""
    for line in FIGHT:
        layer.run(line)
    text = layer.run("flee Mira from Grik roll 15,3").text
    assert "out of turn (Ottvar's turn): the GM's free break-away" in text


def test_a_spell_out_of_turn_names_casting(layer: CommandLayer) -> None:
    """H413, H502: casting is Mira's action on her turn."""
    for line in FIGHT:
        layer.run(line)
    said = _refused(layer, "cast Mira glow", BEA)
    assert "Bea may not cast with Mira: it is Ottvar's turn" in said


def test_entered_dice_under_gm_only_are_refused(layer: CommandLayer) -> None:
    """RULINGS G5: under 'player-dice gm-only' a player's dice are refused; hacktable
    rolls for them."""
    layer.run("settings player-dice gm-only")
    said = _refused(layer, "check Ottvar STR+Athletics dc 15 roll 12", ANN)
    assert "player-dice is gm-only (RULINGS G5)" in said
    assert layer.run("check Ottvar STR+Athletics dc 15", ANN).checks
