"""Players and who plays which character, as the campaign state holds them
(docs/rulings.md H106).

A campaign names its players in seating order (entity kind ``"player"``, keyed by the
folded name, value ``{"name": ..., "seat": n}``); a character is played by one player
(kind ``"owner"``, keyed by the character's key, value the player's name) or, with no
owner, by the GM. Pure reads of a :class:`~hacktable.play.state.CampaignState`: the
commands that change them commit events like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UnknownNameError
from .character import fold
from .principal import GM, Principal, Role
from .state import CampaignState

__all__ = [
    "OBSERVER",
    "OWNER",
    "PLAYER",
    "RESERVED",
    "Seat",
    "characters_of",
    "owner_of",
    "principal_named",
    "seat_of",
    "seats",
]

PLAYER = "player"
"""The entity kind of a seated player."""

OWNER = "owner"
"""The entity kind of a character's player."""

OBSERVER = "observer"
"""The name that means an observer (``play --as observer``); no player is called so."""

RESERVED = frozenset({"gm", OBSERVER})
"""Folded names no player may take: they name the GM and the observer."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table.

    Attributes:
        name: the player's name, as added.
        seat: their place in the seating order, from 1.
    """

    name: str
    seat: int


def seats(state: CampaignState) -> list[Seat]:
    """The campaign's players, in seating order."""
    found = [
        Seat(str(data["name"]), int(data["seat"]))
        for data in state.values(PLAYER)
        if isinstance(data, dict)
    ]
    return sorted(found, key=lambda seat: seat.seat)


def seat_of(state: CampaignState, name: str) -> Seat | None:
    """The player called ``name`` (case-insensitive), or ``None``."""
    data = state.get(PLAYER, fold(name))
    if not isinstance(data, dict):
        return None
    return Seat(str(data["name"]), int(data["seat"]))


def owner_of(state: CampaignState, character_key: str) -> str | None:
    """The name of the player who plays the character keyed ``character_key``;
    ``None`` when the GM does."""
    owner = state.get(OWNER, character_key)
    return None if owner is None else str(owner)


def characters_of(state: CampaignState, player: str) -> list[str]:
    """The names of the characters ``player`` plays, in the order created."""
    wanted = fold(player)
    return [
        str(data["name"])
        for key, data in zip(state.keys("character"), state.values("character"), strict=True)
        if isinstance(data, dict) and fold(owner_of(state, key) or "") == wanted
    ]


def principal_named(state: CampaignState, name: str) -> Principal:
    """The principal ``name`` means at this campaign: the GM (``gm``), an observer
    (``observer``), or one of its players (case-insensitive).

    Raises:
        UnknownNameError: no player is called so (the campaign's players are named).
    """
    folded = fold(name)
    if folded == "gm":
        return GM
    if folded == OBSERVER:
        return Principal(Role.OBSERVER, OBSERVER)
    seat = seat_of(state, name)
    if seat is None:
        raise UnknownNameError("player", name, ["gm", OBSERVER, *(s.name for s in seats(state))])
    return Principal(Role.PLAYER, seat.name)
