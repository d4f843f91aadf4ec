"""The interactive console in a real pseudo-terminal: prompt, Tab completion, guided
creation, quit. Reads wait on the terminal with deadlines (no sleeping)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hacktable.console.completion import candidates
from hacktable.engine.commands import CORE
from hacktable.rulesets import get_ruleset

from .conftest import Play

ROOT = Path(__file__).resolve().parents[2]
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


class Terminal:
    """A hacktable process on a pseudo-terminal."""

    def __init__(self, args: list[str], home: Path) -> None:
        self.master, slave = pty.openpty()
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT / "src"),
            "XDG_DATA_HOME": str(home),
            "TERM": "xterm",
            "PROMPT_TOOLKIT_NO_CPR": "1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hacktable", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.seen = b""

    def text(self) -> str:
        return ESCAPES.sub(b"", self.seen).decode(errors="replace")

    def expect(self, needle: str, count: int = 1, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while self.text().count(needle) < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                pytest.fail(f"timed out waiting for {needle!r}; saw:\n{self.text()[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:
                    break

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> int:
        code = self.process.wait(timeout=30)
        os.close(self.master)
        return code


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(["play", "--campaign", str(tmp_path / "c.db"), "--seed", "3"], tmp_path)
    yield term
    if term.process.poll() is None:
        term.process.kill()
        term.process.wait(timeout=30)


def test_prompt_completion_and_quit(terminal: Terminal, tmp_path: Path) -> None:
    terminal.expect("hacktable>")
    terminal.send("character new Aldric --class warrior --kit 1\r")
    terminal.expect("Features:")
    terminal.send("test Al\t")
    terminal.expect("test Aldric")  # Tab completed the character's name
    terminal.send(" STR\r")
    terminal.expect("=> ")
    terminal.send("rol 3d6\r")
    terminal.expect("did you mean 'roll'")  # an error, and the prompt comes back
    terminal.send("quit\r")
    assert terminal.close() == 0
    history = (tmp_path / "hacktable" / "history").read_text()
    assert "test Aldric STR" in history


def test_guided_creation_in_the_terminal(terminal: Terminal) -> None:
    terminal.expect("hacktable>")
    terminal.send("character new Mirela\r")
    terminal.expect("Press Enter")
    terminal.send("\r")
    terminal.expect("Swap two attributes?")
    terminal.send("INT CHA\r")
    terminal.expect("Class (")
    terminal.send("wizard\r")
    terminal.expect("Starting kit?")
    terminal.send("2\r")
    terminal.expect("Background")
    terminal.send("Apprentice of a hedge witch.\r")
    terminal.expect("advantage on")
    terminal.send("herbalism\r")
    terminal.expect("disadvantage on")
    terminal.send("\r")
    terminal.expect("spells for the book")  # a wizard's book: Enter rolls it (H159)
    terminal.send("\r")
    terminal.expect("Mirela - Wizard, level 1")
    terminal.send("quit\r")
    assert terminal.close() == 0


def test_another_writers_roll_appears_while_the_prompt_waits(
    terminal: Terminal, tmp_path: Path
) -> None:
    """Issue 12 §3 (docs/rulings.md H618): a browser's roll shows up in a console that
    is waiting at its prompt, with nothing typed (the console polls the log)."""
    from hacktable.engine.execute import CommandLayer
    from hacktable.engine.session import Session
    from hacktable.store import CampaignStore

    terminal.send("note the party waits\r")
    terminal.expect("the party waits")
    terminal.expect("hacktable>", count=2)
    with CampaignStore.open(tmp_path / "c.db", create=False) as store:
        CommandLayer(Session(store, source="web")).run("roll 3d6")
    terminal.expect("3d6: [")  # shown above the prompt, nothing typed
    terminal.send("quit\r")
    assert terminal.close() == 0


def test_candidates(party: Play) -> None:
    session = party.session
    assert "roll" in candidates(session, "ro")
    assert candidates(session, "test ") == ["Aldric", "Sly", "Tomas", "Mirela"]
    assert candidates(session, "test Sly ") == ["STR", "DEX", "CON", "INT", "WIS", "CHA"]
    assert "adv" in candidates(session, "test Sly DEX ")
    assert candidates(session, "usage Aldric T") == ["Torch"]
    assert "reactions" in candidates(session, "table re")
    assert "warrior" in candidates(session, "character new Bob --class ")
    assert candidates(session, "nonsense ") == []


def test_every_command_has_usage_and_summary() -> None:
    for cmd in (*CORE, *get_ruleset("redhack").command_set()):
        assert cmd.usage.startswith(cmd.name)
        assert cmd.summary
