"""``climb``: a DEX test with difficulty 1 per 100 feet, and a fall's saves and damage
on a failure, with climbers roped together (redhack: Exploration & Dungeons > Climbing,
Falling & Natural Hazards; RULINGS R20)."""

from __future__ import annotations

from dataclasses import dataclass

from ....dice.render import render_roll
from ....dice.roller import roll
from ....play.outcome import Reply
from ....rules.resolution import TestKind, TestResult
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ..character import Character
from ..exploration import (
    RopeHold,
    climb_difficulty,
    fall_dice,
    rope_neighbours,
    rope_order,
    rope_step,
)
from .act import Act, Overridable, action_fields, read_overrides
from .mechanics import damage_character
from .registry import COMMANDS

__all__ = ["ClimbIntent", "climb_command"]


@dataclass(frozen=True, slots=True)
class ClimbIntent(Overridable):
    """A climb: a DEX test with difficulty 1 per 100 feet, and a fall's saves and damage
    on a failure (redhack: Exploration & Dungeons > Climbing, Falling & Natural Hazards;
    RULINGS R20).

    Attributes:
        character: the climber's name.
        feet: how high (at least 1).
        secured: a secured rope (advantage; on a rope, everyone ends up dangling).
        pitons: pitons (advantage, with iron spikes).
        roped: the names on the rope, in their order, as given (``()``: no rope).
        advantages: the GM's sources of advantage (each ``adv``).
        disadvantages: the GM's sources of disadvantage (each ``dis``).
    """

    character: str
    feet: int
    secured: bool = False
    pitons: bool = False
    roped: tuple[str, ...] = ()
    advantages: int = 0
    disadvantages: int = 0

    def access(self) -> Access:
        """The player of the climber and of everyone on the rope (who save if the
        climber falls); ``override`` is the GM's (docs/rulings.md H106)."""
        return self.acting(self.character, *self.roped)


def _read_climb(args: Args) -> ClimbIntent:
    name = args.word("NAME")
    feet = args.integer("FEET", minimum=1)
    words, found = read_overrides(args, args.rest())
    secured = pitons = False
    roped: list[str] = []
    advantages = disadvantages = 0
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "secured":
            secured = True
        elif low == "pitons":
            pitons = True
        elif low == "roped":
            roped = [n for n in next(items, "").split(",") if n]
            if not roped:
                raise args.error("roped takes the names on the rope, like 'roped A,B,C'")
        elif low in ("adv", "advantage"):
            advantages += 1
        elif low in ("dis", "disadvantage"):
            disadvantages += 1
        else:
            raise args.error(f"unexpected {word!r}")
    return ClimbIntent(
        name,
        feet,
        secured,
        pitons,
        tuple(roped),
        advantages,
        disadvantages,
        **action_fields(found),
    )


@COMMANDS.typed(
    "climb",
    "climb NAME FEET [secured] [pitons] [roped A,B,...] [adv|dis] [override] [roll N]",
    "a climb: DEX test (1 per 100'), and a fall's saves and damage on a failure",
    ClimbIntent,
    _read_climb,
    details="""
Climbing in one go is a DEX test with difficulty 1 per 100 feet (at least 1). A secured
rope or pitons give advantage; a Thief with climbing gear who has advantage twice needs
no roll under normal conditions. On a failure: a DEX save against losing 1d4 unsecured
items, a DEX save against 1d6 damage, and if that fails a further save against 2d6 more,
capped at 1d6 per 10 feet fallen.

"roped A,B,C": the climbers roped together, in their order on the rope (the climber must
be one of them). If the climber falls, their neighbours on the rope make STR saves: if
one holds, the faller only saves against losing items. If nobody holds, the neighbour
with the lowest roll is pulled down too, and the neighbours of the two save on their
behalf with disadvantage (two falling); if that fails too, three have fallen and everyone
on the rope falls. Everyone who falls saves against losing items and against the fall's
damage. A character at 0 HP or dead cannot hold the rope. With "secured" the rope is
properly secured: everyone on it ends up dangling and saves against losing items
(redhack: Exploration & Dungeons > Climbing, Falling & Natural Hazards; RULINGS R20).
Superhuman strength is the GM's call.
""",
    complete=lambda s, w: (
        [c.name for c in s.characters()] if not w else ("secured", "pitons", "roped")
    ),
)
def climb_command(ctx: Context, intent: ClimbIntent) -> Reply:
    """A climb."""
    feet, secured = intent.feet, intent.secured
    gm_dis = ("GM",) * intent.disadvantages
    act = Act(ctx, intent.overrides())
    character = act.character(intent.character)
    rope = (
        rope_order([act.session.character(n).name for n in intent.roped], character.name)
        if intent.roped
        else ()
    )
    advantages = ["GM"] * intent.advantages
    if secured:
        advantages.append("secured rope")
    if intent.pitons and any(i.ref == "iron-spikes" for i in character.inventory):
        advantages.append("pitons")
    request = act.ruleset.character_test(
        character,
        "DEX",
        TestOptions(
            difficulty=climb_difficulty(feet),
            advantages=tuple(advantages),
            disadvantages=gm_dis,
            tags=("climbing",),
        ),
    )
    if len(request.advantages) >= 2 and "Thief" in " ".join(request.advantages) and not gm_dis:
        act.say(
            f"{character.name} climbs {feet} feet: advantage twice (a Thief with climbing "
            "gear) needs no roll (RULINGS R20)",
            "success",
        )
        return act.commit("climb", character.name)
    result = act.resolve(request)
    act.show_test(f"{character.name} climbs {feet} feet", request, result)
    if not result.success:
        _fall(act, character, feet, rope, secured)
    return act.commit("climb", character.name)


def _save_result(
    act: Act, character: Character, attribute: str, why: str, disadvantage: bool = False
) -> TestResult:
    """A save, shown; with ``disadvantage`` the extra weight of two falling (R20)."""
    request = act.ruleset.character_test(
        character,
        attribute,
        TestOptions(kind=TestKind.SAVE, disadvantages=("two falling",) if disadvantage else ()),
    )
    result = act.resolve(request)
    heavy = ", with disadvantage (two falling)" if disadvantage else ""
    act.say(
        f"  {character.name}'s {attribute} save {why}{heavy}: {result.explanation}: "
        f"{'saved' if result.success else 'failed'}",
        "dice",
    )
    return result


def _save(act: Act, character: Character, attribute: str, why: str) -> bool:
    return _save_result(act, character, attribute, why).success


def _helpless(character: Character) -> str | None:
    """Why ``character`` cannot hold a rope (dead, or at 0 HP), or ``None``."""
    if character.dead:
        return "is dead"
    if character.hp <= 0:
        return "is at 0 HP"
    return None


def _hold(act: Act, name: str, two_falling: bool) -> RopeHold:
    """A rope neighbour's STR save to hold the fallen (RULINGS R20)."""
    character = act.character(name)
    why = _helpless(character)
    if why is not None:
        act.say(f"  {character.name} {why}: cannot hold the rope (no save)", "warning")
        return RopeHold(character.name, False)
    result = _save_result(act, character, "STR", "to hold the rope", two_falling)
    return RopeHold(character.name, result.success, result.kept)


def _fall(act: Act, character: Character, feet: int, rope: tuple[str, ...], secured: bool) -> None:
    """A failed climb's fall (RULINGS R20), with the text's roped climbers (redhack:
    Exploration & Dungeons > Climbing, Falling & Natural Hazards): a secured rope leaves
    everyone dangling (each saves against losing items); otherwise the faller's
    neighbours try to hold them, and each round nobody holds pulls the lowest roller
    down too (:func:`..exploration.rope_step`). Whoever is held only saves against
    losing items; whoever falls also saves against the fall's damage."""
    if rope and secured:
        act.say("  The rope is secured: everyone on it ends up dangling", "note")
        for name in rope:
            _dangle(act, name)
        return
    fallen: tuple[str, ...] = (character.name,)
    held = False
    if rope:
        while neighbours := rope_neighbours(rope, fallen):
            two_falling = len(fallen) >= 2  # the extra weight: disadvantage
            holds = [_hold(act, name, two_falling) for name in neighbours]
            step = rope_step(rope, fallen, holds)
            act.say(f"  {step.explanation}", "success" if step.holders else "warning")
            fallen = step.fallen
            if step.holders:
                held = True
                break
    for name in fallen:
        if held:
            _dangle(act, name)
        elif not _dead(act, name):
            _lose_items(act, act.character(name))
            _fall_damage(act, act.character(name), feet)


def _dead(act: Act, name: str) -> bool:
    """Whether ``name`` is dead (then they make no saves: say so)."""
    character = act.character(name)
    if character.dead:
        act.say(f"  {character.name} is dead: no saves", "note")
    return character.dead


def _dangle(act: Act, name: str) -> None:
    """Dangling from the rope: only a save against losing items (RULINGS R20)."""
    if not _dead(act, name):
        _lose_items(act, act.character(name))


def _lose_items(act: Act, character: Character) -> None:
    if _save(act, character, "DEX", "against losing items"):
        return
    count = roll("1d4", act.rng)
    loose = [
        i
        for i, item in enumerate(character.inventory)
        if not item.equipped and item.kind not in ("armour",)
    ]
    lost = loose[-count.total :] if loose else []
    names = [character.inventory[i].name for i in lost]
    for index in sorted(lost, reverse=True):
        character = character.remove_item(index)
    act.update(character)
    act.say(
        f"  {character.name} loses {render_roll(count)} unsecured items: "
        f"{', '.join(names) or 'nothing loose'}",
        "warning",
    )


def _fall_damage(act: Act, character: Character, feet: int) -> None:
    first = not _save(act, character, "DEX", "against 1d6 falling damage")
    second = first and not _save(act, character, "DEX", "against 2d6 more")
    damage, text = fall_dice(feet, act.rng, first, second)
    if damage:
        act.say(f"  {character.name} falls: {text}", "dice")
        damage_character(act, character.name, damage, "the fall")
