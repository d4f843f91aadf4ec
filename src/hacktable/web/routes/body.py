"""A POST's JSON body, read with a bound (issue 12 §4: every input has the console's
limits): a body over :data:`MAX_BODY` bytes is refused with 413 before more of it is
read, so no one signed in can make the server hold a body of any size."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from .errors import refused

__all__ = ["MAX_BODY", "BodyTooLargeError", "json_body", "too_large"]

MAX_BODY = 16_384
"""The largest body a POST may carry, in bytes (docs/rulings.md H690): a command line
of 1,000 characters (H615) is at most 12,000 bytes however JSON writes it (an escaped
character beyond the BMP, ``\\ud83d\\ude00``, is 12)."""


class BodyTooLargeError(ValueError):
    """A body over :data:`MAX_BODY` bytes."""


async def json_body(request: Request) -> Any:
    """The request's body read as JSON, at most :data:`MAX_BODY` bytes of it.

    Raises:
        BodyTooLargeError: the body is longer (by its Content-Length, or as it arrives).
        ValueError: it is no JSON (or no UTF-8).
    """
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise BodyTooLargeError(declared)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BodyTooLargeError(str(len(data)))
    return json.loads(bytes(data))


def too_large() -> Response:
    """The refusal of a body over :data:`MAX_BODY` bytes (413, one line)."""
    return refused(f"a request's body is at most {MAX_BODY:,} bytes", 413)
