"""The fatigue clock: in-game hours since each character's last rest, and the fatigue
checks it brings by itself (skill-die: Fatigue; RULINGS S6; docs/rulings.md H348,
H349, H350).

At 24 hours without a rest a character rolls a d20: 10 or less, they are fatigued
(disadvantage on all rolls, half speed); otherwise they roll again after each further
hour. A fatigued character checks again an hour later: 10 or less, they fall asleep
where they are; otherwise again each hour (H349). The check is a plain d20, not
itself made with fatigue's disadvantage (H350). Unconscious and sleeping characters
make no check; their clock still runs (H348).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .character import ASLEEP, FATIGUE_HOURS, SkillDieCharacter

TYPE_CHECKING = False
if TYPE_CHECKING:
    import random

__all__ = ["FATIGUE_DC", "FatigueCheck", "Passage", "pass_hours", "rested"]

FATIGUE_DC = 10
"""A fatigue check's d20 of 10 or less fails (RULINGS S6)."""


@dataclass(frozen=True, slots=True)
class FatigueCheck:
    """One fatigue check rolled.

    Attributes:
        hour: the clock's hours since the last rest when it came.
        face: the d20.
        failed: 10 or less.
        result: what it did: ``"fatigued"``, ``"asleep"`` or ``"holds"``.
    """

    hour: int
    face: int
    failed: bool
    result: str

    def describe(self) -> str:
        """E.g. ``"hour 24: d20 7 <= 10: fatigued"``."""
        sign = "<=" if self.failed else ">"
        return f"hour {self.hour}: fatigue check d20 {self.face} {sign} {FATIGUE_DC}: {self.result}"

    def to_json(self) -> dict[str, object]:
        """The check for an event's detail."""
        return {
            "hour": self.hour,
            "face": self.face,
            "sides": 20,
            "failed": self.failed,
            "result": self.result,
        }


@dataclass(frozen=True, slots=True)
class Passage:
    """What ``hours`` did to one character.

    Attributes:
        before: the character before.
        after: the character after.
        checks: every fatigue check rolled, in order.
    """

    before: SkillDieCharacter
    after: SkillDieCharacter
    checks: tuple[FatigueCheck, ...]


def _checks(character: SkillDieCharacter) -> bool:
    return not character.dead and not character.unconscious and not character.asleep


def pass_hours(character: SkillDieCharacter, hours: int, rng: random.Random) -> Passage:
    """``hours`` in-game hours pass for ``character``, hour by hour, each fatigue check
    that comes rolled on ``rng`` (RULINGS S6, G1)."""
    now = character
    rolled: list[FatigueCheck] = []
    for _ in range(hours):
        now = replace(now, awake=now.awake + 1)
        if now.awake < now.check_at or not _checks(now):
            continue
        face = rng.randrange(20) + 1
        failed = face <= FATIGUE_DC
        if failed and now.fatigued:
            now = replace(now, conditions=(*now.conditions, ASLEEP))
            result = "falls asleep where they are"
        elif failed:
            now = replace(now, fatigued=True)
            result = "fatigued: disadvantage on all rolls, half speed"
        elif now.fatigued:
            result = "stays awake, still fatigued: again in an hour"
        else:
            result = "holds out: again in an hour"
        now = replace(now, check_at=now.awake + 1)
        rolled.append(FatigueCheck(now.awake, face, failed, result))
    return Passage(character, now, tuple(rolled))


def rested(character: SkillDieCharacter) -> SkillDieCharacter:
    """After a rest: the clock back to 0, the next check at 24 hours, no fatigue, awake
    (RULINGS S7)."""
    kept = tuple(c for c in character.conditions if c.split(":", 1)[0] != ASLEEP)
    return replace(character, awake=0, check_at=FATIGUE_HOURS, fatigued=False, conditions=kept)
