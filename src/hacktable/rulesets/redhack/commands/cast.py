"""``cast``: a memorised spell or prayer, the cantrip, a scroll or a ritual (redhack:
Spellcasting; RULINGS R13, R25-R27, R33, R34; docs/rulings.md H162-H167, H173,
H244-H246). The casting table applied to the slot is :mod:`.casting_table`; the
targets and durations :mod:`.spell_targets`."""

from __future__ import annotations

from dataclasses import dataclass

from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import OVERRIDING
from .act import Act
from .caster import caster, complete_magic, spend_action
from .casting_table import from_slot
from .registry import COMMANDS
from .spell_targets import start_lasting, target_spell
from .spells import spells_for

__all__ = ["CastIntent"]


@dataclass(frozen=True, slots=True)
class CastIntent(Intent):
    """Cast a spell (redhack: Spellcasting; R25-R27, R33, R34).

    Attributes:
        name: the caster, as given.
        spell: the spell, as given.
        components: ``with components`` (+1, their usage die rolled; R26).
        targets: ``on A,B``: characters or foes (``goblin-1``), as given.
        scroll: ``from scroll``: from a scroll carried (R34).
        inspiration: ``inspiration SPELL``: the GM's Inspiration spell (R26).
        override: the GM lets the caster cast out of turn in a fight (H244).
        ritual: ``ritual``: a Ritual Caster's ritual from the book (H245).
        roll: ``roll N[,N...]``: the dice rolled at the table, in the order the cast
            rolls them (RULINGS G5; docs/rulings.md H247).
    """

    name: str
    spell: str
    components: bool = False
    targets: tuple[str, ...] = ()
    scroll: bool = False
    inspiration: str | None = None
    override: bool = False
    ritual: bool = False
    roll: tuple[int, ...] = ()

    def access(self) -> Access:
        """The caster's player, or the GM (docs/rulings.md H106); ``override`` (casting
        out of turn in a fight) is the GM's alone."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.name, what="cast")

    def entered(self) -> tuple[int, ...]:
        """The dice entered with ``roll`` (RULINGS G5)."""
        return self.roll


_KEYWORDS = {"on", "inspiration", "ritual", "override", "roll"}
"""Words that end a spell's name in ``cast``; "with" and "from" end it only before
"components" and "scroll" (Speak with Dead, Protection from Evil)."""
_SPLITS = {("with", "components"), ("with", "spell-components"), ("from", "scroll")}


def _spell_words(args: Args) -> str:
    """The spell's id or name, spaces and all (``cast Tomas protection from evil on
    Sly``).

    Raises:
        CommandError: no spell named.
    """
    words: list[str] = []
    while not args.empty:
        word, after = args.words[0].lower(), args.words[1:2]
        pair = (word, after[0].lower() if after else "")
        if word in _KEYWORDS or pair in _SPLITS:
            break
        words.append(args.word("SPELL"))
    if not words:
        raise args.error("missing SPELL")
    return " ".join(words)


def _read_cast(args: Args) -> CastIntent:
    name = args.word("NAME")
    spell = _spell_words(args)
    components = scroll = override = ritual = False
    targets: tuple[str, ...] = ()
    inspiration = None
    faces: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("with, on, from, inspiration, ritual, override or roll").lower()
        if word == "override":
            override = True
        elif word == "roll":
            faces = args.faces(args.word("the faces rolled"))
        elif word == "ritual":
            ritual = True
        elif word == "with":
            if args.word("components").lower() not in ("components", "spell-components"):
                raise args.error("'with components' is the only 'with'")
            components = True
        elif word == "on":
            targets = tuple(t for t in args.word("TARGET[,TARGET...]").split(",") if t)
        elif word == "from":
            if args.word("scroll").lower() != "scroll":
                raise args.error("'from scroll' casts from a scroll")
            scroll = True
        elif word == "inspiration":
            inspiration = args.word("SPELL")
        else:
            raise args.error(f"unexpected {word!r}")
    if ritual and (components or scroll or inspiration or override):
        raise args.error(
            "a ritual takes no components, scroll, Inspiration or override: it rolls no "
            "casting table and is never cast in a fight"
        )
    return CastIntent(
        name, spell, components, targets, scroll, inspiration, override, ritual, faces
    )


@COMMANDS.typed(
    "cast",
    "cast NAME SPELL [with components] [on TARGET[,TARGET...]] [from scroll] [inspiration SPELL]"
    " [override] [roll N,...] | cast NAME SPELL ritual [on TARGET[,TARGET...]]",
    "cast a memorised spell or prayer, the cantrip, or from a scroll",
    CastIntent,
    _read_cast,
    details="""
A wizard rolls on the casting table after casting (d6, +1 for a level-1 spell, +1 "with
components", whose usage die is rolled; armour at or heavier than leather rolls it with
disadvantage): the odds of each result come first, and the slot is changed as the result
says (RULINGS R26): Oblivion forgets it, Entropy replaces it with a spell of the book
one level lower, Equilibrium one of the same level, Inspiration one the GM names
("inspiration SPELL"; asked in the console; else from the "wandering-spells" table or
the spell list), Endurance keeps it, Epiphany rolls again and adds an Inspiration spell.
The cantrip is cast at will. A cleric's prayer is gone from its slot (R27). "on Sly"
makes a player save; "on goblin-1" rolls the caster's effect test against its HD (R33).
"cast Tomas cure-light-wounds on Sly" heals (never above max HP). "from scroll" uses a
scroll carried (Wizards and Bards; no slot, no table; R34).
In a fight a cast (the cantrip and a scroll too) is the caster's action for the round,
in their turn as an attack is ("override": the GM's; H244).
"ritual": a character with the Ritual Caster background (any class) casts a spell or
prayer of level 1-2 from their book with no slot and no casting roll, taking 10 minutes
per level: in a dungeon the ticks pass (with the torch and encounter checks; an
encounter breaks the ritual off), elsewhere the party's clock; never in a fight (H245).
A non-wizard's book is filled with "copy NAME SPELL [from book]" (H246).
"roll 6,5" takes the dice rolled at the table, in the order the cast rolls them (the
components' usage die, the casting d6, then damage or a target's save; RULINGS G5).
A Light (or Holy Light) at work is a light source; Sleep, Web and Hold Person hold a
foe they affect, Light cast at a foe blinds it, until the spell ends (H176).
Example: Mirela, unarmoured, casts the level-1 Sleep with components (+1 +1):
  cast Mirela sleep with components on goblin-1
  -> Spell Components ud6 6: holds
     casting table odds: Entropy 33.33%, Equilibrium 16.67%, Inspiration 16.67%,
     Endurance 16.67%, Epiphany 16.67%
     d6 5 +1 level-1 spell +1 components = 7: Endurance
     Endurance: the spell remains memorised
     Mirela's effect test on Goblin 1: INT effect test, against 1 HD ... => success
     Goblin 1 is held by Sleep
     Sleep lasts while its ud8 lasts (rolled with the lights every 3 ticks)
In leather armour or heavier the d6 is rolled twice and the lower kept (R26).
""",
    complete=complete_magic,
)
def cast_command(ctx: Context, intent: CastIntent) -> Reply:
    """Cast a spell."""
    act = Act(ctx, {"override": True} if intent.override else None)
    spells = spells_for(act.session)
    spell = spells.get(intent.spell)
    if intent.ritual:
        from .ritual import cast_ritual

        if not cast_ritual(act, intent.name, spell):
            act.detail["spell"] = spell.id
            return act.commit("cast", act.character(intent.name).name)
    elif intent.scroll:
        from .scrolls import cast_from_scroll

        spend_action(act, intent.name)
        cast_from_scroll(act, intent.name, spell)
    else:
        character, kind = caster(act, intent.name)
        spell = spells.get(intent.spell, kind)
        spend_action(act, intent.name)
        if spell.cantrip and character.magic.cantrip == spell.id:
            act.say(f"{character.name} casts the cantrip {spell.name} (at will, no roll; R25)")
        else:
            from_slot(
                ctx, act, character, kind, spell, spells, intent.components, intent.inspiration
            )
    flagged, affected = target_spell(act, intent.name, spell, intent.targets)
    start_lasting(act, intent.name, spell, intent.targets, flagged, affected)
    act.detail["spell"] = spell.id
    return act.commit("cast", act.character(intent.name).name)
