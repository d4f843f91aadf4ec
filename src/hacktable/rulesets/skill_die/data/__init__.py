"""skill-die rules content: TOML data files, validated on load by :mod:`..content`."""
