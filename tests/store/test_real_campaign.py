"""A real campaign written by hacktable 0.1.0 (the three example sessions) opens in
this version and play goes on: today's files must keep working in later versions."""

from __future__ import annotations

import shutil
from pathlib import Path

from hacktable.play.state import CampaignState

from ..console.conftest import Play

FIXTURE = Path(__file__).with_name("data") / "campaign-0.1.0.db"


def test_a_released_campaign_opens_and_play_goes_on(tmp_path: Path) -> None:
    copy = tmp_path / "campaign.db"
    shutil.copyfile(FIXTURE, copy)
    play = Play(copy, seed=1)
    try:
        events = play.store.events()
        assert len(events) > 100
        assert CampaignState.replay(events) == play.session.state
        names = [c.name for c in play.session.characters()]
        assert names == ["Aldric", "Sly", "Tomas", "Mirela"]
        assert "Aldric" in play("character list")
        assert "Sly - Thief" in play("character show Sly")
        assert play("test Sly DEX for picking-locks").startswith("Sly: DEX test")
        assert "dungeon (The Sunken Shrine: shrine)" in play("where")
        assert "giant snake" in play("where")  # the remembered sign survives
        assert "Rations" in play("travel status") or "journey" in play("travel status").lower()
        play("fight start")
        assert "Giant Snake" in play("fight add 1 giant-snake --at near")
        play("undo")
        assert play.session.number == 4
    finally:
        play.close()
    assert FIXTURE.read_bytes() != copy.read_bytes()  # the copy was played; the fixture not
