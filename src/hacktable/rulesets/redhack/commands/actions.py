"""Actions in a fight: ``attack`` (:mod:`.attack`), ``defend`` and ``parry``
(:mod:`.defend`), ``tricksy``, ``turn``, ``hide`` and ``bandage`` (:mod:`.tricks`),
``alert`` and ``smother`` (:mod:`.procedure`)
(redhack: Combat, Character Creation > 2. Class; RULINGS R6-R15). The ruleset lists
this module among its command modules; importing it registers the three families, in
that order."""

from __future__ import annotations

from . import attack, defend, procedure, tricks

__all__ = ["attack", "defend", "procedure", "tricks"]
