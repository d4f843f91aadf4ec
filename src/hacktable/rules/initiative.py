"""An ordered initiative: every combatant rolls d20 + modifier, highest first.

fantasy-hack Part III ("rolling a d20 and adding the DEX to that roll for all
combatants. The highest result goes first ... With any ties, the opponent with the
highest DEX should go first"; RULINGS F3: "ties go to the higher DEX, then a roll-off
that never changes the shown total"; the order is kept for the fight) and skill-die's
plain tracker (S5: d20 + DEX modifier). The tie key is the caller's (the DEX score, or
the modifier where a ruleset has no score); a roll-off among combatants still tied
rolls one d20 each, again among any still tied, and only orders them: every shown
total stays the d20 + modifier.

>>> import random
>>> order = roll_initiative([Combatant("Ottvar", 0), Combatant("Mugger", 3)], random.Random(7))
>>> order.names
('Ottvar', 'Mugger')
>>> print(order.explanation)
initiative: Ottvar d20 11 = 11; Mugger d20 5 + 3 = 8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .checks.common import shown

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Iterable

__all__ = ["Combatant", "Initiative", "InitiativeRoll", "roll_initiative"]

_MAX_ROLL_OFFS = 100  # a guard only: the chance of 100 tied roll-offs is nil


@dataclass(frozen=True, slots=True)
class Combatant:
    """One combatant to place in the order.

    Attributes:
        name: as shown (unique in one initiative).
        modifier: added to the d20 (fantasy-hack: the DEX modifier, F3).
        tie_key: breaks equal totals, higher first (the DEX score); ``None``: the
            modifier.
    """

    name: str
    modifier: int
    tie_key: int | None = None

    @property
    def key(self) -> int:
        """The tie key in use."""
        return self.modifier if self.tie_key is None else self.tie_key


@dataclass(frozen=True, slots=True)
class InitiativeRoll:
    """One combatant's place.

    Attributes:
        combatant: who.
        face: the d20 face.
        total: ``face + modifier``: the shown total, which a roll-off never changes.
        roll_offs: the roll-off faces, in order (``()`` if no roll-off was needed).
        place: 1 for the first to act.
        why: how the place was settled against the one before (``""`` for the
            first, ``"higher total"``, ``"higher DEX 14 > 12"``, ``"roll-off 17 > 4"``).
    """

    combatant: Combatant
    face: int
    total: int
    roll_offs: tuple[int, ...]
    place: int
    why: str

    @property
    def faces(self) -> tuple[int, ...]:
        """Every die this combatant rolled, the initiative die first."""
        return (self.face, *self.roll_offs)

    def describe(self, after: str = "") -> str:
        """``"Mugger d20 4 + 3 = 7"``, with any roll-off and the tie it settled; with
        ``after`` (the one before in the order) the tie names them: ``"[after Tess:
        higher DEX 18 > 10]"`` (docs/rulings.md H480)."""
        text = f"{self.combatant.name} d20 {self.face} = {self.total}"
        if self.combatant.modifier:
            text = f"{self.combatant.name} d20 {shown(self.face, self.combatant.modifier)}"
        if self.roll_offs:
            text += f" (roll-off {', '.join(map(str, self.roll_offs))})"
        if self.why and self.why != "higher total":
            text += f" [after {after}: {self.why}]" if after else f" [{self.why}]"
        return text


@dataclass(frozen=True, slots=True)
class Initiative:
    """The order for a fight, first to act first (F3: kept for the fight).

    Attributes:
        order: every combatant's roll, in acting order.
        tie_name: what the tie key is called in explanations (``"DEX"``).
        dice: every d20 in the order drawn: each combatant's in the order given, then
            each roll-off round's.
    """

    order: tuple[InitiativeRoll, ...]
    tie_name: str = "DEX"
    dice: tuple[int, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        """The combatants' names in acting order."""
        return tuple(roll.combatant.name for roll in self.order)

    @property
    def explanation(self) -> str:
        """One line: ``"initiative: Ottvar d20 8 = 8; Mugger d20 4 + 3 = 7"``."""
        return "initiative: " + "; ".join(roll.describe() for roll in self.order)

    def roll_of(self, name: str) -> InitiativeRoll:
        """The roll of the combatant called ``name``.

        Raises:
            UnknownNameError: no combatant has that name.
        """
        for roll in self.order:
            if roll.combatant.name == name:
                return roll
        from ..errors import UnknownNameError

        raise UnknownNameError("combatant", name, list(self.names))


def _d20(rng: random.Random, drawn: list[int]) -> int:
    face = rng.randrange(20) + 1
    drawn.append(face)
    return face


def roll_initiative(
    combatants: Iterable[Combatant], rng: random.Random, tie_name: str = "DEX"
) -> Initiative:
    """Roll initiative for every combatant and order them (F3, S5).

    The d20s are drawn in the order the combatants are given; then each group still
    tied on total and tie key rolls off, one d20 each in the order given, again among
    any still tied, until every place is settled.

    Args:
        combatants: who fights (names unique).
        rng: the random source (RULINGS G1); only ``randrange`` is called.
        tie_name: the tie key's name for explanations.

    Raises:
        RuleError: no combatants, or two share a name.
    """
    from ..errors import RuleError

    people = list(combatants)
    if not people:
        raise RuleError("initiative needs at least one combatant")
    names = [person.name for person in people]
    if len(set(names)) != len(names):
        raise RuleError("initiative needs a different name for each combatant")
    drawn: list[int] = []
    faces = [_d20(rng, drawn) for _ in people]
    offs: list[list[int]] = [[] for _ in people]

    def rank(i: int) -> tuple[int, int]:
        return (faces[i] + people[i].modifier, people[i].key)

    groups = _tied_groups(sorted(range(len(people)), key=rank, reverse=True), rank)
    for _ in range(_MAX_ROLL_OFFS):
        if all(len(group) == 1 for group in groups):
            break
        settled: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                settled.append(group)
                continue
            for i in group:
                offs[i].append(_d20(rng, drawn))
            by_roll_off = sorted(group, key=lambda i: offs[i][-1], reverse=True)
            settled.extend(_tied_groups(by_roll_off, lambda i: (offs[i][-1], 0)))
        groups = settled
    else:  # pragma: no cover - 100 tied roll-offs in a row
        raise RuleError("initiative roll-offs did not settle")
    order = [group[0] for group in groups]
    rolls = []
    for place, i in enumerate(order, start=1):
        why = "" if place == 1 else _why(order[place - 2], i, faces, people, offs, tie_name)
        person = people[i]
        total = faces[i] + person.modifier
        rolls.append(InitiativeRoll(person, faces[i], total, tuple(offs[i]), place, why))
    return Initiative(tuple(rolls), tie_name, tuple(drawn))


def _tied_groups(ordered: list[int], key: Callable[[int], tuple[int, int]]) -> list[list[int]]:
    """Consecutive runs of ``ordered`` with the same ``key``."""
    groups: list[list[int]] = []
    last: tuple[int, int] | None = None
    for i in ordered:
        value = key(i)
        if groups and value == last:
            groups[-1].append(i)
        else:
            groups.append([i])
        last = value
    return groups


def _why(
    before: int,
    i: int,
    faces: list[int],
    people: list[Combatant],
    offs: list[list[int]],
    tie_name: str,
) -> str:
    """How ``i`` came after ``before``: a lower total, a lower tie key, or a roll-off."""
    if faces[before] + people[before].modifier != faces[i] + people[i].modifier:
        return "higher total"
    if people[before].key != people[i].key:
        return f"higher {tie_name} {people[before].key} > {people[i].key}"
    for mine, theirs in zip(offs[before], offs[i], strict=False):
        if mine != theirs:
            return f"roll-off {mine} > {theirs}"
    return "roll-off"  # pragma: no cover - a settled pair differs in a roll-off
