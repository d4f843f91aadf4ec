"""The ``fight`` command's beginning: :class:`FightIntent`, the base of its
subcommands, and ``fight start``, the party entering a fight, with the surprise tests of
an unexpected one (redhack: Combat > Initiative & Surprise; RULINGS R13). ``fight`` is
registered in :mod:`.fight_command`."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.events import Change
from ....play.outcome import Reply
from ....rules.resolution import Critical, TestKind
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import FIGHTS
from ..fight import Fight, Fighter
from ..procedure import no_surprise_test
from .act import Act, read_flags

__all__ = ["FightIntent", "FightStartIntent", "read_start", "start_fight"]


@dataclass(frozen=True, slots=True)
class FightIntent(Intent):
    """A ``fight`` sub-command (redhack: Combat): the base of :class:`FightStartIntent`,
    :class:`FightAddIntent`, :class:`FightStatusIntent` and :class:`FightEndIntent`,
    under which ``fight`` is registered (:mod:`.fight_command`)."""

    def access(self) -> Access:
        """The GM's: setting up and ending fights (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "fight")


@dataclass(frozen=True, slots=True)
class FightStartIntent(FightIntent):
    """The party enters a fight; in an unexpected one each player tests WIS for
    surprise (redhack: Combat > Initiative & Surprise; RULINGS R13).

    Attributes:
        party: the characters who fight, names as given (``--party A,B``); ``None`` for
            every living character.
        hidden: characters hidden as it begins, names as given (``--hidden A,B``).
        name: the fight's name (``--name TEXT``), ``""`` for none.
        unexpected: the fight is unexpected (``--unexpected``): surprise is tested.
        confined: it is fought in a confined space (``--confined``: a pike has
            disadvantage, docs/rulings.md H224).
    """

    party: tuple[str, ...] | None = None
    hidden: tuple[str, ...] = ()
    name: str = ""
    unexpected: bool = False
    confined: bool = False

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(FIGHTS, "fight start")


def read_start(args: Args) -> FightStartIntent:
    """The words of ``fight start`` (after ``start``)."""
    flags = read_flags(args, ("--party", "--hidden", "--name"), ("--unexpected", "--confined"))
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")
    party = None
    if "--party" in flags:
        party = tuple(n for n in flags["--party"].split(",") if n)
    return FightStartIntent(
        party,
        tuple(n for n in flags.get("--hidden", "").split(",") if n),
        flags.get("--name", ""),
        "--unexpected" in flags,
        "--confined" in flags,
    )


def start_fight(ctx: Context, intent: FightStartIntent) -> Reply:
    """``fight start``: the party enters a fight; in an unexpected one, the surprise
    tests (redhack: Combat > Initiative & Surprise; RULINGS R13)."""
    act = Act(ctx)
    if act.fight is not None:
        raise RuleError(f"fight {act.fight.number} is still going on: 'fight end' first")
    if intent.party is not None:
        party = [act.session.character(n).name for n in intent.party]
    else:
        party = [c.name for c in act.session.characters() if not c.dead]
    if not party:
        raise RuleError("nobody to fight: create characters first")
    hidden = {act.session.character(n).name for n in intent.hidden}
    if hidden - set(party):
        raise RuleError(f"--hidden: {', '.join(sorted(hidden - set(party)))} not in the fight")
    number = 1 + int(act.session.state.get("counter", "fights") or 0)
    fighters = tuple(Fighter(name, hidden=name in hidden) for name in party)
    fight = Fight(
        number,
        intent.name,
        fighters=fighters,
        unexpected=intent.unexpected,
        confined=intent.confined,
    )
    act.fight = fight
    title = f"Fight {number}" + (f": {fight.name}" if fight.name else "")
    act.say(f"{title} begins: {', '.join(party)}", "title")
    if hidden:
        act.say(f"Hidden as it begins: {', '.join(sorted(hidden))}", "note")
    if fight.confined:
        act.say("A confined space: a pike has disadvantage (redhack: Equipment > Weapons)", "note")
    if fight.unexpected:
        _surprise(act)
    act.say(
        "Add monsters with 'fight add N MONSTER', then 'init' for round one.", "muted", log=False
    )
    act.extra_changes.append(
        Change("counter", "fights", act.session.state.get("counter", "fights"), number)
    )
    return act.commit("fight.start")


def _surprise(act: Act) -> None:
    """R13: each player makes a WIS test for surprise (the helm's disadvantage on
    surprise applies, and the party's situation: darkness or moving carelessly give
    disadvantage, an unusual amount of light advantage; redhack: Exploration &
    Dungeons); failures skip round one; any natural 20 wins a free round."""
    fight = act.need_fight()
    free = False
    situation = act.ruleset.circumstances(act.session.state)
    for fighter in fight.fighters:
        character = act.character(fighter.name)
        why = no_surprise_test(character)
        if why is not None:
            act.say(f"{fighter.name} makes no surprise test: {why}", "muted")
            continue
        request = act.ruleset.character_test(
            character,
            "WIS",
            TestOptions(kind=TestKind.SURPRISE, tags=("surprise",), circumstances=situation),
        )
        result = act.resolve(request)
        act.show_test(f"{fighter.name} (surprise)", request, result)
        if result.critical is Critical.SUCCESS:
            free = True
        if not result.success:
            fight = fight.with_fighter(replace(fighter, initiative="surprised"))
    if free:
        fight = replace(
            fight,
            free_round=True,
            fighters=tuple(replace(f, initiative="") for f in fight.fighters),
        )
        act.say(
            "A natural 20: the party surprises them and gets a free round; everyone acts "
            "in round one",
            "critical",
        )
    act.fight = fight
