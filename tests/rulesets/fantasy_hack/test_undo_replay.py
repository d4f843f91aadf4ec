"""Undo and replay on fantasy-hack (issue 11; the developers' guide: state changes are
events): after each kind of command that changes state, ``undo`` restores exactly the
state before it, and replaying the log from the start gives the live session's state."""

from __future__ import annotations

from pathlib import Path

import pytest

from hacktable.play.state import CampaignState

from .helpers import campaign

PARTY = (
    "character new Ottvar --race human --class fighter --stats 18,10,9",
    "character new Mira --race elf --class sorcerer --stats 9,10,18",
)
FIGHT = (
    *PARTY,
    "fight start",
    "fight add Grik level 1 hp 30 ac 13 hit +2 damage 1d6 dex 14",
    "init roll 20,10,2",  # Ottvar, Mira, Grik
)
AWAY = (*FIGHT, "flee Ottvar from Grik roll 20,1")
CHASE = (*AWAY, "chase Grik")
DYING = (*PARTY, "hp Mira 0")

CASES: dict[str, tuple[tuple[str, ...], str]] = {
    "character new": ((), "character new Tess --race elf --class rogue --stats 10,18,9"),
    "level": (PARTY, "level Ottvar"),
    "hp": (PARTY, "hp Ottvar -5"),
    "hp temp": (PARTY, "hp Ottvar temp +3"),
    "hp stable": (DYING, "hp Mira stable"),
    "fight start": (PARTY, "fight start"),
    "fight add": ((*PARTY, "fight start"), "fight add Grik from goblin"),
    "init": (FIGHT[:-1], "init roll 20,10,2"),
    "attack": (FIGHT, "attack Ottvar Grik roll 15 damage roll 3"),
    "next": (FIGHT, "next"),
    "fight end": (FIGHT, "fight end"),
    "flee": (FIGHT, "flee Ottvar from Grik roll 20,1"),
    "chase": (AWAY, "chase Grik"),
    "chase round": (CHASE, "chase round roll 12,8"),
    "hide": (CHASE, "hide Ottvar roll 20,1"),
    "mount": (CHASE, "mount Ottvar"),
    "chase end": (CHASE, "chase end"),
    "cast": (PARTY, "cast Mira glow"),
    "stabilise": (DYING, "stabilise Ottvar Mira roll 15"),
    "treat": ((*PARTY, "hp Mira -3"), "treat Ottvar Mira roll 15"),
    "rest": ((*PARTY, "hp Ottvar -5"), "rest"),
    "fall": (PARTY, "fall Ottvar 20"),
    "poison": (PARTY, "poison Ottvar 12 damage 1d6 roll 2,3"),
    "disease": (PARTY, "disease Ottvar 12 damage 1d6"),
    "disease check": ((*PARTY, "disease Ottvar 12 damage 1d6"), "disease Ottvar roll 2,3"),
    "exposure": (PARTY, "exposure Ottvar heat roll 2,3"),
}


@pytest.mark.parametrize(("setup", "line"), CASES.values(), ids=CASES.keys())
def test_undo_restores_the_state_before_and_replay_agrees(
    tmp_path: Path, setup: tuple[str, ...], line: str
) -> None:
    """Every change is an event: undo appends its inverse; a replay of the log from
    nothing is the live state, after the command and after its undo."""
    with campaign(tmp_path / "c.db", *setup, seed=5) as layer:
        before = layer.session.state.to_json()
        layer.run(line)
        assert layer.session.state.to_json() != before, f"{line!r} changed nothing"
        assert CampaignState.replay(layer.session.store.events()) == layer.session.state
        layer.run("undo")
        assert layer.session.state.to_json() == before
        assert CampaignState.replay(layer.session.store.events()) == layer.session.state


@pytest.mark.parametrize(
    "line",
    [
        "check Ottvar STR+Athletics dc 15",
        "opposed 8 +5 vs Ottvar MND+Subterfuge",
        "odds Ottvar STR+Athletics dc 15",
    ],
)
def test_a_check_stores_no_change_and_undo_passes_it_by(tmp_path: Path, line: str) -> None:
    """A check is logged with no change: the state is the same, and undo reverts the
    change before it (the level), not the check."""
    with campaign(tmp_path / "c.db", *PARTY, seed=5) as layer:
        before = layer.session.state.to_json()
        layer.run("level Ottvar")
        levelled = layer.session.state.to_json()
        layer.run(line)
        assert layer.session.state.to_json() == levelled
        layer.run("undo")
        assert layer.session.state.to_json() == before
        assert CampaignState.replay(layer.session.store.events()) == layer.session.state
