"""Divine magic at the table: ``cure``, ``pray`` and ``patron`` (redhack: Spellcasting >
Divine Magic; RULINGS R11, R27, R33, R34; docs/rulings.md H168-H171, H174)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ....errors import HacktableError, RuleError
from ....play.outcome import Reply
from ...context import Context
from ...grammar import Access, Args, Intent
from ...powers import CHARACTERS, OVERRIDING
from ..character import Character
from ..content.spells import SpellList
from ..core_rules import modifier
from ..magic.prayer import lose_highest, prayer_terms, regain, slots_lost
from ..magic.slots import character_slots
from ..magic.state import Slot
from ..view import CampaignView
from .act import Act
from .caster import set_slots, spend_action
from .common import character_names
from .miracles import alms, miracle
from .registry import COMMANDS
from .spells import spell_names, spells_for

__all__ = ["CureIntent", "PatronIntent", "PrayIntent"]


def _cleric(act: Act, name: str) -> Character:
    character = act.character(name)
    if character.class_id != "cleric":
        raise RuleError(
            f"{character.name} is a {character.class_id}: only clerics pray and trade for "
            "cures (redhack: Divine Magic)"
        )
    if character.dead:
        raise RuleError(f"{character.name} is dead")
    return character


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return character_names(session)
    return spell_names(session, "divine") if len(words) in (1, 3) else ("for", "override")


# -- cure --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CureIntent(Intent):
    """Trade a memorised prayer for a cure, a free action (H174).

    Attributes:
        name: the cleric, as given.
        spell: the memorised prayer traded, as given.
        cure: ``for CURE``: the cure wanted (``None``: the best its level allows).
    """

    name: str
    spell: str
    cure: str | None = None

    def access(self) -> Access:
        """The cleric's player, or the GM."""
        return Access.play(self.name, what="cure")


def _read_cure(args: Args) -> CureIntent:
    """``NAME SPELL [for CURE]``: names spaces and all, as the sheet shows them
    (``cure Tomas hold person for cure light wounds``; docs/rulings.md H280)."""
    name = args.word("NAME")
    words = args.rest()
    lowered = [w.lower() for w in words]
    cure = None
    if "for" in lowered:
        at = len(lowered) - 1 - lowered[::-1].index("for")
        cure = " ".join(words[at + 1 :]) or None
        if cure is None:
            raise args.error("missing CURE")
        words = words[:at]
    if not words:
        raise args.error("missing SPELL")
    return CureIntent(name, " ".join(words), cure)


@COMMANDS.typed(
    "cure",
    "cure NAME SPELL [for CURE]",
    "trade a memorised prayer for a cure (a free action)",
    CureIntent,
    _read_cure,
    details="""
A cleric may at any time forget a memorised prayer for a cure by its level (redhack:
Divine Magic): 1+ Cure Light Wounds, 3+ Cure Serious Wounds, 5+ Cure Critical Wounds,
6+ Heal. "cure Tomas bless" trades Bless for the best cure its level allows; "for
cure-light-wounds" picks a lesser one. Then "cast Tomas cure-light-wounds on Sly".
Example: Tomas has Silence (level 2) memorised and Sly is at HP 5 of 7:
  cure Tomas silence
  -> Tomas forgets Silence for Cure Light Wounds (a level-2 prayer buys a 1+ cure)
  cast Tomas cure-light-wounds on Sly
  -> Cure Light Wounds heals 1d6+1: [4] + 1 -> 5
     Sly: HP 5 -> 7 (capped at max HP 7)
""",
    complete=_complete,
)
def cure_command(ctx: Context, intent: CureIntent) -> Reply:
    """Trade a prayer for a cure."""
    act = Act(ctx)
    character = _cleric(act, intent.name)
    spells = spells_for(act.session)
    traded = spells.get(intent.spell, "divine")
    slots = character_slots(character)
    held = [i for i, s in enumerate(slots) if s.ready and s.spell == traded.id]
    if not held:
        raise RuleError(
            f"{character.name} has not memorised {traded.name}: only a memorised prayer is traded"
        )
    allowed = [c for c in spells.cures() if (c.trade or 99) <= traded.level]
    if not allowed:
        raise RuleError(f"{traded.name} is level {traded.level}: no cure is traded for it")
    cure = allowed[-1] if intent.cure is None else spells.get(intent.cure)
    if cure not in allowed:
        raise RuleError(
            f"{cure.name} needs a prayer of level {cure.trade}+, not {traded.name} "
            f"(level {traded.level})"
        )
    index = held[0]
    set_slots(
        act,
        character,
        (*slots[:index], replace(slots[index], spell=cure.id, spent=False), *slots[index + 1 :]),
    )
    act.say(
        f"{character.name} forgets {traded.name} for {cure.name} "
        "(a free action; redhack: Divine Magic)"
    )
    return act.commit("cure", character.name)


# -- pray --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PrayIntent(Intent):
    """Pray for spells (R27).

    Attributes:
        name: the cleric, as given.
        asked: ``for A,B``: the prayers asked for (``()``: those the slots last held).
        perfect: ``perfect SPELL``: the GM's perfect spell on a 20.
        override: the GM lets the cleric pray out of turn in a fight (H244).
        roll: ``roll N[,N...]``: the dice rolled at the table, the prayer's d20 first
            (RULINGS G5; docs/rulings.md H247).
    """

    name: str
    asked: tuple[str, ...] = ()
    perfect: str | None = None
    override: bool = False
    roll: tuple[int, ...] = ()

    def entered(self) -> tuple[int, ...]:
        """The dice entered with ``roll`` (RULINGS G5)."""
        return self.roll

    def access(self) -> Access:
        """The cleric's player, or the GM; ``override`` is the GM's alone (H106)."""
        if self.override:
            return Access.gm(OVERRIDING, "override the rules")
        return Access.play(self.name, what="pray")


def _spell_words(args: Args, what: str) -> str:
    """Spell names spaces and all, up to the next keyword ("for detect evil, bless
    roll 17"; docs/rulings.md H280)."""
    words = [args.word(what)]
    while (following := args.peek()) is not None and following.lower() not in _PRAY_WORDS:
        words.append(args.word(what))
    return " ".join(words)


_PRAY_WORDS = frozenset({"for", "perfect", "override", "roll"})


def _read_pray(args: Args) -> PrayIntent:
    name = args.word("NAME")
    asked: tuple[str, ...] = ()
    perfect = None
    override = False
    faces: tuple[int, ...] = ()
    while not args.empty:
        word = args.word("for, perfect, override or roll").lower()
        if word == "override":
            override = True
        elif word == "roll":
            faces = args.faces(args.word("the faces rolled"))
        elif word == "for":
            listed = _spell_words(args, "SPELL[,SPELL...]")
            asked = tuple(s.strip() for s in listed.split(",") if s.strip())
        elif word == "perfect":
            perfect = _spell_words(args, "SPELL")
        else:
            raise args.error(f"unexpected {word!r}")
    return PrayIntent(name, asked, perfect, override, faces)


@COMMANDS.typed(
    "pray",
    "pray NAME [for SPELL,...] [perfect SPELL] [override] [roll N,...]",
    "pray for spells: d20 - unused slots + patron + WIS, on the prayer table",
    PrayIntent,
    _read_pray,
    details="""
d20 - 1 per slot still holding a prayer + relationship points with the patron of the
highest slot + WIS modifier, clamped to 1-24 (RULINGS R27), every term shown; the
result is applied: 1-2 no more prayer until a long rest ends the day (H169); 3-5
nothing; 6-7 one slot lost per 2 slots held, highest first; 8-9 the highest lost, the
rest regained; 10 all regained with prayers from the prayerbook; 11 all regained and
alms of 10 x level x 1d6 coins (what cannot be paid is owed, H171); 12-13 a quest;
14-16 all but one level-1 prayer; 17-19 exactly those asked ("for bless,silence");
20 all plus the perfect spell ("perfect SPELL", else rolled); 21 the party is blessed;
22 the injured healed 1d8, the others blessed; 23 Flame Strike on the foe of most HD,
else as 22; 24 the injured healed to full, the others blessed and protected (a note
for the GM: H241). Owed alms: "alms Tomas pay" or the GM's "alms Tomas clear" (H242).
Example: Tomas (WIS 16) has two slots, one still holding Silence, and +1 with Ulm:
  pray Tomas for bless,bless
  -> Tomas prays: d20 -1 (-1 per unused slot (1)) +1 (relationship with the patron
     +1) +2 (WIS modifier +2)
     prayer: 1d20 [15] -> 15 + 2 = 17: Granted. Gain exactly the spells you prayed for.
     regained: Bless, Bless
A 1 on the d20 with -3 is clamped to 1 (Absence): no prayer again until a long rest.
In a fight praying is the cleric's action ("Pray as an action"), in their turn as an
attack is ("override": the GM's; H244); a Cure trade stays a free action.
""",
    complete=_complete,
)
def pray_command(ctx: Context, intent: PrayIntent) -> Reply:
    """Pray (redhack: Divine Magic, "Pray as an action"; H244)."""
    act = Act(ctx, {"override": True} if intent.override else None)
    character = _cleric(act, intent.name)
    spells = spells_for(act.session)
    day = act.party().day
    if character.magic.silenced_day and character.magic.silenced_day >= day:
        raise RuleError(
            f"{character.name}'s god is silent: no prayer again today (until a long rest; H169)"
        )
    spend_action(act, character.name)
    slots = character_slots(character)
    if not slots:
        raise RuleError(
            f"{character.name} has no prayer slots yet (level {character.level}, WIS "
            f"{character.score('WIS')}: slots come at even levels or from WIS 13+, "
            "RULINGS R27): nothing to pray for"
        )
    points = _relationship(character, slots)
    terms = prayer_terms(slots, points, modifier(character.score("WIS")))
    total = sum(v for _, v in terms)
    read = act.ruleset.roll_table("prayer", act.rng, total)
    act.say(f"{character.name} prays: d20 " + " ".join(f"{v:+d} ({w})" for w, v in terms), "title")
    act.read_table(read)
    act.say(f"  {read.explanation}", "dice")
    value = read.value
    asked = [spells.get(s, "divine").id for s in intent.asked]
    if value <= 2:
        character = replace(character, magic=replace(character.magic, silenced_day=day))
        act.update(character)
        act.say("  no prayer again today (until a long rest; H169)", "warning")
    elif value <= 5:
        act.say("  no prayers are granted", "note")
    elif value <= 7:
        lost_slots, lost = lose_highest(slots, slots_lost(len(slots)))
        set_slots(act, character, lost_slots)
        act.say(f"  {len(lost)} slot(s) lost until the next long rest (H170)", "warning")
    elif value <= 9:
        lost_slots, _ = lose_highest(slots, 1)
        _regain(act, character, lost_slots, spells, asked)
    elif value <= 20:
        fill = _deity_choice(act, character, slots, spells) if value == 10 else {}
        after = _regain(act, character, slots, spells, asked if value >= 17 else [], fill)
        if value == 11:
            alms(act, act.character(character.name))
        elif value in (12, 13):
            act.say("  the GM gives a quest for the immediate area", "note")
        elif 14 <= value <= 16:
            ones = [i for i, s in enumerate(after) if s.ready and _level(spells, s.spell) == 1]
            if not ones:
                act.say("  no first-level prayer to sacrifice", "note")
            else:
                index = ones[-1]
                set_slots(
                    act,
                    act.character(character.name),
                    (*after[:index], replace(after[index], spent=True), *after[index + 1 :]),
                )
                act.say("  a first-level prayer is sacrificed to show humility", "note")
        elif value == 20:
            perfect = (
                spells.get(intent.perfect)
                if intent.perfect
                else act.rng.choice(spells.of("divine"))
            )
            now = act.character(character.name)
            set_slots(
                act,
                now,
                (*character_slots(now), Slot(max(1, perfect.level), perfect.id, bonus=True)),
            )
            act.say(f"  and the perfect spell: {perfect.name}", "success")
    else:
        miracle(act, character, value, spells)
    act.detail["prayer"] = read.detail
    return act.commit("pray", character.name)


def _name(spells: SpellList, spell_id: str) -> str:
    try:
        return spells.get(spell_id).name
    except HacktableError:
        return spell_id


def _level(spells: SpellList, spell_id: str | None) -> int:
    try:
        return spells.get(spell_id or "").level
    except HacktableError:
        return 0


def _relationship(character: Character, slots: tuple[Slot, ...]) -> int:
    """Points with the patron of the highest slot (H168): levels 3-5 the servant's if
    one is named, else the deity's (the first patron)."""
    patrons = dict(character.magic.patrons)
    if not patrons:
        return 0
    highest = max((s.level for s in slots), default=1)
    servant = character.magic.servant
    if 3 <= highest <= 5 and servant in patrons:
        return patrons[servant]
    deity = next((p for p, _ in character.magic.patrons if p != servant), servant)
    return patrons.get(deity or "", 0)


def _deity_choice(
    act: Act, character: Character, slots: tuple[Slot, ...], spells: SpellList
) -> dict[int, str]:
    """Prayer 10: each slot filled with a prayer the deity picks, rolled from the
    prayerbook (and the divine list above level 2) for the slot's level (H171)."""
    fill = {}
    for index, slot in enumerate(slots):
        pool = [s for s in character.magic.book if 0 < _level(spells, s) <= slot.level]
        if slot.level >= 3:
            pool += [s.id for s in spells.of("divine", slot.level)]
        if pool and not slot.lost:
            fill[index] = act.rng.choice(pool)
    return fill


def _regain(
    act: Act,
    character: Character,
    slots: tuple[Slot, ...],
    spells: SpellList,
    asked: list[str],
    fill: dict[int, str] | None = None,
) -> tuple[Slot, ...]:
    fill = dict(fill or {})
    if asked:
        from ..magic.memorise import place

        # exactly those asked: into the cast (or empty) slots first, the prayers still
        # memorised kept unless there is no other room (H171)
        out = place(slots, [(a, max(1, _level(spells, a))) for a in asked], None)
        names = [_name(spells, a) for a in asked]
    else:
        out = regain(slots, fill)
        names = [_name(spells, s.spell) for s in out if s.spell and not s.lost]
    set_slots(act, character, out)
    act.say("  regained: " + (", ".join(names) or "nothing"), "success")
    return out


# -- patron ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PatronIntent(Intent):
    """Set a cleric's relationship points with a patron (R34; H168).

    Attributes:
        name: the cleric, as given.
        patron: the patron's name.
        points: the relationship points.
        servant: the patron grants levels 3-5 (the deity's servant).
    """

    name: str
    patron: str
    points: int
    servant: bool = False

    def access(self) -> Access:
        """The GM's: a patron's favour is the GM's to set (RULINGS R34)."""
        return Access.gm(CHARACTERS, "patron")


def _read_patron(args: Args) -> PatronIntent:
    name = args.word("NAME")
    patron = args.word("GOD")
    points = args.to_int(args.word("POINTS"), "POINTS")
    servant = False
    if args.optional() is not None:
        servant = True
    args.done()
    return PatronIntent(name, patron, points, servant)


@COMMANDS.typed(
    "patron",
    "patron NAME GOD POINTS [servant]",
    "set a cleric's relationship points with a patron (the GM's)",
    PatronIntent,
    _read_patron,
    details="""
"patron Tomas Ulm 2" sets Tomas's relationship with Ulm to +2 (RULINGS R34); the prayer
roll adds the points of the patron of the highest slot (R27). "servant" marks the
deity's servant who grants levels 3-5 (H168); the others are the deity.
""",
    complete=lambda session, words: character_names(session) if not words else (),
)
def patron_command(ctx: Context, intent: PatronIntent) -> Reply:
    """Set a patron's relationship points."""
    act = Act(ctx)
    character = _cleric(act, intent.name)
    patrons = [(p, v) for p, v in character.magic.patrons if p != intent.patron]
    magic = replace(
        character.magic,
        patrons=(*patrons, (intent.patron, intent.points)),
        servant=intent.patron if intent.servant else character.magic.servant,
    )
    act.update(replace(character, magic=magic))
    act.say(f"{character.name}'s relationship with {intent.patron}: {intent.points:+d}")
    return act.commit("patron")
