# questbox: the two quick-start commands are `make play` and `make test`.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
# Descent's, Hero IK's and Heirs's engines are compiled with mypyc by the install (setup.py); these are
# their sources: when one changes, `make setup` (and every target that needs the venv) compiles again
# (else the game would run as pure Python, with a warning). Descent's list is
# questbox.games.descent.compiled.MODULES, printed by running that file; Hero IK's is
# questbox.games.hero_ik.compiled.MODULES (tests/hero_ik/test_fingerprint.py checks the copy)
COMPILED := $(shell $(PY) src/questbox/games/descent/compiled.py)
COMPILED_HIK := src/questbox/games/hero_ik/state.py src/questbox/games/hero_ik/ctx.py src/questbox/games/hero_ik/model.py \
	src/questbox/games/hero_ik/kinds.py src/questbox/games/hero_ik/steps.py src/questbox/games/hero_ik/views.py \
	src/questbox/games/hero_ik/bots.py
# Heroica's: questbox.games.heroica.compiled.MODULES (tests/heroica/test_fingerprint.py checks the copy)
COMPILED_HEROICA := src/questbox/games/heroica/state.py src/questbox/games/heroica/board.py \
	src/questbox/games/heroica/flow.py src/questbox/games/heroica/kinds.py \
	src/questbox/games/heroica/hero_turns.py src/questbox/games/heroica/monster_turns.py \
	src/questbox/games/heroica/bots.py
# Heirs's is questbox.games.heirs.compiled.MODULES (tests/heirs/test_compiled.py checks the copy)
COMPILED_HEIRS := src/questbox/games/heirs/state.py src/questbox/games/heirs/common.py src/questbox/games/heirs/cardset.py \
	src/questbox/games/heirs/kinds.py src/questbox/games/heirs/turn.py src/questbox/games/heirs/abilities.py \
	src/questbox/games/heirs/black.py src/questbox/games/heirs/view.py src/questbox/games/heirs/bots.py \
	src/questbox/games/heirs/observe.py
NATIVE  := $(VENV)/.compiled
ENGINE  = $(BIN)/python -c "from questbox.games.descent import compiled as c; \
	print('questbox: Descent runs', 'compiled' if c.in_use() else 'as pure Python: ' + c.REASON); \
	import questbox.games.hero_ik; from questbox.games.hero_ik import compiled as h; \
	print('questbox: Hero IK runs', 'compiled' if h.in_use() else 'as pure Python: ' + h.reason()); \
	import questbox.games.heroica; from questbox.games.heroica import compiled as r; \
	print('questbox: Heroica runs', 'compiled' if r.in_use() else 'as pure Python: ' + r.reason()); \
	import questbox.games.heirs; from questbox.games.heirs import compiled as w; \
	print('questbox: Heirs runs', 'compiled' if w.in_use() else 'as pure Python: ' + w.reason())"
GAME    ?= heirs
SEATS   ?= human,heuristic
PORT    ?= 8000
DB      ?= sqlite:///questbox.db

.PHONY: play play-terminal test quick lint typecheck bench setup clean

$(STAMP): pyproject.toml setup.py
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@$(ENGINE)
	touch $(STAMP) $(NATIVE)

# (the install above compiles too; this recompiles after an edit of the engine)
$(NATIVE): $(STAMP) $(COMPILED) $(COMPILED_HIK) $(COMPILED_HEROICA) $(COMPILED_HEIRS)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@$(ENGINE)
	touch $(NATIVE)

setup: $(STAMP) $(NATIVE)

## play: set up and start the web table; open the address it prints (Ctrl+C stops)
play: $(STAMP) $(NATIVE)
	$(BIN)/questbox serve --port $(PORT) --db $(DB)

## play-terminal: the terminal table (GAME=heirs SEATS=human,heuristic)
play-terminal: $(STAMP) $(NATIVE)
	$(BIN)/questbox play $(GAME) --seats $(SEATS)

## test: set up and run the whole suite: lint, types, tests (slow ones included), conformance
test: $(STAMP) $(NATIVE) lint typecheck
	$(BIN)/pytest

## quick: the suite without the slow tests
quick: $(STAMP) $(NATIVE)
	$(BIN)/pytest -m "not slow"

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

## bench: random-playout speed against OpenSpiel's python_tic_tac_toe, measured in the same run
bench: $(STAMP) $(NATIVE)
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	$(BIN)/python bench/playouts.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache build
	find src -name "*.so" -delete
	rm -f src/questbox/games/*/_compiled.json
