"""QR codes of the web table's links, for phones at the same table (issue 12 §1): as
SVG for the GM's page and as text for the terminal, drawn by ``segno`` (pure Python)."""

from __future__ import annotations

import io

import segno

__all__ = ["qr_svg", "qr_text"]


def qr_svg(link: str) -> str:
    """An inline ``<svg>`` of ``link``'s QR code."""
    return str(segno.make(link, error="m").svg_inline(scale=4))


def qr_text(link: str) -> str:
    """``link``'s QR code drawn in block characters, for a terminal."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True)
    return out.getvalue()
