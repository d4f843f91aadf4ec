"""skill-die's commands: characters, skills and roles, checks and odds, time, rest,
fatigue and hazards. Importing this package registers them all in :data:`COMMANDS`
(``SkillDie.command_package`` names this package)."""

from . import characters, checks, hazards, skills, time  # noqa: F401  (registration)
from .registry import COMMANDS

__all__ = ["COMMANDS"]
