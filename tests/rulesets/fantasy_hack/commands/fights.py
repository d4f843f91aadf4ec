"""A fight put straight into a fantasy-hack campaign's state (the fight commands are
wired by another part): Mara, Ottvar and a goblin of the bestiary."""

from __future__ import annotations

from hacktable.engine.execute import CommandLayer
from hacktable.play.codec import to_json
from hacktable.play.events import Change, Event
from hacktable.rules.hit_points import Pool
from hacktable.rulesets.ordered_fight import FIGHT_KEY, Fight, Fighter, Foe

__all__ = ["put_fight"]


def put_fight(layer: CommandLayer, *, started: bool = True, turn: int = 0) -> None:
    """A fight with Mara, Ottvar and a goblin from the bestiary (AC 13, 6 HP, DEX +2)."""
    goblin = Foe("goblin", "Goblin", "goblin", 1, Pool(6, 6), 13, 2, "1d6", 14)
    fight = Fight(
        1,
        round=1 if started else 0,
        order=("mara", "goblin", "ottvar") if started else (),
        turn=turn,
        fighters=(Fighter("Mara"), Fighter("Ottvar")),
        foes=(goblin,),
    )
    layer.session.commit(Event("test.fight", changes=(Change(*FIGHT_KEY, None, to_json(fight)),)))
