"""The simulator's scalar engine: one fight at a time with hacktable's own rules
functions (:func:`..core_rules.resolve`, :func:`..combat.roll_damage`,
:func:`..morale.morale_due` and :func:`..morale.morale_check`,
:func:`hacktable.dice.roll`): the reference the vector engine must agree with. The
model is the package's (:mod:`hacktable.rulesets.redhack.sim`; docs/simulate.md).

Randomness (RULINGS G1): fight ``i`` of a run draws from ``random.Random(f"{seed}:{i}")``
(:func:`hacktable.dice.derive`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ....dice.roller import roll
from ....dice.source import derive
from ....rules.resolution import Critical, TestKind, TestRequest
from .. import core_rules
from ..attacks import CLEAVE_DIE
from ..combat import roll_damage
from ..morale import morale_check, morale_due
from .model import (
    MAX_ROUNDS,
    Combatant,
    Encounter,
    FightOutcome,
    FoeInfo,
    Progress,
    check_runs,
    roster,
)
from .stats import Summary, Tally

__all__ = ["group_morale_due", "simulate_one", "simulate_scalar"]


def group_morale_due(
    hp: Sequence[int], max_hp: Sequence[int], members: Sequence[int], tested: bool
) -> bool:
    """Whether the group of foes ``members`` (indices into ``hp`` and ``max_hp``) tests
    morale now: not ``tested`` yet, and :func:`..morale.morale_due` (half of it out, or
    alone at half HP or less, with a member standing; redhack: Combat > Morale; RULINGS
    R12)."""
    if tested:
        return False
    standing = sum(1 for m in members if hp[m] > 0)
    first = members[0]
    return morale_due(len(members), len(members) - standing, standing, hp[first], max_hp[first])


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
        """Each group whose test is due (:func:`group_morale_due`) tests once; ``pc``
        makes the CHA test if needed (RULINGS R12)."""
        for group, members in enumerate(self.members):
            if group_morale_due(self.foe_hp, self.foe_max, members, self.tested[group]):
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
