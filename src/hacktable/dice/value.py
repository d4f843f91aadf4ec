"""A base for the dice package's small immutable values.

The dice values (parsed notation, rolled results, limits) are built on the cold path
of ``hacktable roll``, which must start in at most three times a bare Python (issue 2's
target). Importing :mod:`dataclasses` alone costs more than that budget (it imports
:mod:`inspect`), so these classes use ``__slots__`` and this base instead: fields are set
once in ``__init__`` through :meth:`Value._set`, and equality, hashing and ``repr``
come from the slots, as a frozen dataclass's would. Everywhere else hacktable uses
frozen dataclasses.
"""

from __future__ import annotations

__all__ = ["Value"]


class Value:
    """An immutable value: no attribute can be set or deleted after ``__init__``."""

    __slots__ = ()

    def _set(self, **fields: object) -> None:
        """Set fields; only for ``__init__``."""
        for field, value in fields.items():
            object.__setattr__(self, field, value)

    def _fields(self) -> tuple[object, ...]:
        slots: tuple[str, ...] = self.__slots__
        return tuple(getattr(self, field) for field in slots)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._fields()))

    def __repr__(self) -> str:
        slots: tuple[str, ...] = self.__slots__
        fields = ", ".join(f"{field}={getattr(self, field)!r}" for field in slots)
        return f"{type(self).__name__}({fields})"
