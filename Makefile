# Everything starts from a fresh machine: the first target that needs the
# virtual environment creates it and installs the project into it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

export PYTHONHASHSEED := 0
export SDL_VIDEODRIVER := dummy
export SDL_AUDIODRIVER := dummy

.PHONY: all play test test-openspiel lint typecheck bench clean

all: test

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(VENV)/.openspiel: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,openspiel]'
	touch $@

play: $(STAMP)
	$(BIN)/trickbook play rulesets/hearts.yaml --seed 1

## The README's test command: lint, types, then the whole suite except the
## optional OpenSpiel differential tests (see test-openspiel).
test: $(STAMP)
	$(BIN)/ruff check referee trickbook tests bench
	$(BIN)/mypy referee trickbook
	$(BIN)/python -m pytest -q -m "not openspiel and not slow"

test-openspiel: $(VENV)/.openspiel
	$(BIN)/python -m pytest -q -m openspiel

lint: $(STAMP)
	$(BIN)/ruff check referee trickbook tests bench
	$(BIN)/ruff format --check referee trickbook tests bench

typecheck: $(STAMP)
	$(BIN)/mypy referee trickbook

bench: $(VENV)/.openspiel
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build site .pytest_cache .mypy_cache .ruff_cache .hypothesis
