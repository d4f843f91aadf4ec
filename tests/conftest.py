"""Fixtures for every test folder: ``backend`` (each backend in turn) and ``postgres``
(a fresh database); see :mod:`tests.store.backends`."""

from __future__ import annotations

from .store.backends import backend, postgres

__all__ = ["backend", "postgres"]
