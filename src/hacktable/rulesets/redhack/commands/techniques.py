"""The technique backgrounds: ``technique`` gives (or takes away) one, ``guard`` is
Defensive Fighting's forgone attack (redhack: Character Creation > 3. Backgrounds;
docs/rulings.md H230-H233). The data is :mod:`..techniques`, what they do in a fight
:mod:`..technique_rules`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....errors import RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CHARACTERS
from ..actors import incapacitated
from ..technique_rules import check_guard
from ..techniques import check_technique, load_techniques, technique
from ..view import CampaignView
from .act import Act, fighter_character, replace_fighter
from .registry import COMMANDS

__all__ = ["GuardIntent", "TechniqueIntent", "guard_command", "technique_command"]


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return [c.name for c in session.characters()]
    if len(words) == 1:
        return [t.id for t in load_techniques()]
    return ("off",) if len(words) == 2 else ()


@dataclass(frozen=True, slots=True)
class TechniqueIntent(Intent):
    """Give a character a technique background, or take it away (redhack: Character
    Creation > 3. Backgrounds; docs/rulings.md H233).

    Attributes:
        name: the character's name, as given.
        technique: the technique's id or name, as given; ``""`` to list them.
        off: take it away (``off``).
    """

    name: str
    technique: str = ""
    off: bool = False

    def access(self) -> Access:
        """Anyone lists them; giving one is the GM's, as backgrounds are agreed with the
        GM (docs/rulings.md H106)."""
        if not self.technique:
            return Access.read()
        return Access.gm(CHARACTERS, "give a technique")


def _read_technique(args: Args) -> TechniqueIntent:
    name = args.word("NAME")
    words = args.rest()
    off = bool(words) and words[-1].lower() == "off"
    if off:
        words = words[:-1]
    return TechniqueIntent(name, " ".join(words), off)


@COMMANDS.typed(
    "technique",
    "technique NAME [TECHNIQUE [off]]",
    "give a character a technique background (or see theirs and the list)",
    TechniqueIntent,
    _read_technique,
    details="""
The four technique backgrounds of the text (redhack: Character Creation > 3.
Backgrounds): defensive-fighting ('guard NAME' forgoes the attack for advantage on
defence; two blocks a round), twist-the-knife (after a hit with a small blade),
war-on-two-fronts (Warrior only: two attacks on different targets a round),
ritual-caster (spells or prayers of level 1-2 from the book, 10 minutes per level).
Examples: technique Sly twist-the-knife; technique Sly twist-the-knife off
""",
    complete=_complete,
)
def technique_command(ctx: Context, intent: TechniqueIntent) -> Reply:
    """Give, take away or show techniques."""
    act = Act(ctx)
    character = act.character(intent.name)
    if not intent.technique:
        reply = Reply()
        held = ", ".join(technique(t).name for t in character.techniques) or "none"
        reply.add(f"{character.name}'s techniques: {held}")
        for found in load_techniques():
            reply.add(f"  {found.id}: {found.text}", "muted")
        return reply
    found = technique(intent.technique)
    if intent.off:
        if found.id not in character.techniques:
            raise RuleError(f"{character.name} has no {found.name} technique")
        kept = tuple(t for t in character.techniques if t != found.id)
        act.update(replace(character, techniques=kept))
        act.say(f"{character.name} no longer has {found.name}")
        return act.commit("technique", character.name)
    check_technique(character, found)
    if found.id in character.techniques:
        raise RuleError(f"{character.name} already has {found.name}")
    act.update(replace(character, techniques=(*character.techniques, found.id)))
    act.say(f"{character.name} has the technique {found.name}: {found.text}")
    return act.commit("technique", character.name)


@dataclass(frozen=True, slots=True)
class GuardIntent(Intent):
    """Defensive Fighting: a character forgoes their attack this round and defends with
    advantage (redhack: Character Creation > 3. Backgrounds; docs/rulings.md H230).

    Attributes:
        name: the character's name, as given.
    """

    name: str

    def access(self) -> Access:
        """The character's player: it is their action (docs/rulings.md H106)."""
        return Access.play(self.name)


def _read_guard(args: Args) -> GuardIntent:
    name = args.word("NAME")
    args.done()
    return GuardIntent(name)


@COMMANDS.typed(
    "guard",
    "guard NAME",
    "Defensive Fighting: forgo the attack this round, defend with advantage",
    GuardIntent,
    _read_guard,
    details="""
A character with the Defensive Fighting technique forgoes their attack for the round
and has advantage on every defence roll until it ends (redhack: Character Creation > 3.
Backgrounds; docs/rulings.md H230). Example: guard Aldric
""",
    complete=lambda session, words: () if words else [c.name for c in session.characters()],
)
def guard_command(ctx: Context, intent: GuardIntent) -> Reply:
    """Forgo the attack for advantage on defence."""
    act = Act(ctx)
    fight = act.need_fight()
    fighter, character = fighter_character(act, intent.name)
    check_guard(character)
    fight.check_can_act(fighter, character.hp, incapacitated(character))  # able to act
    if fight.phase == "setup":
        raise RuleError("the fight has not started: roll initiative with 'init' first")
    if fighter.acted or fighter.attacked:
        raise RuleError(f"{fighter.name} has already acted this round: nothing to forgo")
    replace_fighter(act, replace(fighter.after_action(), guarding=True))
    act.say(
        f"{fighter.name} forgoes their attack and fights defensively: advantage on "
        "defence rolls this round"
    )
    return act.commit("fight.guard", fighter.name)
