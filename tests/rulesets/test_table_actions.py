"""Issue 12 §2: every web-table panel and button of every ruleset is a command its
ruleset reads and runs (docs/rulings.md H630-H632): a sample character's panels as
their player, the GM and an observer, and each of its actions (out of a fight and in
one), through the command layer, without error; an action's odds command gives the
same odds its roll shows first."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session
from hacktable.errors import RuleError
from hacktable.play.principal import Principal, Role
from hacktable.rulesets.table_view import PLACEHOLDERS
from hacktable.store import CampaignStore

SETUPS = {
    "redhack": (
        "character new Aldric --class warrior --kit 1 --player Ann",
        ("fight start", "fight add 1 goblin", "init"),
    ),
    "black-sword-hack": (
        "character new Kael --origin barbarian --backgrounds reaver,pit-fighter,sellsword"
        " --player Ann",
        ("fight start", "fight add bandit", "init"),
    ),
    "fantasy-hack": (
        "character new Ottvar --race human --class fighter --stats 18,10,9 --player Ann",
        ("fight start", "fight add Mugger from mugger"),
    ),
    "skill-die": (
        "character new Ana --role Medic --abilities 8,14,13,12,15,10"
        " --skills Nature=3,Persuasion=1 --player Ann",
        (),
    ),
}
ANN = Principal(Role.PLAYER, "Ann")
OBSERVER = Principal(Role.OBSERVER, "observer")
GM = Principal(Role.GM)


@pytest.fixture(params=sorted(SETUPS))
def layer(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CommandLayer]:
    ruleset = request.param
    with CampaignStore.open(tmp_path / "c.db", ruleset=ruleset) as store:
        played = CommandLayer(Session(store, 7))
        played.run("player add Ann")
        played.run(SETUPS[ruleset][0])
        yield played


def filled(line: str) -> str:
    for placeholder, value in PLACEHOLDERS.items():
        line = line.replace(placeholder, value)
    return line


def test_every_panel_runs_for_each_role(layer: CommandLayer):
    """Issue 12 §2: each panel is a read command the viewer may run; nothing changes."""
    session = layer.session
    before = session.store.last_seq()
    for principal in (ANN, GM, OBSERVER):
        panels = session.ruleset.table_panels(session.state, principal)
        assert panels, principal
        for panel in panels:
            try:
                outcome = layer.run(panel.command, principal)
            except RuleError as error:  # a fight panel with no fight: one line
                refused = str(error)
            else:
                refused = ""
                assert outcome.lines, panel
            assert not refused or "fight" in refused.lower(), (panel, refused)
    assert session.store.last_seq() == before


def test_sheets_by_role(layer: CommandLayer):
    """Issue 12 §2: a player sees their own sheet, the GM every one, an observer none."""
    session = layer.session
    name = session.characters()[0].name

    def sheets(principal: Principal) -> list[str]:
        panels = session.ruleset.table_panels(session.state, principal)
        return [p.title for p in panels if p.command.startswith("character show")]

    assert sheets(ANN) == [name]
    assert sheets(GM) == [name]
    assert sheets(OBSERVER) == []
    assert sheets(Principal(Role.PLAYER, "Bea")) == []


def run_actions(layer: CommandLayer, ruled: bool = False) -> int:
    """Run every action of the sample character as Ann; ``ruled``: a rule may refuse
    one now (whose turn it is in a fight), but every line must read."""
    session = layer.session
    character = session.characters()[0]
    actions = session.ruleset.table_actions(session.state, character)
    for action in actions:
        assert layer.parse(filled(action.command)) is not None, action
        if ruled:
            with contextlib.suppress(RuleError):
                layer.run(filled(action.command), ANN)
            continue
        if action.odds_command:
            odds = layer.run(filled(action.odds_command), ANN)
            assert odds.events == (), action
            shown = [line.text for line in odds.lines if line.style == "odds"]
            assert shown, action
        rolled = layer.run(filled(action.command), ANN)
        assert rolled.lines, action
        if action.odds_command and rolled.checks:  # the odds shown first are the roll's
            percent = round(float(dict(rolled.checks[0].odds)["success"]) * 100, 2)
            assert f"{percent:.2f}%" in shown[0], (action, shown, percent)
    return len(actions)


def test_every_action_runs_as_its_player(layer: CommandLayer):
    """Issue 12 §2: every button's command (and its odds command) parses and runs as
    the character's player, with the DC or difficulty the page asks for filled in."""
    session = layer.session
    assert run_actions(layer) >= len(session.ruleset.attributes)


def test_fight_actions_run_in_a_fight(layer: CommandLayer):
    """Issue 12 §2: in a fight, the attacks and defences offered run too."""
    session = layer.session
    fight = SETUPS[session.ruleset.id][1]
    if not fight:
        pytest.skip("skill-die's fight is the ordered fight: its buttons are the same")
    character = session.characters()[0]
    before = len(session.ruleset.table_actions(session.state, character))
    for line in fight:
        layer.run(line)
    if session.ruleset.id == "fantasy-hack":
        return  # attacks follow the initiative order: typed in the command box
    assert len(session.ruleset.table_actions(session.state, character)) > before
    assert run_actions(layer, ruled=True) > before


def test_two_torches_have_one_button_labelled_with_the_die_it_rolls(tmp_path: Path):
    """RULINGS G3, docs/rulings.md H687: of two torches (one down to ud4) the page shows
    one Torch button, labelled with the die ``usage`` rolls (the first not used up), so
    no button says ud6 and rolls the ud4."""
    with CampaignStore.open(tmp_path / "c.db", ruleset="black-sword-hack") as store:
        layer = CommandLayer(Session(store, 7))
        layer.run("player add Ann")
        layer.run(SETUPS["black-sword-hack"][0])
        layer.run("give Kael torch")
        for _ in range(40):  # until the first torch steps down
            character = layer.session.character("Kael")
            if [str(i.usage) for i in character.inventory if i.name == "Torch"] != ["ud6", "ud6"]:
                break
            layer.run("usage Kael torch roll 1")
        character = layer.session.character("Kael")
        dice = [str(i.usage) for i in character.inventory if i.name == "Torch"]
        assert dice == ["ud4", "ud6"]
        actions = layer.session.ruleset.table_actions(layer.session.state, character)
        torches = [a for a in actions if a.label.startswith("Torch")]
        assert [(a.label, a.command) for a in torches] == [("Torch ud4", "usage Kael Torch")]
        rolled = layer.run("usage Kael Torch roll 4", ANN)
        assert "ud4" in rolled.text


@pytest.mark.parametrize("name", ['Tom "Big" Jones', "Ann\\Bee", "O'Brien", "Zoë Ødegård"])
def test_a_name_with_quotes_or_a_backslash_is_one_word_of_each_line(
    tmp_path: Path, name: str
) -> None:
    """docs/rulings.md H630, H631: a character's buttons and sheet name them as the
    command line reads them (issue 12 §4, unicode in names): a quote or a backslash in
    the name is escaped, not dropped, so each line names that character."""
    from hacktable.engine.prompts import _quoted
    from hacktable.rulesets.table_view import sheet_panels, word

    with CampaignStore.open(tmp_path / "c.db", ruleset="redhack") as store:
        played = CommandLayer(Session(store, 7))
        played.run("player add Ann")
        played.run(f"character new {_quoted(name)} --class warrior --kit 1 --player Ann")
        character = played.session.character(name)
        assert played.parse(f"character show {word(name)}") is not None
        (panel,) = sheet_panels(played.session.state, ANN)
        played.run(panel.command, ANN)
        first = played.session.ruleset.table_actions(played.session.state, character)[0]
        outcome = played.run(first.command, ANN)
        assert outcome.events[-1].actor == name
