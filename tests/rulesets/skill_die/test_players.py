"""A table of players on skill-die (issue 11; the developers' guide): a player acts for
their own character and is refused, in one line with nothing changed, for another's
character, a foe, every GM power and out of turn; an observer is refused every action."""

from __future__ import annotations

import pytest

from hacktable.engine.principal import NotAllowedError, Principal, Role

from .conftest import Table

ANN = Principal(Role.PLAYER, "Ann")
BEA = Principal(Role.PLAYER, "Bea")
WATCHER = Principal(Role.OBSERVER, "Cy")
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Ana --role Medic --abilities 8,14,13,12,15,10 "
    "--skills Nature=3,Persuasion=1 --player Ann",
    "character new Vex --role Soldier --skills Stealth=3,Brawn=1 --player Bea",
)
FIGHT = (
    "fight start",
    "fight add Rat level 1 hp 30 ac 10 hit +1 damage 1d4 dex 10",
    "init roll 20,10,2",  # Ana, Vex, Rat
)


@pytest.fixture
def players(table: Table) -> Table:
    for line in SETUP:
        table.run(line)
    return table


def _refused(table: Table, line: str, principal: Principal) -> str:
    """The one line ``line`` is refused with; nothing was stored."""
    before = table.session.state
    with pytest.raises(NotAllowedError) as error:
        table.run(line, principal)
    assert table.session.state == before
    assert "\n" not in str(error.value)
    return str(error.value)


def test_a_player_acts_for_their_own_character(players: Table) -> None:
    """Access.play: Ann makes Ana's ability, skill and competitive checks, her dice
    entered (RULINGS G5); a prone Ana stands."""
    assert players.run("check Ana WIS dc 12 roll 18", ANN).checks[0].success
    assert players.run("check Ana Nature vs Vex roll 3", ANN).checks
    players.run("fall Ana 2 roll 1")
    assert "stands" in players.run("stand Ana", ANN).text


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("check Vex WIS dc 12", "Ann may not check for Vex: Vex is played by Bea"),
        ("check Vex Stealth hard", "Ann may not check for Vex: Vex is played by Bea"),
        ("stand Vex", "Ann may not stand for Vex: Vex is played by Bea"),
        ("hp Ana -3", "Ann may not change hit points: editing characters is the GM's"),
        ("hp Ana temp +2", "change hit points: editing characters is the GM's"),
        ("hp Ana stable", "change hit points: editing characters is the GM's"),
        ("time +1h", "Ann may not pass time: the passing of time is the GM's"),
        ("rest", "Ann may not rest: the passing of time is the GM's"),
        ("fall Ana 7", "Ann may not deal falling damage: editing characters is the GM's"),
        ("bump Ana", "Ann may not deal a bump's damage: editing characters is the GM's"),
        ("skill Ana Nature 5", "Ann may not set a skill level: editing characters is the GM's"),
        ("skill add Sailing", "Ann may not skill add"),
        ("role add Pirate Sailing", "Ann may not role add"),
        ("settings fights off", "Ann may not change a setting: the campaign's settings are"),
        ("fight start", "Ann may not fight start: running the fight is the GM's"),
        ("fight add Rat level 1 hp 4 ac 10 hit +1 damage 1d4", "Ann may not fight add"),
        ("fight end", "Ann may not fight end: running the fight is the GM's"),
        ("init", "Ann may not roll initiative: running the fight is the GM's"),
    ],
)
def test_a_player_is_refused_another_s_character_and_the_gm_s_powers(
    players: Table, line: str, says: str
) -> None:
    """Issue 11, players: one line naming what is refused and why, nothing changed
    (H500 for 'fight start' and 'fight end')."""
    assert says in _refused(players, line, ANN)


@pytest.mark.parametrize(
    "line", ["check Ana WIS dc 12", "stand Ana", "hp Ana -3", "time +1h", "fight start"]
)
def test_an_observer_is_refused_every_action(players: Table, line: str) -> None:
    """Observers only watch."""
    assert "Cy may not" in _refused(players, line, WATCHER)
    assert "observers only watch" in _refused(players, line, WATCHER)


def test_a_foe_and_another_s_turn_are_refused(players: Table) -> None:
    """RULINGS S5 (the order is kept), H372, H502: foes are the GM's; a player attacks
    and ends the turn on their own character's turn only."""
    for line in FIGHT:
        players.run(line)
    assert "Rat is no character: the GM plays it" in _refused(players, "attack Rat Ana", ANN)
    turn = "it is Ana's turn"
    assert f"Bea may not attack with Vex: {turn}" in _refused(players, "attack Vex Rat", BEA)
    assert f"Bea may not end the turn: {turn}" in _refused(players, "next", BEA)
    players.run("attack Ana Rat roll 15 damage roll 2", ANN)
    players.run("next", ANN)
    turn = "it is Vex's turn"
    assert f"Ann may not attack with Ana: {turn}" in _refused(players, "attack Ana Rat", ANN)


def test_entered_dice_under_gm_only_are_refused(players: Table) -> None:
    """RULINGS G5: under 'player-dice gm-only' a player's dice are refused."""
    players.run("settings player-dice gm-only")
    said = _refused(players, "check Ana WIS dc 12 roll 10", ANN)
    assert "player-dice is gm-only (RULINGS G5)" in said
    assert players.run("check Ana WIS dc 12", ANN).checks
