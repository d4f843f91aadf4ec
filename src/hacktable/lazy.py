"""Names a package loads on first use (PEP 562), so importing it costs nothing until a
name is asked for: :mod:`hacktable.dice` (on ``hacktable roll``'s cold path) and
:mod:`hacktable.rules.checks` use it. Import-light: it imports only :mod:`importlib`.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

__all__ = ["lazy_names"]


def lazy_names(
    package: str, where: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A package's ``__getattr__`` and ``__dir__`` for names loaded on first use.

    Args:
        package: the package's ``__name__``.
        where: each name and the submodule (relative to ``package``) that defines it.
        namespace: the package's ``globals()``: a name, once loaded, is kept there.

    >>> names = {}
    >>> get, listing = lazy_names("hacktable.dice", {"roll": "roller"}, names)
    >>> get("roll").__name__, "roll" in names, listing()
    ('roll', True, ['roll'])
    """

    def getattr_(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *where})

    return getattr_, dir_
