"""Rests: ``rest short|long|day|downtime`` and the :func:`take_rest` step that travel
days use (redhack: Exploration & Dungeons > Resting; Wilderness Survival; RULINGS R11,
R17, R19, R23)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from ....dice.render import render_roll
from ....dice.roller import roll
from ....errors import RuleError
from ....play.outcome import Reply
from ....rules.resolution import TestKind
from ...base import TestOptions
from ...context import Context
from ...grammar import Access, Args
from ...powers import TIME
from ..character import Character
from ..conditions import load_conditions
from ..downtime import grant_downtime_action
from ..exploration import EncounterCheck
from ..party import Needs, fatigue_step, with_fatigue_step
from ..travel import begins_clear, drained_cap, fatigue_day, recovered_step
from ..view import CampaignView
from .act import Act, Overridable, action_fields, read_overrides
from .experience import treasure_home
from .explore import encounter_for
from .mechanics import incapacitated, roll_duration_die, roll_injury
from .registry import COMMANDS
from .supplies import consume

__all__ = [
    "REST_KINDS",
    "RestIntent",
    "RestKind",
    "RestOutcome",
    "cap_drained",
    "day_fatigue_tests",
    "take_rest",
]

RestKind = Literal["short", "long", "day", "downtime"]
"""A rest of redhack (:data:`REST_KINDS`)."""

REST_KINDS: tuple[RestKind, ...] = ("short", "long", "day", "downtime")
"""The rests of redhack: short (1 hour), long (8 hours), a full day (24 hours in a safe
place), downtime (several days in a town or sanctuary)."""

HOURS = {"short": 1, "long": 8, "day": 24}

FED = ("town", "safe")
"""Where the place feeds the party: a rest there uses no rations or water
(docs/rulings.md H23: a town or sanctuary)."""


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
    fatigue_tests: bool = True,
) -> RestOutcome:
    """A rest by the rules (redhack: Exploration & Dungeons > Resting, Food & Water;
    Wilderness Survival > Fatigue & Supplies; RULINGS R19, R23).

    - The place's encounter checks come first, arranged by watch (R17: the location's
      encounter table, the remembered sign, a visible fire); an encounter stops the rest
      where it was: the hours before it pass, nobody heals or recovers.
    - During a long rest a tired character must make a CON test to stay awake through
      their watch (Wilderness Survival > Encounters in the Wild).
    - Eating and drinking (food and water usage dice, R23's half rations; in a town or
      sanctuary the place feeds them, H23) lets a rest heal: a short rest 1 HD (the
      class hit die rolled once), a long rest up to twice, a full day and downtime every
      HD; those who fast or have nothing left make a CON test instead (success heals
      1 HD), and either way heal no more until they eat and drink ("Water or wine must
      be consumed on every rest to enable healing"; docs/rulings.md H52). A long or full
      day's rest without its meal leaves them hungry or thirsty (R23). No rest heals
      above the Drained cap (:func:`.travel.drained_cap`, H44).
    - A character at 0 HP who is healed first rolls on the injuries table (R11); a
      mortally wounded character rolls their duration die at every rest (R11).
    - A long rest clears tired and the wounds "treated during a long rest"; one that
      begins with none of hungry, thirsty and tired moves one step up the fatigue table,
      a full day two steps, downtime all the way (R23). Spells: one memorised on a short
      rest, all on the others (noted for the casters).
    - "One long rest per day": a character who has had a long or full day's rest ending
      today gets none of the benefits of another that ends today (no meal, healing,
      recovery or fatigue tests); its hours still pass (H51).
    - Outside a town or sanctuary, a long or full day's rest ends the day's needs: the
      day's fatigue tests follow for anyone hungry or thirsty (or on half rations), at
      most once a campaign day (:func:`day_fatigue_tests`, H50), unless
      ``fatigue_tests`` is false (a travel day makes them itself after its camp).

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
    if kind == "downtime" and party.environment not in FED:
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
    if kind == "downtime":
        treasure_home(act, [c.name for c in resting], "  ")
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
    today = act.party().day
    fasting_keys = {act.session.character(n).key for n in fasting}
    rested: list[str] = []
    for character in resting:
        if act.character(character.name).dead:
            continue
        start = start_needs[character.key]
        if kind in ("long", "day") and start.slept_day == today:
            act.say(
                f"  {character.name} has had today's long rest (day {today}): this one "
                "passes the hours but eats no second day's food, heals nothing and moves "
                "no fatigue step (one long rest a day, docs/rulings.md H51)",
                "muted",
            )
            continue
        rested.append(character.name)
        _recover(act, character.name, kind, character.key in fasting_keys, half_rations, start)
    if fatigue_tests and kind in ("long", "day") and party.environment not in FED:
        day_fatigue_tests(act, rested, "  ")
    if kind == "downtime" and action:
        act.say(f"Downtime action: {action}", "note")
        act.detail["downtime"] = action
    if kind == "downtime":
        for name in rested:
            act.update(grant_downtime_action(act.character(name)))
    casters = [
        c.name
        for c in (act.character(name) for name in rested)
        if act.ruleset.content.class_(c.class_id).id in ("wizard", "cleric")
        and not incapacitated(c)
    ]
    if casters:
        memorised = "one spell" if kind == "short" else "all their spells"
        act.say(f"{', '.join(casters)} may memorise {memorised} (redhack: Magic)", "note")
    from .rest_magic import after_rest

    after_rest(act, kind, casters, rested)
    return RestOutcome(kind)


def day_fatigue_tests(act: Act, names: Iterable[str], indent: str = "") -> None:
    """The day's fatigue tests (redhack: Wilderness Survival > Fatigue Tests: "for each
    such condition each day"; RULINGS R23; :func:`.travel.fatigue_day`) for each of
    ``names`` who has not made them on the campaign day it now is, which is then noted
    in their needs, so a travel day and a rest never test twice on one day
    (docs/rulings.md H50). A Drained character's HP is capped either way (H44)."""
    today = act.party().day
    for name in names:
        current = act.character(name)
        if current.dead:
            continue
        needs = act.needs(current)
        if needs.fatigue_tested_day == today:
            if needs.hungry or needs.thirsty or needs.tired or needs.half_rations:
                act.say(
                    f"{indent}Fatigue, {current.name}: today's tests are made already "
                    f"(day {today}, docs/rulings.md H50)",
                    "muted",
                )
            cap_drained(act, current.name, indent)
            continue
        day = fatigue_day(act.ruleset, current, needs, act.rng)
        for test in day.tests:
            if test.result is not None:
                request = test.result.request
                act.reply.check(request, act.ruleset.test_odds(request), test.result)
            act.say(
                f"{indent}Fatigue, {current.name}: {test.explain()}",
                "success" if test.success else "failure",
            )
        for note in day.notes:
            act.say(f"{indent}{note}", "critical")
        if day.character != current:
            act.update(day.character)
        act.set_needs(current, replace(day.needs, fatigue_tested_day=today))


def cap_drained(act: Act, name: str, indent: str = "") -> None:
    """Cap a Drained (or worse) character's HP at half their maximum (redhack:
    Wilderness Survival > Fatigue Table, 5 Drained; docs/rulings.md H44)."""
    character = act.character(name)
    cap = drained_cap(character)
    if cap is not None and character.hp > cap:
        act.say(
            f"{indent}{character.name} is drained: HP {character.hp} -> {cap} "
            f"(half of {character.max_hp})",
            "critical",
        )
        act.update(replace(character, hp=cap))


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
    result = act.resolve(request)
    verdict = "stays awake" if result.success else "falls asleep on watch"
    act.say(
        f"  {character.name} (tired) keeps watch: {result.explanation}: {verdict}",
        "dice" if result.success else "warning",
    )


def _top(character: Character, step: int) -> tuple[int, str]:
    """The most HP a rest heals to: the maximum, or the Drained cap at the fatigue step
    the rest ends on (H44)."""
    cap = drained_cap(with_fatigue_step(character, step))
    if cap is None:
        return character.max_hp, ""
    return cap, f" (Drained: at most {cap} of {character.max_hp}, docs/rulings.md H44)"


def _heal_dice(act: Act, character: Character, times: int, step: int) -> Character:
    top, why = _top(character, step)
    if character.hp >= top:
        act.say(f"  {character.name} is at full HP ({character.hp}){why}", "muted")
        return character
    rolls = [roll(f"1d{character.hit_die}", act.rng) for _ in range(times)]
    total = sum(r.total for r in rolls)
    after = character.with_hp(min(top, character.hp + total))
    shown = " + ".join(render_roll(r) for r in rolls)
    act.say(
        f"  {character.name} heals {total} ({shown}): HP {character.hp} -> {after.hp}{why}",
        "success",
    )
    return after


def _heal_all(act: Act, character: Character, step: int) -> Character:
    top, why = _top(character, step)
    if character.hp >= top:
        if why:
            act.say(f"  {character.name} is at full HP ({character.hp}){why}", "muted")
        return character
    after = character.with_hp(top)
    act.say(f"  {character.name} heals to full: HP {character.hp} -> {after.hp}{why}", "success")
    return after


def _meal(act: Act, name: str, kind: str, fast: bool, half: bool) -> tuple[bool, bool]:
    """The rest's meal: rations and water outside a town or sanctuary, the place's
    own meal in one (H23); whether they ate and drank. A long rest, a full day and
    downtime without it leave them hungry or thirsty (RULINGS R23; H52)."""
    character = act.character(name)
    if fast:
        ate = drank = False
    elif act.party().environment in FED:
        ate = drank = True  # the inn feeds them: nobody's rations are used (H23)
        today = act.party().day
        act.set_needs(
            character,
            replace(
                act.needs(character),
                hungry=False,
                thirsty=False,
                thirst_days=0,
                half_rations=False,
                healing_blocked=False,
                ate_day=today,
                drank_day=today,
            ),
        )
    else:
        ate = consume(act, name, "food", half)
        drank = consume(act, name, "water")
    if kind != "short" and not (ate and drank):
        needs = act.needs(character)
        act.set_needs(
            character,
            replace(
                needs,
                hungry=needs.hungry or not ate,
                thirsty=needs.thirsty or not drank,
                half_rations=needs.half_rations and ate,
            ),
        )
        missed = " and ".join(w for w, had in (("hungry", ate), ("thirsty", drank)) if not had)
        rest = {"long": "a long rest", "day": "a full day's rest"}.get(kind, "downtime")
        act.say(f"  {character.name} is {missed} (no meal on {rest}, RULINGS R23)", "warning")
    return ate, drank


def _heal(act: Act, name: str, kind: str, fed: bool, step: int) -> None:
    """Healing (RULINGS R19): fed, a short rest heals 1 HD, a long rest 2, a full day
    and downtime every HD; unfed, a CON test heals 1 HD, and no more until they eat and
    drink (H52); never above the Drained cap at ``step``, the fatigue step the rest
    ends on (H44)."""
    character = act.character(name)
    needs = act.needs(character)
    if fed:
        if kind in ("day", "downtime"):
            act.update(_heal_all(act, character, step))
        else:
            act.update(_heal_dice(act, character, 2 if kind == "long" else 1, step))
    elif needs.healing_blocked:
        act.say(f"  {character.name} cannot heal again until they eat and drink", "muted")
    else:
        request = act.ruleset.character_test(character, "CON", TestOptions())
        result = act.resolve(request)
        act.say(f"  {character.name} rests without a meal: CON test {result.explanation}", "dice")
        if result.success:
            character = _heal_dice(act, character, 1, step)
            act.update(character)
        act.set_needs(character, replace(act.needs(character), healing_blocked=True))


def _recover(act: Act, name: str, kind: str, fast: bool, half: bool, start: Needs) -> None:
    character = act.character(name)
    if character.dead or character.mortal_wound is not None:
        return
    if character.hp == 0:
        act.say(f"  {character.name} is tended while at 0 HP:")
        character = roll_injury(act, character.name)
        if character.dead or character.mortal_wound is not None:
            return
    ate, drank = _meal(act, name, kind, fast, half)
    # the Drained cap on healing is judged at the step the rest ends on (H44)
    step = fatigue_step(character)
    end = step if kind == "short" else recovered_step(step, _rest_kind(kind), begins_clear(start))
    _heal(act, name, kind, ate and drank, end)
    if kind != "short":
        _rested(act, name, kind, start, ate and drank)


def _rest_kind(kind: str) -> Literal["long", "day", "downtime"]:
    return "downtime" if kind == "downtime" else "day" if kind == "day" else "long"


def _rested(act: Act, name: str, kind: str, start: Needs, fed: bool) -> None:
    """A long rest, full day or downtime: tired cleared, wounds treated, fatigue steps
    recovered (RULINGS R23; H46)."""
    character = act.character(name)
    day = act.party().day
    needs = replace(act.needs(character), tired=False, slept_day=day, tired_failures=0)
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
    better = recovered_step(step, _rest_kind(kind), begins_clear(start))
    if better != step:
        character = with_fatigue_step(character, better)
        act.say(
            f"  {character.name} recovers: fatigue step {step} -> {better} (RULINGS R23)", "success"
        )
    if kind == "downtime" and fed:
        needs = replace(needs, hunger_failures=0, thirst_days=0, hungry=False, thirsty=False)
    act.update(character)
    act.set_needs(character, needs)


def _complete(session: CampaignView, words: list[str]) -> Iterable[str]:
    if not words:
        return REST_KINDS
    return ("fast", "half", "action", "days")


@dataclass(frozen=True, slots=True)
class RestIntent(Overridable):
    """A rest by the rules: encounter checks by watch, meals, healing, recovery
    (redhack: Exploration & Dungeons > Resting; RULINGS R19, R23; :func:`take_rest`).

    Attributes:
        kind: short, long, a full day or downtime.
        fasting: the names of those who skip the meal, as given.
        half: half rations (RULINGS R23).
        days: the days of downtime (duration dice are rolled each day).
        action: the downtime action, in words (``""``: none).
    """

    kind: RestKind
    fasting: tuple[str, ...] = ()
    half: bool = False
    days: int = 1
    action: str = ""

    def access(self) -> Access:
        """The GM's: a rest passes the party's time (docs/rulings.md H106)."""
        return Access.gm(TIME, "rest")


def _read_rest(args: Args) -> RestIntent:
    kind = args.word("short, long, day or downtime").lower()
    words, found = read_overrides(args, args.rest())
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
    if kind not in REST_KINDS:  # the rule's own refusal (:func:`take_rest`)
        raise RuleError(f"a rest is one of {', '.join(REST_KINDS)}, not {kind!r}")
    return RestIntent(kind, tuple(fasting), half, days, action, **action_fields(found))


@COMMANDS.typed(
    "rest",
    "rest short|long|day|downtime [fast A,B] [half] [days N] [action TEXT]",
    "rest by the rules: encounter checks by watch, meals, healing, recovery",
    RestIntent,
    _read_rest,
    details="""
Short rest: 1 hour, one encounter check in a dungeon; eat and drink to heal 1 HD (the
hit die), or fast and make a CON test (success heals 1 HD) - either way no more healing
until they eat and drink; memorise one spell. Long rest: 8 hours, 8 checks in a dungeon
(one a watch) or 1 in the wilderness; the day's food and water (none left: hungry or
thirsty); heal as a short rest up to twice; tired characters test CON to stay awake on
watch; wounds treated; fatigue one step better if it began with nobody hungry, thirsty
or tired; memorise all. Full day: 24 hours in a safe place (not a dungeon; 3 checks in
the wilderness), a day's food and water, heal to full when fed, fatigue two steps
better. Outside a town these end the day: whoever is hungry or thirsty makes the day's
fatigue tests, once a day (H50). One long rest a day: another ending the same day only
passes time (H51). No rest heals above the Drained cap (H44). Downtime: in a town, full
HP, wounds treated, fatigue gone, one downtime action ("action research the sigils"),
duration dice rolled each day ("days 3"). In a town or sanctuary the place feeds the
party (H23). An encounter breaks a rest off where it was (redhack: Resting; RULINGS R19).
"fast A,B": those characters skip the meal; "half": half rations (RULINGS R23).
""",
    complete=_complete,
)
def rest_command(ctx: Context, intent: RestIntent) -> Reply:
    """Rest."""
    act = Act(ctx, intent.overrides())
    if act.fight is not None:
        raise RuleError("there is a fight going on: nobody rests ('fight end' first)")
    take_rest(
        act,
        intent.kind,
        fasting=intent.fasting,
        half_rations=intent.half,
        action=intent.action,
        days=intent.days,
    )
    act.set_entity("party", "rested", act.party().minutes)  # maintenance at a rest (H234)
    return act.commit(f"rest.{intent.kind}")
