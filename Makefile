# questbox: the two quick-start commands are `make play` and `make test`.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
GAME    ?= heirs
SEATS   ?= human,heuristic
PORT    ?= 8000
DB      ?= sqlite:///questbox.db

.PHONY: play play-terminal test quick lint typecheck bench setup clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

## play: set up and start the web table; open the address it prints (Ctrl+C stops)
play: $(STAMP)
	$(BIN)/questbox serve --port $(PORT) --db $(DB)

## play-terminal: the terminal table (GAME=heirs SEATS=human,heuristic)
play-terminal: $(STAMP)
	$(BIN)/questbox play $(GAME) --seats $(SEATS)

## test: set up and run the whole suite: lint, types, tests (slow ones included), conformance
test: $(STAMP) lint typecheck
	$(BIN)/pytest

## quick: the suite without the slow tests
quick: $(STAMP)
	$(BIN)/pytest -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

## bench: random-playout speed against OpenSpiel's python_tic_tac_toe, measured in the same run
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python bench/playouts.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
