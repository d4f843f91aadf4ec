"""``memorise`` (``memorize``): spells and prayers into slots during a rest (redhack:
Exploration & Dungeons > Magic; RULINGS R19, R25; docs/rulings.md H160, H161)."""

from __future__ import annotations

from dataclasses import dataclass

from ....errors import HacktableError, RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ..character import Character
from ..content.spells import Spell, SpellList
from ..magic.memorise import place
from ..magic.slots import character_slots
from ..magic.state import ALL, Slot
from .act import Act
from .caster import caster, complete_magic, set_slots
from .registry import COMMANDS
from .spells import spells_for

__all__ = ["MemoriseIntent"]


@dataclass(frozen=True, slots=True)
class MemoriseIntent(Intent):
    """Memorise spells into slots (redhack: Exploration & Dungeons > Magic; R19, R25).

    Attributes:
        name: the caster, as given.
        spells: the spells, as given.
        level: ``in LEVEL``: the slot level (``None``: the best slot for each).
    """

    name: str
    spells: tuple[str, ...]
    level: int | None = None

    def access(self) -> Access:
        """The caster's player, or the GM (docs/rulings.md H106)."""
        return Access.play(self.name, what="memorise")


def _read_memorise(args: Args) -> MemoriseIntent:
    """``NAME SPELL[,SPELL...] [in LEVEL]``: spells by id or by name, spaces and all
    (``memorise Mirela charm person, sleep in 1``)."""
    name = args.word("NAME")
    words = args.rest()
    level = None
    if len(words) >= 2 and words[-2].lower() == "in":
        level = args.to_int(words[-1], "LEVEL", minimum=1)
        words = words[:-2]
    spells = tuple(s.strip() for s in " ".join(words).split(",") if s.strip())
    if not spells:
        raise args.error("missing SPELL[,SPELL...]")
    return MemoriseIntent(name, spells, level)


@COMMANDS.typed(
    "memorise",
    "memorise NAME SPELL[,SPELL...] [in LEVEL]",
    "memorise spells or prayers into slots during a rest",
    MemoriseIntent,
    _read_memorise,
    details="""
A short rest lets a caster memorise one spell, a long rest, full day or downtime all of
them (redhack: Magic; RULINGS R19); the rest says so and the sheet shows "May memorise".
"memorise Mirela sleep" puts Sleep in the best slot; "memorise Mirela sleep in 2" puts
it in a level-2 slot (a slot can hold a lower-level spell, R25). A wizard memorises
from the book; a cleric from the prayerbook, and prayers of level 3+ granted by the
patron (H161). An "all" allowance lasts until the caster's next cast or rest (H160).
Example: after "rest long", a level-3 wizard with slots of levels 2 and 1:
  memorise Mirela web,sleep
  -> Mirela memorises Web, Sleep; Slots: L2 Web; L1 Sleep
""",
    complete=complete_magic,
    aliases=("memorize",),
)
def memorise_command(ctx: Context, intent: MemoriseIntent) -> Reply:
    """Memorise spells."""
    act = Act(ctx)
    character, kind = caster(act, intent.name)
    spells = spells_for(act.session)
    found = [_known(spells, character, kind, name) for name in intent.spells]
    allowance = character.magic.memorise
    if allowance == 0:
        raise RuleError(
            f"{character.name} may memorise only during a rest (a short rest: one spell; "
            "a long rest, a full day or downtime: all; redhack: Magic, RULINGS R19)"
        )
    if allowance != ALL and len(found) > allowance:
        raise RuleError(
            f"{character.name} may memorise {allowance} more spell after a short rest, "
            f"not {len(found)} (RULINGS R19)"
        )
    slots = place(character_slots(character), [(s.id, s.level) for s in found], intent.level)
    left = ALL if allowance == ALL else allowance - len(found)
    set_slots(act, character, slots, memorise=left)
    names = ", ".join(s.name for s in found)
    act.say(f"{character.name} memorises {names}")
    act.say("  Slots: " + "; ".join(_slot_word(spells, s) for s in slots), "muted", log=False)
    act.detail["memorised"] = [s.id for s in found]
    return act.commit("memorise", character.name)


def _slot_word(spells: SpellList, slot: Slot) -> str:
    if slot.spell is None:
        return f"L{slot.level} empty"
    try:
        name = spells.get(slot.spell).name
    except HacktableError:
        name = slot.spell
    marks = " (cast)" if slot.spent else " (Inspiration)" if slot.inspired else ""
    return f"L{slot.level} {name}{marks}"


def _known(spells: SpellList, character: Character, kind: str, name: str) -> Spell:
    """A spell the caster may memorise (H161).

    Raises:
        UnknownNameError: no such spell. RuleError: not in the book, the wrong kind, or
            a cantrip.
    """
    spell = spells.get(name, kind)
    if spell.kind != kind:
        raise RuleError(f"{spell.name} is {_a(spell.kind)} spell; {character.name} casts {kind}")
    if spell.cantrip:
        raise RuleError(f"{spell.name} is a cantrip: cast at will, never memorised (R25)")
    granted = kind == "divine" and spell.level >= 3
    if spell.id not in character.magic.book and not granted:
        book = "prayerbook" if kind == "divine" else "book"
        raise RuleError(f"{spell.name} is not in {character.name}'s {book}")
    return spell


def _a(kind: str) -> str:
    """ "an arcane", "a divine"."""
    return f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}"
