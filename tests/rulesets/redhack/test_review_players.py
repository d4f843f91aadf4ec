"""What a fresh look at issue 10's redhack found, tried from the players' side and for
robustness (issue 10 §3, §6, §9): each test failed before its fix."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import NotAllowedError, Principal, Role
from hacktable.errors import CommandError, RuleError

from ...intents import campaign

ANN = Principal(Role.PLAYER, "Ann")
SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Sly --class thief --kit 1 --player Ann",
    "character new Tomas --class cleric --kit 1 --player Bea",
    "coins Sly +100",
    'xp Sly quest "the reeve\'s errand"',
    "where town",
    "rest downtime",
)


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "c.db", 3, SETUP)
    yield layer
    layer.session.store.close()


def _refused(layer: CommandLayer, line: str, principal: Principal | None = None) -> str:
    """The one line ``line`` is refused with; nothing was stored."""
    before = layer.session.state.last_seq
    with pytest.raises((RuleError, CommandError, NotAllowedError)) as error:
        layer.run(line) if principal is None else layer.run(line, principal)
    assert layer.session.state.last_seq == before
    return str(error.value)


def test_a_level_takes_the_players_dice(layer: CommandLayer) -> None:
    """Issue 10 §3, §6: every roll the console makes for a player takes their dice:
    `level Sly roll ...` was "unexpected 'roll ...'". The dice are dealt in the order
    the level rolls them: the cost's (L)d6, the hit die, a d20 for each attribute."""
    sly = layer.session.character("Sly")
    # cost d6, hit die d6, STR..CHA (DEX rises), then WIS, the prime that did not
    faces = (4, 5, 1, 20, 1, 20, 1, 20, 20)
    outcome = layer.run("level Sly roll " + ",".join(map(str, faces)), ANN)
    after = layer.session.character("Sly")
    assert after.coins == sly.coins - 4
    assert after.max_hp == sly.max_hp + 5
    pairs = zip(sly.scores, faces[2:8], strict=True)  # type: ignore[attr-defined]
    risen = {a: min(19, s + 1) if f > s else s for (a, s), f in pairs}
    risen["WIS"] = min(19, risen["WIS"] + 1)
    assert dict(after.scores) == risen  # type: ignore[attr-defined]
    assert [d.entered_by for d in outcome.dice] == ["Ann"] * 9
    assert "dice entered by Ann" in outcome.text


def test_a_level_refuses_a_face_its_die_cannot_show(layer: CommandLayer) -> None:
    """Issue 10 §6, §9: a value the die cannot show is refused, nothing changed."""
    assert "a d6 shows 1 to 6, not 7" in _refused(layer, "level Sly roll 7", ANN)


def test_a_level_for_another_or_under_gm_only_dice_is_refused(layer: CommandLayer) -> None:
    """Issue 10 §6: a player enters dice for their own character, when the campaign
    allows it."""
    assert "Tomas is played by Bea" in _refused(layer, "level Tomas roll 3", ANN)
    layer.run("settings player-dice gm-only")
    assert "gm-only" in _refused(layer, "level Sly roll 3,3", ANN)


def _encumbered(layer: CommandLayer) -> None:
    """Sly carries five silver candlesticks: encumbered (10 slots of 9)."""
    for _ in range(5):
        layer.run('give Sly "silver candlestick" force custom')
    assert "encumbered" in layer.run("character show Sly").text.replace("unencumbered", "")


def test_coming_home_encumbered_is_one_experience_a_return_not_a_day(
    layer: CommandLayer,
) -> None:
    """Issue 10 §3 ("coming home encumbered by treasure"; redhack: "Each time you
    return home Encumbered"): a second downtime rest in the same stay gave another
    experience, so a laden character gained one a day by resting in town. Leaving and
    coming back home earns it again (docs/rulings.md H291)."""
    _encumbered(layer)
    layer.run("rest downtime")
    xp = layer.session.character("Sly").xp
    outcome = layer.run("rest downtime")
    assert layer.session.character("Sly").xp == xp
    assert "Home encumbered" not in outcome.text
    layer.run("where dungeon")
    layer.run("where town")
    assert "Home encumbered" in layer.run("rest downtime").text
    assert layer.session.character("Sly").xp == xp + 1


@pytest.mark.parametrize(
    "line",
    [
        "level Sly",
        "buy Sly backpack, rope, lantern haggle",
        "sell Sly leather armour",
        "put Sly torch in backpack",
        "put Sly 50 coins in backpack",
        "memorise Tomas detect evil",
        "character set Sly DEX 18",
        "patron Tomas Ulm 2",
        "npc Reeve major 15 minor 8 for lore",
        'xp Tomas quest "the well"',
        "enter the old well",
    ],
)
def test_undo_after_each_new_command_restores_the_state_exactly(
    layer: CommandLayer, line: str
) -> None:
    """Issue 10 §9, §10: `undo` after each new command kind leaves the campaign's state
    exactly as it was (sheets, coins, containers, slots, the places entered)."""
    if line.startswith("put"):
        layer.run("buy Sly backpack")
    before = layer.session.state.to_json()
    layer.run(line)
    assert layer.session.state.to_json() != before
    layer.run("undo")
    assert layer.session.state.to_json() == before


def test_a_players_entered_d20_is_not_called_a_gm_override(tmp_path: Path) -> None:
    """RULINGS G5: a player's own die entered in a fight is theirs, not the GM's
    override."""
    from hacktable.engine.execute import CommandLayer
    from hacktable.engine.principal import Principal, Role
    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore

    layer = CommandLayer(Session(CampaignStore.open(tmp_path / "e.db"), seed=4))
    ann = Principal(Role.PLAYER, "Ann")
    try:
        for line in (
            "player add Ann",
            "character new Aldric --class warrior --kit 1 --player Ann",
            "fight start",
            "fight add 1 goblin --hp 20",
            "init roll 3",
            "move Aldric close goblins",
        ):
            layer.run(line)
        shown = "\n".join(
            line.text for line in layer.run("attack Aldric goblin-1 roll 5", ann).lines
        )
        assert "dice entered by Ann: the d20 shows 5 (RULINGS G5)" in shown
        assert "GM override" not in shown
    finally:
        layer.session.store.close()
