"""Undo and replay on skill-die (issue 11; the developers' guide: state changes are
events): after each kind of command that changes state, ``undo`` restores exactly the
state before it, and replaying the log from the start gives the live session's state."""

from __future__ import annotations

import pytest

from hacktable.play.state import CampaignState

from .conftest import Table

CREW = (
    "character new Ana --role Medic --abilities 8,14,13,12,15,10 --skills Nature=3,Persuasion=1",
    "character new Vex --role Soldier --skills Stealth=3,Brawn=1",
)
FIGHT = (
    *CREW,
    "fight start",
    "fight add Rat level 1 hp 30 ac 10 hit +1 damage 1d4 dex 10",
    "init roll 20,10,2",  # Ana, Vex, Rat
)

CASES: dict[str, tuple[tuple[str, ...], str]] = {
    "character new": ((), CREW[0]),
    "hp": (CREW, "hp Ana -3"),
    "hp temp": (CREW, "hp Ana temp +2"),
    "hp heal": ((*CREW, "hp Ana -3", "hp Ana temp +2"), "hp Ana +2"),
    "hp down": (CREW, "hp Ana -30"),
    "fight start": (CREW, "fight start"),
    "fight add": ((*CREW, "fight start"), "fight add Rat level 1 hp 4 ac 10 hit +1 damage 1d4"),
    "init": (FIGHT[:-1], "init roll 20,10,2"),
    "attack": (FIGHT, "attack Ana Rat roll 15 damage roll 2"),
    "next": (FIGHT, "next"),
    "fight end": (FIGHT, "fight end"),
    "time": (CREW, "time +30h"),
    "rest": ((*CREW, "hp Ana -3", "time +10h"), "rest"),
    "skill": (CREW, "skill Ana Nature 5"),
    "skill add": (CREW, "skill add Sailing"),
    "role add": (CREW, "role add Pirate Stealth"),
    "fall": (CREW, "fall Vex 7"),
    "bump": (CREW, "bump Vex"),
    "stand": ((*CREW, "fall Vex 2"), "stand Vex"),
    "settings": (CREW, "settings fights off"),
}


@pytest.mark.parametrize(("setup", "line"), CASES.values(), ids=CASES.keys())
def test_undo_restores_the_state_before_and_replay_agrees(
    table: Table, setup: tuple[str, ...], line: str
) -> None:
    """Every change is an event: undo appends its inverse; a replay of the log from
    nothing is the live state, after the command and after its undo."""
    for given in setup:
        table.run(given)
    before = table.session.state.to_json()
    table.run(line)
    assert table.session.state.to_json() != before, f"{line!r} changed nothing"
    assert CampaignState.replay(table.store.events()) == table.session.state
    table.run("undo")
    assert table.session.state.to_json() == before
    assert CampaignState.replay(table.store.events()) == table.session.state


@pytest.mark.parametrize(
    "line", ["check Ana WIS dc 12", "check Ana Nature vs Vex", "odds Ana Stealth hard"]
)
def test_a_check_stores_no_change_and_undo_passes_it_by(table: Table, line: str) -> None:
    """A check is logged with no change: undo reverts the change before it."""
    for given in CREW:
        table.run(given)
    before = table.session.state.to_json()
    table.run("skill Ana Nature 5")
    changed = table.session.state.to_json()
    table.run(line)
    assert table.session.state.to_json() == changed
    table.run("undo")
    assert table.session.state.to_json() == before
    assert CampaignState.replay(table.store.events()) == table.session.state
