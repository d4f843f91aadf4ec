"""Fixtures for the store's tests: ``backend`` (each backend in turn) and ``postgres``
(a fresh database); see :mod:`.backends`."""

from __future__ import annotations

from .backends import backend, postgres

__all__ = ["backend", "postgres"]
