"""``python -m hacktable``: the same as the ``hacktable`` command."""

from .cli import main

main()
