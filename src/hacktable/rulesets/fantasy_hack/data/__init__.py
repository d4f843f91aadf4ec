"""fantasy-hack's data files (TOML), validated on load."""
