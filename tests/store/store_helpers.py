"""Helpers shared by the campaign store tests."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from hacktable.play.events import Change, Event


def sha256(path: Path) -> str:
    """The file's SHA-256, hex.

    Only for files this process holds no SQLite lock on: closing a descriptor drops
    every POSIX lock the process holds on the file.
    """
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder_listing(folder: Path) -> list[str]:
    """The names in ``folder``, sorted (to see that nothing was created or removed)."""
    return sorted(p.name for p in folder.iterdir())


def sample_events() -> list[Event]:
    """Events with nested JSON: unicode, None, bools, floats, nested lists, an undo."""
    goblin = {"name": "Gøblin “Snik”", "hp": 4, "tags": ["small", None, True], "ac": 12.5}
    return [
        Event(
            "character.new",
            actor="GM",
            summary="Ælfwynn the Cleric joins",
            detail={"class": "cleric", "stats": {"STR": 9, "WIS": 17}, "notes": None},
            changes=(Change("character", "ælfwynn", None, {"hp": 6, "items": [[1, 2], []]}),),
            command="new cleric Ælfwynn",
            session=1,
        ),
        Event(
            "test",
            actor="Ælfwynn",
            summary="WIS test: d20 → 7 under 17, pass 🎲",
            detail={"dice": "d20", "rolls": [7], "odds": 0.85, "advantage": False, "x": -0.0},
            session=1,
        ),
        Event(
            "monster.new",
            summary="a goblin appears",
            detail={"deep": {"a": [{"b": [None, 1e300, -(2**70), "\u0000\t\n"]}]}},
            changes=(
                Change("monster", "goblin", None, goblin),
                Change("setting", "light", "torch", "dark"),
            ),
            session=2,
        ),
        Event(
            "undo",
            summary="undo #3",
            changes=(Change("monster", "goblin", goblin, None),),
            command="undo",
            session=2,
            undoes=3,
        ),
    ]


def stored_form(events: list[Event], first_seq: int = 1) -> list[Event]:
    """``events`` with ``seq`` numbered from ``first_seq``, ``at`` and the hashes cleared."""
    return [
        replace(e, seq=first_seq + i, at="", prev_hash="", hash="") for i, e in enumerate(events)
    ]


def without_at(events: list[Event]) -> list[Event]:
    """``events`` with ``at`` (the time of storing) and the hashes (which cover it)
    cleared."""
    return [replace(e, at="", prev_hash="", hash="") for e in events]


def as_given(events: list[Event]) -> list[Event]:
    """``events`` with everything the store fills cleared: as they were appended."""
    return [replace(e, seq=0, at="", prev_hash="", hash="") for e in events]


def listing_but_wal(folder: Path) -> list[str]:
    """:func:`folder_listing` without SQLite's ``-wal`` and ``-shm`` files, checking that
    any ``-wal`` is empty: WAL mode needs them beside a file even to read it, and an
    empty one means nothing was written."""
    for wal in folder.glob("*-wal"):
        assert wal.stat().st_size == 0, f"{wal} holds {wal.stat().st_size} bytes"
    return [name for name in folder_listing(folder) if not name.endswith(("-wal", "-shm"))]


def run_python(code: str, *args: str, cwd: Path | None = None) -> subprocess.Popen[str]:
    """Start ``python -c code args...`` with this interpreter, stdin/stdout/stderr piped."""
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )


def integrity(path: Path) -> list[str]:
    """``PRAGMA integrity_check`` of ``path`` (``["ok"]`` when sound)."""
    connection = sqlite3.connect(path)
    try:
        return [str(row[0]) for row in connection.execute("PRAGMA integrity_check")]
    finally:
        connection.close()
