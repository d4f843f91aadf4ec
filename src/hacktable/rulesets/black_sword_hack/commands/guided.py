"""Asking the player for what a command line left out: guided creation and levels.

A guided command asks only when someone can answer (``ctx.ask`` is set: the console);
each answer is checked at once and asked again, three times at most. Scripts, with no
one to ask, roll what creation leaves out and are told in one line what a level needs.
"""

from __future__ import annotations

from collections.abc import Callable

from ....errors import CommandError
from ...context import Context, ask_until
from ..content.index import Content, lookup_key
from ..content.schemas import Background
from ..creation import origin_named

__all__ = ["ask", "ask_backgrounds", "ask_origin", "pick"]


def ask(ctx: Context, command: str, question: str, check: Callable[[str], object]) -> str:
    """Ask ``question`` until ``check`` accepts the answer (three tries).

    Raises:
        CommandError: the player cancelled, or gave three answers that do not do.
    """
    return ask_until(ctx, question, check, what=command, command=command)


def pick(options: list[Background], answer: str) -> Background:
    """The background of ``options`` an answer names: its number in the list shown, its
    id or its name.

    Raises:
        CommandError: none of them.
    """
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    for background in options:
        if lookup_key(text) in (lookup_key(background.id), lookup_key(background.name)):
            return background
    raise CommandError(f"not one of those: {answer!r} (a number from 1 to {len(options)})")


def _menu(options: list[Background]) -> str:
    return " | ".join(f"{n}: {b.name} ({b.attribute})" for n, b in enumerate(options, 1))


def ask_origin(ctx: Context) -> str:
    """Ask for the origin (RULINGS B4)."""
    answer = ask(ctx, "character", "Origin (barbarian, civilized, decadent)?", origin_named)
    return origin_named(answer)


def ask_backgrounds(ctx: Context, content: Content, origin: str) -> tuple[str, ...] | None:
    """Ask for two backgrounds of ``origin`` and one of any (RULINGS B4): their ids, or
    ``None`` when the player leaves the first empty (all three are rolled)."""
    own = list(content.backgrounds_of(origin))

    def first_check(answer: str) -> None:
        if answer:
            pick(own, answer)

    title = origin.title()
    question = f"First {title} background? {_menu(own)} (Enter rolls all three)"
    first_answer = ask(ctx, "character", question, first_check)
    if not first_answer:
        return None
    first = pick(own, first_answer)
    rest = [b for b in own if b is not first]
    question = f"Second {title} background? {_menu(rest)}"
    second = pick(rest, ask(ctx, "character", question, lambda a: pick(rest, a)))
    anyone = [b for b in content.backgrounds if b not in (first, second)]
    question = f"Third background, of any origin? {_menu(anyone)}"
    third = pick(anyone, ask(ctx, "character", question, lambda a: pick(anyone, a)))
    return first.id, second.id, third.id
