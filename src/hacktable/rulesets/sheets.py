"""Character sheets in and out, for every ruleset (issue 10 §5; docs/rulings.md H209):
a Markdown sheet a player can print or paste, and a JSON document that reads back into
exactly the same character, built on the ruleset contract (``character_type``, the
codec of :mod:`hacktable.play.codec`, ``character_sheet``)."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from ..errors import RuleError
from ..play.character import Character
from ..play.codec import from_json, to_json
from ..play.state import CampaignState
from .base import Ruleset

__all__ = ["FORMAT", "VERSION", "SheetFile", "read_sheet", "sheet_json", "sheet_markdown"]

FORMAT = "hacktable-character"
"""The ``format`` of a character's JSON sheet."""

VERSION = 1
"""The version of that format."""


class SheetFile(msgspec.Struct, forbid_unknown_fields=True):
    """The shape of a character's JSON sheet.

    Attributes:
        format: :data:`FORMAT`.
        version: :data:`VERSION`.
        ruleset: the ruleset id the character is of.
        character: the character, as the campaign stores it.
    """

    format: str
    version: int
    ruleset: str
    character: dict[str, Any]


def sheet_json(ruleset: Ruleset[Any], character: Character) -> str:
    """``character``'s JSON sheet (pretty, one key a line; a trailing newline)."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": ruleset.id,
        "character": to_json(character),
    }
    return json.dumps(body, indent=2, ensure_ascii=False) + "\n"


def sheet_markdown(
    ruleset: Ruleset[Any], character: Character, state: CampaignState, owner: str | None
) -> str:
    """``character``'s sheet in Markdown: a heading, who plays them, and the whole sheet
    and status as the console shows them (kept in a text block, so columns stay)."""
    lines = [f"# {character.name}", "", f"*{ruleset.title}* character sheet"]
    if owner:
        lines.append(f"played by {owner}")
    body = [
        *ruleset.character_sheet(character, state),
        *ruleset.status_lines(character, state),
    ]
    lines += ["", "```text", *body, "```", ""]
    return "\n".join(lines)


def read_sheet(ruleset: Ruleset[Any], text: str, where: str) -> Character:
    """The character a JSON sheet holds, for a campaign of ``ruleset``.

    Args:
        ruleset: the campaign's ruleset.
        text: the file's text.
        where: the file, for the error lines.

    Raises:
        RuleError: not JSON, not a character sheet, or one that does not decode into
            the ruleset's character (one line naming what is wrong).
        UnknownNameError: the sheet's ruleset is none hacktable knows (naming those
            it knows).
    """
    from . import get_ruleset

    try:
        sheet = msgspec.json.decode(text.encode(), type=SheetFile)
    except msgspec.DecodeError as error:
        if isinstance(error, msgspec.ValidationError):
            raise RuleError(f"{where} is not a hacktable character sheet: {error}") from None
        raise RuleError(f"{where} is not JSON: {error}") from None
    if sheet.format != FORMAT:
        raise RuleError(f"{where} is not a hacktable character sheet (format {sheet.format!r})")
    if sheet.version != VERSION:
        raise RuleError(
            f"{where} is a version {sheet.version} sheet: this hacktable reads {VERSION}"
        )
    if sheet.ruleset != ruleset.id:
        get_ruleset(sheet.ruleset)  # UnknownNameError names the rulesets there are
        raise RuleError(f"{where} is a {sheet.ruleset} character: this campaign plays {ruleset.id}")
    try:
        character = from_json(ruleset.character_type, sheet.character)
    except (ValueError, TypeError) as error:
        raise RuleError(f"{where} does not hold a {ruleset.id} character: {error}") from None
    if character.ruleset != ruleset.id:
        raise RuleError(f"{where}'s character is of {character.ruleset}, not {ruleset.id}")
    problem = ruleset.sheet_problem(character)
    if problem:
        raise RuleError(f"{where} does not hold a {ruleset.id} character: {problem}")
    return character
