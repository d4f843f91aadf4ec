"""Rests: ``rest short|long|day|downtime`` and the :func:`take_rest` step that travel
days use (redhack: Exploration & Dungeons > Resting; Wilderness Survival; RULINGS R11,
R17, R19, R23)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from ....console.framework import Args, Context, Reply, command
from ....console.session import Session
from ....dice.render import render_roll
from ....dice.roller import roll
from ....errors import RuleError
from ....play.character import Character
from ....rules.resolution import TestKind
from ...base import TestOptions
from ..conditions import load_conditions
from ..exploration import EncounterCheck
from ..party import Needs, fatigue_step, with_fatigue_step
from ..travel import begins_clear, recovered_step
from .act import Act, read_overrides
from .explore import encounter_for
from .mechanics import incapacitated, roll_duration_die, roll_injury
from .supplies import consume

__all__ = ["REST_KINDS", "RestOutcome", "take_rest"]

REST_KINDS = ("short", "long", "day", "downtime")
"""The rests of redhack: short (1 hour), long (8 hours), a full day (24 hours in a safe
place), downtime (several days in a town or sanctuary)."""

HOURS = {"short": 1, "long": 8, "day": 24}


@dataclass(frozen=True, slots=True)
class RestOutcome:
    """How a rest went.

    Attributes:
        kind: one of :data:`REST_KINDS`.
        interrupted: an encounter broke the rest off.
        at_hour: the hour (1-based) the encounter came, when interrupted.
        encounter: the encounter check that interrupted it.
    """

    kind: str
    interrupted: bool = False
    at_hour: int | None = None
    encounter: EncounterCheck | None = None


def _checks(kind: str, environment: str) -> int:
    """Encounter checks a rest needs (R19): short 1 in a dungeon; long 8 in a dungeon
    (one a watch-hour) or 1 in the wilderness; a full day 3 in the wilderness."""
    if environment == "dungeon":
        return {"short": 1, "long": 8}.get(kind, 0)
    if environment == "wilderness":
        return {"long": 1, "day": 3}.get(kind, 0)
    return 0


def take_rest(
    act: Act,
    kind: str,
    *,
    fasting: Iterable[str] = (),
    half_rations: bool = False,
    action: str = "",
    days: int = 1,
    watches: bool = True,
) -> RestOutcome:
    """A rest by the rules (redhack: Exploration & Dungeons > Resting; RULINGS R19).

    - The place's encounter checks come first, arranged by watch (R17: the location's
      encounter table, the remembered sign, a visible fire); an encounter stops the rest
      where it was: the hours before it pass, nobody heals or recovers.
    - During a long rest a tired character must make a CON test to stay awake through
      their watch (Wilderness Survival > Encounters in the Wild).
    - Eating and drinking (food and water usage dice, R23's half rations) lets a rest
      heal: a short rest 1 HD (the class hit die rolled once), a long rest up to twice;
      those who fast make a CON test instead (success heals 1 HD), and either way heal no
      more until they eat and drink. A full day heals every HD; downtime fully.
    - A character at 0 HP who is healed first rolls on the injuries table (R11); a
      mortally wounded character rolls their duration die at every rest (R11).
    - A long rest clears tired and the wounds "treated during a long rest"; one that
      begins with none of hungry, thirsty and tired moves one step up the fatigue table,
      a full day two steps, downtime all the way (R23). Spells: one memorised on a short
      rest, all on the others (noted for the casters).

    Raises:
        RuleError: a full day in a dungeon, downtime outside a town or safe place, or an
            unknown kind.
    """
    if kind not in REST_KINDS:
        raise RuleError(f"a rest is one of {', '.join(REST_KINDS)}, not {kind!r}")
    party = act.party()
    if kind == "day" and party.environment == "dungeon":
        raise RuleError(
            "a full day's rest needs a safe place: not possible in a dungeon "
            "(redhack: Resting > Full Day)"
        )
    if kind == "downtime" and party.environment not in ("town", "safe"):
        raise RuleError(f"downtime is spent in a town or sanctuary, not the {party.environment}")
    act.say(f"{kind.capitalize()} rest ({party.environment}, {party.clock})", "title")
    _douse_lights(act)
    for day in range(1, (days if kind == "downtime" else 1) + 1):
        for character in act.session.characters():
            if act.character(character.name).mortal_wound is not None:
                roll_duration_die(act, character.name, f"  day {day}: " if days > 1 else "")
    resting = [act.character(c.name) for c in act.session.characters()]
    resting = [c for c in resting if not c.dead]
    start_needs = {c.key: act.needs(c) for c in resting}
    # -- encounter checks by watch --------------------------------------------------------
    hours = HOURS.get(kind, 24 * max(1, days))
    checks = _checks(kind, party.environment)
    tired = [c for c in resting if start_needs[c.key].tired] if kind == "long" and watches else []
    for number in range(1, checks + 1):
        hour = number if checks > 1 and kind == "long" else max(1, hours * number // checks)
        if tired and number <= len(tired):
            _stay_awake(act, act.character(tired[number - 1].name))
        check = encounter_for(act)
        act.say(f"  hour {hour}: {check.explanation}", "dice")
        if check.encounter:
            act.set_party(act.party().later(60 * hour))
            act.say(
                f"The rest is broken off at hour {hour}: {check.creature or 'something'} "
                "comes; nobody heals or recovers",
                "warning",
            )
            return RestOutcome(kind, True, hour, check)
    if tired and checks == 0 and kind == "long":
        for character in tired:
            _stay_awake(act, act.character(character.name))
    act.set_party(act.party().later(60 * hours))
    fasting_keys = {act.session.character(n).key for n in fasting}
    for character in resting:
        if act.character(character.name).dead:
            continue
        _recover(
            act,
            character.name,
            kind,
            character.key in fasting_keys,
            half_rations,
            start_needs[character.key],
        )
    if kind == "downtime" and action:
        act.say(f"Downtime action: {action}", "note")
        act.detail["downtime"] = action
    casters = [
        c.name
        for c in (act.character(r.name) for r in resting)
        if act.ruleset.content.class_(c.class_id).id in ("wizard", "cleric")
        and not incapacitated(c)
    ]
    if casters:
        memorised = "one spell" if kind == "short" else "all their spells"
        act.say(f"{', '.join(casters)} may memorise {memorised} (redhack: Magic)", "note")
    return RestOutcome(kind)


def _douse_lights(act: Act) -> None:
    """Lights are put out to rest: a rest's hours are not counted in torch checks (the
    rules give a rest its own encounter checks, RULINGS R19; docs/rulings.md H23)."""
    for character in act.session.characters():
        current = act.character(character.name)
        lit = [i for i, item in enumerate(current.inventory) if item.lit]
        for index in lit:
            current = current.replace_item(index, replace(current.inventory[index], lit=False))
        if lit:
            act.update(current)
            act.say(f"  {current.name} puts out their light to rest", "muted")


def _stay_awake(act: Act, character: Character) -> None:
    """A tired character's CON test to stay awake through their watch."""
    request = act.ruleset.character_test(character, "CON", TestOptions(kind=TestKind.TEST))
    result = act.ruleset.resolve_test(request, act.rng)
    verdict = "stays awake" if result.success else "falls asleep on watch"
    act.say(
        f"  {character.name} (tired) keeps watch: {result.explanation}: {verdict}",
        "dice" if result.success else "warning",
    )


def _heal_dice(act: Act, character: Character, times: int) -> Character:
    if character.hp >= character.max_hp:
        act.say(f"  {character.name} is at full HP ({character.hp})", "muted")
        return character
    rolls = [roll(f"1d{character.hit_die}", act.rng) for _ in range(times)]
    total = sum(r.total for r in rolls)
    after = character.with_hp(character.hp + total)
    shown = " + ".join(render_roll(r) for r in rolls)
    act.say(
        f"  {character.name} heals {total} ({shown}): HP {character.hp} -> {after.hp}", "success"
    )
    return after


def _recover(act: Act, name: str, kind: str, fast: bool, half: bool, start: Needs) -> None:
    character = act.character(name)
    if character.dead or character.mortal_wound is not None:
        return
    if character.hp == 0:
        act.say(f"  {character.name} is tended while at 0 HP:")
        character = roll_injury(act, character.name)
        if character.dead or character.mortal_wound is not None:
            return
    needs = act.needs(character)
    if kind in ("day", "downtime"):
        # In a town or safe place meals are had there: nobody's rations are used.
        if not fast and act.party().environment not in ("town", "safe"):
            consume(act, character.name, "food", half)
            consume(act, character.name, "water")
        character = act.character(character.name)
        if character.hp < character.max_hp:
            after = character.with_hp(character.max_hp)
            act.say(f"  {character.name} heals to full: HP {character.hp} -> {after.hp}", "success")
            act.update(after)
    else:
        ate = drank = False
        if act.party().environment in ("town", "safe") and not fast:
            ate = drank = True  # meals are had there: nobody's rations are used
        elif not fast:
            ate = consume(act, character.name, "food", half)
            drank = consume(act, character.name, "water")
        character = act.character(character.name)
        needs = act.needs(character)
        if kind == "long" and not (ate and drank):
            # RULINGS R23: food and water on every long rest, or hungry and thirsty.
            needs = replace(
                needs, hungry=needs.hungry or not ate, thirsty=needs.thirsty or not drank
            )
            act.set_needs(character, needs)
            missed = " and ".join(w for w, had in (("hungry", ate), ("thirsty", drank)) if not had)
            act.say(
                f"  {character.name} is {missed} (no meal on a long rest, RULINGS R23)", "warning"
            )
        if ate and drank:
            act.update(_heal_dice(act, character, 2 if kind == "long" else 1))
        elif needs.healing_blocked:
            act.say(f"  {character.name} cannot heal again until they eat and drink", "muted")
        else:
            request = act.ruleset.character_test(character, "CON", TestOptions())
            result = act.ruleset.resolve_test(request, act.rng)
            act.say(
                f"  {character.name} rests without a meal: CON test {result.explanation}", "dice"
            )
            if result.success:
                character = _heal_dice(act, character, 1)
                act.update(character)
            act.set_needs(character, replace(act.needs(character), healing_blocked=True))
    character = act.character(name)
    needs = act.needs(character)
    if kind == "short":
        return
    # -- long rest, full day, downtime: conditions and fatigue -----------------------------
    day = act.party().day
    needs = replace(needs, tired=False, slept_day=day, tired_failures=0)
    conditions = load_conditions()
    fatigue = {"distressed", "distracted", "exhausted", "dragging", "drained", "delirious"}
    cured = [
        c
        for c in character.conditions
        if c.split(":", 1)[0] in conditions
        and conditions[c.split(":", 1)[0]].until == "long-rest"
        and c.split(":", 1)[0] not in fatigue
    ]
    if cured:
        character = replace(
            character, conditions=tuple(c for c in character.conditions if c not in cured)
        )
        act.say(f"  {character.name}'s {', '.join(cured)} treated", "success")
    step = fatigue_step(character)
    rest_kind: Literal["long", "day", "downtime"] = (
        "downtime" if kind == "downtime" else "day" if kind == "day" else "long"
    )
    better = recovered_step(step, rest_kind, begins_clear(start))
    if better != step:
        character = with_fatigue_step(character, better)
        act.say(
            f"  {character.name} recovers: fatigue step {step} -> {better} (RULINGS R23)", "success"
        )
    if kind == "downtime":
        needs = replace(needs, hunger_failures=0, thirst_days=0, hungry=False, thirsty=False)
    act.update(character)
    act.set_needs(character, needs)


def _complete(session: Session, words: list[str]) -> Iterable[str]:
    if not words:
        return REST_KINDS
    return ("fast", "half", "action", "days")


@command(
    "rest",
    "rest short|long|day|downtime [fast A,B] [half] [days N] [action TEXT]",
    "rest by the rules: encounter checks by watch, meals, healing, recovery",
    details="""
Short rest: 1 hour, one encounter check in a dungeon; eat and drink to heal 1 HD (the
hit die), or fast and make a CON test (success heals 1 HD) - either way no more healing
until they eat and drink; memorise one spell. Long rest: 8 hours, 8 checks in a dungeon
(one a watch) or 1 in the wilderness; heal as a short rest up to twice; tired characters
test CON to stay awake on watch; wounds treated; fatigue one step better if it began
with nobody hungry, thirsty or tired; memorise all. Full day: 24 hours in a safe place
(not a dungeon; 3 checks in the wilderness), heal to full, fatigue two steps better.
Downtime: in a town, full HP, wounds treated, fatigue gone, one downtime action
("action research the sigils"), duration dice rolled each day ("days 3"). An encounter
breaks a rest off where it was (redhack: Resting; RULINGS R19). "fast A,B": those
characters skip the meal; "half": half rations (RULINGS R23).
""",
    complete=_complete,
)
def rest_command(ctx: Context, args: Args) -> Reply:
    """Rest."""
    kind = args.word("short, long, day or downtime").lower()
    words, overrides = read_overrides(args, args.rest())
    fasting: list[str] = []
    half = False
    days = 1
    action = ""
    items = iter(words)
    for word in items:
        low = word.lower()
        if low == "fast":
            fasting = [n for n in next(items, "").split(",") if n]
        elif low == "half":
            half = True
        elif low == "days":
            days = args.to_int(next(items, ""), "days", minimum=1)
        elif low == "action":
            action = " ".join(items)
        else:
            raise args.error(f"unexpected {word!r}")
    act = Act(ctx, overrides)
    if act.fight is not None:
        raise RuleError("there is a fight going on: nobody rests ('fight end' first)")
    take_rest(act, kind, fasting=fasting, half_rations=half, action=action, days=days)
    return act.commit(f"rest.{kind}")
