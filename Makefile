# Everything starts from a fresh machine: the first target that needs the
# virtual environment creates it and installs the project into it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export PYTHONHASHSEED := 0
export SDL_VIDEODRIVER := dummy
export SDL_AUDIODRIVER := dummy
# Python's compiled bytecode is kept in build/pycache (ignored by git), never beside the sources, even where the
# environment says not to write it (PYTHONDONTWRITEBYTECODE, as on this project's shared machines): without it
# every process compiles the project's modules again, and every test worker rewrites every test module's
# asserts (11 CPU-s of collection a worker, 3.5 with the cache), and each of the suite's hundreds of `trickbook`
# subprocesses pays about 0.15 s more to start.
export PYTHONPYCACHEPREFIX := $(CURDIR)/build/pycache
export PYTHONDONTWRITEBYTECODE :=


.PHONY: all compile site play kiosk club i18n gameindex golden test test-pure test-openspiel test-browser test-editor test-slow test-club-faults test-all lint typecheck bench bench-club clean

all: test

# PIP leaves out setuptools' notice that every editable install of a project
# with a package-dir mapping prints ("Editable installation ... be careful with
# folders ..."), and nothing else.
PIP := $(BIN)/python -W 'ignore:Editable installation' -m pip

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(PIP) install --quiet -e '.[test]'
	touch $(STAMP)

$(VENV)/.browser: $(STAMP)
	$(PIP) install --quiet -e '.[test,browser]'
	touch $@

$(VENV)/.openspiel: $(STAMP)
	$(PIP) install --quiet -e '.[test,openspiel]'
	touch $@

## The engine's hot path (the list in referee/_compiled.py) compiled with mypyc
## into build/mypyc/; nothing to do when the sources have not changed, pure
## Python where there is no C compiler or with TRICKBOOK_PURE=1.
compile: $(STAMP)
	@$(BIN)/python tools/mypyc_build.py

## The README's main command: build the rule site for every bundled ruleset.
site: compile
	$(BIN)/trickbook site --out site

## Extract messages, update every catalog, then check them all.
i18n: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k NN_:1,2 -k NC_:1c,2 --sort-by-file \
		--project=Trickbook --copyright-holder="The Trickbook authors" -o locales/trickbook.pot .
	for l in en de nl it he; do \
		if [ -f locales/$$l/LC_MESSAGES/trickbook.po ]; then \
			$(BIN)/pybabel update -i locales/trickbook.pot -d locales -D trickbook -l $$l --no-fuzzy-matching; \
		else \
			$(BIN)/pybabel init -i locales/trickbook.pot -d locales -D trickbook -l $$l; \
		fi; \
	done
	$(BIN)/python -m wording.catalogs
	$(BIN)/pybabel compile -d locales -D trickbook --statistics
	$(BIN)/python -m kiosk.gameindex

## The kiosk's committed index of the bundled games (kiosk/gameindex.json), after a ruleset or a label changed.
gameindex: $(STAMP)
	$(BIN)/python -m kiosk.gameindex

## Regenerate the golden rule pages in tests/golden/ after an intended change.
golden: compile
	$(BIN)/python tests/update_golden.py

## The referee kiosk in a window (SDL picks the display; needs a screen).
kiosk: compile
	env -u SDL_VIDEODRIVER -u SDL_AUDIODRIVER $(BIN)/trickbook kiosk

play: compile
	$(BIN)/trickbook play rulesets/hearts.yaml --seed 1

## The club server on this computer's own SQLite file (asks for the organiser password the first time).
club: compile
	$(BIN)/trickbook club serve

## The README's test command: lint, types, then the whole suite except the
## optional OpenSpiel differential tests (see test-openspiel), in two worker
## processes per core (pytest-xdist; a test file stays in one worker, so its
## module fixtures are made once). Two a core, because many tests wait (a kiosk
## or a server starting, fsync, a socket): a second worker uses the core meanwhile.
JOBS := $(shell $(PYTHON) -c "import os; print(2 * (os.cpu_count() or 1))")
WORKERS := -n $(JOBS) --dist loadfile
test: compile
	$(BIN)/ruff check referee generator kiosk wording club trickbook tests bench tools setup.py
	$(BIN)/mypy referee generator kiosk wording club trickbook tools setup.py
	$(BIN)/mypy bench  # on its own: bench/club.py and the club package share a name
	$(BIN)/python -m pytest -q $(WORKERS) -m "not openspiel and not browser and not editor and not slow"

## The same suite on the pure-Python engine (CI runs both builds).
test-pure: $(STAMP)
	TRICKBOOK_PURE=1 $(BIN)/python -m pytest -q $(WORKERS) -m "not openspiel and not browser and not editor and not slow"

test-openspiel: $(VENV)/.openspiel compile
	$(BIN)/python -m pytest -q -m openspiel

## Pages in a real browser; needs Debian's chromium at /usr/bin/chromium.
test-browser: $(VENV)/.browser compile
	npm install --prefix $(VENV) --no-save --no-audit --no-fund --loglevel=error axe-core@4.14.1
	$(BIN)/python -m pytest -q -m browser

## The schema as an editor reads it: the bundled rulesets and the README's
## examples through ajv; npm installs ajv and yaml into .venv/node_modules.
test-editor: $(STAMP) compile
	npm install --prefix $(VENV) --no-save --no-audit --no-fund --loglevel=error ajv@8.20.0 yaml@2.9.1
	$(BIN)/python -m pytest -q -m editor

## Every suite, each where it runs (see the README): what CI runs.
## The long runs: 234 kills of the kiosk at random moments (a few minutes), a wheel compiled through mypyc, and a club
## night's faults on SQLite and PostgreSQL (40 kiosks; the server killed twice, the network cut).
test-slow: $(STAMP) compile
	$(BIN)/python -m pytest -q -m slow

## The club night's faults alone (part of test-slow).
test-club-faults: $(STAMP) compile
	$(BIN)/python -m pytest -q -m slow tests/test_club_faults.py

test-all: test test-pure test-openspiel test-browser test-editor test-slow

lint: $(STAMP)
	$(BIN)/ruff check referee generator kiosk wording club trickbook tests bench tools setup.py
	$(BIN)/ruff format --check referee generator kiosk wording club trickbook tests bench tools setup.py

typecheck: $(STAMP)
	$(BIN)/mypy referee generator kiosk wording club trickbook tools setup.py
	$(BIN)/mypy bench  # on its own: bench/club.py and the club package share a name

bench: $(VENV)/.openspiel compile
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/site.py

## The club server under load on loopback: results a second, the board's p95 with 100 viewers.
bench-club: $(STAMP) compile
	$(BIN)/python bench/club.py

clean:
	rm -rf $(VENV) build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
