"""fantasy-hack: the m20 "Fantasy Hack" ruleset (issue 11 §1; RULINGS F1-F6)."""
