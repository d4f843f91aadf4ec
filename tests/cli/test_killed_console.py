"""kill -9 of a console in the middle of a script loses at most the action in flight
(issue 8, section 5), on each backend: the campaign reopens, its hash chain is whole,
every command the console answered is in the log, and play goes on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from hacktable.engine.execute import CommandLayer
from hacktable.engine.session import Session

from ..store.backends import Backend

ROOT = Path(__file__).resolve().parents[2]


def test_a_console_killed_mid_script_loses_at_most_the_command_in_flight(
    backend: Backend,
) -> None:
    console = subprocess.Popen(
        [sys.executable, "-m", "hacktable", "play", "--campaign", backend.location, "--seed", "4"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    answered = 0
    try:
        assert console.stdin is not None
        assert console.stdout is not None
        console.stdin.write("character new Ola --class warrior --kit 1\n")
        for _ in range(400):  # more than it will get through before the kill
            console.stdin.write("hp Ola -1\nhp Ola +1\nroll 1d6\n")
        console.stdin.flush()
        for line in console.stdout:
            if "1d6: [" in line:  # a roll's result: printed once it is stored
                answered += 1
                if answered == 25:
                    break
        console.send_signal(signal.SIGKILL)  # mid-script: more commands are waiting
    finally:
        console.kill()
        console.communicate(timeout=60)  # (closes the pipes)
    assert console.returncode == -signal.SIGKILL
    with backend.open() as store:
        assert store.verify() is None  # nothing half-written
        actions = [event.action for event in store.events()]
        assert actions.count("roll") >= answered  # everything it answered was stored
        layer = CommandLayer(Session(store))  # reopens, and play goes on
        layer.run("hp Ola -1")
        assert store.verify() is None
        assert store.events()[-1].action == "hp"
