"""The console's commands, one module per concern. Importing this package registers
them all in :data:`hacktable.console.framework.REGISTRY`."""

from . import campaign, characters, dice, tests  # noqa: F401  (registration)
