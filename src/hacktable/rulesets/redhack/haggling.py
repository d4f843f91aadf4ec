"""Haggling (redhack: Equipment > Haggling; RULINGS R30).

An order of 10 coins or more; a CHA test. Roll (d6-1) for each unit of the value's tens
digit, (d6-1) x 10 for each unit of the hundreds digit, (d6-1) x 100 for each unit of
the thousands digit, and so on. A critical adds 50% (rounded down). Success takes the
sum off the price, failure adds it.
"""

from __future__ import annotations

from ...errors import RuleError

__all__ = ["haggle_dice"]


def haggle_dice(price: int) -> str:
    """The dice a haggle over ``price`` coins rolls, in dice notation (R30).

    >>> haggle_dice(250)  # the text's example: 5 x (d6-1) + 2 x (d6-1) x 10
    '5d6-5+(2d6-2)x10'
    >>> haggle_dice(1030)
    '3d6-3+(1d6-1)x100'

    Raises:
        RuleError: an order under 10 coins (the text: at least 10).
    """
    if price < 10:
        raise RuleError(f"haggling needs an order of at least 10 coins, not {price}")
    terms = []
    digits = str(price)[::-1][1:]  # from the tens digit up
    for place, digit in enumerate(digits):
        count = int(digit)
        if not count:
            continue
        term = f"{count}d6-{count}"
        if place == 0:
            terms.append(term)
        else:
            terms.append(f"({term})x{10**place}")
    return "+".join(terms)
