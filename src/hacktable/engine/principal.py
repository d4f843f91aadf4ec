"""Principals, as the command layer knows them: see :mod:`hacktable.play.principal`."""

from __future__ import annotations

from ..play.principal import GM, NotAllowedError, Principal, Role

__all__ = ["GM", "NotAllowedError", "Principal", "Role"]
