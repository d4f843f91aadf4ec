"""The principal's view of the table (issue 12 §2): what ``GET /t/{table}/api/view``
answers, built by the command layer, never by the web (docs/rulings.md H106, H630).

The ruleset names the panels (:meth:`~hacktable.rulesets.base.Ruleset.table_panels`:
each a READ command) and the buttons (:meth:`~hacktable.rulesets.base.Ruleset.
table_actions`); each panel's command is run through :meth:`CommandLayer.run` as the
viewer, so the command layer alone decides what they may read. A panel whose command
is not a read is left out (a view never changes anything); one the viewer may not read
is left out; one whose command fails (no fight is going on) shows its one line muted.
"""

from __future__ import annotations

import re
from typing import Any

from ..engine.execute import CommandLayer
from ..errors import HacktableError
from ..play.players import owner_of
from ..play.principal import NotAllowedError, Principal, Role
from ..rulesets.base import PLAYER_DICE, Panel
from ..rulesets.grammar import AccessKind
from ..rulesets.table_view import viewed

__all__ = ["view_json"]

_PLACEHOLDER = re.compile(r"\{([a-z]+)\}")


def view_json(layer: CommandLayer, principal: Principal) -> dict[str, Any]:
    """``principal``'s view of the table as JSON (on the table's worker thread)::

        {"principal": {"role", "name"}, "ruleset", "entered_dice",
         "characters": [{"name", "player"}],
         "panels": [{"title", "command", "lines": [{"text", "style"}]}],
         "actions": [{"character", "label", "command", "odds_command",
         "asks"}]}

    ``asks`` names what the page asks the player before sending (``dc``,
    ``difficulty``: docs/rulings.md H632), written ``{dc}`` in the command lines.
    """
    session = layer.session
    session.refresh()
    state = session.state
    ruleset = session.ruleset
    panels = [_panel(layer, panel, principal) for panel in ruleset.table_panels(state, principal)]
    characters: list[dict[str, Any]] = []
    actions: list[dict[str, Any]] = []
    acting = principal.role is not Role.OBSERVER
    for name in viewed(state, principal):
        character = session.character(name)
        characters.append({"name": character.name, "player": owner_of(state, character.key)})
        if not acting:
            continue
        for action in ruleset.table_actions(state, character):
            asks = sorted(set(_PLACEHOLDER.findall(action.command + action.odds_command)))
            actions.append(
                {
                    "character": character.name,
                    "label": action.label,
                    "command": action.command,
                    "odds_command": action.odds_command,
                    "asks": asks,
                }
            )
    entered = principal.role is Role.GM or session.setting(PLAYER_DICE) == "allowed"
    return {
        "principal": {"role": principal.role.value, "name": principal.name},
        "ruleset": ruleset.id,
        "entered_dice": acting and entered,
        "characters": characters,
        "panels": [panel for panel in panels if panel is not None],
        "actions": actions,
    }


def _panel(layer: CommandLayer, panel: Panel, principal: Principal) -> dict[str, Any] | None:
    """A panel as JSON: its command's lines as ``principal`` is shown them; ``None``
    when it is no read or they may not read it (docs/rulings.md H630)."""
    try:
        intent = layer.parse(panel.command)
        if intent is None or intent.access().kind is not AccessKind.READ:
            return None
        outcome = layer.execute(principal, intent, panel.command)
    except NotAllowedError:
        return None
    except HacktableError as error:
        lines = [{"text": error.message, "style": "muted"}]
    else:
        lines = [{"text": line.text, "style": line.style} for line in outcome.lines]
    return {"title": panel.title, "command": panel.command, "lines": lines}
