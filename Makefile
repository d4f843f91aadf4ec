# hacktable: `make run` plays the example sessions (redhack's four, then black-sword-hack's,
# fantasy-hack's and skill-die's, each on its own campaign); `make test` runs every check.
# Both create .venv and install what they need on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
FIRST_SEED := 11
SEED ?= $(FIRST_SEED)
AMBUSH_SEED ?= 10
MARSH_SEED ?= 52
LIBRARY_SEED ?= 25
TOWER_SEED ?= 7
CREW_SEED ?= 5
OTTVAR_SEED ?= 3
RUNS := .runs

.PHONY: run test lint typecheck pytest bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev,web]'
	touch $(STAMP)

# The later example sessions continue the party of the first one as seed 11 made it, so
# `make run SEED=N` plays only the first session, with seed N, on its own campaign file.
# Each session's secret stream is seeded with its seed too, so its transcript is the golden one.
ifneq ($(SEED),$(FIRST_SEED))
run: $(STAMP)
	@mkdir -p $(RUNS)
	@rm -f $(RUNS)/seed-$(SEED).db
	$(BIN)/hacktable play --campaign $(RUNS)/seed-$(SEED).db --seed $(SEED) --secret-seed $(SEED) \
		--script examples/first-session.txt
	@echo "(SEED=$(SEED) plays the first session only: the later ones continue seed $(FIRST_SEED)'s party)"
else
run: $(STAMP)
	@mkdir -p $(RUNS)
	@rm -f $(RUNS)/campaign.db
	$(BIN)/hacktable play --campaign $(RUNS)/campaign.db --seed $(FIRST_SEED) --secret-seed $(FIRST_SEED) \
		--script examples/first-session.txt
	$(BIN)/hacktable play --campaign $(RUNS)/campaign.db --seed $(AMBUSH_SEED) --secret-seed $(AMBUSH_SEED) \
		--script examples/goblin-ambush.txt
	$(BIN)/hacktable play --campaign $(RUNS)/campaign.db --seed $(MARSH_SEED) --secret-seed $(MARSH_SEED) \
		--script examples/into-the-marsh.txt
	$(BIN)/hacktable play --campaign $(RUNS)/campaign.db --seed $(LIBRARY_SEED) --secret-seed $(LIBRARY_SEED) \
		--script examples/the-drowned-library.txt
	@rm -f $(RUNS)/black-sword-hack.db
	$(BIN)/hacktable play --campaign $(RUNS)/black-sword-hack.db --ruleset black-sword-hack \
		--seed $(TOWER_SEED) --secret-seed $(TOWER_SEED) --script examples/azhars-tower.txt
	@rm -f $(RUNS)/fantasy-hack.db
	$(BIN)/hacktable play --campaign $(RUNS)/fantasy-hack.db --ruleset fantasy-hack \
		--seed $(OTTVAR_SEED) --secret-seed $(OTTVAR_SEED) --script examples/ottvar.txt
	@rm -f $(RUNS)/skill-die.db
	$(BIN)/hacktable play --campaign $(RUNS)/skill-die.db --ruleset skill-die \
		--seed $(CREW_SEED) --secret-seed $(CREW_SEED) --script examples/crew-of-four.txt
endif

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

# The store's tests run on SQLite and on a throwaway Postgres that scripts/with-postgres
# starts and stops around pytest (it says so, and the Postgres cases skip, if Postgres
# cannot start; under CI=true they fail instead).
# The web table's browser tests need Debian's Chromium: scripts/ensure-chromium installs it
# only when /usr/bin/chromium is missing (they skip if it cannot; under CI=true they fail).
pytest: $(STAMP)
	-scripts/ensure-chromium
	scripts/with-postgres $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) $(RUNS) .pytest_cache .mypy_cache .ruff_cache

# The README's screenshots of the web table (docs/screenshots/*.png; issue 12 §6):
# a seeded example table played in headless Chromium by scripts/screenshots.py.
.PHONY: screenshots
screenshots: $(STAMP)
	-scripts/ensure-chromium
	$(BIN)/python scripts/screenshots.py --out docs/screenshots
