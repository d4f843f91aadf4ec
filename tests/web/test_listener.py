"""The process's listening connection (web/listener.py; issue 13 §2: "the processes
reconnect by themselves"; docs/rulings.md H702, H703)."""

from __future__ import annotations

import threading

import pytest

from hacktable.web import listener


def test_the_listener_keeps_connecting_again_after_any_failure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """issue 13 §2: a failure that is not the database's own error (a driver's
    surprise) must not end the thread, or no notification ever arrives again."""
    attempts: list[int] = []
    again = threading.Event()

    def connect(*_args: object, **_kwargs: object) -> object:
        attempts.append(1)
        if len(attempts) >= 2:
            again.set()
        raise TypeError("an unexpected failure")

    monkeypatch.setattr(listener.psycopg, "connect", connect)
    monkeypatch.setattr(listener, "RETRY_SECONDS", 0.0)
    listening = listener.Listener(
        "postgresql://db.example/club", wake=lambda _c, _s: None, resumed=lambda: None
    ).start()
    try:
        assert again.wait(5)
    finally:
        listening.stop()
