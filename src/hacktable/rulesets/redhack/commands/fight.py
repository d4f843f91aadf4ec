"""Fight set-up and flow: ``fight start|add|status|end`` (:mod:`.fight_command`; the
start, :mod:`.fight_start`; the monsters, :mod:`.fight_add`; the status and the end,
:mod:`.fight_end`), ``init`` and ``next`` (:mod:`.fight_rounds`), ``hold``, ``move`` and
``block`` (:mod:`.fight_moves`) and ``flag`` (:mod:`.fight_flags`) (redhack: Combat;
RULINGS R5, R9, R12, R13, R31). Importing this module registers them in that order and
keeps every name it had before it was split."""

from __future__ import annotations

# fight, init, next, hold, move, block, flag register in that order, as when they were
# one module
from .fight_command import fight_command  # isort: skip
from .fight_rounds import InitIntent, NextIntent, init_command, next_command  # isort: skip
from .fight_moves import (  # isort: skip
    BlockIntent,
    HoldIntent,
    MoveIntent,
    block_command,
    hold_command,
    move_command,
)
from .fight_flags import (  # isort: skip
    FIGHT_FLAGS,
    FIGHTER_FLAGS,
    FOE_FLAGS,
    FOE_STATUSES,
    FlagIntent,
    flag_command,
)
from .fight_add import FightAddIntent, monsters_for
from .fight_end import FightEndIntent, FightStatusIntent, campaign_day, status_reply
from .fight_start import FightIntent, FightStartIntent

__all__ = [
    "BlockIntent",
    "FightAddIntent",
    "FightEndIntent",
    "FightIntent",
    "FightStartIntent",
    "FightStatusIntent",
    "FlagIntent",
    "HoldIntent",
    "InitIntent",
    "MoveIntent",
    "NextIntent",
    "campaign_day",
    "monsters_for",
]

# importable from here as before the split, though not in __all__
_FORMER = (
    FIGHT_FLAGS,
    FIGHTER_FLAGS,
    FOE_FLAGS,
    FOE_STATUSES,
    block_command,
    fight_command,
    flag_command,
    hold_command,
    init_command,
    move_command,
    next_command,
    status_reply,
)
