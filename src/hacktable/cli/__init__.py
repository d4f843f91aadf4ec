"""Command line (placeholder until the CLI lands)."""


def main() -> None:
    """Entry point."""
    raise SystemExit("not yet")
