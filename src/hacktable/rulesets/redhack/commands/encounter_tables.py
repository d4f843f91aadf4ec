"""Encounter checks where the party is: the campaign's encounter table for a location,
and a check on it that remembers a sign (redhack: Exploration & Dungeons > Encounters;
RULINGS R17). The ``encounters`` and ``check`` commands are :mod:`.encounters`."""

from __future__ import annotations

from dataclasses import replace

from ....errors import UnknownNameError
from ....play.codec import from_json
from ....rules.tables import Table
from ..exploration import (
    EncounterCheck,
    encounter_check,
)
from ..view import CampaignView
from .act import Act

__all__ = ["encounter_for", "location_table"]


def location_table(session: CampaignView, location: str) -> Table | None:
    """The campaign's encounter table for ``location``, or ``None`` (no location).

    Raises:
        UnknownNameError: a location with no table.
    """
    if not location:
        return None
    data = session.state.get("encounter-table", location)
    if data is None:
        raise UnknownNameError("encounter table", location, session.state.keys("encounter-table"))
    return from_json(Table, data)


def encounter_for(act: Act) -> EncounterCheck:
    """An encounter check for where the party is now, remembering a sign (R17)."""
    party = act.party()
    check = encounter_check(
        act.rng,
        table=location_table(act.session, party.location),
        sign=party.sign,
        fire=party.fire,
        light=party.light,
    )
    act.set_party(replace(act.party(), sign=check.sign))
    if check.creature_roll is not None:
        act.read_table(check.creature_roll)
    act.detail.setdefault("encounter_checks", []).append(
        {"faces": list(check.faces), "outcome": check.outcome, "creature": check.creature}
    )
    return check
