"""The fight commands' legal intents (:mod:`...commands.fight_offers`) played at random
by the conformance suite's playthrough, on a campaign with characters (their creation
is another part's), keep the command layer's promises: each succeeds or is refused for
a rule's reason, a refusal changes nothing, undo restores, the log replays."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.play.state import CampaignState
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.grammar import Intent, Words
from hacktable.store import CampaignStore

from ..conformance_helpers import Playthrough
from .conftest import Table


class _Playthrough(Playthrough):
    """The suite's playthrough on a campaign set up beforehand: an undo with nothing of
    the playthrough's own to undo is skipped (it would undo the set-up)."""

    def _undo(
        self,
        layer: CommandLayer,
        undo: Intent,
        changed: list[tuple[int, CampaignState]],
        step: int,
    ) -> None:
        if changed:
            super()._undo(layer, undo, changed, step)


def _campaign(path: Path) -> None:
    table = Table(path)
    table.seat("Ann")
    table.add("Conan", owner="Ann", STR=15, DEX=13)
    table.add("Mira", DEX=14, WIS=13)
    table.add("Kull", STR=14, CON=14, hp=14, max_hp=14)
    table.close()


def test_random_fights_keep_the_promises(tmp_path: Path) -> None:
    """Three seeded playthroughs of 300 steps each keep the command layer's promises,
    and between them play every step of a fight (each is offered among every other
    command, so one playthrough may miss one)."""
    played: Counter[str] = Counter()
    for seed in range(3):
        path = tmp_path / f"c{seed}.db"
        _campaign(path)
        playthrough = _Playthrough("black-sword-hack", path, seed)
        playthrough.run(300)
        played.update(playthrough.executed)
    for command in ("fight", "init", "attack", "defend", "next"):
        assert played[command] > 0, (command, played)


def test_fights_are_offered_only_with_characters_to_fight(tmp_path: Path) -> None:
    ruleset = get_ruleset("black-sword-hack")
    with CampaignStore.open(tmp_path / "empty.db", ruleset="black-sword-hack") as store:
        offered = ruleset.legal_intents(Session(store, 1), "gm")
    assert Words("fight", ("start",)) not in offered
    assert Words("bestiary") in offered
    path = tmp_path / "c.db"
    _campaign(path)
    with CampaignStore.open(path, ruleset="black-sword-hack") as store:
        session = Session(store, 1)
        assert Words("fight", ("start",)) in ruleset.legal_intents(session, "gm")
        assert ruleset.legal_intents(session, "observer") == []
