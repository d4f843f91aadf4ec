"""Who is in a fight: the bookkeeping every ruleset's fight shares.

A fight holds the characters taking part (fighters), the opposition (foes) and the
opposition's groups, each as a tuple of frozen values with a ``key``. Finding one by
name, asking whether one is there, the members of a group, and copies with one of them
replaced are the same in every ruleset; :class:`Roster` gives them to a ruleset's own
frozen ``Fight`` dataclass (redhack's, black-sword-hack's), which declares the three
fields and adds its rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from ..errors import AmbiguousNameError, UnknownNameError
from ..play.character import fold

__all__ = ["Member", "Named", "Roster"]


class Named(Protocol):
    """A fighter or a group: a key and a name."""

    @property
    def key(self) -> str: ...

    @property
    def name(self) -> str: ...


class Member(Named, Protocol):
    """A foe: a key, a name and the key of its group."""

    @property
    def group(self) -> str: ...


FighterT = TypeVar("FighterT", bound=Named)
FoeT = TypeVar("FoeT", bound=Member)
GroupT = TypeVar("GroupT", bound=Named)


class Roster(Generic[FighterT, FoeT, GroupT]):
    """The lookups and copies of a fight's fighters, foes and groups (a mixin of a
    frozen dataclass that declares ``fighters``, ``foes`` and ``groups``).

    Class attributes name them in a ruleset's words, for the messages of an unknown
    name: :attr:`FOE_WORD` (``"foe"``, ``"opponent"``) and :attr:`GROUP_WORD`.
    """

    __slots__ = ()

    FOE_WORD: ClassVar[str] = "foe"
    GROUP_WORD: ClassVar[str] = "group"
    fighters: tuple[FighterT, ...]
    foes: tuple[FoeT, ...]
    groups: tuple[GroupT, ...]

    # -- lookups -------------------------------------------------------------------------
    def fighter(self, name: str) -> FighterT:
        """The fighter called ``name`` (case-insensitive).

        Raises:
            UnknownNameError: not in this fight.
        """
        key = fold(name)
        for fighter in self.fighters:
            if fighter.key == key:
                return fighter
        raise UnknownNameError("character in this fight", name, [f.name for f in self.fighters])

    def has_fighter(self, name: str) -> bool:
        """Whether a character called ``name`` takes part."""
        return any(f.key == fold(name) for f in self.fighters)

    def foe(self, name: str) -> FoeT:
        """The foe called ``name``: its key (``goblin-2``), its name (``Goblin 2``), or a
        unique prefix of its key.

        Raises:
            UnknownNameError: no foe matches; AmbiguousNameError (one) several do.
        """
        wanted = fold(name).replace(" ", "-")
        for foe in self.foes:
            if foe.key == wanted or fold(foe.name) == fold(name):
                return foe
        matches = [f for f in self.foes if f.key.startswith(wanted)]
        if len(matches) == 1:
            return matches[0]
        if matches and wanted:
            raise AmbiguousNameError(self.FOE_WORD, name, [f.key for f in matches])
        raise UnknownNameError(f"{self.FOE_WORD} in this fight", name, [f.key for f in self.foes])

    def has_foe(self, name: str) -> bool:
        """Whether ``name`` names exactly one foe."""
        try:
            self.foe(name)
        except UnknownNameError:
            return False
        return True

    def group(self, name: str) -> GroupT:
        """The group called ``name`` (key or name, case-insensitive).

        Raises:
            UnknownNameError: no such group.
        """
        wanted = fold(name)
        for group in self.groups:
            if group.key == wanted.replace(" ", "-") or fold(group.name) == wanted:
                return group
        raise UnknownNameError(self.GROUP_WORD, name, [g.key for g in self.groups])

    def has_group(self, name: str) -> bool:
        """Whether ``name`` names a group."""
        try:
            self.group(name)
        except UnknownNameError:
            return False
        return True

    def members(self, group: str) -> tuple[FoeT, ...]:
        """The foes of the group keyed ``group``."""
        return tuple(f for f in self.foes if f.group == group)

    # -- changes -------------------------------------------------------------------------
    def with_fighter(self, fighter: FighterT) -> Self:
        """A copy with ``fighter`` replacing the fighter of the same key."""
        kept = tuple(fighter if f.key == fighter.key else f for f in self.fighters)
        return self._copy(fighters=kept)

    def with_foe(self, foe: FoeT) -> Self:
        """A copy with ``foe`` replacing the foe with the same key."""
        return self._copy(foes=tuple(foe if f.key == foe.key else f for f in self.foes))

    def with_group(self, group: GroupT) -> Self:
        """A copy with ``group`` replacing the group with the same key."""
        return self._copy(groups=tuple(group if g.key == group.key else g for g in self.groups))

    def _copy(self, **changes: Any) -> Self:
        copied: Self = replace(self, **changes)  # type: ignore[type-var]
        return copied
