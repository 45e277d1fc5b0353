# bohn — set-up and checks. `make run` starts the server; `make test` runs everything CI runs.
# `make native` compiles the engine's hot modules with mypyc (`make run` does it first;
# about 3x faster); `make pure` removes them. `import bohn` never runs stale compiled
# code (bohn/_native.py); BOHN_NATIVE=0 forces the pure-Python sources.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck unit unit-pure unit-native native pure bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "bohn needs Python >= 3.11"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: native
	$(BIN)/bohn serve

test: lint typecheck unit-pure unit-native

lint: $(STAMP)
	$(BIN)/ruff check bohn tests tools
	$(BIN)/ruff format --check bohn tests tools

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy tools/build_native.py

# the default build: compiled modules when they are current, else the sources
unit: $(STAMP)
	$(BIN)/pytest -n 2 -q

# the server tests run on SQLite, and on PostgreSQL when tools/postgres.sh
# can start one; the browser tests in Chromium when tools/chromium.sh finds
# it (CI sets BOHN_REQUIRE_POSTGRES=1 and BOHN_REQUIRE_BROWSER=1: no skipping)
SERVICES = BOHN_TEST_POSTGRES="$$(tools/postgres.sh)" BOHN_CHROMIUM="$$(tools/chromium.sh)"

unit-pure: $(STAMP)
	$(SERVICES) BOHN_NATIVE=0 $(BIN)/pytest -n 2 -q

unit-native: native
	$(SERVICES) BOHN_NATIVE=1 $(BIN)/pytest -n 2 -q

# compiles only when a compiled source changed since the last build
native: $(STAMP)
	$(BIN)/python tools/build_native.py --if-stale

pure:
	$(PYTHON) tools/build_native.py --clean

bench: $(STAMP)
	$(BIN)/bohn bench

clean: pure
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
