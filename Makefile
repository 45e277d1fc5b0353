# bohn — set-up and checks. `make run` plays; `make test` runs everything CI runs.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "bohn needs Python >= 3.11"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/bohn play bohnanza

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check bohn tests
	$(BIN)/ruff format --check bohn tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2 -q

bench: $(STAMP)
	$(BIN)/bohn bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
