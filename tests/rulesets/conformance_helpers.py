"""Helpers of the ruleset conformance suite (tests/rulesets/test_conformance.py): exact
odds by dealing every face, seeded sampling, and random playthroughs of legal intents.

Everything here goes through the ruleset contract (:class:`~hacktable.rulesets.base.Ruleset`)
and the command layer only, so every registered ruleset is checked the same way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import pytest

from hacktable.dice.advantage import Advantage
from hacktable.engine.execute import CommandLayer
from hacktable.engine.principal import GM
from hacktable.engine.session import Session
from hacktable.errors import CommandError, HacktableError, UnknownNameError
from hacktable.play.state import CampaignState
from hacktable.rules.resolution import Critical, TestOdds, TestRequest
from hacktable.rulesets.base import Ruleset
from hacktable.rulesets.grammar import Intent
from hacktable.store import CampaignStore

__all__ = [
    "GLOBAL_RANDOM",
    "Dealer",
    "Playthrough",
    "enumerate_odds",
    "forbid_global_random",
    "sample_counts",
    "sampled",
    "within_sigma",
]


class OutOfFacesError(Exception):  # not a HacktableError: nothing may catch it
    """The dealer was asked for a die beyond the faces it was given (``sides`` sides)."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class Dealer(random.Random):
    """A random source that deals chosen faces, as ``tests.helpers.Faces`` does, for any
    die: ``randrange(n)`` (and ``randint``, ``randrange(a, b)``) returns the next face
    (1 to the die's sides) as the matching value. Asked for one more die than it holds,
    it raises :class:`OutOfFacesError` with that die's sides, so a caller can deal each face
    in turn. Draws that are not dice (``random()``, bits) cannot be enumerated and fail
    the test."""

    def __init__(self, faces: tuple[int, ...] = ()) -> None:  # unseeded: it never draws
        self.deal(faces)

    def deal(self, faces: tuple[int, ...]) -> Dealer:
        """Deal ``faces`` from the first (the source is reused, as making one is slow)."""
        self.faces = faces
        self.dealt = 0
        return self

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        low, high = (0, start) if stop is None else (start, stop)
        if step != 1 or high <= low:
            raise AssertionError(f"randrange({start}, {stop}, {step}) is not a die")
        if self.dealt == len(self.faces):
            raise OutOfFacesError(high - low)
        face = self.faces[self.dealt]
        self.dealt += 1
        if not 1 <= face <= high - low:
            raise AssertionError(f"face {face} dealt to a d{high - low}")
        return low + face - 1

    def random(self) -> float:
        raise AssertionError("a test drew random(): its faces cannot be enumerated")

    def getrandbits(self, k: int) -> int:
        raise AssertionError("a test drew random bits: its faces cannot be enumerated")


def enumerate_odds(ruleset: Ruleset, request: TestRequest) -> TestOdds:
    """The odds of ``request`` by resolving it with every sequence of faces it can be
    dealt: the first d20's every face, and for each first face after which the ruleset
    rolls again (advantage, disadvantage) every face of the second, each sequence
    weighted by its chance."""
    dealer = Dealer()
    tally: dict[tuple[str, int], int] = {}
    """How many sequences of faces gave each outcome, by the outcome (``"success"``,
    ``"critical success"``, ``"critical failure"``) and how many sequences of that
    length there are (the chance of each is one in that)."""
    pending: list[tuple[tuple[int, ...], int]] = [((), 1)]
    while pending:
        faces, sequences = pending.pop()
        try:
            result = ruleset.resolve_test(request, dealer.deal(faces))
        except OutOfFacesError as needs:
            longer = sequences * needs.sides
            pending.extend(((*faces, face), longer) for face in range(1, needs.sides + 1))
            continue
        outcomes = ["success"] if result.success else []
        if result.critical is not Critical.NONE:
            outcomes.append(result.critical.value)
        for outcome in outcomes:
            tally[outcome, sequences] = tally.get((outcome, sequences), 0) + 1

    def chance(outcome: str) -> Fraction:
        found = (Fraction(n, of) for (seen, of), n in tally.items() if seen == outcome)
        return sum(found, Fraction(0))

    return TestOdds(
        chance("success"), chance(Critical.SUCCESS.value), chance(Critical.FAILURE.value)
    )


def sample_counts(ruleset: Ruleset, request: TestRequest, rolls: int, seed: int) -> TestOdds:
    """The share of successes, critical successes and critical failures in ``rolls``
    resolutions of ``request`` from ``random.Random(seed)``, as exact fractions."""
    rng = random.Random(seed)
    success = critical_success = critical_failure = 0
    for _ in range(rolls):
        result = ruleset.resolve_test(request, rng)
        success += result.success
        critical_success += result.critical is Critical.SUCCESS
        critical_failure += result.critical is Critical.FAILURE
    return TestOdds(
        Fraction(success, rolls),
        Fraction(critical_success, rolls),
        Fraction(critical_failure, rolls),
    )


def sampled(requests: list[TestRequest], count: int) -> list[TestRequest]:
    """``count`` of ``requests`` drawn at random (seeded), taking no advantage,
    advantage and disadvantage in turn while each has some left."""
    chooser = random.Random(0)
    by_advantage = [[r for r in requests if r.advantage is a] for a in Advantage]
    pools = [chooser.sample(pool, len(pool)) for pool in by_advantage if pool]
    picked: list[TestRequest] = []
    while len(picked) < count and any(pools):
        for pool in pools:
            if pool and len(picked) < count:
                picked.append(pool.pop())
    return picked


def within_sigma(observed: Fraction, p: Fraction, rolls: int, sigmas: float) -> bool:
    """Whether a sampled share ``observed`` of ``rolls`` lies within ``sigmas`` standard
    deviations of the exact probability ``p`` (exactly ``p`` when ``p`` is 0 or 1)."""
    sigma = math.sqrt(float(p) * (1 - float(p)) / rolls)
    return abs(float(observed - p)) <= sigmas * sigma


GLOBAL_RANDOM = (
    "random",
    "randrange",
    "randint",
    "choice",
    "choices",
    "shuffle",
    "sample",
    "uniform",
    "getrandbits",
    "randbytes",
    "gauss",
)
"""The ``random`` module's functions (its hidden shared source) no rule may call."""


@contextmanager
def forbid_global_random(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Make every function of :data:`GLOBAL_RANDOM` raise while the block runs; yields
    the names of those called (a rule may catch the error, the list still tells)."""
    called: list[str] = []

    def forbidden(name: str) -> object:
        def draw(*args: object, **kwargs: object) -> object:
            called.append(name)
            raise AssertionError(f"random.{name} called: rules take a random source (G1)")

        return draw

    with monkeypatch.context() as patch:
        for name in GLOBAL_RANDOM:
            patch.setattr(random, name, forbidden(name))
        yield called


def choose(chooser: random.Random, intents: list[Intent]) -> Intent:
    """A random intent: first a command among those offered, then one of its intents (so
    a command offered many ways, a test of each attribute, does not crowd out the
    others)."""
    by_command: dict[str, list[Intent]] = {}
    for intent in intents:
        by_command.setdefault(command_name(intent), []).append(intent)
    return chooser.choice(by_command[chooser.choice(sorted(by_command))])


def command_name(intent: Intent) -> str:
    """The command a :class:`Words` intent names, or a typed intent's type."""
    return str(getattr(intent, "command", type(intent).__name__))


@dataclass
class Playthrough:
    """A fresh campaign played with random legal intents as the GM, checking after every
    step what the command layer promises.

    Attributes:
        ruleset_id: the ruleset played.
        path: the campaign file (created).
        seed: seeds the session's dice and the choice of intents.
        undo_every: every this many steps is an ``undo`` instead of an intent.
        executed: intents that succeeded, by command.
        refused: intents refused with a :class:`HacktableError`, by command.
        undone: undos that reverted a step.
    """

    ruleset_id: str
    path: Path
    seed: int
    undo_every: int = 10
    executed: dict[str, int] = field(default_factory=dict)
    refused: dict[str, int] = field(default_factory=dict)
    undone: int = 0

    def run(self, steps: int) -> None:
        """Play ``steps`` steps and check the log replays to the live state.

        Raises:
            AssertionError: a promise was broken (the message names the seed, the step
                and the intent).
        """
        chooser = random.Random(self.seed)
        with CampaignStore.open(self.path, ruleset=self.ruleset_id) as store:
            session = Session(store, self.seed, source="conformance")
            layer = CommandLayer(session)
            undo = layer.parse("undo")
            assert undo is not None
            changed: list[tuple[int, CampaignState]] = []
            """``(seq, state before it)`` of every stored event that changed something
            and is not undone yet, oldest first: what each undo reverts."""
            for step in range(1, steps + 1):
                if step % self.undo_every == 0:
                    self._undo(layer, undo, changed, step)
                    continue
                intents = session.ruleset.legal_intents(session, "gm")
                assert intents, self._where(step, None, "no legal intent offered")
                intent = choose(chooser, intents)
                self._step(layer, intent, changed, step)
            replayed = CampaignState.replay(store.events())
            assert replayed == session.state, self._where(steps, None, "replay differs")

    def _step(
        self,
        layer: CommandLayer,
        intent: Intent,
        changed: list[tuple[int, CampaignState]],
        step: int,
    ) -> None:
        session = layer.session
        before, last = session.state, session.store.last_seq()
        name = command_name(intent)
        try:
            outcome = layer.execute(GM, intent)
        except HacktableError as error:
            refusal = error
        except Exception as error:
            raise AssertionError(self._where(step, intent, f"raised {error!r}")) from error
        else:
            refusal = None
        if refusal is not None:
            self.refused[name] = self.refused.get(name, 0) + 1
            where = self._where(step, intent, f"refused ({refusal!r})")
            assert not isinstance(refusal, CommandError | UnknownNameError), where + " as a typo"
            assert session.state == before, where + " but changed the state"
            assert session.state.last_seq == before.last_seq, where + " but moved the sequence"
            assert session.store.last_seq() == last, where + " but stored events"
            return
        self.executed[name] = self.executed.get(name, 0) + 1
        state = before
        for event in outcome.events:
            if event.changes:
                changed.append((event.seq, state))
            state = state.apply(event)
        assert state == session.state, self._where(step, intent, "events differ from the state")

    def _undo(
        self,
        layer: CommandLayer,
        undo: Intent,
        changed: list[tuple[int, CampaignState]],
        step: int,
    ) -> None:
        session = layer.session
        before = session.state
        try:
            outcome = layer.execute(GM, undo)
        except HacktableError as error:
            refusal: HacktableError | None = error
        else:
            refusal = None
        if refusal is not None:
            assert not changed, self._where(step, undo, f"undo refused ({refusal!r})")
            assert session.state == before, self._where(step, undo, "refused undo changed")
            return
        assert changed, self._where(step, undo, "undo with nothing to undo")
        seq, state = changed.pop()
        (event,) = outcome.events
        assert event.undoes == seq, self._where(step, undo, f"undid #{event.undoes}, not #{seq}")
        assert session.state == state, self._where(step, undo, f"undoing #{seq} left")
        self.undone += 1

    def _where(self, step: int, intent: Intent | None, what: str) -> str:
        return f"{self.ruleset_id} seed {self.seed} step {step} {intent!r}: {what}"
