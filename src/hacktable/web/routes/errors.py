"""Refusals as the web table answers them: one clear line, as JSON (issue 12 §4)."""

from __future__ import annotations

from fastapi.responses import JSONResponse

__all__ = ["refused"]


def refused(message: str, status: int) -> JSONResponse:
    """``{"error": message}`` with the HTTP ``status``."""
    return JSONResponse({"error": message}, status_code=status)
