"""Opponents: the bestiary, a campaign's own, custom stats, and foes made from them
(RULINGS B6).

An opponent (a monster or an NPC) has a level, fixed HP, an armour rating and a list
of actions, each naming the attributes a player defends with and a fixed damage. The
packaged bestiary is ``data/opponents.toml``; a campaign adds its own (entity kind
``"opponent"``, ``bestiary add``), which is found first; ``fight add`` may also give
stats on the spot. Custom actions are written ``NAME:DEFEND:DAMAGE[:ranged][:udN]``
(``halberd:STR/DEX:4``, ``bow:DEX:2:ranged``, ``claws:STR/DEX:3:ud4``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import msgspec

from ...dice.usage import UsageDie
from ...errors import DiceError, RuleError, UnknownNameError
from ...play.codec import from_json, to_json
from ...play.state import CampaignState
from ...rules.words import plural
from .content.index import Content, lookup_key
from .content.schemas import Opponent, OpponentAction
from .fight import Foe, FoeAction

__all__ = [
    "OPPONENT_KIND",
    "campaign_opponents",
    "custom_opponent",
    "describe_opponent",
    "find_opponent",
    "foe_actions",
    "make_foes",
    "opponent_id",
    "opponent_json",
    "parse_action",
    "plural_name",
]

DEFENDED_WITH = ("STR", "DEX")
"""What an action can be defended with: a parry tests STR, a dodge DEX (2.1.4)."""

OPPONENT_KIND = "opponent"
"""The entity kind of a campaign's own opponents."""


def opponent_id(name: str) -> str:
    """A kebab-case id for ``name`` (letters and digits; the rest become hyphens).

    >>> opponent_id("Sorcerer's Guard"), opponent_id("  Ghoul #2 ")
    ('sorcerers-guard', 'ghoul-2')
    """
    text = name.strip().lower().replace("'", "").replace("\u2019", "")
    return "-".join(re.findall(r"[a-z0-9]+", text))


def parse_action(text: str) -> OpponentAction:
    """An action written ``NAME:DEFEND:DAMAGE[:ranged][:udN]`` (RULINGS B6;
    docs/rulings.md H145): DEFEND is the attributes defended with, joined by ``/``
    (``STR/DEX``, ``DEX``): a parry tests STR and a dodge DEX (2.1.4), so no other.

    >>> a = parse_action("halberd:STR/DEX:4")
    >>> a.name, a.defend, a.damage, a.ranged
    ('halberd', ('STR', 'DEX'), 4, False)
    >>> parse_action("bow:DEX:2:ranged:ud4").ongoing
    'ud4'

    Raises:
        ValueError: not of that form (the message says what is wrong).
    """
    parts = [p.strip() for p in text.split(":")]
    if len(parts) < 3 or not parts[0]:
        raise ValueError(f"an action is NAME:DEFEND:DAMAGE, like halberd:STR/DEX:4, not {text!r}")
    name, defend_text, damage_text, *extra = parts
    defend = tuple(d.strip().upper() for d in defend_text.split("/") if d.strip())
    if not defend or any(d not in DEFENDED_WITH for d in defend):
        raise ValueError(
            f"{name}: DEFEND is attributes a defence tests, STR/DEX (parry or dodge) or "
            f"DEX (dodge only; black-sword-hack 2.1.4), not {defend_text!r}"
        )
    if not (damage_text.isascii() and damage_text.isdigit()) or int(damage_text) > 99:
        raise ValueError(f"{name}: DAMAGE is a whole number from 0 to 99, not {damage_text!r}")
    ranged, ongoing = False, None
    for word in extra:
        if word.lower() == "ranged":
            ranged = True
            continue
        try:
            ongoing = str(UsageDie.parse(word))
        except DiceError as error:
            raise ValueError(f"{name}: {word!r} is neither 'ranged' nor a usage die") from error
    fields = {
        "name": name,
        "defend": list(defend),
        "damage": int(damage_text),
        "ranged": ranged,
        "ongoing": ongoing,
    }
    return msgspec.convert(fields, OpponentAction)


def custom_opponent(
    name: str,
    level: int,
    hp: int,
    armour: int = 0,
    actions: Iterable[OpponentAction] = (),
    morale: int | None = None,
    text: str = "",
) -> Opponent:
    """An opponent with the GM's own stats (RULINGS B6).

    Raises:
        RuleError: a stat out of its range (level and HP at least 1, armour 0-3, morale
            2-12), no action, or a name with no letter or digit.
    """
    key = opponent_id(name)
    if not key:
        raise RuleError(f"an opponent needs a name with letters or digits, not {name!r}")
    if level < 1 or hp < 1:
        raise RuleError("an opponent's level and HP are at least 1 (RULINGS B6)")
    if not 0 <= armour <= 3:
        raise RuleError("an armour rating is 0 to 3: none, light, medium, heavy (RULINGS B5)")
    if morale is not None and not 2 <= morale <= 12:
        raise RuleError("morale is 2 to 12: a d12 above it breaks the group (RULINGS B6)")
    moves = tuple(actions)
    if not moves:
        raise RuleError("an opponent needs an action: action NAME:DEFEND:DAMAGE (RULINGS B6)")
    return Opponent(
        id=key,
        name=" ".join(name.split()),
        level=level,
        hp=hp,
        armour=armour,
        actions=moves,
        morale=morale,
        text=text,
    )


def campaign_opponents(state: CampaignState) -> list[Opponent]:
    """The campaign's own opponents (``bestiary add``), in the order added.

    Raises:
        DecodeError: a stored opponent does not decode.
    """
    return [from_json(Opponent, data) for data in state.values(OPPONENT_KIND)]


def find_opponent(content: Content, own: Iterable[Opponent], name: str) -> Opponent | None:
    """The opponent called ``name`` (id or name): the campaign's own first, then the
    bestiary's; ``None`` if neither has it."""
    key = lookup_key(name)
    wanted = {key, opponent_id(name)}
    for opponent in own:
        if opponent.id in wanted or lookup_key(opponent.name) == key:
            return opponent
    try:
        return content.opponent(name)
    except UnknownNameError:
        pass
    return next((o for o in content.opponents if o.id == opponent_id(name)), None)


def foe_actions(opponent: Opponent) -> tuple[FoeAction, ...]:
    """The opponent's actions as a fight keeps them."""
    return tuple(
        FoeAction(a.name, tuple(a.defend), a.damage, a.ranged, a.ongoing) for a in opponent.actions
    )


def plural_name(name: str) -> str:
    """What a group of ``name`` is called: ``"City Guards"``."""
    return plural(name)


def make_foes(
    opponent: Opponent,
    count: int,
    group: str,
    label: str,
    taken: set[str],
    leader: bool = False,
) -> list[Foe]:
    """``count`` foes of ``opponent`` in the group keyed ``group``, called ``label``
    (numbered when several or when the name is taken: ``City Guard 2``), with keys not
    in ``taken`` (which this adds to)."""
    base = opponent_id(label) or opponent.id
    foes: list[Foe] = []
    actions = foe_actions(opponent)
    for _ in range(count):
        number = 1
        while f"{base}-{number}" in taken:
            number += 1
        key = f"{base}-{number}"
        taken.add(key)
        shown = f"{label} {number}" if count > 1 or number > 1 else label
        foes.append(
            Foe(
                key,
                shown,
                opponent.id,
                group,
                opponent.level,
                opponent.hp,
                opponent.hp,
                opponent.armour,
                actions,
                leader=leader,
            )
        )
    return foes


def describe_opponent(opponent: Opponent) -> str:
    """One line: ``"City Guard: level 1, HP 5, armour 1; spear (STR/DEX, 3)"``."""
    actions = "; ".join(
        FoeAction(a.name, tuple(a.defend), a.damage, a.ranged, a.ongoing).describe()
        for a in opponent.actions
    )
    morale = f", morale {opponent.morale}" if opponent.morale is not None else ""
    return (
        f"{opponent.name}: level {opponent.level}, HP {opponent.hp}, armour "
        f"{opponent.armour}{morale}; {actions}"
    )


def opponent_json(opponent: Opponent) -> Any:
    """The opponent's JSON form, as the campaign stores it (lists, not tuples)."""
    return to_json(opponent)
