"""Load validated TOML rules-content files, with one-line errors that name the entry.

Rules content (classes, equipment, tables, ...) lives in TOML files inside a ruleset's
package. :func:`load_toml` reads one with :mod:`importlib.resources`, decodes it with
:mod:`tomllib` and converts it to typed, frozen values with :func:`msgspec.convert`.
Whatever goes wrong - a missing file, bad TOML, a wrong type, a missing or unknown
field - comes out as one :class:`~hacktable.errors.RulesDataError` whose ``entry``
names the entry at fault by its list position and ``id``, e.g. ``classes[2] (id
'wizard')``, and whose ``reason`` is the decoder's message.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar

import msgspec

from ..errors import DiceError, RulesDataError, UnknownNameError

__all__ = [
    "Named",
    "by_id_or_name",
    "decode_toml",
    "entry_label",
    "load_toml",
    "load_toml_file",
    "require_dice",
    "require_unique",
]

T = TypeVar("T")


class Named(Protocol):
    """An entry found by its id or its name."""

    @property
    def id(self) -> str:
        """Its id."""
        ...

    @property
    def name(self) -> str:
        """Its name."""
        ...


N = TypeVar("N", bound=Named)

_PATH = re.compile(r"\s+-\s+at\s+`(\$[^`]*)`\s*$")
_SEGMENT = re.compile(r"\.([^.\[\]]+)|\[(\d+|\.\.\.)\]")
_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")


def load_toml(package: str, filename: str, type: type[T]) -> T:
    """Read ``filename`` from ``package`` and decode it as ``type``.

    Args:
        package: dotted name of the package holding the file, e.g.
            ``"hacktable.rulesets.redhack.data"``.
        filename: the file's name inside the package, e.g. ``"classes.toml"``.
        type: the msgspec-convertible type of the whole file (usually a frozen
            ``msgspec.Struct`` with one field per top-level array).

    Returns:
        The decoded value.

    Raises:
        RulesDataError: the file is missing or unreadable, is not TOML, or does not
            match ``type``.
    """
    try:
        data = resources.files(package).joinpath(filename).read_bytes()
    except (OSError, ModuleNotFoundError) as error:
        raise RulesDataError(filename, "(file)", f"cannot read it: {error}") from error
    return decode_toml(data, filename, type)


def load_toml_file(path: Path, type: type[T]) -> T:
    """Read a TOML file from disk and decode it as ``type`` (as :func:`load_toml`).

    Raises:
        RulesDataError: as :func:`load_toml`; ``file`` is the file's name.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = f"cannot read it: {error.strerror or error}"
        raise RulesDataError(path.name, "(file)", reason) from error
    return decode_toml(data, path.name, type)


def decode_toml(data: bytes | str, file: str, type: type[T]) -> T:
    """Decode TOML text as ``type``.

    Args:
        data: the file's bytes (UTF-8) or text.
        file: the file's name, for errors.
        type: the type to convert the parsed document to.

    Returns:
        The decoded value.

    Raises:
        RulesDataError: not UTF-8 (entry ``(file)``), not TOML (entry ``line N``), or
            not ``type`` (entry named from the error's path, see :func:`entry_label`).
    """
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as error:
        raise RulesDataError(file, "(file)", f"not UTF-8 text: {error.reason}") from error
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _LINE.search(message)
        where = f"line {found.group(1)}" if found else "(file)"
        raise RulesDataError(file, where, f"not valid TOML: {message}") from error
    try:
        return msgspec.convert(raw, type=type)
    except msgspec.ValidationError as error:
        message = " ".join(str(error).split())
        found = _PATH.search(message)
        entry = _entry_from_path(raw, found.group(1)) if found else "(top level)"
        raise RulesDataError(file, entry, message) from error


def _entry_from_path(raw: Any, path: str) -> str:
    """Name the entry an error path points into: the path up to its last list index
    that holds an entry (a TOML table), each entry followed by its id (or name)."""
    label = ""
    last_index_end = 0
    node: Any = raw
    for match in _SEGMENT.finditer(path):
        key, index = match.group(1), match.group(2)
        if key is not None:
            label += ("." if label else "") + key
            node = node.get(key) if isinstance(node, dict) else None
            continue
        if index == "...":
            label += "[...]"
            node = None
            last_index_end = len(label)
            continue
        position = int(index)
        label += f"[{position}]"
        node = node[position] if isinstance(node, list) and position < len(node) else None
        if isinstance(node, dict):  # an entry (a TOML table), not a value in a list
            for field in ("id", "name"):
                value = node.get(field)
                if isinstance(value, str):
                    label += f" ({field} {value!r})"
                    break
            last_index_end = len(label)
    if last_index_end:
        return label[:last_index_end]
    return label or "(top level)"


def entry_label(path: str, entry_id: str | None = None) -> str:
    """Name an entry for an error as the decoder does: ``classes[2] (id 'wizard')``.

    Args:
        path: where it is, e.g. ``"classes[2]"``.
        entry_id: its id, if it has one.
    """
    return path if entry_id is None else f"{path} (id {entry_id!r})"


def require_unique(file: str, section: str, ids: Iterable[str], what: str = "id") -> None:
    """Check that no id repeats within a section of a file.

    Args:
        file: the data file, for the error.
        section: the top-level array, e.g. ``"classes"``.
        ids: the ids in file order.
        what: the word for the key in the error (``"id"``, ``"name"``).

    Raises:
        RulesDataError: naming the second entry with a repeated id.
    """
    seen: dict[str, int] = {}
    for index, value in enumerate(ids):
        if value in seen:
            raise RulesDataError(
                file,
                entry_label(f"{section}[{index}]", value),
                f"duplicate {what} {value!r} (also {section}[{seen[value]}])",
            )
        seen[value] = index


def require_dice(file: str, where: str, field: str, expression: str) -> None:
    """Check that ``expression`` is a dice expression.

    Args:
        file: the data file, for the error.
        where: the entry (:func:`entry_label`).
        field: the entry's field that holds it, e.g. ``"damage"``.
        expression: what the field holds.

    Raises:
        RulesDataError: naming the entry and the field.
    """
    from ..dice.roller import parse_cached

    try:
        parse_cached(expression)
    except DiceError as error:
        raise RulesDataError(
            file, where, f"{field}: not a dice expression: {expression!r}"
        ) from error


def by_id_or_name(entries: Iterable[N], name: str, kind: str) -> N:
    """The entry of ``entries`` whose id or name is ``name`` (case and the spaces
    around it do not matter).

    Raises:
        UnknownNameError: no entry is called so (``kind``: what an entry is).
    """
    every = tuple(entries)
    key = name.casefold().strip()
    for entry in every:
        if key in (entry.id, entry.name.casefold()):
            return entry
    raise UnknownNameError(kind, name, tuple(e.name for e in every))
