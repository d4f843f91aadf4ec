"""One fight command in the making: the fight and the characters as the command changes
them, the lines it shows and the single event it commits (fantasy-hack Part III
"Combat"; RULINGS S5).

Every fight command of :mod:`.commands` builds a :class:`Stage`, reads and changes the
fight and the characters through it, and ends with :meth:`Stage.commit`: one event
holding the fight's before and after and each changed character's, so ``undo`` reverts
the step whole and the log replays to it.
"""

from __future__ import annotations

import random
from typing import Any

from ...errors import RuleError, UnknownNameError
from ...play.character import Character, fold
from ...play.codec import to_json
from ...play.events import Change, Event
from ...play.outcome import Reply
from ...play.principal import Role
from ..context import Context
from .rules import FightRules
from .state import FIGHT_KEY, FOES, PARTY, Fight, Foe, fight_in

__all__ = ["Stage"]


class Stage:
    """Stages a fight command's changes; :meth:`commit` stores them as one event.

    Attributes:
        ctx: the command's context.
        rules: the ruleset's fight rules.
        fight: the fight as changed so far (``None``: there is none).
        reply: what the command shows.
        detail: the event's detail (every die, as JSON).
    """

    def __init__(self, ctx: Context, rules: FightRules) -> None:
        self.ctx = ctx
        self.session = ctx.session
        self.ruleset = self.session.ruleset
        self.rules = rules
        self.fight_before = fight_in(self.session.state)
        self.fight = self.fight_before
        self.reply = Reply()
        self.detail: dict[str, Any] = {}
        self.extra_changes: list[Change] = []
        self._log: list[str] = []
        self._before: dict[str, Character] = {}
        self._now: dict[str, Character] = {}
        self._rng: random.Random | None = None
        rules.check_enabled(self.setting)

    @property
    def rng(self) -> random.Random:
        """The command's one random source (RULINGS G1, G6; entered dice, G5)."""
        if self._rng is None:
            self._rng = self.session.rng()
        return self._rng

    @property
    def gm(self) -> bool:
        """Whether the GM asked."""
        return self.ctx.principal.role is Role.GM

    def setting(self, name: str) -> object:
        """The campaign's value of setting ``name``."""
        return self.session.setting(name)

    # -- the fight -----------------------------------------------------------------------
    def need_fight(self) -> Fight:
        """The fight in progress.

        Raises:
            RuleError: there is none.
        """
        if self.fight is None:
            raise RuleError("there is no fight going on: start one with 'fight start'")
        return self.fight

    def combatant(self, name: str) -> str:
        """The key of the combatant called ``name``: a character taking part, else a
        foe (its key, name or a unique prefix of its key).

        Raises:
            UnknownNameError: nobody in the fight is called so.
        """
        fight = self.need_fight()
        if fight.has_fighter(name):
            return fight.fighter(name).key
        try:
            return fight.foe(name).key
        except UnknownNameError:
            pass
        every = [f.name for f in fight.fighters] + [f.key for f in fight.foes]
        raise UnknownNameError("combatant in this fight", name, every) from None

    def is_character(self, key: str) -> bool:
        """Whether the combatant keyed ``key`` is a character."""
        return self.need_fight().side_of(key) == PARTY

    def foe(self, key: str) -> Foe:
        """The foe keyed ``key``."""
        return self.need_fight().foe(key)

    def alive(self, key: str) -> bool:
        """Whether the combatant keyed ``key`` is alive (down counts as alive)."""
        if self.need_fight().side_of(key) == FOES:
            return not self.foe(key).dead
        return not self.character(key).dead

    def down(self, key: str) -> bool:
        """Whether the combatant keyed ``key`` is unconscious or dying (alive)."""
        if self.need_fight().side_of(key) == FOES:
            return self.foe(key).down
        character = self.character(key)
        return not character.dead and (
            character.has_condition("dying") or character.has_condition("unconscious")
        )

    def hp_text(self, key: str) -> str:
        """``"HP 7/12"`` (with temporary HP and conditions) of a combatant."""
        if self.need_fight().side_of(key) == FOES:
            foe = self.foe(key)
            pool, conditions = foe.pool, foe.conditions
        else:
            character = self.character(key)
            from ..harm import pool_of

            pool, conditions = pool_of(character), character.conditions
        text = f"HP {pool.hp}/{pool.max_hp}"
        if pool.temporary:
            text += f" (+{pool.temporary} temporary)"
        if conditions:
            text += f", {', '.join(conditions)}"
        return text

    # -- characters ----------------------------------------------------------------------
    def character(self, name: str) -> Character:
        """The character called ``name`` as the command has changed them so far."""
        key = fold(name)
        if key in self._now:
            return self._now[key]
        found: Character = self.session.character(name)
        return self._now.get(found.key, found)

    def update(self, after: Character) -> None:
        """Stage ``after`` as the character's new value."""
        if after.key not in self._before:
            self._before[after.key] = self.session.character(after.name)
        self._now[after.key] = after

    # -- what it shows and commits -------------------------------------------------------
    def say(self, text: str, style: str = "", log: bool = True) -> None:
        """Show a line (and, ``log``, put it in the event's summary)."""
        self.reply.add(text, style)
        if log:
            self._log.append(text.strip())

    def commit(self, action: str, actor: str = "GM") -> Reply:
        """Commit the fight's and the characters' changes as one event.

        Raises:
            LogConsistencyError: the state moved under the command (never in one
                process).
        """
        changes = list(self.extra_changes)
        before = self.session.state.get(*FIGHT_KEY)
        after = None if self.fight is None else to_json(self.fight)
        if before != after:
            changes.append(Change(*FIGHT_KEY, before, after))
        for key, now in self._now.items():
            if now != self._before[key]:
                changes.append(self.session.character_change(self._before[key], now))
        self.session.commit(
            Event(
                action,
                actor=actor,
                summary="; ".join(self._log),
                detail=self.detail,
                changes=tuple(changes),
                command=self.ctx.line,
            )
        )
        return self.reply
