"""Characters: ``character`` (redhack: Character Creation; docs/rulings.md H106). Hit
points, coins and inventories are the engine's (:mod:`hacktable.engine.commands.hit_points`,
:mod:`hacktable.engine.commands.inventory`)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from ....errors import RuleError
from ....play.outcome import Reply
from ....play.players import owner_of
from ... import character_commands as shared
from ... import keeping
from ...context import Context, ask_until
from ...grammar import Access, Args, Intent
from ..spec import CharacterSpec, ScoresRoll
from ..view import CampaignView
from .common import character_names, redhack_of
from .levels import set_character
from .registry import COMMANDS

if TYPE_CHECKING:
    from ..techniques import Technique

# -- character ---------------------------------------------------------------------------

_NEW_FLAGS = (
    "--class",
    "--kit",
    "--swap",
    "--background",
    "--adv",
    "--dis",
    "--player",
    "--spells",
    "--cantrip",
    "--technique",
)

_CHARACTER_USAGE = (
    "character new NAME [--class C] [--kit N|none] [--swap A,B] [--background TEXT] "
    "[--adv TAGS] [--dis TAGS] [--player P] [--spells A,B,C] [--cantrip X] [--technique ID] | "
    "character show NAME | character list | "
    "character remove NAME | character revive NAME | character owner NAME PLAYER|gm | "
    "character set NAME level|max-hp|ATTR N"
)


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
        spells: ``--spells``, a caster's starting book (``None``: asked, or rolled in
            a script; RULINGS R25, R27).
        cantrip: ``--cantrip``, a wizard's cantrip (``None``: rolled).
        techniques: ``--technique``, technique backgrounds (ids or names,
            comma-separated; ``None``: asked in the console, none in a script;
            docs/rulings.md H253).
    """

    class_id: str | None = None
    kit: int | None = None
    swap: tuple[str, ...] | None = None
    background: str | None = None
    advantages: tuple[str, ...] | None = None
    disadvantages: tuple[str, ...] | None = None
    player: str | None = None
    spells: tuple[str, ...] | None = None
    cantrip: str | None = None
    techniques: tuple[str, ...] | None = None


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
        setting: for ``set``, what the GM edits: ``level``, ``max-hp`` or an
            attribute, as given (:func:`.levels.set_character`).
        value: for ``set``, the new value.
    """

    action: keeping.CharacterAction | Literal["set"]
    name: str = ""
    choices: CreationChoices = field(default_factory=CreationChoices)
    player: str = ""
    setting: str = ""
    value: int = 0

    def access(self) -> Access:
        """As every ruleset's ``character`` (:func:`hacktable.rulesets.keeping.access`)."""
        return keeping.access(self.action)


def _complete_character(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return ("new", "show", "list", "remove", "revive", "owner", "set")
    if words[0] == "set" and len(words) == 2:
        return ("level", "max-hp", *session.ruleset.attributes)
    if words[0] == "new":
        if words[-1] == "--class":
            return [cid for cid, _ in session.ruleset.classes()]
        if words[-1] in ("--spells", "--cantrip"):
            from .spells import spell_names

            return spell_names(session)
        if words[-1] == "--technique":
            from ..techniques import load_techniques

            return [t.id for t in load_techniques()]
        return _NEW_FLAGS
    if len(words) == 1:
        return character_names(session)
    return ()


def _read_character(args: Args) -> CharacterIntent:
    action = args.word("new, show, list or remove").lower()
    if action == "new":
        name, choices = _read_new(args)
        return CharacterIntent("new", name, choices)
    if action == "set":
        name = args.word("NAME")
        setting = args.word("level, max-hp or ATTR").lower()
        value = args.integer("N")
        args.done()
        return CharacterIntent("set", name, setting=setting, value=value)
    return shared.read_kept(args, action, CharacterIntent)


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
one over (docs/rulings.md H106). The GM edits a character directly, logged with
before and after: "character set Tomas level 3", "character set Tomas max-hp 20",
"character set Tomas STR 15" (docs/rulings.md H188).
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
        return keeping.show(ctx, character)
    if intent.action == "owner":
        return keeping.hand_over(ctx, character, intent.player)
    if intent.action == "set":
        return set_character(ctx, character, intent.setting, intent.value)
    if intent.action == "revive":
        alive = replace(shared.cleared(character, ("dead", "dying")), mortal_wound=None)
        return keeping.revive(ctx, character, alive)
    return keeping.remove(ctx, character)


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


def _read_new(args: Args) -> tuple[str, CreationChoices]:
    """The new character's name and the flags' choices (redhack: Character Creation)."""
    name = shared.read_name(args)
    flags = shared.read_flags(args, _NEW_FLAGS)
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
        spells=None if flags.get("--spells") is None else _tags(flags["--spells"]),
        cantrip=flags.get("--cantrip"),
        techniques=None if flags.get("--technique") is None else _tags(flags["--technique"]),
    )


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


def _new(ctx: Context, name: str, choices: CreationChoices) -> Reply:
    session = ctx.session
    owner = shared.owner_of_new(ctx, name, choices.player)
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
            techniques=choices.techniques or (),
        )
        from ..techniques import check_class, technique

        for wanted in spec.techniques:  # refused before any roll (H253)
            check_class(technique(wanted), name, ruleset.content.class_(spec.class_id).id)
        scores = ruleset.roll_scores(rng)
        spec = _ask_book(ctx, spec, choices)
    elif ctx.ask is None:
        classes = ", ".join(cid for cid, _ in ruleset.classes())
        raise _answers().error(f"give --class ({classes}) when nobody can answer questions")
    else:
        scores = ruleset.roll_scores(rng)
        spec = _ask_book(ctx, _guided(ctx, name, scores, choices, reply), choices)
    creation = ruleset.build_character(_with_own_spells(ctx, spec), scores, rng)
    character = creation.character
    canonical = _canonical_command(
        spec, owner, creation.character.magic.book, creation.character.magic.cantrip
    )
    reply.extend(creation.lines)
    reply.add("")
    reply.extend(ruleset.character_sheet(character, session.state))
    return shared.join(ctx, reply, creation, canonical, owner)


def _canonical_command(
    spec: CharacterSpec,
    owner: str | None = None,
    book: tuple[str, ...] = (),
    cantrip: str | None = None,
) -> str:
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
    if book:
        words += ["--spells", ",".join(book)]
    if cantrip:
        words += ["--cantrip", cantrip]
    if spec.techniques:
        words += ["--technique", ",".join(spec.techniques)]
    return shlex.join(words)


def _with_own_spells(ctx: Context, spec: CharacterSpec) -> CharacterSpec:
    """The spec with the campaign's own spells, for the starting book (H243)."""
    from dataclasses import replace

    from ..content.spells import spell_from_json

    own = tuple(spell_from_json(data) for data in ctx.session.state.values("spell"))
    return replace(spec, own_spells=own) if own else spec


def _ask_book(ctx: Context, spec: CharacterSpec, choices: CreationChoices) -> CharacterSpec:
    """A caster's book, asked in the console when the line gave none (Enter rolls it);
    a script rolls it (redhack: Spellcasting; docs/rulings.md H159)."""
    from dataclasses import replace as changed

    from ..magic.book import BOOK_SIZES, book_choices
    from .spells import spells_for

    if choices.spells is not None:
        return changed(spec, spells=choices.spells, cantrip=choices.cantrip)
    class_id = redhack_of(ctx.session).content.class_(spec.class_id).id
    if ctx.ask is None or class_id not in BOOK_SIZES:
        return changed(spec, cantrip=choices.cantrip)
    _, size, _ = BOOK_SIZES[class_id]
    offered = ", ".join(s.id for s in book_choices(spells_for(ctx.session), class_id))
    answer = _ask(
        ctx,
        f"{size} spells for the book, comma-separated ({offered}; Enter rolls them)?",
        lambda a: _check_book(a, size),
    )
    return changed(spec, spells=_tags(answer), cantrip=choices.cantrip)


def _check_book(answer: str, size: int) -> None:
    chosen = _tags(answer)
    if chosen and len(set(chosen)) != size:
        raise RuleError(f"name {size} different spells, or press Enter to roll them")


def _ask(ctx: Context, question: str, check: Callable[[str], object]) -> str:
    """Ask until ``check`` accepts the answer (three tries)."""
    return ask_until(ctx, question, check, what="character creation", command="character")


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
    class_key = ruleset.content.class_(class_id).id
    background = choices.background
    techniques = choices.techniques or ()
    if background is None:
        background = _ask_background(ctx, name, class_key, bool(techniques))
        found = _technique_named(background)
        if found is not None:  # a technique background (H253)
            from ..techniques import check_class

            check_class(found, name, class_key)
            techniques, background = (found.id,), ""
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
        techniques=techniques,
    )


def _ask_background(ctx: Context, name: str, class_id: str, have_technique: bool) -> str:
    """The background question, which offers the technique backgrounds the class may
    take (optional; redhack: Character Creation > 3. Backgrounds, Sample Technique
    Backgrounds; docs/rulings.md H253)."""
    from ..techniques import check_class, load_techniques

    if have_technique:
        return _ask(ctx, "Background (a sentence; Enter to skip)?", _accept)
    offered = [t.id for t in load_techniques() if t.only_class in (None, class_id)]

    def check(answer: str) -> None:
        found = _technique_named(answer)
        if found is not None:
            check_class(found, name, class_id)

    return _ask(
        ctx,
        f"Background (a sentence, or a technique: {', '.join(offered)}; Enter to skip)?",
        check,
    )


def _technique_named(answer: str) -> Technique | None:
    """The technique an answer names exactly (id or name), or ``None``: a sentence."""
    from ....errors import UnknownNameError
    from ..techniques import technique

    if not answer.strip():
        return None
    try:
        return technique(answer)
    except UnknownNameError:
        return None


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
