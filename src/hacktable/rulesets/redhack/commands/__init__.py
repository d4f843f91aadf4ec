"""redhack's console commands: fights, actions in a fight, injuries and care, the
bestiary. The ruleset lists these modules in ``Redhack.command_modules``; the console
imports them when a session on a redhack campaign starts."""
