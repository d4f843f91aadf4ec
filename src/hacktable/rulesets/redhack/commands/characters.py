"""Characters: ``character``, ``hp``, ``coins``, ``give``, ``drop``, ``equip`` and
``usage`` (redhack: Character Creation, Equipment; RULINGS G3, R7, R31)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Literal, cast

from ....dice import Advantage, UsageDie, roll_usage
from ....errors import CommandError, HacktableError, RuleError, UnknownNameError
from ....play.events import Change, Event
from ....play.outcome import Reply
from ....play.players import OWNER, owner_of, seat_of, seats
from ....play.principal import NotAllowedError, Role
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CARRYING, CHARACTERS, CREATING
from ..character import fold
from ..spec import CharacterSpec, ScoresRoll
from ..view import CampaignView
from .common import character_names, redhack_of
from .registry import COMMANDS

# -- character ---------------------------------------------------------------------------

_NEW_FLAGS = ("--class", "--kit", "--swap", "--background", "--adv", "--dis", "--player")

_CHARACTER_USAGE = (
    "character new NAME [--class C] [--kit N|none] [--swap A,B] [--background TEXT] "
    "[--adv TAGS] [--dis TAGS] [--player P] | character show NAME | character list | "
    "character remove NAME | character revive NAME | character owner NAME PLAYER|gm"
)

CharacterAction = Literal["new", "show", "list", "remove", "revive", "owner"]
"""What ``character`` is asked to do."""

_ACTIONS: tuple[str, ...] = ("new", "show", "list", "remove", "revive", "owner")


@dataclass(frozen=True, slots=True)
class CreationChoices:
    """What a ``character new`` line chose; what it leaves out (``None``) is asked by
    the guided creation, or takes its default with ``--class`` (redhack: Character
    Creation).

    Attributes:
        class_id: ``--class``, a class id or name, as given.
        kit: ``--kit``, the starting kit's number (1-based); 0 for no kit.
        swap: ``--swap``, the two attributes to swap, as given; ``()`` for no swap.
        background: ``--background``, the background sentence (at most 300 printable
            characters).
        advantages: ``--adv``, the background's advantage tags, lower case.
        disadvantages: ``--dis``, its disadvantage tags, lower case.
        player: ``--player``, the player who plays it, as given (``None``: whoever
            makes it; ``"gm"``: the GM).
    """

    class_id: str | None = None
    kit: int | None = None
    swap: tuple[str, ...] | None = None
    background: str | None = None
    advantages: tuple[str, ...] | None = None
    disadvantages: tuple[str, ...] | None = None
    player: str | None = None


@dataclass(frozen=True, slots=True)
class CharacterIntent(Intent):
    """Create, show, list, remove or revive characters, or hand one to a player
    (redhack: Character Creation; bringing the dead back is the GM's word, not a rule;
    who plays whom: docs/rulings.md H106).

    Attributes:
        action: ``"new"``, ``"show"``, ``"list"``, ``"remove"``, ``"revive"`` or
            ``"owner"``.
        name: the character's name, as given (``""`` for ``list``); for ``new``, the
            new name with its spaces collapsed.
        choices: for ``new``, what the line chose.
        player: for ``owner``, the player who is to play the character, as given
            (``"gm"``: the GM).
    """

    action: CharacterAction
    name: str = ""
    choices: CreationChoices = field(default_factory=CreationChoices)
    player: str = ""

    def access(self) -> Access:
        """Anyone shows and lists; any player makes a character (their own: the
        command refuses a player's ``--player`` naming another); removing, reviving
        and handing out characters are the GM's (docs/rulings.md H106)."""
        if self.action in ("show", "list"):
            return Access.read()
        if self.action == "new":
            return Access.play(what="character new")
        return Access.gm(CHARACTERS, f"character {self.action}")


def _complete_character(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ("new", "show", "list", "remove", "revive", "owner")
    if words[0] == "new":
        if words[-1] == "--class":
            return [cid for cid, _ in session.ruleset.classes()]
        return _NEW_FLAGS
    if len(words) == 1:
        return character_names(session)
    return ()


def _read_character(args: Args) -> CharacterIntent:
    action = args.word("new, show, list or remove").lower()
    if action == "new":
        name, choices = _read_new(args)
        return CharacterIntent("new", name, choices)
    if action == "list":
        args.done()
        return CharacterIntent("list")
    if action == "owner":
        name = args.word("NAME")
        player = args.word("PLAYER (or gm)")
        args.done()
        return CharacterIntent("owner", name, player=player)
    if action in _ACTIONS:
        name = args.word("NAME")
        args.done()
        return CharacterIntent(cast(CharacterAction, action), name)
    raise args.error(f"unknown subcommand {action!r}")


@COMMANDS.typed(
    "character",
    _CHARACTER_USAGE,
    "create, show, list or remove characters, and say who plays them",
    CharacterIntent,
    _read_character,
    details="""
"character new NAME" rolls 3d6 for each attribute in order, offers one swap of two
attributes, then asks for a class, a starting kit (its coins are rolled) and a background
sentence with optional advantage and disadvantage tags (redhack: Character Creation).
Give every choice as flags to create a character at once, as scripts must:
  character new Aldric --class warrior --kit 1 --swap STR,DEX
      --background "Led an uprising in the fighting pits of Jaroon." --adv intimidate
A character is played by the player who makes it, or by the player the GM names with
"--player NAME"; the GM plays the rest. "character owner NAME PLAYER" (or "gm") hands
one over (docs/rulings.md H106).
""",
    complete=_complete_character,
    aliases=("char",),
)
def character_command(ctx: Context, intent: CharacterIntent) -> Reply:
    """Dispatch the ``character`` subcommands."""
    if intent.action == "new":
        return _new(ctx, intent.name, intent.choices)
    if intent.action == "list":
        return _list(ctx.session)
    character = ctx.session.character(intent.name)
    if intent.action == "show":
        ruleset = ctx.session.ruleset
        reply = (
            Reply()
            .extend(ruleset.character_sheet(character))
            .extend(ruleset.status_lines(character, ctx.session.state))
        )
        owner = owner_of(ctx.session.state, character.key)
        return reply.add(f"Played by {owner}", "muted") if owner else reply
    if intent.action == "owner":
        return _hand_over(ctx, character.key, character.name, intent.player)
    if intent.action == "revive":
        if not character.dead:
            raise RuleError(f"{character.name} is not dead")
        after = replace(
            character,
            conditions=tuple(
                c for c in character.conditions if c.split(":", 1)[0] not in ("dead", "dying")
            ),
            mortal_wound=None,
        ).with_hp(1)
        ctx.session.commit_character(
            "character.revive",
            character,
            after,
            f"{character.name} is brought back (the GM's word): HP 1",
            ctx.line,
        )
        return Reply().add(f"{character.name} lives again with 1 HP (the GM's word).", "note")
    owner = ctx.session.state.get(OWNER, character.key)
    ctx.session.commit(
        Event(
            "character.remove",
            actor=character.name,
            summary=f"{character.name} leaves the campaign",
            changes=(
                ctx.session.character_change(character, None),
                Change(OWNER, character.key, owner, None),
            ),
            command=ctx.line,
        )
    )
    return Reply().add(f"{character.name} removed (undo brings them back).", "note")


def _list(session: CampaignView) -> Reply:
    characters = session.characters()
    reply = Reply()
    if not characters:
        return reply.add("No characters yet: character new NAME", "note")
    ruleset = redhack_of(session)
    names = dict(ruleset.classes())
    for c in characters:
        scores = " ".join(f"{a} {s}" for a, s in c.scores)
        labels = [session.ruleset.condition_label(k) for k in c.conditions]
        state = "  DEAD" if c.dead else (f"  [{', '.join(labels)}]" if labels else "")
        owner = owner_of(session.state, c.key)
        played = f"  played by {owner}" if owner else ""
        reply.add(
            f"{c.name:<12} {names.get(c.class_id, c.class_id):<8} L{c.level}  "
            f"HP {c.hp}/{c.max_hp}  AC {ruleset.armour_class(c)}  {scores}{state}{played}"
        )
    return reply


def _player_named(session: CampaignView, name: str) -> str | None:
    """The name of the player ``name`` means, as seated; ``None`` for ``gm``.

    Raises:
        UnknownNameError: the campaign has no such player.
    """
    if fold(name) == "gm":
        return None
    seat = seat_of(session.state, name)
    if seat is None:
        raise UnknownNameError("player", name, ["gm", *(s.name for s in seats(session.state))])
    return seat.name


def _hand_over(ctx: Context, key: str, name: str, player: str) -> Reply:
    """``character owner``: the character keyed ``key`` is played by ``player`` (or the
    GM) from now on (docs/rulings.md H106)."""
    session = ctx.session
    owner = _player_named(session, player)
    before = session.state.get(OWNER, key)
    who = owner or "the GM"
    if before == owner:
        raise RuleError(f"{name} is already played by {who}")
    summary = f"{name} is played by {who}"
    session.commit(
        Event(
            "character.owner",
            actor=name,
            summary=summary,
            changes=(Change(OWNER, key, before, owner),),
            command=ctx.line,
        )
    )
    return Reply().add(summary, "note")


def _read_new(args: Args) -> tuple[str, CreationChoices]:
    """The new character's name and the flags' choices (redhack: Character Creation)."""
    name = " ".join(args.word("NAME").split())
    if not name or name.startswith("-") or not fold(name):
        raise args.error("the character needs a name")
    if len(name) > 40:
        raise args.error("a name has at most 40 characters")
    if name.lstrip("+-").isdigit():
        raise args.error("a name cannot be a number (numbers are scores and amounts)")
    if any(not ch.isprintable() for ch in name):
        raise args.error("a name cannot hold control characters")
    flags = _parse_new_flags(args)
    background = flags.get("--background")
    if background is not None and (
        len(background) > 300 or any(not ch.isprintable() for ch in background)
    ):
        raise args.error("a background is a sentence of at most 300 printable characters")
    swap = flags.get("--swap")
    kit = flags.get("--kit")
    adv = flags.get("--adv")
    dis = flags.get("--dis")
    return name, CreationChoices(
        player=flags.get("--player"),
        class_id=flags.get("--class"),
        kit=None if kit is None else (_kit(args, kit) or 0),
        swap=None if swap is None else (_swap(args, swap) or ()),
        background=background,
        advantages=None if adv is None else _tags(adv),
        disadvantages=None if dis is None else _tags(dis),
    )


def _parse_new_flags(args: Args) -> dict[str, str]:
    flags: dict[str, str] = {}
    while not args.empty:
        flag = args.word("a flag").lower()
        if flag not in _NEW_FLAGS:
            raise args.error(f"unexpected {flag!r}")
        flags[flag] = args.word(f"the value of {flag}")
    return flags


def _tags(text: str) -> tuple[str, ...]:
    return tuple(t.strip().lower() for t in text.split(",") if t.strip())


def _swap(args: Args, text: str | None) -> tuple[str, str] | None:
    if text is None or text.strip().lower() in ("", "none", "no"):
        return None
    parts = [p for p in text.replace(",", " ").split() if p]
    if len(parts) != 2:
        raise args.error(f"--swap takes two attributes, like STR,DEX, not {text!r}")
    return parts[0], parts[1]


def _kit(args: Args, text: str | None) -> int | None:
    if text is None or text.strip().lower() in ("none", "no", "0"):
        return None
    return args.to_int(text.strip(), "--kit", minimum=1)


def _chosen_swap(choices: CreationChoices) -> tuple[str, str] | None:
    """The swap the line chose (``None``: none, or not given)."""
    swap = choices.swap
    return (swap[0], swap[1]) if swap else None


def _chosen_kit(kit: int | None) -> int | None:
    """The kit the line chose (``None``: no kit)."""
    return kit or None


def _answers() -> Args:
    """Reads the answers to ``character new``'s questions, with its usage errors."""
    command = COMMANDS.get("character")
    assert command is not None
    return Args(command, [])


def _owner_of_new(ctx: Context, player: str | None) -> str | None:
    """Who plays a new character: the player the GM names (``None``: the GM), or the
    player who makes it (docs/rulings.md H106).

    Raises:
        NotAllowedError: a player named another player.
        UnknownNameError: the GM named no player of the campaign.
    """
    principal = ctx.principal
    if principal.role is not Role.PLAYER:
        return None if player is None else _player_named(ctx.session, player)
    if player is not None and fold(player) != fold(principal.name):
        raise NotAllowedError(principal.name, f"character new for {player}", CREATING)
    return principal.name


def _new(ctx: Context, name: str, choices: CreationChoices) -> Reply:
    session = ctx.session
    if session.state.get("character", fold(name)) is not None:
        raise RuleError(f"there is already a character called {name}")
    seated = seat_of(session.state, name)
    if seated is not None:
        raise RuleError(f"{seated.name} is a player's name: a character needs a name of its own")
    owner = _owner_of_new(ctx, choices.player)
    ruleset = redhack_of(session)
    reply = Reply()
    rng = session.rng()
    if choices.class_id is not None:
        ruleset.classes()  # loads content: a broken data file fails before any roll
        spec = CharacterSpec(
            name=name,
            class_id=choices.class_id,
            swap=_chosen_swap(choices),
            kit=1 if choices.kit is None else _chosen_kit(choices.kit),
            background=choices.background or "",
            advantages=choices.advantages or (),
            disadvantages=choices.disadvantages or (),
        )
        scores = ruleset.roll_scores(rng)
    elif ctx.ask is None:
        classes = ", ".join(cid for cid, _ in ruleset.classes())
        raise _answers().error(f"give --class ({classes}) when nobody can answer questions")
    else:
        scores = ruleset.roll_scores(rng)
        spec = _guided(ctx, name, scores, choices, reply)
    creation = ruleset.build_character(spec, scores, rng)
    character = creation.character
    canonical = _canonical_command(spec, owner)
    reply.extend(creation.lines)
    reply.add("")
    reply.extend(ruleset.character_sheet(character))
    session.commit(
        Event(
            "character.new",
            actor=character.name,
            summary=f"{character.name} joins: " + "; ".join(creation.lines),
            detail=dict(creation.detail),
            changes=(
                session.character_change(None, character),
                Change(OWNER, character.key, None, owner),
            ),
            command=canonical,
        )
    )
    if owner is not None:
        reply.add(f"Played by {owner}", "muted")
    return reply


def _canonical_command(spec: CharacterSpec, owner: str | None = None) -> str:
    """The flag form of a creation, so guided creations replay from the log (with
    ``--player`` for a character a player plays)."""
    words = ["character", "new", spec.name, "--class", spec.class_id]
    words += ["--kit", "none" if spec.kit is None else str(spec.kit)]
    if spec.swap:
        words += ["--swap", ",".join(spec.swap)]
    if spec.background:
        words += ["--background", spec.background]
    if spec.advantages:
        words += ["--adv", ",".join(spec.advantages)]
    if spec.disadvantages:
        words += ["--dis", ",".join(spec.disadvantages)]
    if owner is not None:
        words += ["--player", owner]
    return shlex.join(words)


def _ask(ctx: Context, question: str, check: Callable[[str], object]) -> str:
    """Ask until ``check`` accepts the answer (three tries)."""
    assert ctx.ask is not None
    for _ in range(3):
        try:
            answer = ctx.ask(question).strip()
        except (EOFError, KeyboardInterrupt):
            raise CommandError("character creation cancelled", "character") from None
        try:
            check(answer)
        except HacktableError as error:
            if ctx.warn is not None:
                ctx.warn(str(error))
            continue
        return answer
    raise CommandError("character creation cancelled after three tries", "character")


def _guided(
    ctx: Context,
    name: str,
    scores: ScoresRoll,
    choices: CreationChoices,
    reply: Reply,
) -> CharacterSpec:
    """Ask for the choices the line did not give, showing the rolled scores first."""
    ruleset = redhack_of(ctx.session)
    args = _answers()
    assert ctx.ask is not None
    rolled = ", ".join(f"{a} {s}" for a, s in scores.scores)
    _ask(ctx, f"Rolled 3d6 in order: {rolled}. Press Enter to go on", _accept)
    if choices.swap is None:
        swap_text = _ask(
            ctx,
            "Swap two attributes? (e.g. 'STR DEX'; Enter to keep them)",
            lambda a: _check_swap(ctx, args, a),
        )
        swap = _swap(args, swap_text)
    else:
        swap = _chosen_swap(choices)
    classes = ruleset.classes()
    menu = ", ".join(f"{cid}" for cid, _ in classes)
    class_id = _ask(ctx, f"Class ({menu})?", ruleset.kits)
    kits = ruleset.kits(class_id)
    kit: int | None = None
    if choices.kit is None and kits:
        listing = " | ".join(f"{i}: {k}" for i, k in enumerate(kits, 1))
        kit_text = (
            _ask(
                ctx,
                f"Starting kit? {listing} (number, Enter for 1, 'none' for no kit)",
                lambda a: _check_kit(args, a, len(kits)),
            )
            or "1"
        )
        kit = _kit(args, kit_text)
    elif kits:
        kit = _chosen_kit(choices.kit)
    background = choices.background
    if background is None:
        background = _ask(ctx, "Background (a sentence; Enter to skip)?", _accept)
    adv = choices.advantages
    dis = choices.disadvantages
    if background and adv is None:
        adv = _tags(
            _ask(ctx, "Tests the background gives advantage on (comma-separated tags)?", _accept)
        )
    if background and dis is None:
        dis = _tags(_ask(ctx, "Tests it gives disadvantage on (comma-separated tags)?", _accept))
    return CharacterSpec(
        name=name,
        class_id=class_id,
        swap=swap,
        kit=kit,
        background=background,
        advantages=adv or (),
        disadvantages=dis or (),
    )


def _accept(answer: str) -> None:
    """Any answer will do."""
    del answer


def _check_swap(ctx: Context, args: Args, answer: str) -> None:
    swap = _swap(args, answer)
    if swap is not None:
        first, second = (ctx.session.ruleset.attribute(a) for a in swap)
        if first == second:
            raise args.error("swap two different attributes")


def _check_kit(args: Args, answer: str, count: int) -> None:
    if answer.strip() in ("", "none", "no"):
        return
    number = args.to_int(answer.strip(), "kit", minimum=1)
    if number > count:
        raise args.error(f"there are {count} kits")


# -- hit points and coins ----------------------------------------------------------------


def _names_first(session: CampaignView, words: list[str]) -> Iterable[str]:
    return character_names(session) if not words else ()


def _amount(args: Args, what: str) -> tuple[str, int]:
    text = args.word(f"+N, -N or N ({what})")
    if text.startswith("="):
        text = text[1:]
    mode = "set" if text[:1] not in "+-" else ("add" if text[0] == "+" else "subtract")
    value = abs(args.to_int(text, what))
    return mode, value


@dataclass(frozen=True, slots=True)
class HpIntent(Intent):
    """Heal, damage or set a character's hit points (redhack: Combat > Damage &
    Injuries; RULINGS R11).

    Attributes:
        character: the character's name.
        mode: ``"add"`` (heal), ``"subtract"`` (damage) or ``"set"``.
        amount: a whole number or dice notation (``"1d4"``), without its sign.
    """

    character: str
    mode: str
    amount: str

    def access(self) -> Access:
        """The GM's: hit points change by the rules' commands, or by the GM's word
        (docs/rulings.md H106)."""
        return Access.gm(CHARACTERS, "change hit points")


def _read_hp(args: Args) -> HpIntent:
    name = args.word("NAME")
    text = args.word("+N, -N or N (hit points)").removeprefix("=")
    args.done()
    mode = "set" if text[:1] not in "+-" else ("add" if text[0] == "+" else "subtract")
    body = text[1:] if mode != "set" else text
    if body[:1] in ("+", "-"):
        raise args.error(f"one sign only: {text!r}")
    if body.isdigit():
        body = str(args.to_int(body, "hit points"))
    return HpIntent(name, mode, body)


@COMMANDS.typed(
    "hp",
    "hp NAME +N|-N|N|+DICE|-DICE",
    "heal (+N), damage (-N) or set (N) hit points; dice are rolled (hp Aldric +1d4)",
    HpIntent,
    _read_hp,
    details="HP stays between 0 and the maximum. At 0 HP a character is out of the fight "
    "(redhack: Combat > Damage & Injuries); a survivor of the injuries table gains 1d4 HP "
    "(RULINGS R11): hp NAME +1d4.",
    complete=_names_first,
)
def hp_command(ctx: Context, intent: HpIntent) -> Reply:
    """Change hit points, by a number or a dice roll."""
    session = ctx.session
    character = session.character(intent.character)
    if character.dead:
        raise RuleError(f"{character.name} is dead ('character revive' is the GM's miracle)")
    mode, body = intent.mode, intent.amount
    reply = Reply()
    detail: dict[str, object] = {}
    if body.isdigit():
        value = int(body)
        rolled = ""
    else:
        from ....dice import render_roll, roll, roll_to_json

        result = roll(body, session.rng())
        value = max(0, result.total)  # a heal never harms and damage never heals
        reply.adjust(
            "the rolled amount", result.total, value, "a heal never harms, damage never heals"
        )
        rolled = f" ({render_roll(result)})"
        if result.total < 0:
            rolled = f" ({render_roll(result)}, counted as 0)"
        detail["roll"] = roll_to_json(result)
    target = {"set": value, "add": character.hp + value, "subtract": character.hp - value}[mode]
    if character.hp == 0 and target > 0:
        rng = session.rng()
        after, lines = session.ruleset.heal_from_zero(character, target, rng, session.setting)
        for text, style in lines:
            reply.add(text, style)
        summary = "; ".join(text for text, _ in lines) + rolled
        session.commit_character("hp", character, after, summary, ctx.line, detail)
        return reply
    after = character.with_hp(target)
    summary = f"{character.name}: HP {character.hp} -> {after.hp}/{after.max_hp}{rolled}"
    reply.add(summary)
    if after.hp == 0 and character.hp > 0:
        reply.add(f"{character.name} is down (0 HP).", "warning")
    if after.hp != target:
        reply.add(f"(HP stays between 0 and {after.max_hp})", "muted")
        reply.adjust(
            f"{character.name}'s HP", target, after.hp, "HP stays between 0 and the maximum"
        )
    session.commit_character("hp", character, after, summary, ctx.line, detail)
    return reply


@dataclass(frozen=True, slots=True)
class CoinsIntent(Intent):
    """Give, take or set a character's coins (redhack: Equipment > Coins; R29).

    Attributes:
        character: the character's name.
        mode: ``"add"``, ``"subtract"`` or ``"set"``.
        amount: how many coins, 0 or more.
    """

    character: str
    mode: str
    amount: int

    def access(self) -> Access:
        """The character's player: their purse, as their inventory (docs/rulings.md
        H106)."""
        return Access.play(self.character)


def _read_coins(args: Args) -> CoinsIntent:
    name = args.word("NAME")
    mode, value = _amount(args, "coins")
    args.done()
    return CoinsIntent(name, mode, value)


@COMMANDS.typed(
    "coins",
    "coins NAME +N|-N|N",
    "give (+N), take (-N) or set (N) a character's coins",
    CoinsIntent,
    _read_coins,
    complete=_names_first,
)
def coins_command(ctx: Context, intent: CoinsIntent) -> Reply:
    """Change coins; a character cannot go below 0."""
    session = ctx.session
    character = session.character(intent.character)
    mode, value = intent.mode, intent.amount
    target = {"set": value, "add": character.coins + value, "subtract": character.coins - value}[
        mode
    ]
    after = character.with_coins(target)
    too_much = session.ruleset.carry_check(character, after)
    if too_much:
        raise RuleError(f"{too_much} (250 coins to a slot)")
    summary = f"{character.name}: coins {character.coins} -> {after.coins}"
    reply = Reply().add(summary)
    reply.adjust(f"{character.name}'s coins", target, after.coins, "coins never go below 0")
    session.commit_character("coins", character, after, summary, ctx.line)
    return reply


# -- items -------------------------------------------------------------------------------


def _complete_items(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    if len(words) == 1:
        try:
            return [item.name for item in session.character(words[0]).inventory]
        except HacktableError:
            return ()
    return ("adv", "dis")


@dataclass(frozen=True, slots=True)
class GiveIntent(Intent):
    """Add an item to a character's inventory: from the equipment list, or custom gear
    (redhack: Equipment; RULINGS R29 on slots; docs/rulings.md H15 on several dice).

    Attributes:
        character: the character's name.
        item: the item's name, as given (spaces collapsed).
        usage: ``ud N``, the usage die it comes with (``None``: the list's, if any).
        quantity: ``xN``, how many (1 to 100).
        force: ``force``, give it even when it is more than the character can carry.
    """

    character: str
    item: str
    usage: UsageDie | None = None
    quantity: int = 1
    force: bool = False

    def access(self) -> Access:
        """The character's player manages their inventory; ``force`` (past what they
        can carry) is the GM's (docs/rulings.md H106)."""
        if self.force:
            return Access.gm(CARRYING, "give with force")
        return Access.play(self.character)


def _read_give(args: Args) -> GiveIntent:
    name = args.word("NAME")
    words = args.rest()
    usage: UsageDie | None = None
    quantity = 1
    name_words = []
    force = bool(words) and words[-1].lower() == "force"
    if force:
        words = words[:-1]
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "ud":
            usage = UsageDie.parse(next(items, ""))
        elif low.startswith("ud") and low[2:].isdigit():
            usage = UsageDie.parse(low)
        elif low.startswith("x") and len(low) > 1 and low[1:].lstrip("+-").isdigit():
            quantity = args.to_int(low[1:], "quantity", minimum=1)
            if quantity > 100:
                raise args.error("at most 100 at a time")
        else:
            name_words.append(word)
    item_name = " ".join(" ".join(name_words).split())
    if not item_name:
        raise args.error("missing ITEM")
    if len(item_name) > 60 or any(not ch.isprintable() for ch in item_name):
        raise args.error("an item's name is at most 60 printable characters")
    return GiveIntent(name, item_name, usage, quantity, force)


@COMMANDS.typed(
    "give",
    "give NAME ITEM [ud N] [xN] [force]",
    "add an item to a character's inventory (from the equipment list, or your own)",
    GiveIntent,
    _read_give,
    details="""
An item named in the equipment list takes its usage die, damage and slots from there
(give Aldric "50' rope", give Mirela rations). Any other name adds custom gear. "ud8"
sets the usage die, "x3" the quantity.
""",
    complete=_names_first,
)
def give_command(ctx: Context, intent: GiveIntent) -> Reply:
    """Add an item."""
    session = ctx.session
    character = session.character(intent.character)
    quantity = intent.quantity
    item, known = session.ruleset.make_item(intent.item)
    if intent.usage is not None:
        item = replace(item, usage=intent.usage)
    after = character
    if item.usage is not None:
        # Each has its own usage die: three torches burn one after the other (H15).
        for _ in range(quantity):
            after = after.add_item(item)
        shown = item.describe() if quantity == 1 else f"{quantity} x {item.describe()}"
    else:
        item = replace(item, quantity=quantity) if quantity != 1 else item
        after = after.add_item(item)
        shown = item.describe()
    too_much = session.ruleset.carry_check(character, after)
    if too_much and not intent.force:
        raise RuleError(f"{too_much} (add 'force' to give it anyway)")
    summary = f"{character.name} gains {shown}"
    session.commit_character("item.give", character, after, summary, ctx.line)
    reply = Reply().add(summary)
    if not known:
        reply.add("(not in the equipment list: added as custom gear)", "muted")
    return reply


@dataclass(frozen=True, slots=True)
class DropIntent(Intent):
    """Remove an item from a character's inventory (redhack: Equipment).

    Attributes:
        character: the character's name.
        item: the item's name, as given.
    """

    character: str
    item: str

    def access(self) -> Access:
        """The character's player (docs/rulings.md H106)."""
        return Access.play(self.character)


def _read_drop(args: Args) -> DropIntent:
    name = args.word("NAME")
    return DropIntent(name, " ".join(args.rest()) or args.word("ITEM"))


@COMMANDS.typed(
    "drop",
    "drop NAME ITEM",
    "remove an item from a character's inventory",
    DropIntent,
    _read_drop,
    complete=_complete_items,
)
def drop_command(ctx: Context, intent: DropIntent) -> Reply:
    """Remove an item."""
    session = ctx.session
    character = session.character(intent.character)
    index = character.find_item(intent.item)
    item = character.inventory[index]
    after = character.remove_item(index)
    summary = f"{character.name} drops {item.describe()}"
    session.commit_character("item.drop", character, after, summary, ctx.line)
    return Reply().add(summary)


@dataclass(frozen=True, slots=True)
class EquipIntent(Intent):
    """Wear or ready an item, or take it off (redhack: Equipment > Armour; worn armour,
    shield and helm count toward AC).

    Attributes:
        character: the character's name.
        item: the item's name, as given.
        off: ``off``, take it off (or put the weapon away).
    """

    character: str
    item: str
    off: bool = False

    def access(self) -> Access:
        """The character's player (docs/rulings.md H106)."""
        return Access.play(self.character)


def _read_equip(args: Args) -> EquipIntent:
    name = args.word("NAME")
    words = args.rest()
    off = bool(words) and words[-1].lower() == "off"
    if off:
        words = words[:-1]
    if not words:
        raise args.error("missing ITEM")
    return EquipIntent(name, " ".join(words), off)


@COMMANDS.typed(
    "equip",
    "equip NAME ITEM | equip NAME ITEM off",
    "wear or ready an item (armour, shield and helm count toward AC only when worn)",
    EquipIntent,
    _read_equip,
    complete=_complete_items,
)
def equip_command(ctx: Context, intent: EquipIntent) -> Reply:
    """Equip or unequip an item."""
    session = ctx.session
    character = session.character(intent.character)
    off = intent.off
    index = character.find_item(intent.item)
    item = character.inventory[index]
    after = session.ruleset.equip(character, index, not off)
    if item.kind == "weapon":
        verb = "puts away" if off else "readies"
    else:
        verb = "takes off" if off else "equips"
    summary = f"{character.name} {verb} {item.name}"
    dropped = [
        other.name
        for was, other in zip(character.inventory, after.inventory, strict=True)
        if was.equipped and not other.equipped and other is not item and was is not item
    ]
    if dropped:
        summary += f" and puts away {', '.join(dropped)}"
    before_ac = redhack_of(session).armour_class(character)
    after_ac = redhack_of(session).armour_class(after)
    if before_ac != after_ac or item.kind in ("armour", "shield", "helm"):
        summary += f" (AC {before_ac} -> {after_ac})"
    elif item.kind == "weapon" and not off:
        summary += ": attacks use it unless told otherwise"
    reply = Reply()
    session.commit_character("item.equip", character, after, summary, ctx.line)
    return reply.add(summary)


@dataclass(frozen=True, slots=True)
class UsageIntent(Intent):
    """Roll an item's usage die and step it down on a 1-2 (redhack: Core Rules > Usage &
    Duration Dice; RULINGS G2, G3, R31; docs/rulings.md H15).

    Attributes:
        character: the character's name.
        item: the item's name, as given.
        advantages: how many ``adv`` the GM gave.
        disadvantages: how many ``dis``.
    """

    character: str
    item: str
    advantages: int = 0
    disadvantages: int = 0

    def access(self) -> Access:
        """The character's player rolls their usage dice (docs/rulings.md H106)."""
        return Access.play(self.character)


def _read_usage(args: Args) -> UsageIntent:
    name = args.word("NAME")
    words = args.rest()
    advantages = sum(1 for w in words if w.lower() in ("adv", "advantage"))
    disadvantages = sum(1 for w in words if w.lower() in ("dis", "disadvantage"))
    item_words = [w for w in words if w.lower() not in ("adv", "advantage", "dis", "disadvantage")]
    if not item_words:
        raise args.error("missing ITEM")
    return UsageIntent(name, " ".join(item_words), advantages, disadvantages)


@COMMANDS.typed(
    "usage",
    "usage NAME ITEM [adv|dis]",
    "roll an item's usage die (torch, rations, arrows...) and step it down on a 1-2",
    UsageIntent,
    _read_usage,
    details="""
A roll of 1 or 2 steps the die down: ud20 > ud12 > ud10 > ud8 > ud6 > ud4 > exhausted
(redhack: Core Rules > Usage & Duration Dice; RULINGS G3). Advantage rolls twice and
keeps the higher (G2); a Warrior rolls Armourer's Tools with advantage (R31).
""",
    complete=_complete_items,
)
def usage_command(ctx: Context, intent: UsageIntent) -> Reply:
    """Roll and update a usage die."""
    session = ctx.session
    character = session.character(intent.character)
    advantages = ["GM"] * intent.advantages
    disadvantages = ["GM"] * intent.disadvantages
    index = character.find_item(intent.item)
    # Of several items of that name (two torches), roll the first that is not used up.
    live = [
        i
        for i in character.find_items(intent.item)
        if (die := character.inventory[i].usage) is not None and not die.exhausted
    ]
    index = live[0] if live else index
    item = character.inventory[index]
    if item.usage is None:
        raise RuleError(f"{character.name}'s {item.name} has no usage die")
    if item.usage.exhausted:
        raise RuleError(f"{character.name}'s {item.name} is exhausted")
    advantages += session.ruleset.usage_advantages(character, item)
    advantage = Advantage.net(len(advantages), len(disadvantages))
    result = roll_usage(item.usage, session.rng(), advantage)
    after = character.replace_item(index, replace(item, usage=result.after))
    why = ""
    sources = [s for s in advantages if s != "GM"]
    if sources:
        why = f" ({'; '.join(sources)})"
    summary = f"{character.name}'s {item.name}: {result.explain()}{why}"
    reply = Reply().add(summary, "dice")
    if result.after.exhausted:
        reply.add(f"{character.name}'s {item.name} is used up.", "warning")
    detail = {
        "item": item.name,
        "before": str(result.before),
        "rolls": list(result.rolls),
        "kept": result.kept,
        "after": str(result.after),
        "advantage": advantage.name.lower(),
    }
    session.commit_character("usage", character, after, summary, ctx.line, detail)
    return reply
