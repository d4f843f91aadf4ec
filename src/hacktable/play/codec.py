"""JSON forms of state values, for events and the store.

Values go into the log as plain JSON (``to_json``) and come back typed and validated
(``from_json``), via msgspec.
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from ..errors import HacktableError

__all__ = ["DecodeError", "from_json", "to_json"]

T = TypeVar("T")


class DecodeError(HacktableError, ValueError):
    """A stored value that does not decode to the expected type."""


def to_json(value: object) -> Any:
    """The JSON form of a frozen dataclass (or any value msgspec knows): only dicts,
    lists, strings, numbers, booleans and None, exactly as the store reads it back."""
    return msgspec.json.decode(msgspec.json.encode(value))


def from_json(kind: type[T], data: Any) -> T:
    """Decode the JSON form ``data`` into ``kind``.

    Raises:
        DecodeError: ``data`` does not fit ``kind``.
    """
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as error:
        raise DecodeError(f"stored {kind.__name__} does not decode: {error}") from error
