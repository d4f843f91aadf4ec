"""Finding a ruleset's one-shot test form (the values are
:mod:`hacktable.rulesets.oneshot`'s: part of the ruleset contract)."""

from __future__ import annotations

from ..errors import CommandError
from ..rulesets.oneshot import Check, Form, Option

__all__ = ["Check", "Form", "Option", "form_for"]


def form_for(ruleset_id: str) -> Form:
    """The one-shot test form of the ruleset registered as ``ruleset_id``.

    Raises:
        UnknownNameError: no ruleset is registered under that id (the message names
            the registered ones).
        CommandError: the ruleset has no one-shot test form.
    """
    from .. import rulesets

    info = rulesets.ruleset_info(ruleset_id)
    if not info.oneshot:
        raise CommandError(f"ruleset {ruleset_id} has no one-shot test")
    import importlib

    module_name, _, attribute = info.oneshot.partition(":")
    form: Form = getattr(importlib.import_module(module_name), attribute)
    return form
