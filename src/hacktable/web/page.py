"""The table's pages, one per role (issue 12 §2): plain HTML, CSS and JavaScript
files in ``static/`` shipped with the package (no framework, no CDN).

``static/page.html`` holds every part of the page; a part for some roles only is
marked ``<!--roles gm player-->...<!--/roles-->`` and :func:`page_for` keeps it for
those roles alone (the observer's page has no command box; only the GM's has the
"Players" section). What a principal may do is still the command layer's to decide:
leaving a box out is for clarity, not protection (docs/rulings.md H633).
"""

from __future__ import annotations

import html
import re
from functools import cache
from importlib import resources

from ..play.principal import Principal

__all__ = ["STATIC", "page_for", "static_file"]

STATIC = {"table.js": "text/javascript", "table.css": "text/css"}
"""The files ``/t/{table}/static/NAME`` serves, with their media types."""

_PART = re.compile(r"<!--roles ([a-z ]+)-->(.*?)<!--/roles-->\n?", re.DOTALL)


@cache
def _text(name: str) -> str:
    return (resources.files("hacktable.web") / "static" / name).read_text(encoding="utf-8")


def static_file(name: str) -> tuple[str, str]:
    """The text of the static file ``name`` (one of :data:`STATIC`) and its media type."""
    return _text(name), STATIC[name]


def page_for(principal: Principal) -> str:
    """The page ``principal`` is served: the parts for their role, their name shown."""
    role = principal.role.value

    def part(match: re.Match[str]) -> str:
        return match.group(2) if role in match.group(1).split() else ""

    page = _PART.sub(part, _text("page.html"))
    shown = "" if principal.name == role else role  # (an observer is named "observer")
    return page.replace("{{who}}", html.escape(principal.name)).replace("{{role}}", shown)
