"""Refusals as the web table answers them: one clear line, as JSON (issue 12 §4); to a
browser opening a page (a join link, the table's page) the same line as a small page
(docs/rulings.md H682)."""

from __future__ import annotations

from html import escape

from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

__all__ = ["refused", "refused_page"]

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hacktable: {status}</title>
<style>body {{ font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; }}</style>
</head><body>
<h1 style="font-size: 1.3rem">hacktable</h1>
<p role="alert" class="error">{message}</p>
</body></html>
"""


def refused(message: str, status: int) -> JSONResponse:
    """``{"error": message}`` with the HTTP ``status``."""
    return JSONResponse({"error": message}, status_code=status)


def refused_page(request: Request, message: str, status: int) -> Response:
    """:func:`refused`, or for a browser that asks for HTML (a link opened) the line as
    a page, with the same ``status`` (docs/rulings.md H682)."""
    if "text/html" in request.headers.get("accept", ""):
        page = _PAGE.format(status=status, message=escape(message))
        return HTMLResponse(page, status_code=status, headers={"cache-control": "no-store"})
    return refused(message, status)
