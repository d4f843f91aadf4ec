"""Where the party is: ``where`` shows it, or moves the party to a dungeon (with its
location's encounter table), the wilderness, a town or a safe place (redhack:
Exploration & Dungeons; RULINGS R16, R17; docs/rulings.md H291)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal, cast

from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import PARTY
from ..party import ENVIRONMENTS
from ..view import CampaignView
from .act import Act
from .encounter_tables import location_table
from .experience import left_home
from .registry import COMMANDS

__all__ = ["Environment", "WhereIntent", "where_command"]


Environment = Literal["dungeon", "wilderness", "town", "safe"]
"""A place the party can be in (:data:`..party.ENVIRONMENTS`)."""


def _env_words(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ENVIRONMENTS
    return session.state.keys("encounter-table")


@dataclass(frozen=True, slots=True)
class WhereIntent(Intent):
    """Show where the party is, or move it (redhack: Exploration & Dungeons; RULINGS
    R16, R17).

    Attributes:
        place: where the party goes, or ``None`` to show where it is.
        location: the location's encounter table id, as given (``""``: none).
    """

    place: Environment | None = None
    location: str = ""

    def access(self) -> Access:
        """Anyone sees where the party is; moving it is the GM's (docs/rulings.md
        H106)."""
        return Access.read() if self.place is None else Access.gm(PARTY, "move the party")


def _read_where(args: Args) -> WhereIntent:
    if args.empty:
        return WhereIntent()
    place = args.word("PLACE").lower()
    if place not in ENVIRONMENTS:
        raise args.error(f"a place is one of {', '.join(ENVIRONMENTS)}")
    return WhereIntent(cast(Environment, place), " ".join(args.rest()).strip())


@COMMANDS.typed(
    "where",
    "where [dungeon|wilderness|town|safe [LOCATION]]",
    "where the party is: the place decides time, rests and encounter checks",
    WhereIntent,
    _read_where,
    details="""
"where dungeon crypt" enters a dungeon whose encounter table is "crypt" (see
'encounters'): time passes in ticks there, with a torch check every 3 ticks (RULINGS
R16); 'enter PLACE' then gives the experience of a new dungeon, level or map
(redhack: Experience & Gaining Levels). "where town" leaves it. A full day's rest
needs a town or safe place; downtime a town. With no arguments, shows where and when the party is.
""",
    complete=_env_words,
)
def where_command(ctx: Context, intent: WhereIntent) -> Reply:
    """Show or set where the party is."""
    act = Act(ctx)
    party = act.party()
    if intent.place is None:
        extra = f", {party.ticks:g} ticks in" if party.environment == "dungeon" else ""
        flags = [
            f
            for f, on in (
                ("visible fire", party.fire),
                ("fast and careless", party.careless),
                ("bright light", party.light),
            )
            if on
        ]
        table = location_table(act.session, party.location) if party.location else None
        place = f" ({table.name}: {party.location})" if table is not None else ""
        return Reply().add(
            f"The party is in the {party.environment}{place}, {party.clock}{extra}"
            + (f"; {', '.join(flags)}" if flags else "")
            + (f"; remembered sign: {party.sign}" if party.sign else "")
        )
    act.no_fight("moving elsewhere")
    environment = intent.place
    location = intent.location.strip().lower()
    table = location_table(act.session, location)  # an unknown table is refused now
    entering = environment == "dungeon" and (
        party.environment != "dungeon" or location != party.location
    )
    if environment != party.environment:
        left_home(act)  # the next downtime is a return home (docs/rulings.md H291)
    act.set_party(
        replace(
            party,
            environment=environment,
            location=location,
            half_ticks=0 if entering else party.half_ticks,
            sign=None if location != party.location else party.sign,
            careless=False,
        )
    )
    place = f" ({table.name}: {location})" if table is not None else ""
    act.say(f"The party is now in the {environment}{place}")
    return act.commit("where")
