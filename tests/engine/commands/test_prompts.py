"""Prompts: the GM asks a player for a roll, the player answers it (issue 12 §2:
"The GM can ask for a roll ... it appears on that player's page as a prompt with the
odds, the player rolls it (or enters their physical die where the campaign allows,
RULINGS G5), and it lands in the log"; docs/rulings.md H621, H622), on a redhack
campaign."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.console.completion import candidates
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM, NotAllowedError, Principal, Role
from hacktable.engine.prompts import AnswerIntent, AskIntent, open_prompts
from hacktable.engine.session import Session
from hacktable.errors import CommandError, HacktableError, RuleError, UnknownNameError
from hacktable.play.events import Visibility
from hacktable.play.state import CampaignState
from hacktable.store import CampaignStore

from ...intents import campaign

ANN = Principal(Role.PLAYER, "Ann")
BEA = Principal(Role.PLAYER, "Bea")
OBSERVER = Principal(Role.OBSERVER, "Mina")

SETUP = (
    "player add Ann",
    "player add Bea",
    "character new Aldric --class warrior --kit 1 --player Ann",
    "character new Mirela --class wizard --kit 1 --player Ann",
    "character new Sly --class thief --kit 1 --player Bea",
    "character new Tomas --class cleric --kit 1",
)
"""Ann plays Aldric and Mirela, Bea plays Sly, the GM plays Tomas."""


@pytest.fixture
def layer(tmp_path: Path) -> Iterator[CommandLayer]:
    layer = campaign(tmp_path / "campaign.db", 8, SETUP)
    yield layer
    layer.session.store.close()


def _ask(layer: CommandLayer, line: str) -> int:
    """Ask as the GM; the prompt's number."""
    outcome = layer.run(line)
    (event,) = outcome.events
    assert event.action == "prompt"
    return event.seq


def _unchanged(layer: CommandLayer, principal: Principal, line: str) -> HacktableError:
    """Run ``line``, refused, and check that nothing was stored; the error."""
    store = layer.session.store
    seq, state = store.last_seq(), layer.session.state.to_json()
    with pytest.raises(HacktableError) as caught:
        layer.run(line, principal)
    assert store.last_seq() == seq, line
    assert layer.session.state.to_json() == state, line
    assert "\n" not in str(caught.value)
    return caught.value


# -- asking -----------------------------------------------------------------------------


def test_ask_reads_the_character_and_the_line_whole(layer: CommandLayer) -> None:
    assert layer.parse("ask Aldric test Aldric STR adv") == AskIntent(
        "Aldric", "test Aldric STR adv"
    )
    assert layer.parse('ask "Aldric" save Aldric CON') == AskIntent("Aldric", "save Aldric CON")
    with pytest.raises(CommandError, match="missing COMMAND"):
        layer.parse("ask Aldric")
    with pytest.raises(CommandError, match="missing CHARACTER"):
        layer.parse("ask")


def test_a_prompt_is_public_and_shows_the_exact_odds_first(layer: CommandLayer) -> None:
    """issue 12 §2: the prompt appears "with the odds"; H621."""
    outcome = layer.run("ask Aldric test Aldric STR")
    (event,) = outcome.events
    assert event.visibility is Visibility.PUBLIC
    assert event.changes[0].kind == "prompt"
    prompt = event.detail["prompt"]
    assert prompt["seq"] == event.seq
    assert (prompt["character"], prompt["player"]) == ("Aldric", "Ann")
    assert prompt["command"] == "test Aldric STR"
    score = layer.session.character("Aldric").score("STR")
    brute = Fraction(sum(1 for face in range(1, 21) if face <= score), 20)  # d20 <= STR
    assert Fraction(prompt["odds"]["success"]) == brute
    assert Fraction(prompt["odds"]["critical_failure"]) == Fraction(1, 20)
    assert prompt["odds"]["text"].startswith(f"success {float(brute) * 100:.2f}%")
    assert outcome.data
    assert dict(outcome.data)["prompt"] == prompt
    assert outcome.lines[2].style == "odds"  # the odds before any die
    assert outcome.dice == ()


def test_a_save_prompt_has_the_saves_odds(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Sly save Sly CON")
    (prompt,) = open_prompts(layer.session.state)
    assert (prompt.seq, prompt.player) == (seq, "Bea")
    assert prompt.odds is not None
    assert prompt.odds["test"].startswith("CON saving throw")


def test_a_prompt_with_no_test_has_no_odds(layer: CommandLayer) -> None:
    _ask(layer, "ask Aldric roll 1d6")
    (prompt,) = open_prompts(layer.session.state)
    assert prompt.odds is None


@pytest.mark.parametrize(
    ("line", "kind", "message"),
    [
        ("ask Aldric tset Aldric STR", UnknownNameError, "tset"),
        ("ask Aldric test Aldric", CommandError, "missing ATTR"),
        ("ask Nobody test Nobody STR", UnknownNameError, "Nobody"),
        ("ask Tomas test Tomas STR", RuleError, "Tomas is played by the GM: roll it yourself"),
        ("ask Aldric hp Aldric -1", RuleError, "not a command Ann may run"),
        ("ask Aldric test Sly STR", RuleError, "not a command Ann may run"),
        ("ask Aldric test Mirela STR", RuleError, "is not Aldric's to roll"),
        ("ask Aldric log", RuleError, "only reads"),
        ("ask Aldric test Aldric STR roll 3", RuleError, "enters their own dice when they"),
        ("ask Aldric answer 3", RuleError, "not for 'answer'"),
        ("ask Aldric test Aldric XYZ", UnknownNameError, "XYZ"),
    ],
)
def test_a_bad_prompt_is_refused_at_once_with_nothing_stored(
    layer: CommandLayer, line: str, kind: type[Exception], message: str
) -> None:
    error = _unchanged(layer, GM, line)
    assert isinstance(error, kind)
    assert message in str(error)


def test_asking_is_the_gms_alone(layer: CommandLayer) -> None:
    error = _unchanged(layer, ANN, "ask Aldric test Aldric STR")
    assert str(error) == "Ann may not ask for a roll: asking a player for a roll is the GM's"
    error = _unchanged(layer, OBSERVER, "ask Aldric test Aldric STR")
    assert str(error).endswith("observers only watch")


# -- listing ----------------------------------------------------------------------------


def test_prompts_lists_what_each_principal_sees(layer: CommandLayer) -> None:
    first = _ask(layer, "ask Aldric test Aldric STR")
    second = _ask(layer, "ask Sly save Sly CON")
    gm = layer.run("prompts")
    assert [p["seq"] for p in dict(gm.data)["prompts"]] == [first, second]
    assert gm.lines[0].text == f"#{first} Aldric (Ann): test Aldric STR"
    assert gm.lines[1].style == "odds"
    ann = layer.run("prompts", ANN)
    assert [p["seq"] for p in dict(ann.data)["prompts"]] == [first]
    bea = layer.run("prompts", BEA)
    assert [p["seq"] for p in dict(bea.data)["prompts"]] == [second]
    assert len(dict(layer.run("prompts", OBSERVER).data)["prompts"]) == 2  # public
    assert layer.run("prompts", ANN).events == ()  # reading stores nothing


def test_no_open_prompts_says_so(layer: CommandLayer) -> None:
    outcome = layer.run("prompts")
    assert outcome.text == "No open prompts."
    assert dict(outcome.data)["prompts"] == []


# -- answering --------------------------------------------------------------------------


def test_the_player_answers_with_their_own_die(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    assert layer.parse(f"answer {seq} roll 12") == AnswerIntent(seq, (12,))
    outcome = layer.run(f"answer {seq} roll 12", ANN)
    (event,) = outcome.events
    assert event.action == "test"
    assert event.principal == "Ann"
    assert event.detail["answers"] == seq
    assert event.detail["outcome"]["dice"] == [{"sides": 20, "face": 12, "entered_by": "Ann"}]
    assert dict(outcome.data)["answers"] == seq
    assert f"(answers prompt #{seq})" in outcome.text
    assert open_prompts(layer.session.state) == []


def test_answering_rolls_where_no_die_is_entered(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    outcome = layer.run(f"answer {seq}", ANN)
    assert len(outcome.dice) == 1
    assert outcome.dice[0].entered_by == ""
    assert outcome.checks[0].odds  # the check keeps its odds


def test_typing_the_prompted_command_answers_it(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    other = _ask(layer, "ask Aldric save Aldric CON")
    (event,) = layer.run("test  aldric  str roll 9", ANN).events
    assert event.detail["answers"] == seq
    assert [p.seq for p in open_prompts(layer.session.state)] == [other]
    (event,) = layer.run("test Aldric STR", ANN).events  # no prompt left for it
    assert "answers" not in event.detail


def test_a_different_command_answers_nothing(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    (event,) = layer.run("test Aldric STR adv", ANN).events
    assert "answers" not in event.detail
    assert [p.seq for p in open_prompts(layer.session.state)] == [seq]


def test_the_gm_answers_for_the_player(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    (event,) = layer.run(f"answer {seq} roll 4").events
    assert (event.detail["answers"], event.detail["answered_by"]) == (seq, "GM")
    assert open_prompts(layer.session.state) == []


def test_another_player_may_not_answer(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    error = _unchanged(layer, BEA, f"answer {seq}")
    assert isinstance(error, NotAllowedError)
    assert str(error) == f"Bea may not answer prompt #{seq}: it asks Ann to roll for Aldric"
    error = _unchanged(layer, OBSERVER, f"answer {seq}")
    assert str(error).endswith("observers only watch")


def test_an_answered_prompt_is_not_answered_again(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    layer.run(f"answer {seq}", ANN)
    error = _unchanged(layer, ANN, f"answer {seq}")
    assert str(error).startswith(f"prompt #{seq} is closed: it was answered or withdrawn")
    assert "is no prompt" in str(_unchanged(layer, ANN, "answer 1"))


def test_entered_dice_follow_the_player_dice_setting(layer: CommandLayer) -> None:
    """RULINGS G5; docs/rulings.md H206: as the command would by itself."""
    layer.run("settings player-dice gm-only")
    seq = _ask(layer, "ask Aldric test Aldric STR")
    error = _unchanged(layer, ANN, f"answer {seq} roll 12")
    assert isinstance(error, NotAllowedError)
    assert "player-dice is gm-only" in str(error)
    (event,) = layer.run(f"answer {seq}", ANN).events  # rolled by hacktable: allowed
    assert event.detail["answers"] == seq


def test_too_many_entered_dice_are_refused_as_by_the_command(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    error = _unchanged(layer, ANN, f"answer {seq} roll 12,3")
    assert str(error) == "the test needed one d20; 3 was not needed"
    assert [p.seq for p in open_prompts(layer.session.state)] == [seq]


# -- withdrawing, undo and replay -----------------------------------------------------------


def test_the_gm_withdraws_a_prompt(layer: CommandLayer) -> None:
    seq = _ask(layer, "ask Aldric test Aldric STR")
    assert "withdrawing a prompt is the GM's" in str(_unchanged(layer, ANN, f"ask cancel {seq}"))
    (event,) = layer.run(f"ask cancel {seq}").events
    assert (event.action, event.detail["cancels"]) == ("prompt.cancel", seq)
    assert "closed" in str(_unchanged(layer, ANN, f"answer {seq}"))
    assert "closed" in str(_unchanged(layer, GM, f"ask cancel {seq}"))
    layer.run("undo")  # H622: undoing the withdrawal opens it again
    assert [p.seq for p in open_prompts(layer.session.state)] == [seq]


def test_undo_of_an_answer_opens_its_prompt_again(layer: CommandLayer) -> None:
    """docs/rulings.md H622."""
    seq = _ask(layer, "ask Aldric test Aldric STR")
    layer.run(f"answer {seq} roll 12", ANN)
    error = _unchanged(layer, ANN, "undo")  # a player's roll stays (H106)
    assert isinstance(error, NotAllowedError)
    layer.run("undo")
    assert [p.seq for p in open_prompts(layer.session.state)] == [seq]
    (event,) = layer.run(f"answer {seq} roll 3", ANN).events
    assert event.detail["answers"] == seq


def test_undo_of_the_ask_withdraws_it(layer: CommandLayer) -> None:
    _ask(layer, "ask Aldric test Aldric STR")
    layer.run("undo")
    assert open_prompts(layer.session.state) == []


def test_the_open_prompts_are_what_the_log_says(layer: CommandLayer, tmp_path: Path) -> None:
    """Replaying the log, or opening the campaign again, gives the same open prompts."""
    first = _ask(layer, "ask Aldric test Aldric STR")
    second = _ask(layer, "ask Sly save Sly CON")
    third = _ask(layer, "ask Mirela test Mirela INT")
    layer.run(f"answer {first} roll 5", ANN)
    layer.run(f"ask cancel {second}")
    layer.run("undo")
    layer.run(f"answer {third}", ANN)
    layer.run("undo")
    session = layer.session
    replayed = CampaignState.replay(session.store.events())
    assert replayed == session.state
    assert [p.seq for p in open_prompts(replayed)] == [second, third]
    again = Session(CampaignStore.open(session.store.path))
    try:
        assert open_prompts(again.state) == open_prompts(session.state)
    finally:
        again.store.close()


# -- help and completion ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ask", "ask cancel", "answer", "prompts", "say"])
def test_help_reads_well(layer: CommandLayer, name: str) -> None:
    text = layer.run(f"help {name}").text
    assert text.splitlines()[0].startswith(name)
    assert len(text.splitlines()) >= 3


def test_completion_offers_characters_commands_and_prompt_numbers(layer: CommandLayer) -> None:
    session = layer.session
    seq = _ask(layer, "ask Aldric test Aldric STR")
    assert candidates(session, "ask ") == ["Aldric", "Mirela", "Sly", "Tomas", "cancel"]
    assert "test" in candidates(session, "ask Aldric te")
    assert "ask" not in candidates(session, "ask Aldric a")
    assert "STR" in candidates(session, "ask Aldric test Aldric ")
    assert candidates(session, "answer ") == [str(seq)]
    assert candidates(session, f"answer {seq} ") == ["roll"]
    assert candidates(session, "ask cancel ") == [str(seq)]


def test_a_huge_entered_face_is_one_line_refused(layer: CommandLayer) -> None:
    """issue 12 §4 ("every input has the console's limits"): a face of thousands of
    digits is refused as the commands refuse one, not a ValueError from int()."""
    seq = _ask(layer, "ask Aldric test Aldric STR")
    error = _unchanged(layer, ANN, f"answer {seq} roll {'9' * 5000}")
    assert isinstance(error, CommandError)
    assert "over the limit of 999,999,999" in str(error)


def test_a_test_the_character_cannot_make_is_not_asked_for(layer: CommandLayer) -> None:
    """docs/rulings.md H621 ("a command the player may not run ... is refused at once,
    and nothing is stored"): an attribute below 2 incapacitates (redhack: Core Rules >
    Attributes and Modifiers), so no prompt waits on a test 'test' would refuse."""
    layer.run("character set Aldric CON 1")
    error = _unchanged(layer, GM, "ask Aldric test Aldric DEX")
    assert "incapacitated" in str(error)


def test_ask_reads_a_quoted_name_with_escapes(layer: CommandLayer) -> None:
    """A character's name as one word of a line (the buttons' ``word``): a quote or a
    backslash in it escaped, so ``ask`` reads the name the other commands read."""
    layer.run('character new "Tom \\"Big\\" Jones" --class thief --kit 1 --player Bea')
    line = 'ask "Tom \\"Big\\" Jones" test "Tom \\"Big\\" Jones" STR'
    assert layer.parse(line) == AskIntent('Tom "Big" Jones', 'test "Tom \\"Big\\" Jones" STR')
    seq = _ask(layer, line)
    (prompt,) = open_prompts(layer.session.state)
    assert (prompt.seq, prompt.character, prompt.player) == (seq, 'Tom "Big" Jones', "Bea")
    with pytest.raises(CommandError, match="unbalanced quote"):
        layer.parse('ask "Tom \\" test x STR')
