"""Sorcery: casting a spell, its price paid with the Doom die (docs/rulings.md H124-H126).

The combat chapter names casting as one of a turn's actions (2.1.2) and leaves sorcery
to the rest of the book. hacktable's ruling: a character can cast when a background or
gift of theirs has a ``sorcery`` effect; they know the sorceries those gifts teach. To
cast, the Doom die is rolled first, the price whatever happens (a Doomed character has
no die and cannot cast unless the ``doomed-actions`` setting allows it, RULINGS B2);
then the sorcery attribute is tested as the caster stands after paying (Doomed by the
price: disadvantage). A success works the spell and rolls its damage die (the die's
maximum and another die on a critical success, 2.1.3); a critical failure rolls the
Doom die again (RULINGS B2) and the sorcery mishap table. Casting never reads the fight:
the damage and the attribute a targeted character defends with are reported, and the
fight's commands apply them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ...errors import RuleError
from ...rules.resolution import Critical, TestOdds, TestRequest, TestResult
from ..base import TableOutcome, TestOptions
from ..tables import roll_outcome
from . import core, effects, sources
from .character import Character
from .content.index import Content
from .content.schemas import Spell
from .damage import DamageRoll, roll_damage
from .doom import DoomRoll, require_doom, roll_doom

__all__ = ["MISHAP_TABLE", "Casting", "cast", "casting_attribute", "spells_known"]

MISHAP_TABLE = "sorcery-mishap"
"""The table a critical failure while casting is read on (docs/rulings.md H126)."""


def spells_known(content: Content, character: Character) -> tuple[Spell, ...]:
    """The sorceries the character knows: those their gifts teach, granted by a
    background or chosen, in the order of the spell list (docs/rulings.md H124)."""
    taught = {s for g in effects.gift_ids(content, character) for s in content.gift(g).spells}
    return tuple(spell for spell in content.spells if spell.id in taught)


def casting_attribute(content: Content, character: Character, spell: Spell) -> str | None:
    """The attribute ``character`` tests to cast ``spell``: the spell's own, else that
    of the sorcery gift that teaches it (a pact's CHA, a scroll's INT), else their
    sorcery's; ``None``: they have no sorcery (docs/rulings.md H124)."""
    if spell.attribute is not None:
        return spell.attribute
    for gift_id in effects.gift_ids(content, character):
        gift = content.gift(gift_id)
        if spell.id in gift.spells:
            for effect in gift.effects:
                if effect.kind == "sorcery" and effect.attribute:
                    return effect.attribute
    return effects.sorcery_attribute(content, character)


@dataclass(frozen=True, slots=True)
class Casting:
    """A spell cast, and everything it rolled.

    Attributes:
        character: the caster afterwards (their Doom die as the rolls left it).
        spell: the sorcery.
        target: whom or what it was cast at, as named (``None``: no target named).
        price: the Doom roll paid to cast (``None``: the caster was Doomed and the
            ``doomed-actions`` setting let them cast without a die).
        request: the casting test.
        odds: its exact odds, shown before the roll.
        result: the test as rolled.
        damage: the spell's damage on a success, if it deals any.
        mishap_doom: the Doom roll after a critical failure (``None``: none, or no die
            left to roll).
        mishap: the sorcery mishap table's entry after a critical failure.
    """

    character: Character
    spell: Spell
    target: str | None
    price: DoomRoll | None
    request: TestRequest
    odds: TestOdds
    result: TestResult
    damage: DamageRoll | None
    mishap_doom: DoomRoll | None
    mishap: TableOutcome | None

    @property
    def worked(self) -> bool:
        """Whether the spell took effect (the test succeeded)."""
        return self.result.success

    def detail(self) -> dict[str, Any]:
        """The casting as an event's detail: every die, what was kept and why."""
        found: dict[str, Any] = {
            "spell": self.spell.id,
            "target": self.target,
            "attribute": self.request.attribute,
            "defend": self.spell.defend,
            "price": _doom_detail(self.price),
            "test": {
                "score": self.result.score,
                "advantages": list(self.request.advantages),
                "disadvantages": list(self.request.disadvantages),
                "faces": list(self.result.faces),
                "kept": self.result.kept,
                "success": self.result.success,
                "critical": self.result.critical.value,
                "odds": self.odds.percentages(),
            },
            "damage": None,
            "mishap_doom": _doom_detail(self.mishap_doom),
            "mishap": None if self.mishap is None else dict(self.mishap.detail),
        }
        if self.damage is not None:
            found["damage"] = {
                "die": self.damage.die,
                "rolls": list(self.damage.rolls),
                "kept": list(self.damage.kept),
                "total": self.damage.total,
            }
        return found


def _doom_detail(roll: DoomRoll | None) -> dict[str, Any] | None:
    if roll is None:
        return None
    return {
        "why": roll.why,
        "before": str(roll.roll.before),
        "rolls": list(roll.roll.rolls),
        "kept": roll.roll.kept,
        "after": str(roll.roll.after),
        "doomed": roll.doomed,
    }


def _spell_of(content: Content, character: Character, name: str) -> Spell:
    """The known sorcery ``name`` means.

    Raises:
        UnknownNameError: no such sorcery.
        RuleError: the character does not know it.
    """
    spell = content.spell(name)
    known = spells_known(content, character)
    if spell not in known:
        names = ", ".join(s.name for s in known) or "none"
        raise RuleError(
            f"{character.name} does not know {spell.name} (they know: {names}; "
            "docs/rulings.md H124)"
        )
    return spell


def cast(
    content: Content,
    character: Character,
    spell_name: str,
    rng: random.Random,
    *,
    options: TestOptions | None = None,
    doomed_actions: object = "forbidden",
    target: str | None = None,
) -> Casting:
    """Cast ``spell_name`` (docs/rulings.md H124-H126; RULINGS B1, B2).

    Args:
        content: the ruleset's content.
        character: the caster.
        spell_name: the sorcery's id or name.
        rng: the random source (RULINGS G1): the Doom die, the test's d20, then the
            damage die, or the second Doom die and the mishap table's d6.
        options: the GM's sources of advantage and disadvantage, a bonus.
        doomed_actions: the campaign's ``doomed-actions`` setting (RULINGS B2).
        target: whom or what the spell is cast at, as named.

    Raises:
        RuleError: the character cannot cast (no sorcery, dead, Helpless, Doomed) or
            does not know the sorcery.
        UnknownNameError: no such sorcery.
    """
    name = character.name
    if effects.sorcery_attribute(content, character) is None:
        raise RuleError(
            f"{name} has no sorcery: a background or gift grants it (docs/rulings.md H124)"
        )
    if character.dead:
        raise RuleError(f"{name} is dead")
    if character.helpless:
        raise RuleError(f"{name} is Helpless and can only talk feebly (2.1.12)")
    spell = _spell_of(content, character, spell_name)
    attribute = casting_attribute(content, character, spell)
    assert attribute is not None  # they have sorcery
    require_doom(character, "cast sorcery", doomed_actions)
    price = None if character.doomed else roll_doom(character, "sorcery", rng)
    caster = character if price is None else price.character
    purpose = f"to cast {spell.name}" + (f" at {target}" if target else "")
    request = sources.character_test(
        content, caster, attribute, options or TestOptions(), use="cast"
    ).replace(purpose=purpose)
    critical = effects.critical_range(content, caster, "cast")
    odds = core.odds(request, critical)
    result = core.resolve(request, rng, critical)
    damage = mishap_doom = mishap = None
    if result.success and spell.damage is not None:
        damage = roll_damage(spell.damage, rng, critical=result.critical is Critical.SUCCESS)
    elif result.critical is Critical.FAILURE:
        if not caster.doomed:
            mishap_doom = roll_doom(caster, "critical failure", rng)
            caster = mishap_doom.character
        mishap = roll_outcome(content.table(MISHAP_TABLE), rng)
    return Casting(caster, spell, target, price, request, odds, result, damage, mishap_doom, mishap)
