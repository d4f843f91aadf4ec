"""Monte Carlo fights: play one redhack encounter many times and report the odds.

``hacktable simulate`` (and this module's API) plays a party against a set of
monsters ``runs`` times with a fixed, simple tactic, and reports the party's win rate
and the expected number of PCs out, dead and injured, and of rounds, each with a 95%
interval. Two engines implement exactly the same model:

* the **scalar** engine (:func:`simulate_one`, :func:`simulate_scalar`) plays one fight
  at a time with hacktable's own rules functions (:func:`.core_rules.resolve`,
  :func:`.combat.roll_damage`, :func:`.combat.morale_check`, :func:`hacktable.dice.roll`);
  it is the reference;
* the **vector** engine (:func:`simulate_vector`, in :mod:`.simulate_vector`) plays all
  the fights at once with NumPy arrays, round by round; it is tens of times faster
  and must agree with the scalar engine within statistical tolerance (the tests check).

The model (``docs/simulate.md`` says the same at more length):

* **Set-up.** Everyone starts Close (melee); nobody is surprised (RULINGS R13's surprise
  is not modelled). PCs start at their current HP; each foe rolls its HP
  (``Monster.hp_dice()``, at least 1) for every fight (RULINGS R5).
* **Rounds** (redhack: Combat > Initiative & Surprise; RULINGS R13). Every standing PC
  makes a DEX test (difficulty 1): successes act before the monsters, failures after.
  So a round is: initiative, the PCs who won it (in party order), the monsters (in
  order), the other PCs still standing (in party order).
* **PC action: the default tactic.** Attack the standing foe with the fewest HP (ties:
  the lowest index) - broken foes included, as they are still in reach. A melee attack
  is a STR test against the foe's AC; a broken foe defends with HD + AC (redhack:
  Combat > Attacking & Defending, Morale; RULINGS R6, R12). A natural 20 rolls the
  damage twice and adds (R6). Damage is the character's melee weapon die
  (``Redhack.weapon_profile``: its first melee weapon, else the class's unarmed die).
  A Warrior has cleave dice equal to their level (redhack: Warrior > Cleave; RULINGS
  R14): each is a cleave attack, with its own STR test and 1d6 damage, on the
  next-weakest standing foes in turn (one die per foe); a die left over when fewer foes
  stand (with one foe, the level-1 Warrior's die) adds 1d6 to the primary attack's
  damage instead (rolled with it, so a critical doubles it too). No backstab, spells,
  tricks, parries, ranged weapons, movement or retreat: that is the default tactic.
* **Monster action.** Each standing, unbroken foe makes each of its attacks (``count``
  times each; a monster with no listed attack makes one with damage by HD, R5) against
  a uniformly random standing PC. The attack is the PC's defence: a test of the PC's
  AC (``Redhack.armour_class``) against the foe's HD as difficulty (R6; ``resolve``
  treats difficulty 0 as 1, since a natural 1 always fails). A failed defence takes
  the attack's damage (``Monster.damage``); a natural 1 is the monster's critical:
  damage rolled twice and added (R6).
* **Morale** (redhack: Combat > Morale; RULINGS R12). Foes are in morale groups
  (``--monsters "6 goblin; 4 orc"``: ``;`` separates groups). Each group tests once,
  after the PC action that first takes out half of it (``out * 2 >= size``) or, for a
  group of one, brings it to half its HP or less. With a morale score (the group's
  highest), 2d6 on or under it holds; without one, the acting PC (who made the kill or
  the hit) makes a CHA test, difficulty 1, and a success breaks them. Broken foes stop
  attacking (they try to flee) and defend with HD + AC. A group none of whose members
  stands does not test (the test could change nothing).
* **The end.** The party wins when no unbroken foe stands; it loses when no PC stands.
  After 50 rounds the fight is a draw, which counts as not a win. ``rounds`` is the
  round in which the fight ended.
* **Aftermath** (redhack: Combat > Damage & Injuries; RULINGS R11). After a won fight
  each PC at 0 HP is bandaged and rolls 1d6 on the injuries table: 6 Doomed counts as
  dead (the simulator's setting for the campaign setting ``doomed``: it plays
  ``dead``), 2-5 is a lasting injury, 1 nothing. After a lost fight every PC is out,
  nobody rolls and those PCs are counted as "captured or killed" (what happens to them
  is the GM's); so ``dead`` counts only deaths after won fights. After a draw the PCs
  at 0 HP count as out and nobody rolls.

Conditions (a wound's disadvantage, for instance), usage dice and ammunition are not
modelled: every test is a plain d20 test without advantage.

Randomness (RULINGS G1): the scalar engine plays fight ``i`` with
``random.Random(f"{seed}:{i}")`` (:func:`hacktable.dice.derive`); the vector engine
draws everything from one ``numpy.random.default_rng(seed)``. Neither touches the
global ``random`` or ``numpy.random`` functions. The two engines' streams differ, so
their figures agree statistically, not digit for digit.

Sources: redhack: Combat (Attacking & Defending, Initiative & Surprise, Damage &
Injuries, Morale), Warrior > Cleave, Character Creation > 4. Starting Equipment;
RULINGS R5, R6, R11, R12, R13, R14.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from ...dice.roller import roll
from ...dice.source import derive
from ...errors import CommandError
from ...rules.resolution import Critical, TestKind, TestRequest
from . import core_rules
from .bestiary import Bestiary, Monster
from .combat import roll_damage
from .morale import morale_check

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...play.character import Character
    from ...play.state import CampaignState

__all__ = [
    "ENGINES",
    "MAX_FOES",
    "MAX_ROUNDS",
    "MAX_RUNS",
    "SAMPLE_PARTY",
    "Combatant",
    "Encounter",
    "Estimate",
    "FightOutcome",
    "FoeInfo",
    "FoeSpec",
    "Roster",
    "Summary",
    "Tally",
    "bestiary_from_campaign",
    "check_runs",
    "combatant",
    "describe_foes",
    "load_encounter",
    "load_party",
    "mean_interval",
    "parse_monsters",
    "party_from_campaign",
    "plot",
    "render_summary",
    "roster",
    "sample_characters",
    "sample_party",
    "simulate",
    "simulate_one",
    "simulate_scalar",
    "simulate_vector",
    "summary_to_json",
    "wilson",
]

MAX_ROUNDS = 50
"""A fight still going after this many rounds is a draw (not a win)."""

MAX_RUNS = 1_000_000
"""The most fights one simulation plays."""

MAX_FOES = 500
"""The most foes in one encounter (a bound on hostile input: memory and time)."""

ENGINES = ("vector", "scalar")
"""The engines, the default first."""

CLEAVE_DIE = "1d6"
"""A Warrior's cleave die (redhack: Warrior > Cleave)."""

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""

Progress = Callable[[int], None]
"""Called with the number of fights just finished (an increment), for a progress bar."""


# -- the encounter -----------------------------------------------------------------------


@dataclass(frozen=True)
class Combatant:
    """A PC as the simulator plays them.

    Attributes:
        name: the character's name.
        score_str: STR, for melee attacks (RULINGS R6).
        score_dex: DEX, for initiative (RULINGS R13).
        score_cha: CHA, for the morale test of foes without a score (RULINGS R12).
        ac: player AC, the score of every defence (RULINGS R6, R7).
        hp: hit points at the start of the fight.
        damage: the melee weapon's damage dice, e.g. ``"1d8"``.
        cleave: cleave dice each round: a Warrior's level, else 0 (RULINGS R14).
    """

    name: str
    score_str: int
    score_dex: int
    score_cha: int
    ac: int
    hp: int
    damage: str
    cleave: int


@dataclass(frozen=True)
class FoeSpec:
    """``count`` foes of one kind, in morale group ``group`` (0, 1, ...; RULINGS R12)."""

    monster: Monster
    count: int
    group: int


@dataclass(frozen=True)
class Encounter:
    """A party against foes. Foes are numbered in the order given (``FoeSpec`` by
    ``FoeSpec``), which breaks ties between equally hurt targets."""

    party: tuple[Combatant, ...]
    foes: tuple[FoeSpec, ...]


@dataclass(frozen=True)
class FoeInfo:
    """One foe's numbers, as both engines read them.

    Attributes:
        name: the monster's name.
        group: its morale group, numbered 0, 1, ... in the order the groups appear.
        hd: Hit Dice: a defence's difficulty (RULINGS R6).
        ac: monster AC: an attack's difficulty; broken, HD + AC (RULINGS R12).
        hp_dice: its hit points to roll (RULINGS R5).
        attacks: ``(damage dice, times per round)`` for each attack (RULINGS R5).
    """

    name: str
    group: int
    hd: int
    ac: int
    hp_dice: str
    attacks: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Roster:
    """An encounter's foes one by one, and its morale groups.

    Attributes:
        foes: every foe, in order.
        morale: each group's morale score, the highest of its members', or ``None``
            when none has one (the CHA test then, RULINGS R12).
        sizes: each group's number of foes.
    """

    foes: tuple[FoeInfo, ...]
    morale: tuple[int | None, ...]
    sizes: tuple[int, ...]


def roster(encounter: Encounter) -> Roster:
    """Expand the encounter's foes one by one and number their groups 0, 1, ... in order.

    Raises:
        CommandError: no PCs, no foes, or more than :data:`MAX_FOES` foes.
    """
    if not encounter.party:
        raise CommandError("the party has nobody to fight", "simulate")
    if not encounter.foes:
        raise CommandError("there are no monsters to fight", "simulate")
    total = sum(spec.count for spec in encounter.foes)
    if total > MAX_FOES:
        raise CommandError(f"at most {MAX_FOES} foes, not {total}", "simulate")
    numbers: dict[int, int] = {}
    for spec in encounter.foes:
        numbers.setdefault(spec.group, len(numbers))
    foes: list[FoeInfo] = []
    scores: list[list[int]] = [[] for _ in numbers]
    for spec in encounter.foes:
        if spec.count < 1:
            raise CommandError(f"a count must be 1 or more, not {spec.count}", "simulate")
        monster = spec.monster
        group = numbers[spec.group]
        attacks = tuple((monster.damage(a), a.count) for a in monster.attacks) or (
            (monster.damage(), 1),
        )
        info = FoeInfo(monster.name, group, monster.hd, monster.ac, monster.hp_dice(), attacks)
        foes.extend([info] * spec.count)
        if monster.morale is not None:
            scores[group].append(monster.morale)
    sizes = [0] * len(numbers)
    for foe in foes:
        sizes[foe.group] += 1
    morale = tuple(max(s) if s else None for s in scores)
    return Roster(tuple(foes), morale, tuple(sizes))


def describe_foes(foes: Sequence[FoeSpec]) -> str:
    """The foes as text: ``"6 Goblin, 1 Goblin Chief; 4 Orc"`` (``;`` between groups)."""
    parts: list[str] = []
    group: int | None = None
    for spec in foes:
        text = f"{spec.count} {spec.monster.name}"
        if group is None:
            parts.append(text)
        elif spec.group == group:
            parts.append(", " + text)
        else:
            parts.append("; " + text)
        group = spec.group
    return "".join(parts)


_ENTRY = re.compile(r"^(?:(?P<count>[+-]?\d+)\s*[x×]?\s+)?(?P<name>\S.*)$", re.IGNORECASE)


def parse_monsters(text: str, bestiary: Bestiary) -> tuple[FoeSpec, ...]:
    """Read ``--monsters``: comma-separated ``COUNT NAME`` entries (the count may be left
    out for one), all in one morale group unless ``;`` separates groups (RULINGS R12).

    >>> from hacktable.rulesets.redhack.bestiary import load_bestiary
    >>> foes = parse_monsters("6 goblin, goblin-chief; 4 orc", load_bestiary())
    >>> [(f.count, f.monster.id, f.group) for f in foes]
    [(6, 'goblin', 0), (1, 'goblin-chief', 0), (4, 'orc', 1)]

    Raises:
        UnknownNameError: a monster the bestiary does not know.
        CommandError: an empty list or entry, a count below 1, or more than
            :data:`MAX_FOES` foes in all.
    """
    foes: list[FoeSpec] = []
    if not text.strip():
        raise CommandError("no monsters given (e.g. --monsters '6 goblin')", "simulate")
    for group, part in enumerate(text.split(";")):
        for entry in part.split(","):
            words = " ".join(entry.split())
            found = _ENTRY.match(words)
            if found is None:
                raise CommandError(f"empty entry in the monster list {text.strip()!r}", "simulate")
            count = int(found.group("count") or 1)
            if count < 1:
                raise CommandError(
                    f"the count of {found.group('name')!r} must be 1 or more, not {count}",
                    "simulate",
                )
            foes.append(FoeSpec(bestiary.get(found.group("name")), count, group))
    total = sum(f.count for f in foes)
    if total > MAX_FOES:
        raise CommandError(f"at most {MAX_FOES} foes in all, not {total}", "simulate")
    return tuple(foes)


# -- parties -----------------------------------------------------------------------------


def combatant(character: Character) -> Combatant:
    """A character as the simulator plays them: STR, DEX, CHA, AC (RULINGS R7), current
    HP, the melee weapon's damage (RULINGS R8) and, for a Warrior, cleave dice equal to
    their level (RULINGS R14).

    Raises:
        UnknownNameError: the character's class is not redhack's.
    """
    from .ruleset import Redhack

    rules = Redhack()
    return Combatant(
        name=character.name,
        score_str=character.score("STR"),
        score_dex=character.score("DEX"),
        score_cha=character.score("CHA"),
        ac=rules.armour_class(character),
        hp=character.hp,
        damage=rules.weapon_profile(character).damage,
        cleave=character.level if character.class_id == "warrior" else 0,
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
    from ...dice.source import seeded
    from ..base import CharacterSpec, ScoresRoll
    from .ruleset import ATTRIBUTES, Redhack

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


def _campaign_state(path: Path) -> CampaignState:
    """A redhack campaign's state, replayed from its file opened read-only (the file
    is not locked, changed or created).

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the campaign is not redhack's.
    """
    from ...play.state import CampaignState
    from ...store import CampaignStore

    with CampaignStore.open(path, create=False, readonly=True) as store:
        ruleset = store.ruleset
        events = store.events()
    if ruleset != "redhack":
        raise CommandError(
            f"{path} is a {ruleset} campaign; the simulator plays redhack", "simulate"
        )
    return CampaignState.replay(events)


def _fighters(state: CampaignState, path: Path) -> tuple[Combatant, ...]:
    """The characters in ``state`` who can fight (:func:`party_from_campaign`).

    Raises:
        CommandError: nobody can fight.
    """
    from ...play.character import Character
    from ...play.codec import from_json

    characters = [from_json(Character, data) for data in state.values("character")]
    party = tuple(combatant(c) for c in characters if not c.dead and c.hp > 0)
    if not party:
        raise CommandError(f"nobody in {path} can fight (alive, above 0 HP)", "simulate")
    return party


def _bestiary_of(state: CampaignState) -> Bestiary:
    """The packaged bestiary with the campaign's own monsters (``bestiary add``, kept
    in its state), as the console's ``fight add`` reads it
    (:func:`.commands.fight.monsters_for`; RULINGS R5).

    Raises:
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    from .bestiary import load_bestiary, monster_from_json

    own = [monster_from_json(data) for data in state.values("monster")]
    return load_bestiary().merged(own)


def party_from_campaign(path: str | Path) -> tuple[Combatant, ...]:
    """The living characters of a campaign who can fight, opened read-only: every
    character not dead with more than 0 HP (one at 0 HP is out of the fight until
    healed or bandaged, RULINGS R11), in the order they were made.

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the campaign is not redhack's, or nobody in it can fight.
    """
    return _fighters(_campaign_state(Path(path)), Path(path))


def bestiary_from_campaign(path: str | Path) -> Bestiary:
    """A campaign's bestiary, opened read-only: the packaged monsters and the
    campaign's own (``bestiary add``), one of whose id is already packaged replacing
    that monster (:meth:`.Bestiary.merged`; RULINGS R5).

    Raises:
        CampaignError: the file does not exist or is not a campaign.
        CampaignLockedError: another process (or store) holds the file.
        CommandError: the campaign is not redhack's.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    return _bestiary_of(_campaign_state(Path(path)))


def load_party(text: str) -> tuple[Combatant, ...]:
    """``--party``: ``sample`` (:func:`sample_party`) or a campaign file
    (:func:`party_from_campaign`)."""
    if _is_sample(text):
        return sample_party()
    return party_from_campaign(Path(text))


def load_encounter(party: str, monsters: str) -> Encounter:
    """``--party`` and ``--monsters`` together: with ``sample``, the sample party
    against monsters of the packaged bestiary; with a campaign file (read once,
    read-only), its party against monsters of its own bestiary
    (:func:`bestiary_from_campaign`: the packaged one and the campaign's monsters).

    Raises:
        CampaignError, CampaignLockedError, CommandError: as
            :func:`party_from_campaign`, checked before the monsters.
        UnknownNameError, CommandError: as :func:`parse_monsters`.
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    from .bestiary import load_bestiary

    if _is_sample(party):
        return Encounter(sample_party(), parse_monsters(monsters, load_bestiary()))
    path = Path(party)
    state = _campaign_state(path)
    fighters = _fighters(state, path)
    return Encounter(fighters, parse_monsters(monsters, _bestiary_of(state)))


def _is_sample(text: str) -> bool:
    return text.strip().lower() == "sample"


# -- the scalar engine -------------------------------------------------------------------


@dataclass(frozen=True)
class FightOutcome:
    """How one fight ended.

    Attributes:
        won: the party won (no unbroken foe stands). A loss or a draw is not a win.
        rounds: the round in which it ended (at most :data:`MAX_ROUNDS`).
        out: PCs at 0 HP at the end (after a loss: all of them).
        dead: PCs dead after a won fight (a 6 on the injuries table, RULINGS R11).
        injured: PCs with a lasting injury after a won fight (2-5 on the table).
    """

    won: bool
    rounds: int
    out: int
    dead: int
    injured: int


class _Fight:
    """One fight of the scalar engine: mutable, private to :func:`simulate_one`."""

    def __init__(self, encounter: Encounter, rng: random.Random) -> None:
        self.rng = rng
        self.party = encounter.party
        self.roster = roster(encounter)
        self.foes = self.roster.foes
        self.pc_hp = [pc.hp for pc in self.party]
        self.foe_hp = [max(1, roll(foe.hp_dice, rng).total) for foe in self.foes]
        self.foe_max = list(self.foe_hp)
        self.broken = [False] * len(self.roster.sizes)
        self.tested = [False] * len(self.roster.sizes)
        self.members: list[list[int]] = [[] for _ in self.roster.sizes]
        for index, foe in enumerate(self.foes):
            self.members[foe.group].append(index)

    # the state
    def party_down(self) -> bool:
        return not any(hp > 0 for hp in self.pc_hp)

    def foes_done(self) -> bool:
        return not any(
            hp > 0 and not self.broken[foe.group]
            for hp, foe in zip(self.foe_hp, self.foes, strict=True)
        )

    # a round
    def play(self) -> FightOutcome:
        for number in range(1, MAX_ROUNDS + 1):
            ended = self.round()
            if ended is not None:
                return self.outcome(ended, number)
        return self.outcome(False, MAX_ROUNDS)

    def round(self) -> bool | None:
        """Play a round: ``True`` if the party won in it, ``False`` if it lost, else
        ``None`` (RULINGS R13)."""
        first: list[int] = []
        later: list[int] = []
        for index, pc in enumerate(self.party):
            if self.pc_hp[index] > 0:
                test = core_rules.resolve(
                    TestRequest("DEX", pc.score_dex, kind=TestKind.INITIATIVE, who=pc.name),
                    self.rng,
                )
                (first if test.success else later).append(index)
        for index in first:
            self.pc_action(index)
            if self.foes_done():
                return True
        for index, foe in enumerate(self.foes):
            if self.foe_hp[index] <= 0 or self.broken[foe.group]:
                continue
            for damage, count in foe.attacks:
                for _ in range(count):
                    self.monster_attack(foe, damage)
                    if self.party_down():
                        return False
        for index in later:
            if self.pc_hp[index] > 0:
                self.pc_action(index)
                if self.foes_done():
                    return True
        return None

    def pc_action(self, index: int) -> None:
        """The default tactic: the weakest standing foe, and cleave dice on the next
        weakest (RULINGS R6, R14); then the morale tests it set off (R12)."""
        pc = self.party[index]
        targets = sorted(
            (hp, foe) for foe, hp in enumerate(self.foe_hp) if hp > 0
        )  # by HP, then index
        primary = targets[0][1]
        others = [foe for _, foe in targets[1:]]
        cleaved = others[: pc.cleave]
        expression = pc.damage
        if pc.cleave > len(others):  # a die left over goes on the primary target (R14)
            expression = f"{pc.damage}+{CLEAVE_DIE}"
        self.attack(pc, primary, expression)
        for foe in cleaved:
            self.attack(pc, foe, CLEAVE_DIE)
        self.check_morale(pc)

    def attack(self, pc: Combatant, foe: int, damage: str) -> None:
        """A melee attack: STR against AC, or HD + AC if broken (RULINGS R6, R12)."""
        info = self.foes[foe]
        difficulty = info.ac + (info.hd if self.broken[info.group] else 0)
        test = core_rules.resolve(
            TestRequest(
                "STR",
                pc.score_str,
                difficulty,
                kind=TestKind.ATTACK,
                who=pc.name,
                purpose=f"against {info.name}",
            ),
            self.rng,
        )
        if test.success:
            dealt = roll_damage(damage, self.rng, test.critical is Critical.SUCCESS)
            self.foe_hp[foe] = max(0, self.foe_hp[foe] - dealt.total)

    def check_morale(self, pc: Combatant) -> None:
        """Each untested group with a member standing tests once half of it is out, or,
        alone, at half HP or less; ``pc`` makes the CHA test if needed (RULINGS R12)."""
        for group, members in enumerate(self.members):
            if self.tested[group]:
                continue
            standing = [m for m in members if self.foe_hp[m] > 0]
            if not standing:
                continue
            out = len(members) - len(standing)
            alone = len(members) == 1 and self.foe_hp[members[0]] * 2 <= self.foe_max[members[0]]
            if out * 2 >= len(members) or alone:
                self.tested[group] = True
                request = TestRequest("CHA", pc.score_cha, kind=TestKind.MORALE, who=pc.name)
                result = morale_check(self.roster.morale[group], self.rng, request)
                self.broken[group] = result.broken

    def monster_attack(self, foe: FoeInfo, damage: str) -> None:
        """One attack on a random standing PC: the PC's defence, AC against HD; a natural
        1 is the monster's critical (RULINGS R6)."""
        standing = [i for i, hp in enumerate(self.pc_hp) if hp > 0]
        target = standing[self.rng.randrange(len(standing))]
        pc = self.party[target]
        test = core_rules.resolve(
            TestRequest(
                "AC",
                pc.ac,
                max(1, foe.hd),
                kind=TestKind.DEFENCE,
                who=pc.name,
                purpose=f"against {foe.name}",
            ),
            self.rng,
        )
        if not test.success:
            dealt = roll_damage(damage, self.rng, test.critical is Critical.FAILURE)
            self.pc_hp[target] = max(0, self.pc_hp[target] - dealt.total)

    def outcome(self, won: bool, rounds: int) -> FightOutcome:
        """The fight's outcome; after a win, the injuries table for each PC out (R11)."""
        out = sum(hp <= 0 for hp in self.pc_hp)
        dead = injured = 0
        if won:
            for hp in self.pc_hp:
                if hp <= 0:
                    face = roll("1d6", self.rng).total
                    dead += face == 6
                    injured += 2 <= face <= 5
        return FightOutcome(won, rounds, out, dead, injured)


def simulate_one(encounter: Encounter, rng: random.Random) -> FightOutcome:
    """Play one fight with hacktable's own rules functions: the reference engine.

    The order of the draws (so a scripted source can play a known fight): each foe's
    HP in order; then each round: each standing PC's DEX test in party order; each
    acting PC's attack test, then its damage if it hits, then each cleave attack and
    its damage, then any morale roll (2d6, or the PC's CHA test); each monster attack's
    target (``randrange(standing PCs)``), the defence test, and the damage if it fails;
    after a win, 1d6 on the injuries table for each PC at 0 HP in party order.

    Raises:
        CommandError: no PCs or no foes.
    """
    return _Fight(encounter, rng).play()


# -- summaries ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """A figure and its 95% interval."""

    mean: float
    low: float
    high: float


def wilson(successes: int, n: int) -> Estimate:
    """A proportion with its Wilson score interval (95%).

    >>> e = wilson(80, 100)
    >>> round(e.mean, 3), round(e.low, 3), round(e.high, 3)
    (0.8, 0.711, 0.867)
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(
    total: float, total_sq: float, n: int, *, lowest: float = 0.0, highest: float = math.inf
) -> Estimate:
    """A mean with mean +- 1.96 s / sqrt(n) (s: the sample standard deviation), cut to
    ``lowest`` to ``highest``, the range every value lies in (by default 0 and up: the
    simulator's figures are counts). The mean of such values lies in that range too, so
    the cut interval covers the true mean whenever the uncut one does; without the cut a
    small or skewed sample could report, say, fewer than 0 PCs dead.

    >>> e = mean_interval(10, 30, 4)  # values 1, 2, 3, 4
    >>> e.mean, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    >>> e = mean_interval(1, 1, 4)  # values 0, 0, 0, 1: uncut, -0.24 to 0.74
    >>> e.mean, e.low, round(e.high, 3)
    (0.25, 0.0, 0.74)
    >>> e = mean_interval(13, 103, 4, lowest=1, highest=50)  # rounds 1, 1, 1, 10
    >>> e.mean, e.low, round(e.high, 3)
    (3.25, 1, 7.66)
    """
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = total / n
    variance = max(0.0, (total_sq - total * total / n) / (n - 1)) if n > 1 else 0.0
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, max(lowest, mean - half), min(highest, mean + half))


@dataclass
class Tally:
    """Running totals of fights (mutable; both engines add to one, then
    :meth:`summary`).

    Attributes:
        party_size: PCs per fight.
        runs: fights counted.
        wins, draws: fights won, and fights still going after :data:`MAX_ROUNDS`.
        sums, squares: per figure (``rounds``, ``out``, ``dead``, ``injured``,
            ``captured``), the sum and the sum of squares over fights.
        rounds_all, rounds_won: per round number (index 0: round 1), how many fights
            ended in it, and how many of those were won.
    """

    party_size: int
    runs: int = 0
    wins: int = 0
    draws: int = 0
    sums: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)
    rounds_all: list[int] = field(default_factory=lambda: [0] * MAX_ROUNDS)
    rounds_won: list[int] = field(default_factory=lambda: [0] * MAX_ROUNDS)

    FIGURES: ClassVar[tuple[str, ...]] = ("rounds", "out", "dead", "injured", "captured")

    def add(self, outcome: FightOutcome) -> None:
        """Count one fight."""
        lost = not outcome.won and outcome.out >= self.party_size
        values = {
            "rounds": outcome.rounds,
            "out": outcome.out,
            "dead": outcome.dead,
            "injured": outcome.injured,
            "captured": self.party_size if lost else 0,
        }
        for name, value in values.items():
            self.sums[name] = self.sums.get(name, 0) + value
            self.squares[name] = self.squares.get(name, 0) + value * value
        self.runs += 1
        self.wins += outcome.won
        self.draws += not outcome.won and not lost
        self.rounds_all[outcome.rounds - 1] += 1
        if outcome.won:
            self.rounds_won[outcome.rounds - 1] += 1

    def add_totals(
        self,
        *,
        runs: int,
        wins: int,
        draws: int,
        sums: dict[str, int],
        squares: dict[str, int],
        rounds_all: Sequence[int],
        rounds_won: Sequence[int],
    ) -> None:
        """Count a batch of fights from its totals (the vector engine)."""
        self.runs += runs
        self.wins += wins
        self.draws += draws
        for name in self.FIGURES:
            self.sums[name] = self.sums.get(name, 0) + sums[name]
            self.squares[name] = self.squares.get(name, 0) + squares[name]
        for index in range(MAX_ROUNDS):
            self.rounds_all[index] += rounds_all[index]
            self.rounds_won[index] += rounds_won[index]

    def summary(self, encounter: Encounter, engine: str, seed: int) -> Summary:
        """The figures with their 95% intervals."""

        def figure(name: str, lowest: int = 0, highest: int = self.party_size) -> Estimate:
            # each figure's range: 0 to the party's size PCs, 1 to MAX_ROUNDS rounds
            return mean_interval(
                self.sums.get(name, 0),
                self.squares.get(name, 0),
                self.runs,
                lowest=lowest,
                highest=highest,
            )

        last = max((i for i, c in enumerate(self.rounds_all) if c), default=-1) + 1
        return Summary(
            runs=self.runs,
            win_rate=wilson(self.wins, self.runs),
            out=figure("out"),
            dead=figure("dead"),
            injured=figure("injured"),
            rounds=figure("rounds", 1, MAX_ROUNDS),
            round_counts=tuple(self.rounds_all[:last]),
            engine=engine,
            seed=seed,
            won_round_counts=tuple(self.rounds_won[:last]),
            captured=figure("captured"),
            draw_rate=wilson(self.draws, self.runs),
            party=tuple(pc.name for pc in encounter.party),
            foes=describe_foes(encounter.foes),
        )


@dataclass(frozen=True)
class Summary:
    """The result of a simulation.

    Attributes:
        runs: fights played.
        win_rate: the share of fights the party won (Wilson interval).
        out: PCs at 0 HP at the end of a fight, on average (all of them after a loss).
        dead: PCs dead after a won fight, on average (a lower bound on deaths: the PCs
            of a lost fight are in ``captured``).
        injured: PCs with a lasting injury (2-5 on the injuries table) after a won
            fight, on average.
        rounds: rounds per fight, on average.
        round_counts: the histogram of rounds: index ``i`` counts the fights that ended
            in round ``i + 1``.
        engine: ``"vector"`` or ``"scalar"``.
        seed: the seed it was played from.
        won_round_counts: the same histogram for the fights won.
        captured: PCs of a lost fight ("captured or killed"), on average.
        draw_rate: the share of fights still going after :data:`MAX_ROUNDS` rounds.
        party: the PCs' names.
        foes: the foes as text (:func:`describe_foes`).
    """

    runs: int
    win_rate: Estimate
    out: Estimate
    dead: Estimate
    injured: Estimate
    rounds: Estimate
    round_counts: tuple[int, ...]
    engine: str
    seed: int
    won_round_counts: tuple[int, ...] = ()
    captured: Estimate = Estimate(0.0, 0.0, 0.0)
    draw_rate: Estimate = Estimate(0.0, 0.0, 0.0)
    party: tuple[str, ...] = ()
    foes: str = ""


def check_runs(runs: int) -> None:
    """Raises CommandError: ``runs`` is not 1 to :data:`MAX_RUNS`."""
    if not 1 <= runs <= MAX_RUNS:
        raise CommandError(f"--runs must be 1 to {MAX_RUNS:,}, not {runs:,}", "simulate")


def simulate_scalar(
    encounter: Encounter, runs: int, seed: int, progress: Progress | None = None
) -> Summary:
    """Play ``runs`` fights one by one with :func:`simulate_one`; fight ``i`` draws from
    ``random.Random(f"{seed}:{i}")`` (RULINGS G1).

    Raises:
        CommandError: ``runs`` out of range, no PCs or no foes.
    """
    check_runs(runs)
    roster(encounter)  # the encounter's checks, before anything is played
    tally = Tally(len(encounter.party))
    step = 100
    for index in range(runs):
        tally.add(simulate_one(encounter, derive(seed, index)))
        if progress is not None and (index + 1) % step == 0:
            progress(step)
    if progress is not None and runs % step:
        progress(runs % step)
    return tally.summary(encounter, "scalar", seed)


def simulate_vector(
    encounter: Encounter, runs: int, seed: int, progress: Progress | None = None
) -> Summary:
    """Play ``runs`` fights at once with NumPy (:mod:`.simulate_vector`), drawing from
    ``numpy.random.default_rng(seed)``: the same model as :func:`simulate_one`.

    Raises:
        CommandError: ``runs`` out of range, no PCs or no foes.
    """
    from .simulate_vector import simulate_vector as run

    return run(encounter, runs, seed, progress)


def simulate(
    encounter: Encounter,
    runs: int,
    seed: int,
    engine: str = "vector",
    progress: Progress | None = None,
) -> Summary:
    """Run ``engine`` (``"vector"`` or ``"scalar"``).

    Raises:
        CommandError: an unknown engine, ``runs`` out of range, no PCs or no foes.
    """
    if engine == "vector":
        return simulate_vector(encounter, runs, seed, progress)
    if engine == "scalar":
        return simulate_scalar(encounter, runs, seed, progress)
    raise CommandError(f"--engine must be vector or scalar, not {engine!r}", "simulate")


# -- output ------------------------------------------------------------------------------


def _percent(e: Estimate) -> str:
    return f"{e.mean:6.1%}  ({e.low:.1%} to {e.high:.1%})"


def _number(e: Estimate) -> str:
    return f"{e.mean:6.2f}  ({e.low:.2f} to {e.high:.2f})"


def render_summary(summary: Summary) -> list[str]:
    """The summary as lines of text, each figure with its 95% interval."""
    size = len(summary.party)
    who = ", ".join(summary.party) if summary.party else "the party"
    lines = [
        f"{who} against {summary.foes or 'the foes'}",
        f"{summary.runs:,} fights, {summary.engine} engine, seed {summary.seed}; "
        "95% intervals in brackets",
        f"  win rate        {_percent(summary.win_rate)}",
        f"  PCs out         {_number(summary.out)}  of {size}",
        f"  PCs dead        {_number(summary.dead)}  (after won fights)",
        f"  PCs injured     {_number(summary.injured)}  (lasting injuries, after won fights)",
        f"  captured/killed {_number(summary.captured)}  (PCs of lost fights)",
        f"  rounds          {_number(summary.rounds)}",
    ]
    if summary.draw_rate.mean > 0:
        lines.append(
            f"  draws           {_percent(summary.draw_rate)}  (after {MAX_ROUNDS} rounds)"
        )
    return lines


def summary_to_json(summary: Summary) -> dict[str, Any]:
    """The summary as one JSON-ready object."""

    def estimate(e: Estimate) -> dict[str, float]:
        return {"mean": e.mean, "low": e.low, "high": e.high}

    return {
        "engine": summary.engine,
        "seed": summary.seed,
        "runs": summary.runs,
        "party": list(summary.party),
        "foes": summary.foes,
        "win_rate": estimate(summary.win_rate),
        "out": estimate(summary.out),
        "dead": estimate(summary.dead),
        "injured": estimate(summary.injured),
        "captured": estimate(summary.captured),
        "rounds": estimate(summary.rounds),
        "draw_rate": estimate(summary.draw_rate),
        "max_rounds": MAX_ROUNDS,
        "round_counts": list(summary.round_counts),
        "won_round_counts": list(summary.won_round_counts),
    }


def plot(summary: Summary, path: str | Path) -> None:
    """Write a histogram of rounds per fight, won and not won stacked, to ``path`` (the
    format from its extension: ``.png``, ``.svg``, ``.pdf``). Matplotlib's Agg canvas,
    imported only here; no global state (pyplot) is touched.

    Raises:
        CommandError: the file cannot be written, or the format is unknown.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    rounds = list(range(1, len(summary.round_counts) + 1))
    won = list(summary.won_round_counts) or [0] * len(rounds)
    lost = [total - w for total, w in zip(summary.round_counts, won, strict=True)]
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.bar(rounds, won, color="#2e7d32", label="party won")
    axes.bar(rounds, lost, bottom=won, color="#c62828", label="lost or drawn")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("rounds")
    axes.set_ylabel("fights")
    who = ", ".join(summary.party) or "the party"
    axes.set_title(
        f"{who} against {summary.foes}\nwon {summary.win_rate.mean:.1%} of "
        f"{summary.runs:,} fights ({summary.engine} engine, seed {summary.seed})",
        fontsize="medium",
    )
    axes.legend()
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise CommandError(f"cannot write the plot {path}: {error}", "simulate") from error
