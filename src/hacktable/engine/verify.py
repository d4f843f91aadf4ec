"""Verifiable rolls: replay an ended game session's public rolls from its revealed seed
(issue 12 §5; RULINGS G6; docs/rulings.md H600-H603).

A session's ``session.start`` publishes a SHA-256 commitment to its seed and a salt
(:func:`~hacktable.engine.game_session.commitment`); its ``session.end`` reveals both.
:func:`verify_session` checks, over the log's events (pure: no store, no principal):

- the revealed seed and salt against the commitment;
- every public die of the session against what the revealed seed deals at the
  command's place (docs/rulings.md H110): a command's dice come from one or more
  sources, each derived from (seed, session, place), where the place is that of one of
  the command's events. The outcome record names them (``"streams"``, H651), so the dice are
  matched as runs of exactly those streams, at places inside the command's own; an
  older log's are searched for among the command's places (a command that stages an
  event and then rolls draws at the next place; one that asks for its source twice
  restarts it: H601);
- dice a player or the GM entered (RULINGS G5) are listed as entered, not replayed; the
  GM's own dice beside them come from the ``gm`` stream (docs/rulings.md H248);
- secret and blind rolls (and private events) are listed as not revealed: their dice
  come from the secret stream, whose seed is never revealed (RULINGS G4, G6), and
  nothing of them is shown.

The hash chain is the store's to check (``EventStore.verify``); its first broken link
is passed in and reported here with the rest.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..errors import RuleError
from ..play.events import Event, Visibility
from ..play.principal import Principal, Role
from ..play.visibility import Sight, reveals_in, seen_by, sight
from .game_session import END, START, commitment

__all__ = [
    "Finding",
    "NotRevealedError",
    "Verification",
    "announced",
    "verify_for",
    "verify_session",
]

MAX_SEARCH = 20_000
"""How many streams one command's dice may be tried against before it is reported as
not replayable (a bound on the run search: H601)."""


class NotRevealedError(RuleError):
    """The session's seed is not revealed (yet, or ever): it is still open, ended
    where the next began, or began before commitments (docs/rulings.md H602, H652)."""


@dataclass(frozen=True, slots=True)
class Finding:
    """What verifying found of one event.

    Attributes:
        seq: the event's sequence number.
        status: ``"replayed"`` (its dice are the seed's), ``"entered"`` (dice entered
            at the table, RULINGS G5), ``"not revealed"`` (a secret, blind or private
            event), or a problem: ``"tampered"``, ``"wrong seed"``, ``"mismatch"``.
        text: one line saying so.
        dice: how many dice it covers (0 for a problem with the chain or the seed).
    """

    seq: int
    status: str
    text: str
    dice: int = 0

    @property
    def problem(self) -> bool:
        """Whether this finding fails the verification."""
        return self.status in ("tampered", "wrong seed", "mismatch")


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of verifying one game session.

    Attributes:
        session: its number.
        start_seq: the ``seq`` of its ``session.start``.
        end_seq: the ``seq`` of its ``session.end``.
        seed: the seed its ``session.end`` revealed.
        findings: one per event with dice, and one per problem, in log order.
    """

    session: int
    start_seq: int
    end_seq: int
    seed: int
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """Whether nothing was wrong."""
        return not any(finding.problem for finding in self.findings)

    def count(self, status: str) -> int:
        """How many dice the findings of ``status`` cover."""
        return sum(f.dice for f in self.findings if f.status == status)

    def to_json(self) -> dict[str, Any]:
        """The verification as plain JSON."""
        return {
            "session": self.session,
            "start": self.start_seq,
            "end": self.end_seq,
            "seed": self.seed,
            "verified": self.ok,
            "replayed": self.count("replayed"),
            "entered": self.count("entered"),
            "not_revealed": sum(1 for f in self.findings if f.status == "not revealed"),
            "findings": [
                {"seq": f.seq, "status": f.status, "text": f.text, "dice": f.dice}
                for f in self.findings
            ],
        }


def announced(event: Event) -> str:
    """``event``'s summary as the web table shows it: a ``session.start`` with the
    commitment it publishes (``"session 2 begins; commitment sha256:..."``) and a
    ``session.end`` that revealed its seed with where to check it (issue 12 §5;
    docs/rulings.md H600, H650)."""
    promised = event.detail.get("commitment")
    if event.action == START and isinstance(promised, str):
        return f"{event.summary}; commitment sha256:{promised}"
    if event.action == END and _int(event.detail.get("seed")) is not None:
        return f"{event.summary}; its seed is revealed (the verify page replays its rolls)"
    return event.summary


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _bounds(events: Sequence[Event], number: int | None) -> tuple[Event, Event]:
    """The ``session.start`` and ``session.end`` of session ``number`` (the latest
    session when ``None``).

    Raises:
        RuleError: no such session.
        NotRevealedError: it has not ended with ``session end`` (its seed is not
            revealed: docs/rulings.md H602).
    """
    starts = [e for e in events if e.action == START]
    if not starts:
        raise RuleError("the campaign has no game session to verify")
    if number is None:
        number = max(e.session for e in starts)
    start = next((e for e in reversed(starts) if e.session == number), None)
    if start is None:
        raise RuleError(
            f"the campaign has no session {number} (sessions 1 to {starts[-1].session})"
        )
    after = [e for e in events if e.seq > start.seq and e.action in (START, END)]
    if not after:
        raise NotRevealedError(
            f"session {number} is still open: its seed is revealed when the GM ends it "
            "('session end'), and only then can it be verified"
        )
    if after[0].action == START:
        raise NotRevealedError(
            f"session {number} ended where session {after[0].session} began (#{after[0].seq}),"
            " without 'session end': its seed was never revealed, so it cannot be verified"
        )
    return start, after[0]


def _die_text(dice: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"d{sides} {face}" for sides, face in dice)


def _matches(dice: Sequence[tuple[int, int]], keys: Sequence[str]) -> bool:
    """Whether ``dice`` are runs of the streams named by ``keys``, in order of places
    (each run a prefix of one stream; a stream may serve several runs: H601). A
    depth-first search over the runs, on a stack of its own rather than Python's (a
    command may hold a thousand runs), tried against at most :data:`MAX_SEARCH`
    streams."""
    if not dice:
        return True
    budget = MAX_SEARCH

    def runs(start: int, first: int) -> Iterator[tuple[int, int]]:
        """The runs that may come at ``start``: (where the next begins, its stream),
        longest first, from the stream ``first`` on."""
        nonlocal budget
        for index in range(first, len(keys)):
            budget -= 1
            if budget < 0:
                return
            stream = random.Random(keys[index])
            end = start
            while end < len(dice) and stream.randrange(dice[end][0]) + 1 == dice[end][1]:
                end += 1
            for stop in range(end, start, -1):
                yield stop, index

    stack = [runs(0, 0)]
    while stack:
        found = next(stack[-1], None)
        if found is None:
            stack.pop()
        elif found[0] == len(dice):
            return True
        elif budget >= 0:
            stack.append(runs(*found))
    return False


def _dice_of(event: Event) -> list[dict[str, Any]]:
    outcome = event.detail.get("outcome")
    dice = outcome.get("dice") if isinstance(outcome, dict) else None
    return [d for d in dice if isinstance(d, dict)] if isinstance(dice, list) else []


def _streams(event: Event) -> list[str] | None:
    """The streams ``event``'s record names (``"PLACE"`` or ``"PLACE:gm"``:
    docs/rulings.md H651); ``None`` for a log from before they were recorded, or a
    damaged record."""
    outcome = event.detail.get("outcome")
    streams = outcome.get("streams") if isinstance(outcome, dict) else None
    if not isinstance(streams, list):
        return None
    named = [s for s in streams if isinstance(s, str) and s.split(":", 1)[0].isdigit()]
    return named if len(named) == len(streams) else None


def _not_revealed(event: Event, dice: int) -> Finding:
    """The finding of a secret, blind or private event with dice: its seq only (H603)."""
    what = {Visibility.PRIVATE: "private event", Visibility.BLIND: "blind roll"}
    return Finding(
        event.seq,
        "not revealed",
        f"#{event.seq}: a {what.get(event.visibility, 'secret roll')}, from the GM's "
        "stream: not revealed",
        dice,
    )


def _check_command(
    event: Event, first_seq: int, start_seq: int, seed: int, number: int
) -> Finding | None:
    """The finding for the command whose outcome ``event`` holds; its events are at
    ``first_seq`` .. ``event.seq`` (or fewer: a command that stored no outcome may come
    first)."""
    dice = _dice_of(event)
    if not dice:
        return None
    faces: list[tuple[int, int]] = []
    entered: list[tuple[int, int]] = []
    for die in dice:
        sides, face = _int(die.get("sides")), _int(die.get("face"))
        if sides is None or face is None or sides < 1:
            return Finding(event.seq, "mismatch", f"#{event.seq}: a die in its record is damaged")
        (entered if die.get("entered_by") else faces).append((sides, face))
    if event.visibility is not Visibility.PUBLIC:
        return _not_revealed(event, len(dice))
    places = range(first_seq - start_seq + 1, event.seq - start_seq + 2)
    streams = _streams(event)
    if streams is not None:  # the exact streams the command asked for (H651)
        if not all(int(s.split(":", 1)[0]) in places for s in streams):
            return Finding(
                event.seq,
                "mismatch",
                f"#{event.seq}: its record names streams ({', '.join(streams)}) outside its "
                f"places {places[0]}-{places[-1]}",
                len(faces),
            )
        keys = [f"{seed}:{number}:{stream}" for stream in streams]
    else:  # an older log: search the runs of the command's places (H601)
        suffix = ":gm" if entered else ""
        keys = [f"{seed}:{number}:{place}{suffix}" for place in places]
    if faces and not _matches(faces, keys):
        return Finding(
            event.seq,
            "mismatch",
            f"#{event.seq}: its dice ({_die_text(faces)}) are not what the revealed seed "
            f"deals at places {places[0]}-{places[-1]}",
            len(faces),
        )
    if entered:
        by = sorted({str(d.get("entered_by")) for d in dice if d.get("entered_by")})
        text = f"#{event.seq}: {_die_text(entered)} entered by {', '.join(by)} (RULINGS G5)"
        if faces:
            text += f"; the GM's {_die_text(faces)} replayed"
        return Finding(event.seq, "entered", text, len(entered))
    return Finding(event.seq, "replayed", f"#{event.seq}: {_die_text(faces)} replayed", len(faces))


def verify_session(
    events: Sequence[Event], number: int | None = None, broken: int | None = None
) -> Verification:
    """Verify game session ``number`` (the latest when ``None``) of the log ``events``
    (the whole log, in order, as the store holds it).

    Args:
        events: every event of the campaign, in order.
        number: the session to verify.
        broken: the store's first broken link of the hash chain, if any.

    Raises:
        RuleError: no such session.
        NotRevealedError: it has not ended (its seed is not revealed), or it began
            before commitments.
    """
    start, end = _bounds(events, number)
    findings: list[Finding] = []
    if broken is not None:
        findings.append(
            Finding(
                broken,
                "tampered",
                f"#{broken}: the hash chain is broken here (an event "
                "was changed, removed or inserted after it was written)",
            )
        )
    seed, salt = _int(end.detail.get("seed")), end.detail.get("salt")
    promised = start.detail.get("commitment")
    if seed is None or not isinstance(salt, str) or not isinstance(promised, str):
        raise NotRevealedError(
            f"session {start.session} began before commitments: its seed was not "
            "committed to, so its rolls cannot be verified"
        )
    if commitment(seed, salt) != promised:
        findings.append(
            Finding(
                end.seq,
                "wrong seed",
                f"#{end.seq}: the revealed seed and salt do not "
                f"match the commitment #{start.seq} published",
            )
        )
    first = start.seq + 1
    for event in events:
        if not start.seq < event.seq < end.seq or event.session != start.session:
            continue
        found = _check_command(event, first, start.seq, seed, start.session)
        if found is not None:
            findings.append(found)
        if "outcome" in event.detail:
            first = event.seq + 1
    findings.sort(key=lambda f: f.seq)
    return Verification(start.session, start.seq, end.seq, seed, tuple(findings))


def verify_for(
    events: Sequence[Event],
    principal: Principal,
    number: int | None = None,
    broken: int | None = None,
) -> Verification:
    """Verify session ``number`` over what ``principal`` sees of the log (the web
    table's verify page: docs/rulings.md H652). The GM verifies the whole log; anyone
    else their own view of it (:func:`~hacktable.play.visibility.seen_by`), so no die
    of a secret roll is ever in what is checked or answered, and each secret or blind
    roll they see only the stub of is listed as not revealed, without its dice.

    Raises:
        RuleError: no such session.
        NotRevealedError: its seed is not revealed.
    """
    if principal.role is Role.GM:
        return verify_session(events, number, broken)
    revealed = reveals_in(events)
    seen: list[Event] = []
    stubs: list[Event] = []
    for event in events:
        view = seen_by(event, principal, revealed)
        if view is None:
            continue
        seen.append(view)
        if sight(event, principal, revealed) is Sight.STUB and _dice_of(event):
            stubs.append(view)
    result = verify_session(seen, number, broken)
    hidden = [
        _not_revealed(stub, 0)
        for stub in stubs
        if result.start_seq < stub.seq < result.end_seq and stub.session == result.session
    ]
    findings = sorted((*result.findings, *hidden), key=lambda f: f.seq)
    return replace(result, findings=tuple(findings))
