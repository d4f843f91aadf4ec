"""``character``: make, show, list, remove and revive skill-die characters, and say who
plays them (RULINGS S1, S4; docs/rulings.md H106, H342, H343).

``character new NAME --role R [--abilities 15,14,13,12,10,8|rolled] [--skills
Stealth=3,Nature=1]`` makes a character at once; in the console what the line leaves
out is asked. A script must give the role and the skills (nothing in the rules rolls
them); abilities it leaves out follow the campaign's ``abilities`` setting.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import cast

from ....errors import CommandError, RuleError
from ....play.outcome import Reply
from ....play.players import owner_of
from ... import character_commands as shared
from ... import keeping
from ...context import CampaignView, Context, ask_until
from ...grammar import Access, Args, Intent, Words
from ...harm import HP_CONDITIONS
from .. import creation
from ..character import SkillDieCharacter
from ..content import Role
from ..legal import OFFERS
from ..ruleset import SkillDie
from .lookups import campaign_roles, campaign_skills, character_names, rules_of, skill_names
from .registry import COMMANDS

__all__ = ["CharacterIntent", "CreationChoices", "read_abilities", "read_skills"]

_NEW_FLAGS = ("--role", "--abilities", "--skills", "--player")

_USAGE = (
    "character new NAME --role R [--abilities 15,14,13,12,10,8|rolled] "
    "[--skills Stealth=3,Nature=1] [--player P] | character show NAME | character list | "
    "character remove NAME | character revive NAME | character owner NAME PLAYER|gm"
)

ROLLED = "rolled"


@dataclass(frozen=True, slots=True)
class CreationChoices:
    """What a ``character new`` line chose; ``None`` is asked in the console.

    Attributes:
        role: ``--role``, as given.
        abilities: ``--abilities``: six scores in STR ... CHA order, ``"rolled"``.
        skills: ``--skills``: ``(skill, points)`` pairs as given.
        player: ``--player``.
    """

    role: str | None = None
    abilities: tuple[int, ...] | str | None = None
    skills: tuple[tuple[str, int], ...] | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class CharacterIntent(Intent):
    """Create, show, list, remove or revive characters, or hand one to a player.

    Attributes:
        action: ``"new"``, ``"show"``, ``"list"``, ``"remove"``, ``"revive"``, ``"owner"``.
        name: the character's name (``""`` for ``list``).
        choices: for ``new``, what the line chose.
        player: for ``owner``, who is to play the character.
    """

    action: keeping.CharacterAction
    name: str = ""
    choices: CreationChoices = field(default_factory=CreationChoices)
    player: str = ""

    def access(self) -> Access:
        """As every ruleset's ``character`` (:func:`hacktable.rulesets.keeping.access`)."""
        return keeping.access(self.action)


def read_abilities(text: str) -> tuple[int, ...] | str:
    """``--abilities``: ``rolled``, or six whole numbers in STR ... CHA order.

    Raises:
        CommandError: anything else.
    """
    if text.lower() == ROLLED:
        return ROLLED
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 6 or not all(p.isdigit() for p in parts):
        raise CommandError(
            "--abilities takes the array 15,14,13,12,10,8 in STR,DEX,CON,INT,WIS,CHA order "
            "of your choosing, or 'rolled' (4d6 drop the lowest; RULINGS S1)"
        )
    return tuple(int(p) for p in parts)


def read_skills(text: str) -> tuple[tuple[str, int], ...]:
    """``--skills``: ``Skill=N`` pairs, comma-separated.

    Raises:
        CommandError: a pair that is not ``Skill=N``.
    """
    pairs = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        skill, equals, points = part.partition("=")
        if not equals or not points.strip().isdigit() or not skill.strip():
            raise CommandError(
                f"--skills takes Skill=N pairs, 4 points in all, at most 3 in one, like "
                f"Stealth=3,Nature=1 (RULINGS S4); not {part!r}"
            )
        pairs.append((skill.strip(), int(points)))
    return tuple(pairs)


def _complete(session: CampaignView[SkillDieCharacter], words: list[str]) -> Iterable[str]:
    if not words:
        return keeping.ACTIONS
    if words[0] == "new":
        if words[-1] == "--role":
            ruleset = rules_of(session)
            return [r.name for r in (*ruleset.content.roles, *campaign_roles(session))]
        if words[-1] == "--skills":
            return [f"{s}=" for s in skill_names(session)]
        if words[-1] == "--abilities":
            return ("15,14,13,12,10,8", ROLLED)
        return _NEW_FLAGS
    if len(words) == 1:
        return character_names(session)
    return ()


def _read(args: Args) -> CharacterIntent:
    return shared.read(args, CharacterIntent, _read_new)


def _read_new(args: Args) -> CharacterIntent:
    name = shared.read_name(args, numbers="scores and levels")
    flags = shared.read_flags(args, _NEW_FLAGS, name_them=True)
    abilities = read_abilities(flags["--abilities"]) if "--abilities" in flags else None
    skills = read_skills(flags["--skills"]) if "--skills" in flags else None
    choices = CreationChoices(flags.get("--role"), abilities, skills, flags.get("--player"))
    return CharacterIntent("new", name, choices)


@COMMANDS.typed(
    "character",
    _USAGE,
    "create, show, list or remove characters, and say who plays them",
    CharacterIntent,
    _read,
    details="""
"character new NAME" makes a skill-die character: six abilities from the array
15,14,13,12,10,8 in the order you give (STR,DEX,CON,INT,WIS,CHA) or "rolled" (4d6 drop
the lowest, in order), a role (Corsair, Medic, Engineer, Soldier or the campaign's:
+1 to its skill) and 4 skill points, at most 3 in one (RULINGS S1, S4). HP = 10 + CON
modifier (the hp-formula setting). In the console what the line leaves out is asked;
a script gives --role and --skills, and abilities it leaves out follow the campaign's
"abilities" setting:
  character new Vex --role Soldier --abilities 10,15,14,12,13,8 --skills Stealth=3,Nature=1
""",
    complete=_complete,
    aliases=("char",),
)
def character_command(ctx: Context, intent: CharacterIntent) -> Reply:
    """Dispatch the ``character`` subcommands."""
    return shared.dispatch(
        ctx,
        intent,
        lambda: _new(ctx, intent.name, intent.choices),
        lambda: _list(ctx.session),
        HP_CONDITIONS,
    )


def _list(session: CampaignView[SkillDieCharacter]) -> Reply:
    from ..sheet import condition

    characters = session.characters()
    reply = Reply()
    if not characters:
        return reply.add("No characters yet: character new NAME --role R", "note")
    for c in characters:
        scores = " ".join(f"{a} {s}" for a, s in c.scores)
        skills = " ".join(f"{s} {v}" for s, v in c.skills if v)
        state = condition(c)
        flags = f"  [{state}{', fatigued' if c.fatigued else ''}]"
        owner = owner_of(session.state, c.key)
        played = f"  played by {owner}" if owner else ""
        reply.add(
            f"{c.name:<12} {c.role:<9} HP {c.hp}/{c.max_hp}  {scores}  {skills}{flags}{played}"
        )
    return reply


def _ask_role(ctx: Context, ruleset: SkillDie, extra: tuple[Role, ...]) -> str:
    names = ", ".join(r.name for r in (*ruleset.content.roles, *extra))
    return ask_until(
        ctx,
        f"Role ({names})?",
        lambda a: ruleset.content.role(a, extra),
        what="character",
        command="character",
    )


def _ask_abilities(ctx: Context) -> tuple[int, ...] | str:
    """Ask for the abilities; an empty answer takes the campaign's ``abilities``
    setting, as a line without ``--abilities`` does (docs/rulings.md H342, H450)."""
    rolled = ctx.session.setting("abilities") == "4d6-drop-lowest"
    default = ROLLED if rolled else creation.ARRAY

    def check(answer: str) -> None:
        found = read_abilities(answer) if answer else default
        if found != ROLLED:
            creation.check_array(cast(tuple[int, ...], found))

    enter = "4d6 drop the lowest" if rolled else "the array in that order"
    question = (
        "Abilities: the array 15,14,13,12,10,8 in STR,DEX,CON,INT,WIS,CHA order, or "
        f"'rolled' (4d6 drop the lowest); Enter: {enter} (setting abilities)?"
    )
    answer = ask_until(ctx, question, check, what="character", command="character")
    return read_abilities(answer) if answer else default


def _ask_skills(
    ctx: Context, ruleset: SkillDie, extra: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    def check(answer: str) -> None:
        creation.check_points(ruleset.content, read_skills(answer), extra)

    names = ", ".join((*(s.name for s in ruleset.content.skills), *extra))
    question = f"Skills: 4 points, at most 3 in one, like Stealth=3,Nature=1 ({names})?"
    return read_skills(ask_until(ctx, question, check, what="character", command="character"))


def _new(ctx: Context, name: str, choices: CreationChoices) -> Reply:
    session = ctx.session
    owner = shared.owner_of_new(ctx, name, choices.player)
    ruleset = rules_of(session)
    roles, skills = campaign_roles(session), campaign_skills(session)
    role, abilities, points = choices.role, choices.abilities, choices.skills
    if ctx.ask is not None:
        role = role if role is not None else _ask_role(ctx, ruleset, roles)
        abilities = abilities if abilities is not None else _ask_abilities(ctx)
        points = points if points is not None else _ask_skills(ctx, ruleset, skills)
    if role is None:
        raise RuleError(
            "character new needs --role: "
            + ", ".join(r.name for r in (*ruleset.content.roles, *roles))
        )
    if points is None:
        raise RuleError(
            "character new needs --skills: 4 points, at most 3 in one, like "
            "--skills Stealth=3,Nature=1 (RULINGS S4)"
        )
    if abilities is None:
        method = session.setting("abilities")
        abilities = ROLLED if method == "4d6-drop-lowest" else creation.ARRAY
    scores = None if abilities == ROLLED else cast(tuple[int, ...], abilities)
    spec = creation.CharacterSpec(
        name,
        role,
        scores,
        points,
        str(session.setting("hp-formula")),
        str(session.setting("ability-modifier")),
        skills,
        roles,
    )
    ruleset.content.role(role, roles)  # checked before any die is rolled
    creation.check_points(ruleset.content, points, skills)
    if scores is not None:
        creation.check_array(scores)
    rolled = creation.roll_abilities(session.rng()) if scores is None else None
    made = creation.build_character(ruleset.content, spec, rolled)
    character = made.character
    reply = (
        Reply().extend(made.lines).add("").extend(ruleset.character_sheet(character, session.state))
    )
    words = ["character", "new", name, "--role", character.role]
    words += ["--abilities", ",".join(str(s) for _, s in character.scores)]
    spent = creation.check_points(ruleset.content, points, skills)
    words += ["--skills", ",".join(f"{s}={p}" for s, p in spent)]
    return shared.join(ctx, reply, made, shlex.join(words), owner)


# -- what can be asked now -----------------------------------------------------------------


def offer(ruleset: SkillDie, view: CampaignView[SkillDieCharacter], role: str) -> list[Intent]:
    """``character new`` with each role (the array, and rolled) while the party is
    small, ``character show`` of each and ``character list`` (RULINGS S1, S4)."""
    del role
    intents, names = shared.offer_start(view)
    if names is None:
        return intents
    for number, spec in enumerate(ruleset.character_specs("x")):
        skills = ",".join(f"{s}={p}" for s, p in spec.skills)
        abilities = ",".join(str(s) for s in reversed(spec.abilities)) if spec.abilities else ROLLED
        words = ("new", next(names), "--role", spec.role, "--skills", skills)
        intents.append(
            Words("character", (*words, "--abilities", abilities) if number % 3 else words)
        )
    return intents


OFFERS.append(offer)
