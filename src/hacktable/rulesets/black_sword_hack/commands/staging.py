"""One fight command in the making: the fight and the characters as the command changes
them, the lines it shows, the rolls it records, and the single event it commits
(black-sword-hack 2.1).

Every fight command builds a :class:`Stage`, reads and changes the fight and the
characters through it, and ends with :meth:`Stage.commit`: one event holding the
fight's before and after and each character's, so the step can be undone and the log
replays to it. A rule the GM sets aside (``override``) is shown and logged.
"""

from __future__ import annotations

from typing import Any

from ....errors import CommandError, RuleError
from ....play.codec import to_json
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....rules.render import describe_request
from ....rules.resolution import TestRequest, TestResult
from ...base import TableOutcome
from ...context import CampaignView, Context
from .. import core, effects
from ..character import Character
from ..doom import DoomRoll, roll_doom
from ..fight import FIGHT_KEY, Fight, Fighter, fight_in
from ..ruleset import BlackSwordHack
from ..turns import Spent, spend_action

__all__ = ["Stage", "current_fight"]


def current_fight(session: CampaignView[Any]) -> Fight | None:
    """The fight in progress, or ``None``."""
    return fight_in(session.state)


class Stage:
    """Stages a fight command's changes; :meth:`commit` stores them as one event.

    Attributes:
        session: the table.
        ruleset: black-sword-hack.
        fight: the fight as changed so far (``None`` if there is none).
        override: the GM sets aside what the rules refuse (``override``).
        rng: the command's random source (RULINGS G1, G6).
        reply: what the command shows.
        detail: the event's detail.
    """

    def __init__(self, ctx: Context, override: bool = False) -> None:
        self.ctx = ctx
        self.session: CampaignView[Character] = ctx.session
        ruleset = self.session.ruleset
        if not isinstance(ruleset, BlackSwordHack):  # pragma: no cover - only ours loads us
            raise CommandError("this command is black-sword-hack's")
        self.ruleset: BlackSwordHack = ruleset
        self.content = ruleset.content
        self.fight_before = current_fight(self.session)
        self.fight = self.fight_before
        self.override = override
        self.rng = self.session.rng()
        self._before: dict[str, Character] = {}
        self._now: dict[str, Character] = {}
        self.reply = Reply()
        self.log: list[str] = []
        self.detail: dict[str, Any] = {"override": True} if override else {}
        self.extra_changes: list[Change] = []

    # -- the fight -----------------------------------------------------------------------
    def need_fight(self) -> Fight:
        """The fight in progress.

        Raises:
            RuleError: there is none.
        """
        if self.fight is None:
            raise RuleError("there is no fight going on: start one with 'fight start'")
        return self.fight

    def fighter(self, name: str) -> tuple[Fighter, Character]:
        """The fighter and the character called ``name`` (a prefix of a character's
        name will do).

        Raises:
            RuleError: no fight. UnknownNameError: no such character, or not in it.
        """
        fight = self.need_fight()
        fighter = fight.fighter(self.session.character(name).name)
        return fighter, self.character(fighter.name)

    def can_act(self, key: str) -> bool:
        """Whether the fighter keyed ``key`` can act: neither Helpless nor dead (2.1.12)."""
        fighter = self.need_fight().fighter(key)
        character = self.character(fighter.name)
        return not character.helpless and not character.dead

    # -- characters ----------------------------------------------------------------------
    def character(self, name: str) -> Character:
        """A character as this command has left them so far."""
        found: Character = self.session.character(name)
        return self._now.get(found.key, found)

    def update(self, character: Character) -> None:
        """Stage a change to a character."""
        if character.key not in self._before:
            self._before[character.key] = self.session.character(character.name)
        self._now[character.key] = character

    def setting(self, name: str) -> Any:
        """The campaign's value of a setting."""
        return self.session.setting(name)

    # -- output and rolls ----------------------------------------------------------------
    def say(self, text: str, style: str = "", log: bool = True) -> None:
        """Show a line, and (unless ``log`` is false) put it in the event's summary."""
        self.reply.add(text, style)
        if log:
            self.log.append(text.strip())

    def need_override(self, reason: str | None) -> None:
        """Refuse ``reason`` unless the GM overrode it (then show and log it).

        Raises:
            RuleError: a reason and no override.
        """
        if reason is None:
            return
        if not self.override:
            raise RuleError(f"{reason} (the GM may add 'override')")
        self.say(f"GM override: {reason}", "warning")

    def test(self, title: str, request: TestRequest, critical: int = 1) -> TestResult:
        """Roll ``request`` (RULINGS B1; natural faces up to ``critical`` are critical
        successes) and show it: what, the exact odds first, the dice, the outcome."""
        odds = core.odds(request, critical)
        result = core.resolve(request, self.rng, critical)
        self.reply.check(request, odds, result)
        self.reply.add(f"{title}: {describe_request(request)}", "title")
        self.reply.add(f"  odds: {odds.describe()}", "odds")
        self.reply.add(f"  {result.explanation}", "dice")
        style = "success" if result.success else "failure"
        if result.critical.value != "none":
            style = "critical"
        self.reply.add(f"  => {result.outcome}", style)
        self.log.append(f"{title}: {result.explanation} => {result.outcome}")
        return result

    def doom(self, character: Character, why: str) -> DoomRoll | None:
        """Roll ``character``'s Doom die (RULINGS B2) and stage the result; ``None``
        (and a line saying so) when they are Doomed already, with no die to roll."""
        if character.doomed:
            self.say(f"{character.name} is Doomed: no Doom die to roll (RULINGS B2)", "muted")
            return None
        rolled = roll_doom(character, why, self.rng)
        self.update(rolled.character)
        self.say(f"{character.name}'s {rolled.explain()}", "critical" if rolled.doomed else "dice")
        if rolled.doomed:
            self.say(
                f"{character.name} is Doomed: disadvantage on attribute tests until a long "
                "rest (RULINGS B2)",
                "warning",
            )
        return rolled

    def roll_table(self, table_id: str) -> TableOutcome:
        """Roll a ruleset table with the command's random source and record it."""
        read = self.ruleset.roll_table(table_id, self.rng)
        self.reply.table(
            read.table_id, read.table_name, read.value, read.result, read.effect, read.explanation
        )
        return read

    # -- actions -------------------------------------------------------------------------
    def take_action(self, name: str, action: str) -> Spent:
        """Pay for ``name`` taking ``action`` this turn (black-sword-hack 2.1.2; RULINGS
        B2): refused while Helpless, beyond the turn's budget, out of turn or repeated
        while Doomed (unless the GM overrides); the same action twice rolls the Doom die.

        Raises:
            RuleError: the rules refuse it; UnknownNameError: not in the fight.
        """
        fighter, character = self.fighter(name)
        if character.dead or character.helpless:
            raise RuleError(
                f"{character.name} is {'dead' if character.dead else 'Helpless'}: unable to "
                "do anything but talk feebly (black-sword-hack 2.1.12)"
            )
        spent = spend_action(
            self.need_fight(),
            fighter.name,
            action,
            free_repeats=effects.free_repeats(self.content, character),
            doomed=character.doomed,
            doomed_allowed=str(self.setting("doomed-actions")) == "allowed",
            override=self.override,
        )
        for reason in spent.overridden:
            self.say(f"GM override: {reason}", "warning")
        self.fight = spent.fight
        if spent.free:
            self.say(f"{character.name}'s extra attack (flurry): it costs no action", "muted")
        if spent.repeat:
            self.doom(character, "repeat")
        return spent

    def actions_left(self, name: str) -> str:
        """E.g. ``"(1 action left this turn)"``."""
        left = self.need_fight().fighter(name).actions
        return f"({left} action{'' if left == 1 else 's'} left this turn)"

    # -- committing ----------------------------------------------------------------------
    def commit(self, action: str, actor: str = "GM") -> Reply:
        """Store everything staged as one event and return the reply."""
        changes: list[Change] = []
        if self.fight_before != self.fight:
            changes.append(
                Change(
                    *FIGHT_KEY,
                    self.session.state.get(*FIGHT_KEY),
                    None if self.fight is None else to_json(self.fight),
                )
            )
        for key, character in self._now.items():
            changes.append(self.session.character_change(self._before[key], character))
        changes.extend(self.extra_changes)
        self.session.commit(
            Event(
                action,
                actor=actor,
                summary="; ".join(self.log),
                detail=self.detail,
                changes=tuple(changes),
                command=self.ctx.line,
            )
        )
        return self.reply
