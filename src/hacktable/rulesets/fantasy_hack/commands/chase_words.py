"""The words of fantasy-hack's chase commands: the ``flee``, ``chase``, ``hide`` and
``mount`` intents, who may ask each, and their readers (fantasy-hack Part III "Combat";
RULINGS F5, G5; docs/rulings.md H393-H396). The commands are :mod:`.chase`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...grammar import Access, Args, Intent
from ...powers import FIGHTS

__all__ = [
    "ChaseIntent",
    "FleeIntent",
    "HideIntent",
    "MountIntent",
    "read_chase",
    "read_flee",
    "read_hide",
    "read_mount",
]


def _signed(args: Args, word: str) -> int | None:
    if word[:1] in "+-" and word[1:].isdigit():
        return args.to_int(word, "+N")
    return None


# -- intents -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FleeIntent(Intent):
    """A combatant tries to break away (F5).

    Attributes:
        runner: who flees (a character's name, a foe's key or name).
        pursuer: who they are engaged with (``None``: the only living opponent).
        modifier: the situation's +N to the one fleeing.
        roll: the two d20s entered, the one fleeing's first (G5).
    """

    runner: str
    pursuer: str | None = None
    modifier: int = 0
    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """The runner's player (a foe's flight is the GM's)."""
        return Access.play(self.runner, what="flee")

    def entered(self) -> tuple[int, ...]:
        """The d20s entered."""
        return self.roll


@dataclass(frozen=True, slots=True)
class ChaseIntent(Intent):
    """``chase``: status (``action`` ``"status"``), ``round``, ``end``, or a pursuer's
    name giving chase (``"give"``).

    Attributes:
        action: ``status``, ``give``, ``round`` or ``end``.
        name: the pursuer giving chase.
        modifiers: ``(side, +N)`` situational modifiers of a round (the barrels' -3).
        roll: the d20s entered: fatigue checks first (the one fleeing's first), then
            the chase roll's two (the one fleeing's first).
    """

    action: str = "status"
    name: str = ""
    modifiers: tuple[tuple[str, int], ...] = ()
    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """Status: anyone; giving chase: the pursuer's player; the rest the GM's."""
        if self.action == "status":
            return Access.read()
        if self.action == "give":
            return Access.play(self.name, what="chase")
        return Access.gm(FIGHTS, f"chase {self.action}")

    def entered(self) -> tuple[int, ...]:
        """The d20s entered."""
        return self.roll


@dataclass(frozen=True, slots=True)
class HideIntent(Intent):
    """The one fleeing hides (F5): Subterfuge + DEX against Subterfuge + MND.

    Attributes:
        runner: who hides (the chase's one fleeing).
        modifier: the situation's +N to the hider.
        roll: the hider's d20 then the seeker's (G5).
    """

    runner: str
    modifier: int = 0
    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """The hider's player (a foe's is the GM's)."""
        return Access.play(self.runner, what="hide")

    def entered(self) -> tuple[int, ...]:
        """The d20s entered."""
        return self.roll


@dataclass(frozen=True, slots=True)
class MountIntent(Intent):
    """A side of the chase mounts a willing horse (+10, Part III) or leaves it.

    Attributes:
        name: the side.
        off: leaves the mount.
    """

    name: str
    off: bool = False

    def access(self) -> Access:
        """The GM's: what is at hand in the scene."""
        return Access.gm(FIGHTS, "mount")


# -- readers -------------------------------------------------------------------------
def read_flee(args: Args) -> FleeIntent:
    runner = args.word("RUNNER")
    found: dict[str, Any] = {}
    while not args.empty:
        word = args.word("an option")
        signed = _signed(args, word)
        if signed is not None:
            found["modifier"] = found.get("modifier", 0) + signed
        elif word.lower() == "from":
            found["pursuer"] = args.word("the pursuer")
        elif word.lower() == "roll":
            found["roll"] = args.faces(args.word("the d20s rolled"))
        else:
            raise args.error(f"unexpected {word!r}: flee RUNNER [from PURSUER] [+N] [roll N,N]")
    return FleeIntent(runner, **found)


def read_chase(args: Args) -> ChaseIntent:
    first = args.optional()
    if first is None or first.lower() == "status":
        args.done()
        return ChaseIntent()
    if first.lower() == "end":
        args.done()
        return ChaseIntent("end")
    if first.lower() != "round":
        args.done()
        return ChaseIntent("give", first)
    modifiers: list[tuple[str, int]] = []
    roll: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("a side or 'roll'")
        if word.lower() == "roll":
            roll = args.faces(args.word("the d20s rolled"))
            continue
        amount = args.word(f"{word}'s +N or -N")
        signed = _signed(args, amount)
        if signed is None:
            raise args.error(f"{word} needs +N or -N, not {amount!r}: chase round [SIDE +N]...")
        modifiers.append((word, signed))
    return ChaseIntent("round", modifiers=tuple(modifiers), roll=roll)


def read_hide(args: Args) -> HideIntent:
    runner = args.word("RUNNER")
    modifier = 0
    roll: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("an option")
        signed = _signed(args, word)
        if signed is not None:
            modifier += signed
        elif word.lower() == "roll":
            roll = args.faces(args.word("the d20s rolled"))
        else:
            raise args.error(f"unexpected {word!r}: hide RUNNER [+N] [roll N,N]")
    return HideIntent(runner, modifier, roll)


def read_mount(args: Args) -> MountIntent:
    name = args.word("NAME")
    off = (args.optional() or "").lower() == "off"
    args.done()
    return MountIntent(name, off)
