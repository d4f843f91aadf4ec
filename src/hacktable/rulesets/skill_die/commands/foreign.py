"""The other rulesets' words in a skill-die campaign (issue 11 §3: "a redhack command
in a skill-die campaign: one clear line naming what the ruleset expects"; docs/rulings.md
H346). Each is a command that changes nothing and says what skill-die does instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from .registry import COMMANDS

__all__ = ["INSTEAD", "ForeignIntent"]

_CHECK = "a check: 'check NAME ABILITY dc N|simple...impossible' or 'check NAME SKILL DIFFICULTY'"
_ATTACK = "an attack is a check against the defence DC (RULINGS S5)"

INSTEAD: dict[str, str] = {
    "save": f"skill-die has no saving throws; the GM calls {_CHECK} (RULINGS S1, S2)",
    "test": f"skill-die rolls checks, not tests: {_CHECK} (RULINGS S1, S2)",
    "tick": "skill-die counts time in hours: 'time +Nh' (docs/rulings.md H347)",
    "explore": "skill-die counts time in hours: 'time +Nh' (docs/rulings.md H347)",
    "travel": "skill-die counts time in hours: 'time +Nh' (docs/rulings.md H347)",
    "defend": f"skill-die has no defence rolls: {_ATTACK}",
    "parry": f"skill-die has no parries: {_ATTACK}",
    "doom": "skill-die has no Doom die (RULINGS S1-S7)",
    "cast": "skill-die has no spellcasting (RULINGS S1-S7)",
    "pray": "skill-die has no prayers (RULINGS S1-S7)",
    "fortune": f"skill-die has no fortune rolls: {_CHECK}",
}
"""The words of redhack and black-sword-hack that skill-die answers with what it does
instead."""


@dataclass(frozen=True, slots=True)
class ForeignIntent(Intent):
    """A word of another ruleset (``save``, ``tick``...).

    Attributes:
        word: the word typed.
    """

    word: str

    def access(self) -> Access:
        """Anyone: it changes nothing."""
        return Access.read()


def _parser(word: str) -> Callable[[Args], ForeignIntent]:
    def parse(args: Args) -> ForeignIntent:
        args.rest()
        return ForeignIntent(word)

    return parse


def _refuse(ctx: Context, intent: ForeignIntent) -> Reply:
    del ctx
    raise RuleError(INSTEAD[intent.word])


for _word, _instead in INSTEAD.items():
    COMMANDS.typed(
        _word,
        f"{_word} (not a skill-die command)",
        f"not in skill-die: {_instead.split(':')[0].split(';')[0]}",
        ForeignIntent,
        _parser(_word),
    )(_refuse)
