"""Prompts in black-sword-hack (issue 12 §2): the GM asks for a test with its odds, and
an opponent's action on a player's character becomes that player's defence by itself
("the players roll every die", 2.1.4; docs/rulings.md H623), whose fumble still rolls
the Doom die when it is answered (RULINGS B2)."""

from __future__ import annotations

from fractions import Fraction

from hacktable.dice.usage import UsageDie
from hacktable.engine.principal import Principal, Role
from hacktable.engine.prompts import open_prompts
from hacktable.play.character import Item
from hacktable.rulesets.black_sword_hack import core
from hacktable.rulesets.black_sword_hack.commands.tests import TestIntent, request_of

from ...helpers import Faces
from .conftest import Table

ANN = Principal(Role.PLAYER, "Ann")
SWORD = Item("Sword", "weapon", "sword", damage="1d6", hands=1, equipped=True)
MEDIUM = Item("Medium Armour", "armour", "medium-armour", equipped=True)


def _opposition(table: Table) -> None:
    """Conan (every attribute 12, Ann's) and Gorm (the GM's) against a watch sergeant,
    on the opposition's go, at the web table."""
    table.seat("Ann")
    table.add("Conan", owner="Ann", inventory=(SWORD, MEDIUM))
    table.add("Gorm", inventory=(SWORD, MEDIUM))
    table("fight start")
    table("fight add watch-sergeant")
    table.rig(5, 5)
    table("init")
    for _ in range(3):
        if table.fight().opposition_go:
            break
        table("next")
    assert table.fight().opposition_go
    table.layer.remote_players = True


def test_a_test_prompt_shows_the_exact_odds(table: Table) -> None:
    table.seat("Ann")
    table.add("Conan", owner="Ann")
    (event,) = table.run("ask Conan test Conan STR").events
    odds = event.detail["prompt"]["odds"]
    _character, request, _critical = request_of(table.session, TestIntent("Conan", "STR"))
    wins = sum(core.resolve(request, Faces(face)).success for face in range(1, 21))
    assert Fraction(odds["success"]) == Fraction(wins, 20)  # brute force over the d20
    assert odds["test"].startswith("STR test")


def test_an_opponents_attack_is_the_players_defence(table: Table) -> None:
    _opposition(table)
    outcome = table.run("defend Conan parry against watch-sergeant-1 sword")
    (event,) = outcome.events
    assert (outcome.command, event.action) == ("ask", "prompt")
    prompt = event.detail["prompt"]
    assert prompt["player"] == "Ann"
    assert prompt["odds"]["test"].startswith("STR defence (parry)")
    assert table.character("Conan").hp == 12


def test_the_gms_own_character_defends_at_once(table: Table) -> None:
    _opposition(table)
    table.rig(5)
    (event,) = table.run("defend Gorm parry against watch-sergeant-1 sword").events
    assert event.action == "defend"


def test_the_console_rolls_at_once_by_default(table: Table) -> None:
    _opposition(table)
    table.layer.remote_players = False  # H623: the console as before
    table.rig(5)
    (event,) = table.run("defend Conan parry against watch-sergeant-1 sword").events
    assert event.action == "defend"


def test_an_answered_fumble_rolls_the_doom_die(table: Table) -> None:
    """RULINGS B2; 2.1.8: a critical failure ignores armour and rolls the Doom die,
    answered through the prompt as when typed."""
    _opposition(table)
    seq = table.run("defend Conan parry against watch-sergeant-1 sword").events[0].seq
    table.rig(20, 1)  # a natural 20: a critical failure; the Doom die shows 1
    outcome = table.run(f"answer {seq}", ANN)
    conan = table.character("Conan")
    assert conan.doom is UsageDie.UD4  # the ud6 shrank
    assert conan.hp == 8  # the sword's 4, armour ignored
    assert all(event.detail.get("answers") == seq for event in outcome.events)
    assert open_prompts(table.session.state) == []
    assert table.dealt_all()


def test_typing_the_defence_answers_it(table: Table) -> None:
    _opposition(table)
    seq = table.run("defend Conan dodge against watch-sergeant-1").events[0].seq
    table.rig(3)
    (event,) = table.run("defend Conan dodge against watch-sergeant-1", ANN).events
    assert event.detail["answers"] == seq


def test_the_gms_entered_dice_defend_at_once(table: Table) -> None:
    """docs/rulings.md H623: an attack whose dice the GM fixed ('roll N', RULINGS G5)
    is rolled at once, as in redhack, not refused as a prompt with entered dice."""
    _opposition(table)
    (event,) = table.run("defend Conan parry against watch-sergeant-1 sword roll 3").events
    assert event.action == "defend"
    assert open_prompts(table.session.state) == []
