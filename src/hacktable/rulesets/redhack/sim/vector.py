"""The vector engine of the fight simulator: every fight at once, with NumPy.

It plays exactly the model of :mod:`hacktable.rulesets.redhack.sim` (read its docstring;
``docs/simulate.md``)
on arrays: PC hit points are ``runs x PCs``, foe hit points ``runs x foes``, morale
``runs x groups``. It goes round by round; within a round it steps through the PCs
and foes in the scalar engine's order, each step acting on every fight at once, masked
to the fights where that PC or foe acts. Fights that have ended are recorded and
dropped from the arrays at the end of each round, so the long tail of slow fights
costs little. Runs are played in chunks of at most :data:`CHUNK` fights (one generator
for all of them) to bound memory.

A test is the advantage-free d20 test of RULINGS R1-R2 (redhack: Core Rules > Tests):
success if the face is 20, or if it is not 1 and ``difficulty < face <= attribute``,
with the attribute capped at 19 and the excess taken off the difficulty
(:func:`.core_rules.effective`). Damage dice are any dice notation, compiled from
hacktable's parser (:func:`compile_dice`): ``count`` dice of ``sides`` (keep highest or
lowest), numbers, ``+``, ``-``, ``x``, brackets. Randomness comes from one
``numpy.random.default_rng(seed)`` (RULINGS G1).

The scalar engine ends a fight the moment it is decided; this engine finishes the round
first. That changes nothing it reports: once no unbroken foe stands the monsters do not
attack, and once no PC stands nobody acts, so the rest of the round cannot change a
PC's hit points, the winner or the round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ....dice.notation import BinaryOp, Dice, Group, KeepMode, Negate, Node, Number
from ....dice.roller import parse_cached
from .. import core_rules
from ..attacks import CLEAVE_DIE
from ..morale import MORALE_DICE, morale_breaks, morale_due
from .model import MAX_ROUNDS, Encounter, Progress, check_runs, roster
from .stats import Summary, Tally

__all__ = ["CHUNK", "compile_dice", "morale_triggered", "passes", "simulate_vector"]

CHUNK = 100_000
"""The most fights played together (fewer when the encounter is large)."""

CELLS = 4_000_000
"""The most fight x combatant cells in one chunk (bounds memory)."""

Ints = NDArray[np.int64]
Bools = NDArray[np.bool_]
Roller = Callable[[int, np.random.Generator], Ints]
"""Compiled dice: ``roller(n, rng)`` rolls the expression ``n`` times."""


def compile_dice(expression: str) -> Roller:
    """Compile dice notation to a function that rolls it ``n`` times at once.

    >>> rolls = compile_dice("2d6+1")(10_000, np.random.default_rng(1))
    >>> int(rolls.min()), int(rolls.max()), 7.8 < float(rolls.mean()) < 8.2
    (3, 13, True)

    Raises:
        DiceSyntaxError, DiceLimitError: malformed notation.
    """
    return _compile(parse_cached(expression))


def _compile(node: Node) -> Roller:
    if isinstance(node, Number):
        value = node.value

        def number(n: int, rng: np.random.Generator) -> Ints:
            return np.full(n, value, dtype=np.int64)

        return number
    if isinstance(node, Dice):
        return _compile_dice(node)
    if isinstance(node, BinaryOp):
        left, right, op = _compile(node.left), _compile(node.right), node.op

        def binary(n: int, rng: np.random.Generator) -> Ints:
            a, b = left(n, rng), right(n, rng)
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            return a * b

        return binary
    if isinstance(node, Group):
        return _compile(node.inner)
    if isinstance(node, Negate):
        operand = _compile(node.operand)

        def negate(n: int, rng: np.random.Generator) -> Ints:
            return -operand(n, rng)

        return negate
    raise TypeError(f"not a dice node: {node!r}")  # pragma: no cover - parser's nodes only


def _compile_dice(node: Dice) -> Roller:
    count, high, keep = node.count, node.sides + 1, node.keep
    if keep is None:
        if count == 1:

            def one(n: int, rng: np.random.Generator) -> Ints:
                return rng.integers(1, high, n)

            return one

        def several(n: int, rng: np.random.Generator) -> Ints:
            total: Ints = rng.integers(1, high, (n, count)).sum(axis=1)
            return total

        return several
    kept = min(keep.count, count)
    highest = keep.mode == KeepMode.HIGHEST

    def keeping(n: int, rng: np.random.Generator) -> Ints:
        rolls = np.sort(rng.integers(1, high, (n, count)), axis=1)
        chosen = rolls[:, count - kept :] if highest else rolls[:, :kept]
        total: Ints = chosen.sum(axis=1)
        return total

    return keeping


def passes(face: Ints, attribute: Ints | int, difficulty: Ints | int) -> Bools:
    """Advantage-free tests (RULINGS R1), given the effective attribute and difficulty
    (:func:`.core_rules.effective`): a natural 20 succeeds, a natural 1 fails, otherwise
    ``difficulty < face <= attribute``.

    >>> faces = np.arange(1, 21)
    >>> passes(faces, 12, 4).nonzero()[0] + 1
    array([ 5,  6,  7,  8,  9, 10, 11, 12, 20])
    """
    middle = (face != 1) & (face > difficulty) & (face <= attribute)
    result: Bools = (face == 20) | middle
    return result


def _damage(roller: Roller, n: int, critical: Bools, rng: np.random.Generator) -> Ints:
    """Damage rolls; a critical rolls the dice twice and adds both (RULINGS R6), and the
    total is at least 0 (as :func:`.combat.roll_damage`)."""
    total = roller(n, rng)
    if critical.any():
        extra = np.flatnonzero(critical)
        total[extra] += roller(len(extra), rng)
    return np.maximum(total, 0)


def morale_triggered(
    hp: Ints, max_hp: Ints, tested: Bools, membership: Ints, sizes: Ints, single: Ints
) -> Bools:
    """Which groups test morale now, fight by fight (rows) and group by group (columns):
    not ``tested`` yet, and :func:`..morale.morale_due` on the counts (redhack: Combat >
    Morale; RULINGS R12). ``hp`` and ``max_hp`` are per fight and foe; ``membership`` is
    foes x groups (1 where the foe is in the group), ``sizes`` its column sums, and
    ``single`` each group's first foe (the one whose HP count for a group of one).

    >>> one = np.array([[1], [1]])  # two foes, one group
    >>> morale_triggered(np.array([[0, 3], [2, 3]]), np.array([[3, 3], [3, 3]]),
    ...                  np.zeros((2, 1), dtype=bool), one, np.array([2]), np.array([0]))
    array([[ True],
           [False]])
    """
    standing: Ints = (hp > 0).astype(np.int64) @ membership
    due = morale_due(sizes, sizes - standing, standing, hp[:, single], max_hp[:, single])
    result: Bools = ~tested & due
    return result


def _sum_of_dice(expression: str) -> Callable[[tuple[int, int], np.random.Generator], Ints]:
    """Plain ``NdS`` dice (the morale dice) rolled die by die over a shape of cells."""
    node = parse_cached(expression)
    if not isinstance(node, Dice) or node.keep is not None:  # pragma: no cover - data
        raise TypeError(f"not plain dice: {expression!r}")
    count, high = node.count, node.sides + 1

    def rolls(shape: tuple[int, int], rng: np.random.Generator) -> Ints:
        total: Ints = rng.integers(1, high, shape)
        for _ in range(count - 1):
            total = total + rng.integers(1, high, shape)
        return total

    return rolls


_morale_dice = _sum_of_dice(MORALE_DICE)


@dataclass(frozen=True)
class _Static:
    """The encounter as arrays (everything that does not change during a fight)."""

    # PCs
    hp: Ints
    str_attr: Ints
    str_shift: Ints
    dex_attr: Ints
    dex_shift: Ints
    cha_attr: Ints
    cha_shift: Ints
    ac_attr: Ints
    ac_shift: Ints
    weapon: tuple[Roller, ...]
    weapon_cleave: tuple[Roller, ...]
    cleave: tuple[int, ...]
    # foes
    foe_group: Ints
    foe_ac: Ints
    foe_hd: Ints
    foe_hp: tuple[Roller, ...]
    foe_attacks: tuple[tuple[tuple[Roller, int], ...], ...]
    foe_defence: tuple[int, ...]
    # groups
    membership: Ints
    sizes: Ints
    single: Ints
    morale: Ints
    has_morale: Bools


def _static(encounter: Encounter) -> _Static:
    found = roster(encounter)
    party = encounter.party

    def effective(scores: list[int]) -> tuple[Ints, Ints]:
        pairs = [core_rules.effective(score, 0) for score in scores]
        return (
            np.array([a for a, _ in pairs], dtype=np.int64),
            np.array([d for _, d in pairs], dtype=np.int64),
        )

    str_attr, str_shift = effective([pc.score_str for pc in party])
    dex_attr, dex_shift = effective([pc.score_dex for pc in party])
    cha_attr, cha_shift = effective([pc.score_cha for pc in party])
    ac_attr, ac_shift = effective([pc.ac for pc in party])
    groups = len(found.sizes)
    membership = np.zeros((len(found.foes), groups), dtype=np.int64)
    for index, foe in enumerate(found.foes):
        membership[index, foe.group] = 1
    single = np.array(
        [next(i for i, f in enumerate(found.foes) if f.group == g) for g in range(groups)],
        dtype=np.int64,
    )
    return _Static(
        hp=np.array([pc.hp for pc in party], dtype=np.int64),
        str_attr=str_attr,
        str_shift=str_shift,
        dex_attr=dex_attr,
        dex_shift=dex_shift,
        cha_attr=cha_attr,
        cha_shift=cha_shift,
        ac_attr=ac_attr,
        ac_shift=ac_shift,
        weapon=tuple(compile_dice(pc.damage) for pc in party),
        weapon_cleave=tuple(compile_dice(f"{pc.damage}+{CLEAVE_DIE}") for pc in party),
        cleave=tuple(pc.cleave for pc in party),
        foe_group=np.array([f.group for f in found.foes], dtype=np.int64),
        foe_ac=np.array([f.ac for f in found.foes], dtype=np.int64),
        foe_hd=np.array([f.hd for f in found.foes], dtype=np.int64),
        foe_hp=tuple(compile_dice(f.hp_dice) for f in found.foes),
        foe_attacks=tuple(
            tuple((compile_dice(damage), count) for damage, count in f.attacks) for f in found.foes
        ),
        foe_defence=tuple(max(1, f.hd) for f in found.foes),
        membership=membership,
        sizes=np.array(found.sizes, dtype=np.int64),
        single=single,
        morale=np.array([m or 0 for m in found.morale], dtype=np.int64),
        has_morale=np.array([m is not None for m in found.morale], dtype=np.bool_),
    )


class _Chunk:
    """The fights of one chunk still going: their state, as arrays (mutable)."""

    def __init__(self, static: _Static, n: int, rng: np.random.Generator) -> None:
        self.s = static
        self.rng = rng
        self.pc_hp: Ints = np.tile(static.hp, (n, 1))
        columns = [np.maximum(roller(n, rng), 1) for roller in static.foe_hp]
        self.foe_hp: Ints = np.stack(columns, axis=1)
        self.foe_max: Ints = self.foe_hp.copy()
        groups = len(static.sizes)
        self.broken: Bools = np.zeros((n, groups), dtype=np.bool_)
        self.tested: Bools = np.zeros((n, groups), dtype=np.bool_)

    # -- a round --------------------------------------------------------------------------
    def round(self) -> None:
        """Initiative, the PCs who won it, the monsters, the other PCs (RULINGS R13)."""
        s, rng = self.s, self.rng
        n, pcs = self.pc_hp.shape
        faces = rng.integers(1, 21, (n, pcs))
        first = (self.pc_hp > 0) & passes(faces, s.dex_attr, 1 + s.dex_shift)
        for pc in range(pcs):
            self.pc_action(pc, first[:, pc])
        self.monsters()
        for pc in range(pcs):
            self.pc_action(pc, ~first[:, pc] & (self.pc_hp[:, pc] > 0))

    def pc_action(self, pc: int, acting: Bools) -> None:
        """The default tactic for PC ``pc`` in the fights where ``acting`` (RULINGS R6,
        R14), then the morale tests it set off (R12)."""
        s = self.s
        rows = np.flatnonzero(acting)
        hp = self.foe_hp[rows]
        alive = hp > 0
        some = alive.any(axis=1)
        if not some.all():  # no foe standing: a fight already won
            rows, hp, alive = rows[some], hp[some], alive[some]
        k = len(rows)
        if k == 0:
            return
        cleave = s.cleave[pc]
        key = np.where(alive, hp, np.iinfo(np.int64).max)
        if cleave:
            order = np.argsort(key, axis=1, kind="stable")[:, : cleave + 1]
            primary = order[:, 0]
            count = alive.sum(axis=1)
            bonus = count - 1 < cleave  # a cleave die left over goes on the primary target
        else:
            primary = np.argmin(key, axis=1)  # the first of equals: the lowest index
            bonus = None
        hurt = self.attack(pc, rows, primary, False if bonus is None else bonus)
        for j in range(1, cleave + 1):
            picked = np.flatnonzero(count > j)
            if len(picked):
                hurt[picked] |= self.attack(pc, rows[picked], order[picked, j], None)
        # Only a hit changes what morale looks at; every other state was tested already.
        if hurt.any():
            self.morale(pc, rows[hurt])

    def attack(self, pc: int, rows: Ints, target: Ints, bonus: Bools | bool | None) -> Bools:
        """STR tests against AC (broken: HD + AC, R12); hits deal the weapon's damage
        (where ``bonus``: plus the cleave die), or, for a cleave attack (``bonus`` None),
        the cleave die; a natural 20 doubles it (R6). Returns which attacks hit."""
        s, rng = self.s, self.rng
        k = len(rows)
        group = s.foe_group[target]
        difficulty = s.foe_ac[target] + np.where(self.broken[rows, group], s.foe_hd[target], 0)
        faces = rng.integers(1, 21, k)
        hit = passes(faces, s.str_attr[pc], difficulty + s.str_shift[pc])
        critical = faces == 20
        if bonus is None:
            damage = _damage(_CLEAVE, k, critical, rng)
        elif isinstance(bonus, np.ndarray) and bonus.any():
            damage = np.where(
                bonus,
                _damage(s.weapon_cleave[pc], k, critical, rng),
                _damage(s.weapon[pc], k, critical, rng),
            )
        else:
            damage = _damage(s.weapon[pc], k, critical, rng)
        before = self.foe_hp[rows, target]
        self.foe_hp[rows, target] = np.where(hit, np.maximum(before - damage, 0), before)
        return hit

    def morale(self, pc: int, rows: Ints) -> None:
        """Groups whose test is due (:func:`morale_triggered`) test once: the morale dice
        over the score break them (:func:`..morale.morale_breaks`), or without one PC
        ``pc``'s CHA test breaks them on a success (RULINGS R12)."""
        s, rng = self.s, self.rng
        trigger = morale_triggered(
            self.foe_hp[rows],
            self.foe_max[rows],
            self.tested[rows],
            s.membership,
            s.sizes,
            s.single,
        )
        if not trigger.any():
            return
        k, groups = trigger.shape
        dice = _morale_dice((k, groups), rng)
        faces = rng.integers(1, 21, (k, groups))
        cha = passes(faces, s.cha_attr[pc], 1 + s.cha_shift[pc])
        breaks = np.where(s.has_morale, morale_breaks(dice, s.morale), cha)
        self.tested[rows] |= trigger
        self.broken[rows] |= trigger & breaks

    def monsters(self) -> None:
        """Each standing, unbroken foe in order makes each of its attacks on a random
        standing PC: the PC's defence, AC against HD; a natural 1 is the foe's critical
        (RULINGS R6)."""
        s, rng = self.s, self.rng
        for foe, attacks in enumerate(s.foe_attacks):
            fighting = (self.foe_hp[:, foe] > 0) & ~self.broken[:, s.foe_group[foe]]
            rows = np.flatnonzero(fighting)
            for roller, times in attacks:
                for _ in range(times):
                    up = self.pc_hp[rows] > 0
                    count = up.sum(axis=1)
                    if not count.all():  # the party is down in some: nobody to attack there
                        rows, up, count = rows[count > 0], up[count > 0], count[count > 0]
                    k = len(rows)
                    if k == 0:
                        break
                    pick = rng.integers(0, count)
                    target = np.argmax(np.cumsum(up, axis=1) > pick[:, None], axis=1)
                    faces = rng.integers(1, 21, k)
                    defended = passes(
                        faces, s.ac_attr[target], s.foe_defence[foe] + s.ac_shift[target]
                    )
                    damage = _damage(roller, k, faces == 1, rng)
                    before = self.pc_hp[rows, target]
                    self.pc_hp[rows, target] = np.where(
                        defended, before, np.maximum(before - damage, 0)
                    )

    # -- the end ----------------------------------------------------------------------------
    def ended(self) -> tuple[Bools, Bools]:
        """``(won, lost)`` per fight: no unbroken foe stands; no PC stands."""
        fighting = (self.foe_hp > 0) & ~self.broken[:, self.s.foe_group]
        won: Bools = np.logical_not(fighting.any(axis=1))
        lost: Bools = np.logical_not((self.pc_hp > 0).any(axis=1))
        return won, lost

    def keep(self, rows: Bools) -> None:
        """Drop the fights that ended."""
        self.pc_hp = self.pc_hp[rows]
        self.foe_hp = self.foe_hp[rows]
        self.foe_max = self.foe_max[rows]
        self.broken = self.broken[rows]
        self.tested = self.tested[rows]


_CLEAVE = compile_dice(CLEAVE_DIE)


def _play_chunk(
    static: _Static,
    n: int,
    rng: np.random.Generator,
    tally: Tally,
    progress: Progress | None,
) -> None:
    chunk = _Chunk(static, n, rng)
    size = len(static.hp)
    for number in range(1, MAX_ROUNDS + 1):
        chunk.round()
        won, lost = chunk.ended()
        lost &= ~won
        done = won | lost if number < MAX_ROUNDS else np.ones_like(won)
        if not done.any():
            continue
        out = chunk.pc_hp[done] <= 0
        won_done = won[done]
        lost_done = lost[done]
        k = len(won_done)
        # the injuries table for the PCs out after a won fight (RULINGS R11)
        faces = rng.integers(1, 7, out.shape)
        rolled = out & won_done[:, None]
        dead = (rolled & (faces == 6)).sum(axis=1)
        injured = (rolled & (faces >= 2) & (faces <= 5)).sum(axis=1)
        outs = out.sum(axis=1)
        captured = np.where(lost_done, size, 0)
        rounds = np.full(k, number, dtype=np.int64)
        values = {
            "rounds": rounds,
            "out": outs,
            "dead": dead,
            "injured": injured,
            "captured": captured,
        }
        all_rounds = [0] * MAX_ROUNDS
        won_rounds = [0] * MAX_ROUNDS
        all_rounds[number - 1] = k
        won_rounds[number - 1] = int(won_done.sum())
        tally.add_totals(
            runs=k,
            wins=int(won_done.sum()),
            draws=int((~won_done & ~lost_done).sum()),
            sums={name: int(v.sum()) for name, v in values.items()},
            squares={name: int((v * v).sum()) for name, v in values.items()},
            rounds_all=all_rounds,
            rounds_won=won_rounds,
        )
        if progress is not None:
            progress(k)
        chunk.keep(~done)
        if not chunk.pc_hp.shape[0]:
            break


def simulate_vector(
    encounter: Encounter, runs: int, seed: int, progress: Progress | None = None
) -> Summary:
    """Play ``runs`` fights at once, drawing from ``numpy.random.default_rng(seed)``:
    the model of :func:`.simulate.simulate_one`.

    Raises:
        CommandError: ``runs`` out of range, no PCs or no foes.
    """
    check_runs(runs)
    static = _static(encounter)
    rng = np.random.default_rng(seed)
    tally = Tally(len(encounter.party))
    per_chunk = max(1, min(CHUNK, CELLS // (len(static.hp) + len(static.foe_hp))))
    for start in range(0, runs, per_chunk):
        _play_chunk(static, min(per_chunk, runs - start), rng, tally, progress)
    return tally.summary(encounter, "vector", seed)
