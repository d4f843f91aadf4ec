"""A base for hacktable's small immutable values on the one-shot commands' cold path.

``hacktable roll`` must start in at most three times a bare Python, and one-shot
``hacktable test`` and ``odds`` in at most five times (``benchmarks/cold_start.py``).
Importing :mod:`dataclasses` alone costs about a bare Python start (it imports
:mod:`inspect`, and with it :mod:`ast`, :mod:`dis` and :mod:`tokenize`), and making
each dataclass compiles its generated methods. So the values those commands build (the
dice package's notation, results and limits; the test values of
:mod:`hacktable.rules.resolution`; the neutral checks' values in
:mod:`hacktable.rules.checks`; the ruleset registry's entries) are plain classes with
``__slots__`` on this base instead, and behave as frozen slotted dataclasses do:

- fields are set once in ``__init__``, through :meth:`Value._set` or, in a value built
  on a hot path (a check's result, thousands a simulated fight), with
  ``object.__setattr__`` directly, as a frozen dataclass's generated ``__init__`` does
  (about 1.7 times faster than :meth:`Value._set`'s keyword arguments);
- any other assignment or deletion raises :class:`AttributeError`;
- equality (same class, equal fields), hashing and ``repr`` come from the fields;
- :meth:`Value.replace` makes a changed copy, as :func:`dataclasses.replace` does;
- :mod:`copy` and :mod:`pickle` work.

A class's fields are its ``__match_args__`` when it declares them (the constructor's
parameters, in order: as a dataclass's, they serve ``match`` statements and give the
``repr`` its order), otherwise its ``__slots__``. Slots not among the fields (a cache, a
precomputed hash) take no part in equality, hashing, ``repr`` or :meth:`Value.replace`.

We chose this over a record decorator of our own (a ``typing.dataclass_transform``
that generates the methods): the constructors here are written out, so mypy checks them
as they are, with no generated code to trust and nothing compiled at import time; the
price is a few lines of ``__init__`` per class. Everywhere off these paths hacktable
uses frozen dataclasses.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import ClassVar, Self

__all__ = ["Value"]


class Value:
    """An immutable value: no attribute can be set or deleted after ``__init__``."""

    __slots__ = ()

    _names: ClassVar[tuple[str, ...]] = ()
    """The fields: the class's ``__match_args__``, or its ``__slots__``."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        own = cls.__dict__
        cls._names = tuple(own.get("__match_args__", own.get("__slots__", cls._names)))

    def _set(self, **fields: object) -> None:
        """Set fields; only for ``__init__``."""
        for field, value in fields.items():
            object.__setattr__(self, field, value)

    def _fields(self) -> tuple[object, ...]:
        return tuple([getattr(self, field) for field in self._names])

    def replace(self, **changes: object) -> Self:
        """A copy of this value with ``changes`` made (field name to new value), built
        by the class's constructor from its fields, as :func:`dataclasses.replace` does
        (so the constructor's checks run again).

        Raises:
            TypeError: a change names no field of the class.
        """
        names = self._names
        for name in changes:
            if name not in names:
                raise TypeError(f"{type(self).__name__} has no field {name!r}")
        make: Callable[..., Self] = type(self)
        return make(**{name: changes.get(name, getattr(self, name)) for name in names})

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
        fields = ", ".join([f"{field}={getattr(self, field)!r}" for field in self._names])
        return f"{type(self).__name__}({fields})"

    def __getstate__(self) -> dict[str, object]:
        slots: tuple[str, ...] = self.__slots__
        return {slot: getattr(self, slot) for slot in slots if hasattr(self, slot)}

    def __setstate__(self, state: dict[str, object]) -> None:
        for slot, value in state.items():
            object.__setattr__(self, slot, value)
