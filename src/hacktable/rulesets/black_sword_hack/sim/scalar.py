"""The simulator's engine: one fight at a time with black-sword-hack's own pure rules
(:func:`..core.resolve` and :func:`..core.odds`, :func:`..core.threat`,
:func:`..sources.character_test`, :func:`..damage.roll_damage`,
:func:`..armour.damage_taken`, :func:`..doom.roll_doom`, :func:`..effects`' queries,
the bestiary's opponents). The model is the package's
(:mod:`hacktable.rulesets.black_sword_hack.sim`; docs/simulate.md).

Randomness (RULINGS G1): fight ``i`` of a run draws from ``random.Random(f"{seed}:{i}")``
(:func:`hacktable.dice.source.derive`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ....dice.source import derive
from ....dice.usage import UsageDie, roll_usage
from ....rules.resolution import Critical, TestRequest
from ...base import TestOptions
from .. import core, doom, effects, sources
from ..armour import damage_taken
from ..character import Character
from ..content.schemas import Opponent, OpponentAction
from ..damage import roll_damage
from .model import MAX_TURNS, Encounter, Fighter, FightOutcome, Progress, check_runs
from .stats import Summary, Tally

__all__ = ["simulate_one", "simulate_scalar"]

SHIELD = "Shield (2.1.8)"
"""The source of a shield's advantage on parries."""


@dataclass
class _Requests:
    """The tests of an encounter's PCs, each built once (a test depends on the PC, what
    it is for, the threat level, a shield and whether they are Doomed)."""

    encounter: Encounter
    built: dict[tuple[int, str, str, int, bool, bool], TestRequest] = field(default_factory=dict)

    def get(
        self, index: int, character: Character, attribute: str, use: str, threat: int = 0,
        shield: bool = False,
    ) -> TestRequest:  # fmt: skip
        key = (index, attribute, use, threat, shield, character.doomed)
        found = self.built.get(key)
        if found is None:
            options = TestOptions(advantages=(SHIELD,) if shield else (), modifier=threat)
            found = sources.character_test(
                self.encounter.content, character, attribute, options, use
            )
            self.built[key] = found
        return found


class _PC:
    """A PC's state in one fight."""

    __slots__ = ("character", "fighter", "hp", "ongoing", "shield")

    def __init__(self, fighter: Fighter) -> None:
        self.fighter = fighter
        self.character = fighter.character
        self.hp = fighter.character.hp
        self.shield = fighter.shield
        self.ongoing: list[UsageDie] = []


class _Foe:
    """An opponent's state in one fight."""

    __slots__ = ("group", "hp", "opponent")

    def __init__(self, opponent: Opponent, group: int) -> None:
        self.opponent = opponent
        self.hp = opponent.hp
        self.group = group


class _Fight:
    """One fight: mutable, private to :func:`simulate_one`."""

    def __init__(self, encounter: Encounter, rng: random.Random, requests: _Requests) -> None:
        self.rng = rng
        self.requests = requests
        self.content = encounter.content
        self.shield_missiles = encounter.shield_missiles
        self.pcs = [_PC(f) for f in encounter.party]
        groups: dict[int, int] = {}
        for spec in encounter.foes:
            groups.setdefault(spec.group, len(groups))
        self.foes = [
            _Foe(spec.opponent, groups[spec.group])
            for spec in encounter.foes
            for _ in range(spec.count)
        ]
        self.sizes = [0] * len(groups)
        scores: list[list[int]] = [[] for _ in groups]
        for foe in self.foes:
            self.sizes[foe.group] += 1
            if foe.opponent.morale is not None:
                scores[foe.group].append(foe.opponent.morale)
        self.morale = [max(s) if s else encounter.morale for s in scores]
        self.tested = [False] * len(groups)
        self.broken = [False] * len(groups)

    # -- the state -----------------------------------------------------------------------
    def fighting(self) -> list[int]:
        """The opponents still standing and unbroken, by index."""
        return [i for i, f in enumerate(self.foes) if f.hp > 0 and not self.broken[f.group]]

    def standing(self) -> list[int]:
        """The PCs not Helpless, by index."""
        return [i for i, pc in enumerate(self.pcs) if pc.hp > 0]

    def over(self) -> bool | None:
        """``True``: the party won; ``False``: it lost; ``None``: the fight goes on."""
        if not self.fighting():
            return True
        if not self.standing():
            return False
        return None

    # -- the fight -----------------------------------------------------------------------
    def play(self) -> FightOutcome:
        first, later, actions = self.initiative()
        for turn in range(1, MAX_TURNS + 1):
            for index in first:
                self.pc_turn(index, actions[index] if turn == 1 else 2)
                ended = self.over()
                if ended is not None:
                    return self.outcome(ended, turn)
            for foe in self.foes:
                if foe.hp > 0 and not self.broken[foe.group] and foe.opponent.actions:
                    self.foe_action(foe.opponent.actions[0])
                    ended = self.over()
                    if ended is not None:
                        return self.outcome(ended, turn)
            for index in later:
                self.pc_turn(index, actions[index] if turn == 1 else 2)
                ended = self.over()
                if ended is not None:
                    return self.outcome(ended, turn)
        return self.outcome(False, MAX_TURNS)

    def initiative(self) -> tuple[list[int], list[int], list[int]]:
        """One WIS test per PC at the start (RULINGS B3): successes act before the
        opposition, the others after, each in seating order; a critical success gives
        three actions on the first turn, a critical failure one (2.1.1) and a Doom roll
        (B2); gifts add theirs."""
        first: list[int] = []
        later: list[int] = []
        actions: list[int] = []
        for index, pc in enumerate(self.pcs):
            request = self.requests.get(index, pc.character, "WIS", "initiative")
            result = core.resolve(request, self.rng)
            count = {Critical.SUCCESS: 3, Critical.FAILURE: 1}.get(result.critical, 2)
            actions.append(count + effects.first_turn_actions(self.content, pc.character))
            (first if result.success else later).append(index)
            if result.critical is Critical.FAILURE:
                self.doom_roll(pc, "critical failure")
        return first, later, actions

    def doom_roll(self, pc: _PC, why: str) -> None:
        """Roll the PC's Doom die (RULINGS B2), if they have one left."""
        if not pc.character.doomed:
            pc.character = doom.roll_doom(pc.character, why, self.rng).character

    def pc_turn(self, index: int, actions: int) -> None:
        """Ongoing damage first (2.1.11), then the default tactic: each action an
        attack on the weakest opponent; each after the first repeats it and rolls the
        Doom die (2.1.2; RULINGS B2), and a Doomed PC moves instead (docs/rulings.md
        H154)."""
        pc = self.pcs[index]
        if pc.hp <= 0:
            return
        self.ongoing(pc)
        for number in range(actions):
            targets = self.fighting()
            if pc.hp <= 0 or not targets:
                return
            if number:
                if pc.character.doomed:
                    return  # no die to roll: the rest of the turn is spent moving (B2)
                self.doom_roll(pc, "repeat")
            weakest = min(targets, key=lambda i: (self.foes[i].hp, i))
            self.attack(index, pc, self.foes[weakest])

    def ongoing(self, pc: _PC) -> None:
        """Each ongoing damage die is rolled at the start of the PC's turn: its face is
        the damage, armour aside, and it steps down by RULINGS G3 (2.1.11;
        docs/rulings.md H154)."""
        dice: list[UsageDie] = []
        for die in pc.ongoing:
            rolled = roll_usage(die, self.rng)
            pc.hp = max(0, pc.hp - rolled.kept)
            if not rolled.after.exhausted:
                dice.append(rolled.after)
        pc.ongoing = dice

    def attack(self, index: int, pc: _PC, foe: _Foe) -> None:
        """A melee attack: a STR test with the threat level on the die (2.1.3, 2.1.5);
        a hit deals the damage die (two-handed: with advantage; critical: its maximum
        and another die) minus the opponent's armour (RULINGS B4, B5); a critical
        failure rolls the Doom die (B2). A kill may break the group's morale (B6)."""
        threat = core.threat(pc.character.level, foe.opponent.level)
        request = self.requests.get(index, pc.character, "STR", "melee", threat)
        result = core.resolve(request, self.rng, pc.fighter.critical)
        if result.critical is Critical.FAILURE:
            self.doom_roll(pc, "critical failure")
        if not result.success:
            return
        dealt = roll_damage(
            pc.fighter.damage,
            self.rng,
            two_handed=pc.fighter.two_handed,
            critical=result.critical is Critical.SUCCESS,
        )
        foe.hp = max(0, foe.hp - damage_taken(dealt.total, foe.opponent.armour))
        if foe.hp == 0:
            self.morale_check(foe.group)

    def morale_check(self, group: int) -> None:
        """Once a group of two or more has lost half its number, a d12 above its morale
        breaks it: it flees (RULINGS B6). Tested once; the leader is not modelled."""
        size = self.sizes[group]
        if self.tested[group] or size < 2:
            return
        lost = sum(1 for f in self.foes if f.group == group and f.hp == 0)
        if lost * 2 < size or lost == size:
            return
        self.tested[group] = True
        self.broken[group] = self.rng.randrange(12) + 1 > self.morale[group]

    def foe_action(self, action: OpponentAction) -> None:
        """An opponent's first action on a random PC still standing, who defends with the
        better of parry and dodge (2.1.4; RULINGS B5, B6)."""
        standing = self.standing()
        index = standing[self.rng.randrange(len(standing))]
        pc = self.pcs[index]
        request, parrying = self.defence(index, pc, action)
        ignore = False
        if request is not None:
            result = core.resolve(request, self.rng)
            if result.critical is Critical.FAILURE:
                self.doom_roll(pc, "critical failure")
                ignore = True
                if parrying and pc.shield:
                    pc.shield = False  # broken by the critical failure (2.1.8; B5)
            if result.success:
                return
        pc.hp = max(0, pc.hp - damage_taken(action.damage, pc.fighter.armour, ignore))
        if action.ongoing:
            pc.ongoing.append(UsageDie.parse(action.ongoing))

    def defence(
        self, index: int, pc: _PC, action: OpponentAction
    ) -> tuple[TestRequest | None, bool]:
        """The PC's better defence against ``action`` and whether it is a parry: a
        parry (STR) needs something in hand, and a missile only a shield where the
        campaign allows it; a dodge (DEX); the one with the better odds, a parry on a
        tie; ``None`` when the action allows neither (2.1.4, 2.1.8; RULINGS B5)."""
        choices: list[tuple[TestRequest, bool]] = []
        can_parry = (pc.fighter.armed or pc.shield) and (
            not action.ranged or (self.shield_missiles and pc.shield)
        )
        if "STR" in action.defend and can_parry:
            parry = self.requests.get(index, pc.character, "STR", "parry", shield=pc.shield)
            choices.append((parry, True))
        if "DEX" in action.defend:
            choices.append((self.requests.get(index, pc.character, "DEX", "dodge"), False))
        if not choices:
            return None, False
        return max(choices, key=lambda c: (core.odds(c[0]).success, c[1]))

    def outcome(self, won: bool, turns: int) -> FightOutcome:
        """The fight's outcome; after a win, the Helpless d6 for each PC at 0 HP
        (2.1.13: a 6 kills)."""
        helpless = sum(pc.hp <= 0 for pc in self.pcs)
        killed = 0
        if won:
            for pc in self.pcs:
                if pc.hp <= 0:
                    killed += self.rng.randrange(6) + 1 == 6
        doomed = sum(pc.character.doomed for pc in self.pcs)
        return FightOutcome(won, turns, helpless, killed, doomed)


def simulate_one(
    encounter: Encounter, rng: random.Random, requests: _Requests | None = None
) -> FightOutcome:
    """Play one fight.

    The order of the draws (so a scripted source can play a known fight): each PC's
    WIS test in seating order (and a Doom roll after a critical failure); then each
    turn, for each PC who acts (those who won the initiative, the opponents, the
    others): a PC's ongoing damage dice, then per action the Doom roll of a repeat, the
    STR test, a Doom roll after its critical failure, the damage die (two under
    advantage; a critical's extra die) and a d12 of morale when a group breaks half;
    an opponent's target (``randrange(PCs standing)``), the defence test and a Doom
    roll after its critical failure; after a win, the Helpless d6 of each PC at 0 HP
    in seating order.

    Raises:
        CommandError: no PCs or no opponents, or too many.
    """
    encounter.check()
    return _Fight(encounter, rng, requests or _Requests(encounter)).play()


def simulate_scalar(
    encounter: Encounter, runs: int, seed: int, progress: Progress | None = None
) -> Summary:
    """Play ``runs`` fights one by one with :func:`simulate_one`; fight ``i`` draws from
    ``random.Random(f"{seed}:{i}")`` (RULINGS G1).

    Raises:
        CommandError: ``runs`` out of range, no PCs or no opponents.
    """
    check_runs(runs)
    encounter.check()
    requests = _Requests(encounter)
    tally = Tally(len(encounter.party))
    step = 100
    for index in range(runs):
        tally.add(_Fight(encounter, derive(seed, index), requests).play())
        if progress is not None and (index + 1) % step == 0:
            progress(step)
    if progress is not None and runs % step:
        progress(runs % step)
    return tally.summary(encounter, "scalar", seed)
