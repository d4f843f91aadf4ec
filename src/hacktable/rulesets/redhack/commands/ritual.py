"""``cast NAME SPELL ritual``: a Ritual Caster's spell or prayer of level 1-2 from the
book, with no slot and no casting table, taking 10 minutes per level on the campaign's
clock (redhack: Character Creation > 3. Backgrounds > Ritual Caster; docs/rulings.md
H245, H246). The rules are :mod:`..magic.ritual`; the spell's targets and duration are
:func:`.magic` 's, after the time has passed."""

from __future__ import annotations

from ....errors import RuleError
from ....rules.words import counted
from ..actors import incapacitated
from ..content.spells import Spell
from ..magic.ritual import check_ritual, ritual_half_ticks, ritual_minutes
from ..techniques import is_ritual_caster
from .act import Act

__all__ = ["cast_ritual"]


def cast_ritual(act: Act, name: str, spell: Spell) -> bool:
    """Perform the ritual of ``spell``: check it may be, let its minutes pass (in a
    dungeon as ticks, with the torch checks and encounter checks that fall due; else on
    the party's clock) and say so. An encounter that stops the clock breaks the ritual
    off (H245).

    Returns:
        Whether the ritual was finished (the spell takes effect).

    Raises:
        RuleError: in a fight, dead or incapacitated, or :func:`..magic.ritual.check_ritual`.
    """
    character = act.character(name)
    if act.fight is not None:
        raise RuleError(
            f"a ritual takes {ritual_minutes(max(1, spell.level))} minutes: not in a fight "
            "(redhack: Backgrounds > Ritual Caster; H245)"
        )
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    condition = incapacitated(character)
    if condition is not None:
        raise RuleError(f"{character.name} is {condition}: no ritual")
    check_ritual(character, spell, is_ritual_caster(character))
    minutes = ritual_minutes(spell.level)
    act.say(
        f"{character.name} casts {spell.name} as a ritual: {minutes} minutes, no slot, no "
        "casting roll (Ritual Caster)"
    )
    party = act.party()
    detail: dict[str, object] = {"minutes": minutes}
    if party.environment == "dungeon":
        from .explore import pass_ticks

        tick = int(act.session.setting("tick-minutes"))
        half_ticks = ritual_half_ticks(minutes, tick)
        act.say(f"  {counted(half_ticks / 2, 'tick')} of {tick} minutes pass", "muted")
        stopped = pass_ticks(act, half_ticks, tick)
        detail["half_ticks"] = half_ticks
        if stopped is not None:
            act.say(
                f"  the encounter breaks the ritual off after {counted(stopped / 2, 'tick')}: "
                f"{spell.name} is not cast (H245)",
                "warning",
            )
            detail["broken_off"] = True
            act.detail["ritual"] = detail
            return False
    else:
        from .explore import spell_effects

        act.set_party(act.party().later(minutes))
        spell_effects(act)
    act.detail["ritual"] = detail
    return True
