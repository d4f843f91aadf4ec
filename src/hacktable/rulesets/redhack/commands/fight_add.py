"""``fight add``: a group of monsters from the bestiary (the campaign's own monsters
too) joins the fight, HP rolled HD d8 unless the stat block gives them (redhack: Combat;
Monsters; RULINGS R5, R12)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....dice.render import render_roll
from ....dice.roller import parse_cached, roll
from ....errors import DiceError, RuleError
from ....play.outcome import Reply
from ....rules.words import plural
from ...context import Context
from ...grammar import Access, Args
from ...powers import MONSTERS
from ..combat import Band, attack_effect
from ..fight import Foe, FoeAttack, Group
from ..view import CampaignView
from .act import Act, read_flags
from .fight_start import FightIntent
from .fight_words import usage_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..bestiary import Bestiary, Monster

__all__ = ["FightAddIntent", "add_monsters", "monsters_for", "read_add"]


def monsters_for(session: CampaignView) -> Bestiary:
    """The bestiary with the campaign's own monsters (RULINGS R5).

    Raises:
        RulesDataError: the packaged bestiary or a stored monster is broken.
    """
    from ..bestiary import load_bestiary, monster_from_json

    own = [monster_from_json(data) for data in session.state.values("monster")]
    return load_bestiary().merged(own)


@dataclass(frozen=True, slots=True)
class FightAddIntent(FightIntent):
    """A group of monsters from the bestiary joins the fight, HP rolled HD d8 unless the
    stat block gives them (RULINGS R5, R12).

    Attributes:
        count: how many, 1 to 50; or dice notation rolled for how many (``"2d4"``).
        monster: the bestiary's monster, as given.
        at: the range band between the group and the party (``--at BAND``).
        group: the group they join or form (``--group G``), ``None`` for a new one of
            their own.
        name: what they are called (``--name TEXT``), ``None`` for the monster's name.
        hp: every one's HP, the GM's (``--hp N``), ``None`` to roll them.
        important: the group counts as an important foe for experience
            (``--important``; redhack: Experience & Gaining Levels).
    """

    count: int | str
    monster: str
    at: Band = Band.NEAR
    group: str | None = None
    name: str | None = None
    hp: int | None = None
    important: bool = False

    def access(self) -> Access:
        """The GM's (docs/rulings.md H106)."""
        return Access.gm(MONSTERS, "fight add")


def read_add(args: Args) -> FightAddIntent:
    """The words of ``fight add`` (after ``add``)."""
    count_text = args.word("N")
    monster = args.word("MONSTER")
    count: int | str = count_text
    if count_text.isascii() and count_text.lstrip("+-").isdigit():
        count = args.to_int(count_text, "N", minimum=1)
        if count > 50:
            raise args.error("at most 50 monsters at a time")
    else:
        try:
            parse_cached(count_text)
        except DiceError as error:
            raise args.error(f"N is a number or dice like 2d4: {error}") from error
    flags = read_flags(args, ("--at", "--group", "--name", "--hp"), ("--important",))
    if "" in flags:
        raise args.error(f"unexpected {flags['']!r}")
    at = Band.parse(flags.get("--at", "near"))
    name = flags.get("--name")
    if name is not None:
        label = " ".join(name.split())
        if not label or not any(ch.isalnum() for ch in label):
            raise args.error("--name needs a name")
    hp = args.to_int(flags["--hp"], "--hp", minimum=1) if "--hp" in flags else None
    return FightAddIntent(
        count, monster, at, flags.get("--group"), name, hp, "--important" in flags
    )


def add_monsters(ctx: Context, intent: FightAddIntent) -> Reply:
    """``fight add``: the group joins the fight, every one's HP rolled or the GM's
    (RULINGS R5, R12)."""
    act = Act(ctx)
    fight = act.need_fight()
    count_roll = None
    if isinstance(intent.count, int):
        count = intent.count
    else:
        try:
            count_roll = roll(intent.count, act.rng)
        except DiceError as error:
            raise usage_error("fight", f"N is a number or dice like 2d4: {error}") from error
        count = count_roll.total
        if count < 1:
            raise RuleError(f"{render_roll(count_roll)}: no monsters")
    if count > 50:
        raise usage_error("fight", "at most 50 monsters at a time")
    monster = monsters_for(act.session).get(intent.monster)
    band = intent.at
    label = " ".join((monster.name if intent.name is None else intent.name).split())
    if not label or not any(ch.isalnum() for ch in label):
        raise usage_error("fight", "--name needs a name")
    many = _plural_name(monster)
    if intent.group is not None and fight.has_group(intent.group):
        group = fight.group(intent.group)
        name = group.name
        if group.size == 1 and group.monster == monster.id and name == monster.name:
            name = many  # a lone foe's group gains members: "the Orc" becomes "the Orcs"
        group = replace(group, name=name, size=group.size + count)
        groups = tuple(group if g.key == group.key else g for g in fight.groups)
    elif intent.group is not None:
        given = " ".join(intent.group.split())
        if not any(ch.isalnum() for ch in given):
            raise usage_error("fight", "--group needs a name")
        group = Group(_slug(given), given, monster.id, count, important=intent.important)
        groups = (*fight.groups, group)
    else:
        if intent.name is not None:
            name = label if count == 1 else plural(label)
            key = _slug(name)
        else:
            name = label if count == 1 else many
            key = _slug(many if _own_plural(monster) else plural(monster.id))
        group = Group(
            _unique(key, {g.key for g in fight.groups}),
            name,
            monster.id,
            count,
            important=intent.important,
        )
        groups = (*fight.groups, group)
    fixed_hp = intent.hp
    attacks = tuple(
        FoeAttack(a.name, monster.damage(a), a.count, attack_effect(a.name, a.notes, monster.notes))
        for a in monster.attacks
    )
    if not attacks:
        attacks = (FoeAttack("attack", monster.damage(None)),)
    taken = {f.key for f in fight.foes}
    foes = list(fight.foes)
    base = _slug(label if intent.name is not None else monster.id)
    lines = []
    for _ in range(count):
        number = 1
        while f"{base}-{number}" in taken:
            number += 1
        key = f"{base}-{number}"
        taken.add(key)
        if fixed_hp is not None:
            hp, how = fixed_hp, f"{fixed_hp} (GM)"
        else:
            rolled = roll(monster.hp_dice(), act.rng)
            hp, how = max(1, rolled.total), render_roll(rolled)
            if rolled.total < 1:
                how += " (at least 1)"
        shown = f"{label} {number}" if count > 1 or number > 1 else label
        foes.append(
            Foe(
                key,
                shown,
                monster.id,
                group.key,
                monster.hd,
                monster.ac,
                hp,
                hp,
                attacks,
                monster.morale,
                tuple(monster.tags),
            )
        )
        lines.append(f"{shown} ({key}): HP {how}")
    fighters = tuple(
        f if any(k == group.key for k, _ in f.bands) else f.with_band(group.key, band, 0)
        for f in fight.fighters
    )
    act.fight = replace(fight, groups=groups, foes=tuple(foes), fighters=fighters)
    morale = f", morale {monster.morale}" if monster.morale is not None else ""
    damage = ", ".join(f"{a.name} {a.damage}" for a in attacks)
    if count_roll is not None:
        act.say(f"How many: {render_roll(count_roll)}", "dice")
    act.say(
        f"{count} x {monster.name} join the {group.name} at {band} range "
        f"(HD {monster.hd}, AC {monster.ac}{morale}, {damage})",
        "title",
    )
    for line in lines:
        act.say(f"  {line}", "dice")
    return act.commit("fight.add")


def _slug(text: str) -> str:
    return "-".join(text.lower().replace("'", "").split())


def _own_plural(monster: Monster) -> str | None:
    """A bestiary entry's own plural, should the entry carry one (``plural``)."""
    own = getattr(monster, "plural", None)
    return own if isinstance(own, str) and own.strip() else None


def _plural_name(monster: Monster) -> str:
    """What a group of ``monster`` is called: "Lizard Men", "Dire Wolves"."""
    return plural(monster.name, _own_plural(monster))


def _unique(key: str, taken: set[str]) -> str:
    if key not in taken:
        return key
    number = 2
    while f"{key}-{number}" in taken:
        number += 1
    return f"{key}-{number}"
