# Everything starts from a fresh machine: the first target that needs the
# virtual environment creates it and installs the project into it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export PYTHONHASHSEED := 0
export SDL_VIDEODRIVER := dummy
export SDL_AUDIODRIVER := dummy


.PHONY: all site play kiosk i18n golden test test-openspiel test-browser lint typecheck bench clean

all: test

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(VENV)/.browser: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,browser]'
	touch $@

$(VENV)/.openspiel: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,openspiel]'
	touch $@

## The README's main command: build the rule site for every bundled ruleset.
site: $(STAMP)
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
	$(BIN)/python -m generator.catalogs
	$(BIN)/pybabel compile -d locales -D trickbook --statistics

## Regenerate the golden rule pages in tests/golden/ after an intended change.
golden: $(STAMP)
	$(BIN)/python tests/update_golden.py

## The referee kiosk in a window (SDL picks the display; needs a screen).
kiosk: $(STAMP)
	env -u SDL_VIDEODRIVER -u SDL_AUDIODRIVER $(BIN)/trickbook kiosk

play: $(STAMP)
	$(BIN)/trickbook play rulesets/hearts.yaml --seed 1

## The README's test command: lint, types, then the whole suite except the
## optional OpenSpiel differential tests (see test-openspiel).
test: $(STAMP)
	$(BIN)/ruff check referee generator kiosk trickbook tests bench
	$(BIN)/mypy referee generator kiosk trickbook
	$(BIN)/python -m pytest -q -m "not openspiel and not browser and not slow"

test-openspiel: $(VENV)/.openspiel
	$(BIN)/python -m pytest -q -m openspiel

## Pages in a real browser; needs Debian's chromium at /usr/bin/chromium.
test-browser: $(VENV)/.browser
	$(BIN)/python -m pytest -q -m browser

lint: $(STAMP)
	$(BIN)/ruff check referee generator kiosk trickbook tests bench
	$(BIN)/ruff format --check referee generator kiosk trickbook tests bench

typecheck: $(STAMP)
	$(BIN)/mypy referee generator kiosk trickbook

bench: $(VENV)/.openspiel
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/site.py

clean:
	rm -rf $(VENV) build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
