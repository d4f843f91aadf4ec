"""Players and who plays which character: ``player``, ``character new --player``,
``character owner``, and what removing either does (docs/rulings.md H106)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, NotAllowedError, Principal, Role
from hacktable.errors import CommandError, RuleError, UnknownNameError
from hacktable.play.players import owner_of, principal_named, seats
from hacktable.play.state import CampaignState

from ..intents import campaign

ANN = Principal(Role.PLAYER, "Ann")


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(
        tmp_path / "c.db",
        6,
        [
            "player add Ann",
            "player add Bea",
            "character new Aldric --class warrior --kit 1 --player ann",
            "character new Tomas --class cleric --kit 1",
        ],
    )
    yield layer
    layer.session.store.close()


def _texts(layer: CommandLayer, line: str, principal: Principal = GM) -> list[str]:
    return [line.text for line in layer.run(line, principal).lines]


def _owner(layer: CommandLayer, name: str) -> str | None:
    return owner_of(layer.session.state, layer.session.character(name).key)


def test_players_are_seated_in_order_with_their_characters(layer: CommandLayer) -> None:
    state = layer.session.state
    assert [(s.name, s.seat) for s in seats(state)] == [("Ann", 1), ("Bea", 2)]
    assert state.get("player", "ann") == {"name": "Ann", "seat": 1}
    assert state.get("owner", "aldric") == "Ann"  # as seated, though asked as "ann"
    assert _texts(layer, "player") == [
        " 1  Ann              Aldric",
        " 2  Bea              no characters",
    ]
    assert _texts(layer, "player list", ANN) == _texts(layer, "players")


@pytest.mark.parametrize(
    ("line", "error", "message"),
    [
        ("player add ann", RuleError, "Ann is already a player (seat 1)"),
        ("player add BEA", RuleError, "Bea is already a player (seat 2)"),
        ("player add GM", CommandError, "names the GM or an observer"),
        ("player add observer", CommandError, "names the GM or an observer"),
        ("player add", CommandError, "missing NAME"),
        ("player add tomas", RuleError, "Tomas is a character's name"),
        ("player remove Cid", UnknownNameError, "unknown player 'Cid'"),
        ("player seat Cid", CommandError, "unknown subcommand 'seat'"),
    ],
)
def test_bad_players_are_refused_and_store_nothing(
    layer: CommandLayer, line: str, error: type[Exception], message: str
) -> None:
    seq = layer.session.store.last_seq()
    with pytest.raises(error) as caught:
        layer.run(line)
    assert message in str(caught.value)
    assert layer.session.store.last_seq() == seq


def test_a_character_may_not_take_a_players_name(layer: CommandLayer) -> None:
    with pytest.raises(RuleError, match="Bea is a player's name"):
        layer.run("character new bea --class thief --kit 1")


def test_removing_a_player_gives_their_characters_to_the_gm(layer: CommandLayer) -> None:
    assert _texts(layer, "player remove ann") == ["Ann leaves the table: the GM plays Aldric"]
    assert _owner(layer, "Aldric") is None
    assert [s.name for s in seats(layer.session.state)] == ["Bea"]
    with pytest.raises(NotAllowedError, match="Ann is not a player of this campaign"):
        layer.run("test Aldric STR", ANN)
    layer.run("undo")
    assert _owner(layer, "Aldric") == "Ann"
    layer.run("test Aldric STR", ANN)
    layer.run("player add Cid")
    assert seats(layer.session.state)[-1].seat == 3


def test_the_gm_creates_a_character_for_a_player(layer: CommandLayer) -> None:
    outcome = layer.run("character new Sly --class thief --kit 1 --player Bea")
    assert outcome.lines[-1].text == "Played by Bea"
    (event,) = outcome.events
    assert event.command.endswith("--player Bea")  # replays with its player
    assert _owner(layer, "Sly") == "Bea"
    with pytest.raises(UnknownNameError, match="unknown player 'Cid'"):
        layer.run("character new Zed --class thief --kit 1 --player Cid")
    layer.run("character new Zed --class thief --kit 1 --player gm")
    assert _owner(layer, "Zed") is None


def test_the_guided_creation_takes_the_player_too(layer: CommandLayer) -> None:
    answers = iter(["", "", "warrior", "1", ""])
    layer.run("character new Brom --player Bea", ask=lambda question: next(answers))
    assert _owner(layer, "Brom") == "Bea"
    assert layer.session.store.events()[-1].command.endswith("--player Bea")


def test_a_player_creates_their_own_characters_only(layer: CommandLayer) -> None:
    layer.run("character new Mirela --class wizard --kit 1", ANN)
    assert _owner(layer, "Mirela") == "Ann"
    layer.run("character new Nim --class thief --kit 1 --player ANN", ANN)
    assert _owner(layer, "Nim") == "Ann"
    seq = layer.session.store.last_seq()
    with pytest.raises(NotAllowedError) as caught:
        layer.run("character new Sly --class thief --kit 1 --player Bea", ANN)
    assert str(caught.value) == (
        "Ann may not character new for Bea: making characters for another player is the GM's"
    )
    assert layer.session.store.last_seq() == seq
    assert layer.session.state.get("character", "sly") is None


def test_the_gm_hands_characters_over(layer: CommandLayer) -> None:
    assert _texts(layer, "character owner Tomas bea") == ["Tomas is played by Bea"]
    assert _owner(layer, "Tomas") == "Bea"
    with pytest.raises(RuleError, match="Tomas is already played by Bea"):
        layer.run("character owner Tomas Bea")
    with pytest.raises(UnknownNameError, match="unknown player 'Cid'"):
        layer.run("character owner Tomas Cid")
    assert _texts(layer, "character owner Tomas GM") == ["Tomas is played by the GM"]
    assert _owner(layer, "Tomas") is None
    layer.run("undo")
    assert _owner(layer, "Tomas") == "Bea"
    with pytest.raises(NotAllowedError, match="Ann may not character owner"):
        layer.run("character owner Aldric Ann", ANN)


def test_removing_a_character_clears_its_player(layer: CommandLayer) -> None:
    layer.run("character remove Aldric")
    assert layer.session.state.get("owner", "aldric") is None
    assert _texts(layer, "player")[0] == " 1  Ann              no characters"
    layer.run("undo")
    assert _owner(layer, "Aldric") == "Ann"


def test_show_and_list_say_who_plays_each_character(layer: CommandLayer) -> None:
    listed = _texts(layer, "character list", ANN)
    assert listed[0].startswith("Aldric")
    assert listed[0].endswith("  played by Ann")
    assert "played by" not in listed[1]  # the GM's Tomas, shown as before
    assert _texts(layer, "character show Aldric")[-1] == "Played by Ann"
    assert "Played by" not in " ".join(_texts(layer, "character show Tomas"))


def test_a_principal_is_named_by_the_campaign(layer: CommandLayer) -> None:
    state: CampaignState = layer.session.state
    assert principal_named(state, "gm") == GM
    assert principal_named(state, "ANN") == ANN
    assert principal_named(state, "Observer").role is Role.OBSERVER
    with pytest.raises(UnknownNameError, match="choose from: gm, observer, Ann, Bea"):
        principal_named(state, "Zed")
