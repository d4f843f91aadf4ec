"""The Ottvar example session (examples/ottvar.txt) played whole: its key numbers read
from the campaign's log, each the text's (fantasy-hack Part III "Combat", the Ottvar
example; RULINGS F5, F6; issue 11 §1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hacktable.play.events import Event
from hacktable.rulesets import get_ruleset
from hacktable.rulesets.ordered_fight import FIGHT_KEY

from .helpers import campaign

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "examples" / "ottvar.txt"


def _played(tmp_path: Path) -> list[Event]:
    lines = [
        line.strip()
        for line in SCRIPT.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    with campaign(tmp_path / "ottvar.db", *lines, seed=3) as layer:
        return list(layer.session.log())


def _by(events: list[Event], command: str) -> Event:
    found = [e for e in events if e.command == command]
    assert len(found) == 1, command
    return found[0]


def _fight_after(event: Event) -> dict[str, Any]:
    change = next(c for c in event.changes if (c.kind, c.key) == FIGHT_KEY)
    after: dict[str, Any] = change.after
    return after


def test_the_session_is_registered() -> None:
    """issue 11 §1: the Ottvar example is an example session with its golden."""
    sessions = get_ruleset("fantasy-hack").example_sessions()
    assert sessions == (("examples/ottvar.txt", 3, "tests/golden/ottvar.out"),)


def test_the_key_numbers_are_the_text_s(tmp_path: Path) -> None:
    """The text: the sneak 23 vs 15; "Ottvar takes 4 points of damage"; Ottvar has the
    higher initiative; "a total of 19 ... the thief's AC of 13"; "1d8+5 ... a 6 ... 11
    points of damage to an NPC that only has 12 hit points"; the break-away 16 vs 7;
    the first round "only by 4"; Ottvar's search beats the hide."""
    events = _played(tmp_path)
    sneak = _by(events, "opposed mugger DEX+Subterfuge +5 vs Ottvar MND+Subterfuge roll 11,14")
    assert "23" in sneak.summary
    assert "15" in sneak.summary
    free = _by(events, "attack Mugger Ottvar roll 15 damage roll 4")
    assert free.detail["damage"]["total"] == 4
    init = _by(events, "init roll 14,9")
    assert _fight_after(init)["order"][0] == "ottvar"
    sword = _by(events, "attack Ottvar Mugger roll 13 damage roll 6")
    assert (sword.detail["attack"]["total"], sword.detail["attack"]["ac"]) == (19, 13)
    assert sword.detail["damage"]["total"] == 11
    assert _fight_after(sword)["foes"][0]["pool"]["hp"] == 1
    flee = _by(events, "flee Mugger from Ottvar roll 11,2")
    assert flee.detail["break_away"]["totals"] == [16, 7]
    first = _by(events, "chase round roll 10,6")
    assert first.detail["chase_round"]["margin"] == 4
    hide = _by(events, "hide Mugger roll 5,14")
    assert hide.detail["hide"]["hidden"] is False


def test_the_thrown_axe_is_14_by_the_formula_not_the_text_s_13(tmp_path: Path) -> None:
    """RULINGS F6: the text adds 12 + 0 + 1 = 13 and leaves out the level; by the
    formula the thrown axe totals 14; both hit AC 13, and 1d6 + 5 kills the mugger at
    1 HP even with a 1."""
    events = _played(tmp_path)
    axe = _by(events, "attack Ottvar Mugger with throwing-axe thrown roll 12 damage roll 1")
    assert axe.detail["attack"]["total"] == 14
    assert 12 + 0 + 1 == axe.detail["attack"]["ac"] == 13  # the text: "exactly the thief's AC"
    assert axe.detail["damage"]["total"] == 1 + 5
    assert axe.detail["harm"]["condition"] == "dead"
