"""The simulator's parties: a character as the simulator plays them, the sample party,
and a campaign's fighters and bestiary, read from its replayed state (RULINGS R5, R7,
R8, R11, R14).

Opening the campaign file is the caller's: a ruleset does not read the store. The
command line goes through :mod:`..simulate`, which opens the file read-only and hands
the state here.
"""

from __future__ import annotations

from dataclasses import replace

from ....dice.roller import roll
from ....errors import CommandError
from ..actors import has_feature
from ..bestiary import Bestiary, load_bestiary, monster_from_json
from .model import Combatant, Encounter
from .notation import parse_monsters

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ....play.state import CampaignState
    from ..character import Character

__all__ = [
    "SAMPLE_PARTY",
    "bestiary_of",
    "combatant",
    "encounter_of",
    "fighters_of",
    "is_sample",
    "sample_characters",
    "sample_encounter",
    "sample_party",
    "text_encounter",
]


def combatant(character: Character) -> Combatant:
    """A character as the simulator plays them: STR, DEX, CHA, AC (RULINGS R7), current
    HP, the melee weapon's damage (RULINGS R8) and, for a Warrior, cleave dice equal to
    their level (RULINGS R14: the class's ``cleave`` feature, as in a fight).

    Raises:
        UnknownNameError: the character's class is not redhack's.
    """
    from ..ruleset import Redhack

    rules = Redhack()
    return Combatant(
        name=character.name,
        score_str=character.score("STR"),
        score_dex=character.score("DEX"),
        score_cha=character.score("CHA"),
        ac=rules.armour_class(character),
        hp=character.hp,
        damage=rules.weapon_profile(character).damage,
        cleave=character.level if has_feature(rules, character, "cleave") else 0,
    )


SAMPLE_PARTY: tuple[tuple[str, str, tuple[int, int, int, int, int, int], int], ...] = (
    ("Aldric", "warrior", (15, 12, 13, 9, 10, 10), 10),
    ("Sly", "thief", (11, 15, 10, 12, 13, 9), 8),
    ("Tomas", "cleric", (12, 10, 13, 9, 15, 11), 9),
    ("Mirela", "wizard", (8, 12, 10, 15, 13, 11), 7),
)
"""The sample party: name, class, scores (STR, DEX, CON, INT, WIS, CHA: typical 3d6
rolls arranged for the class, each class's prime requisites highest) and HP (the
average of the class's starting hit points, hit die + 4, rounded up: redhack: Character
Creation > 2. Class). Each takes kit 1 (redhack: Character Creation > 4. Starting
Equipment; ``data/kits.toml``):

- Warrior kit 1: Hand Weapon 1d8, Leather Armour, Large Shield: AC 12 + 2 + 1 = 15,
  damage 1d8, one cleave die;
- Thief kit 1: Hand Weapon 1d6 (a small blade), Leather Armour: AC 15 + 2 = 17, 1d6;
- Cleric kit 1: Holy Symbol, Leather Armour, Shield - no weapon, so unarmed 1d4
  (the class's improvised die, RULINGS R8): AC 10 + 2 + 1 = 13;
- Wizard kit 1: Hand Weapon 1d4, Gambeson (padded): AC 12 + 1 = 13, 1d4.
"""


def sample_characters() -> tuple[Character, ...]:
    """The sample party as characters, made by redhack's own character creation with
    the scores of :data:`SAMPLE_PARTY` and kit 1, at full (average) HP."""
    from ....dice.source import seeded
    from ..ruleset import ATTRIBUTES, Redhack
    from ..spec import CharacterSpec, ScoresRoll

    rules = Redhack()
    rng = seeded(0)  # only the kit's coins are rolled; they do not matter here
    characters = []
    for name, class_id, scores, hp in SAMPLE_PARTY:
        rolled = ScoresRoll(
            tuple(roll(str(score), rng) for score in scores),
            tuple(zip(ATTRIBUTES, scores, strict=True)),
        )
        made = rules.build_character(CharacterSpec(name, class_id, kit=1), rolled, rng)
        characters.append(replace(made.character, hp=hp, max_hp=hp))
    return tuple(characters)


def sample_party() -> tuple[Combatant, ...]:
    """A level-1 warrior, thief, cleric and wizard with typical scores and kit 1
    (:data:`SAMPLE_PARTY`)."""
    return tuple(combatant(c) for c in sample_characters())


def is_sample(text: str) -> bool:
    """Whether ``--party`` asks for the sample party."""
    return text.strip().lower() == "sample"


def sample_encounter(monsters: str) -> Encounter:
    """The sample party against ``monsters`` of the packaged bestiary.

    Raises:
        UnknownNameError, CommandError: as :func:`.notation.parse_monsters`.
        RulesDataError: the packaged bestiary is broken.
    """
    return Encounter(sample_party(), parse_monsters(monsters, load_bestiary()))


def fighters_of(state: CampaignState, where: str | Path) -> tuple[Combatant, ...]:
    """The characters of a campaign (its replayed ``state``) who can fight: every
    character not dead with more than 0 HP (one at 0 HP is out of the fight until
    healed or bandaged, RULINGS R11), in the order they were made. ``where`` names the
    campaign in the error.

    Raises:
        CommandError: nobody can fight.
    """
    from ....play.codec import from_json
    from ..character import Character

    characters = [from_json(Character, data) for data in state.values("character")]
    party = tuple(combatant(c) for c in characters if not c.dead and c.hp > 0)
    if not party:
        raise CommandError(f"nobody in {where} can fight (alive, above 0 HP)", "simulate")
    return party


def bestiary_of(state: CampaignState) -> Bestiary:
    """The packaged bestiary with a campaign's own monsters (``bestiary add``, kept in
    its state), one whose id is already packaged replacing that monster, as the
    console's ``fight add`` reads it (:meth:`.Bestiary.merged`; RULINGS R5).

    Raises:
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    own = [monster_from_json(data) for data in state.values("monster")]
    return load_bestiary().merged(own)


def encounter_of(state: CampaignState, where: str | Path, monsters: str) -> Encounter:
    """A campaign's fighters (:func:`fighters_of`) against ``monsters`` of its own
    bestiary (:func:`bestiary_of`).

    Raises:
        CommandError: nobody can fight (checked before the monsters).
        UnknownNameError, CommandError: as :func:`.notation.parse_monsters`.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    fighters = fighters_of(state, where)
    return Encounter(fighters, parse_monsters(monsters, bestiary_of(state)))


def text_encounter(party: str, monsters: str) -> Encounter | None:
    """``--party`` as text against ``--monsters``: ``sample`` is the sample party
    against the packaged monsters (:func:`sample_encounter`); anything else names a
    campaign file (``None``: the command line opens it and asks :func:`encounter_of`).

    Raises:
        UnknownNameError, CommandError: the monsters cannot be read.
        RulesDataError: the packaged bestiary is broken.
    """
    return sample_encounter(monsters) if is_sample(party) else None
