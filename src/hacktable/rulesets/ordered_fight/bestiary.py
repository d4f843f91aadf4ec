"""``bestiary [SEARCH]``: the foes a ruleset's fights can add by id (fantasy-hack's
NPCs and monsters, skill-die's stock foes), read through
:meth:`~.rules.FightRules.bestiary` so it lives once for both."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import UnknownNameError
from ...play.character import fold
from ...play.outcome import Reply
from ..context import Context
from ..grammar import Access, Args, Intent
from .rules import FightRules, FoeStats

__all__ = ["BestiaryIntent", "read_bestiary", "resolve_bestiary"]


@dataclass(frozen=True, slots=True)
class BestiaryIntent(Intent):
    """List the bestiary, or the entries whose id or name holds ``search``.

    Attributes:
        search: words to look for (``""``: every entry).
    """

    search: str = ""

    def access(self) -> Access:
        """Anyone: it reads the ruleset's data, nothing of the campaign."""
        return Access.read()


def read_bestiary(args: Args) -> BestiaryIntent:
    """``bestiary [SEARCH]``."""
    return BestiaryIntent(" ".join(args.rest()))


def _line(stats: FoeStats, rules: FightRules) -> str:
    return (
        f"{stats.id:<16} {stats.name}: level {stats.level}, HP {stats.hp}, "
        f"{rules.defence_name} {stats.ac}, to-hit {stats.to_hit:+d}, damage {stats.damage}, "
        f"DEX {stats.dex}"
    )


def resolve_bestiary(ctx: Context, intent: BestiaryIntent, rules: FightRules) -> Reply:
    """The entries, one line each; with a search, each found entry's note too.

    Raises:
        UnknownNameError: nothing matches the search.
    """
    del ctx
    entries = [s for s in (rules.bestiary(ref) for ref in rules.bestiary_ids()) if s]
    wanted = fold(intent.search)
    found = [s for s in entries if wanted in fold(s.id) or wanted in fold(s.name)]
    if not found:
        raise UnknownNameError("bestiary entry", intent.search, [s.id for s in entries])
    reply = Reply()
    if not wanted:
        reply.add(f"{len(found)} in the bestiary ('fight add NAME from ID' adds one):", "title")
    for stats in found:
        reply.add(_line(stats, rules))
        if wanted and stats.note:
            reply.add(f"  {stats.note}", "muted")
    return reply
