"""Magic at the table: ``memorise`` (``memorize``, :mod:`.memorise`), ``cast``
(:mod:`.cast`; from a slot, :mod:`.casting_table`; its targets and durations,
:mod:`.spell_targets`; a ritual, :mod:`.ritual`) and what they share (:mod:`.caster`)
(redhack: Spellcasting; Exploration & Dungeons > Magic; RULINGS R19, R25-R27, R33, R34;
docs/rulings.md H160-H167, H173, H174, H244-H246). ``cure`` and ``pray`` are
:mod:`.prayer`. Importing this module registers ``memorise`` and ``cast`` and keeps
every name it had before it was split."""

from __future__ import annotations

# memorise registers before cast, as when they were one module
from .memorise import MemoriseIntent  # isort: skip
from .cast import CastIntent  # isort: skip
from .caster import set_slots, spell_level, spend_action
from .spell_targets import EFFECTS, heal_with

__all__ = [
    "EFFECTS",
    "CastIntent",
    "MemoriseIntent",
    "heal_with",
    "set_slots",
    "spell_level",
    "spend_action",
]
