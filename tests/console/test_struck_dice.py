"""Dropped dice are struck through in a terminal, and keep their ``~~`` in plain text
(issue 10 §10; docs/rulings.md H213)."""

from __future__ import annotations

import io

from rich.console import Console

from hacktable.console.render import PlainPrinter, struck
from hacktable.play.outcome import Reply


def test_a_dropped_die_is_struck_not_tilded() -> None:
    line = struck("4d6kh3: [~~1~~, 3, 5, ~~2~~] -> 8", "cyan")
    assert line.plain == "4d6kh3: [1, 3, 5, 2] -> 8"
    assert [(s.start, s.end) for s in line.spans] == [(9, 10), (18, 19)]
    assert all("strike" in str(s.style) for s in line.spans)
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="standard").print(line)
    assert "~~" not in out.getvalue()
    assert "\x1b[" in out.getvalue()


def test_plain_text_keeps_the_tildes() -> None:
    out = io.StringIO()
    PlainPrinter(out).outcome(
        Reply().add("4d6kh3: [~~1~~, 3, 5, 6] -> 14").freeze("roll", "x", None)
    )
    assert out.getvalue() == "4d6kh3: [~~1~~, 3, 5, 6] -> 14\n"
