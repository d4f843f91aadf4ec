"""Exploring: ``where`` (:mod:`.where`), ``explore`` and ``tick`` (:mod:`.dungeon_time`),
``light``, ``douse`` and ``fire`` (:mod:`.lights`; the torch check,
:mod:`.light_sources`), ``encounters`` and ``check`` (:mod:`.encounters`; the tables
and checks, :mod:`.encounter_tables`), ``react`` (:mod:`.reactions`) and ``climb``
(:mod:`.climbing`) (redhack: Exploration & Dungeons; RULINGS R11, R16-R20). Importing
this module registers them in that order and keeps every name it had before it was
split."""

from __future__ import annotations

# where, explore, tick, light, douse, fire, encounters, check, react, climb register in
# that order, as when they were one module
from .where import Environment, WhereIntent, where_command  # isort: skip
from .dungeon_time import (  # isort: skip
    FAST_ROOMS_PER_TICK,
    TICK_ACTIONS,
    ExploreAction,
    ExploreIntent,
    TickIntent,
    explore_command,
    pass_ticks,
    tick_command,
)
from .lights import (  # isort: skip
    DouseIntent,
    FireIntent,
    LightIntent,
    douse_command,
    fire_command,
    light_command,
)
from .encounters import (  # isort: skip
    CheckIntent,
    EncountersIntent,
    check_command,
    encounters_command,
)
from .reactions import ReactIntent, react_command  # isort: skip
from .climbing import ClimbIntent, climb_command  # isort: skip
from .encounter_tables import encounter_for, location_table

# ritual.py imports it from here (lazily): an explicit re-export, though not in __all__
from .dungeon_time import spell_effects as spell_effects  # noqa: PLC0414  # isort: skip

__all__ = [
    "CheckIntent",
    "ClimbIntent",
    "DouseIntent",
    "EncountersIntent",
    "ExploreIntent",
    "FireIntent",
    "LightIntent",
    "ReactIntent",
    "TickIntent",
    "WhereIntent",
    "encounter_for",
    "location_table",
    "pass_ticks",
]

# importable from here as before the split, though not in __all__
_FORMER = (
    FAST_ROOMS_PER_TICK,
    TICK_ACTIONS,
    Environment,
    ExploreAction,
    check_command,
    climb_command,
    douse_command,
    encounters_command,
    explore_command,
    fire_command,
    light_command,
    react_command,
    spell_effects,
    tick_command,
    where_command,
)
