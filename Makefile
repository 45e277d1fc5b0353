# bohn — set-up and checks. `make run` starts the server; `make test` runs everything CI runs;
# `make check` is the quick loop while working (docs/testing.md).
# `make native` compiles the engine's hot modules with mypyc (about 3x faster);
# `make run` compiles them in the background and starts at once on the pure sources.
# `make pure` removes them. `import bohn` never runs stale compiled code
# (bohn/_native.py); BOHN_NATIVE=0 forces the pure-Python sources.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test check lint jscheck typecheck unit unit-pure unit-native native services pure bench golden clean

# the browser code's checks come from pinned npm packages (package.json,
# package-lock.json), installed by the project's own files with the machine's Node.js
NODE_STAMP := node_modules/.installed
JS_FILES = bohn/server/static/*.js bohn/rulesets/*/client.js tests/js/*.js eslint.config.js

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "bohn needs Python >= 3.11"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# serves at once on the pure-Python sources while the compiled build is made in
# the background (build/native.log); the next start uses it
run: $(STAMP)
	$(BIN)/python tools/build_native.py --background
	$(BIN)/bohn serve

# the whole gate (docs/testing.md), side by side: the checks, the compiled
# build and the test services, and the pure pass (the engine's and rulesets'
# tests without the compiled build, at a lower priority); the compiled pass,
# which runs every test once, starts as soon as the build and the services are ready
test: $(STAMP)
	@$(MAKE) --no-print-directory -j6 --output-sync=target lint jscheck typecheck unit-pure unit-native

lint: $(STAMP)
	@tools/timed lint sh -c '$(BIN)/ruff check bohn tests tools && $(BIN)/ruff format --check bohn tests tools'

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# the browser code: ESLint, Prettier's formatting, and Node's test runner on
# the modules that need no page (tests/js; docs/testing.md)
jscheck: $(NODE_STAMP)
	@tools/timed "js checks" sh -c 'npx --no-install eslint $(JS_FILES) && npx --no-install prettier --check --log-level warn $(JS_FILES) && node --test --test-reporter=dot tests/js/'

typecheck: $(STAMP)
	@tools/timed typecheck nice -n 15 sh -c '$(BIN)/mypy && $(BIN)/mypy tools/build_native.py tools/golden.py tools/state_copies.py'

# what the compiled build changes: the engine, the rulesets (their rules and
# scenario tests), the conformance suite, the golden transcripts and the
# research writer's equality (tests/passes.py gives their smaller seed sets)
PURE_TESTS = tests/rules tests/conformance tests/test_golden.py tests/rl/test_state.py tests/test_state_parts.py
PYTEST = $(BIN)/pytest -q -p no:cacheprovider --durations=10

# the default build: compiled modules when they are current, else the sources
unit: $(STAMP)
	$(BIN)/pytest -n 2 -q

# the server tests run on SQLite, and on PostgreSQL when tools/postgres.sh
# can start one; the browser tests in Chromium when tools/chromium.sh finds
# it (CI sets BOHN_REQUIRE_POSTGRES=1 and BOHN_REQUIRE_BROWSER=1: no skipping)
services: $(STAMP)
	@mkdir -p build
	@tools/timed services sh -c 'tools/chromium.sh > build/chromium.path && tools/postgres.sh > build/postgres.url'

SERVICES = BOHN_TEST_POSTGRES="$$(cat build/postgres.url)" BOHN_CHROMIUM="$$(cat build/chromium.path)"

unit-pure: $(STAMP)
	@BOHN_NATIVE=0 tools/timed "pure pass" nice -n 15 $(PYTEST) -n 2 $(PURE_TESTS)

# each test file runs whole on one worker (its browser and server start once),
# the longest files first (tests/conftest.py: FIRST), not xdist's own order of
# the files with the most tests first: a long file started last kept the other
# worker idle until it ended
unit-native: native services $(NODE_STAMP)
	@$(SERVICES) BOHN_NATIVE=1 tools/timed "compiled pass" $(PYTEST) -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

TEST_WORKERS ?= 2

# lint, types and the tests a change touches (tools/changed_tests.sh), or a
# quick set when nothing is touched: minutes, not the whole gate
QUICK_TESTS = tests/rules tests/test_golden.py tests/test_cli.py tests/server/test_api.py
check: $(STAMP)
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint jscheck typecheck
	@tests="$$(tools/changed_tests.sh)"; \
	  tools/timed "quick tests" $(PYTEST) -n 2 -x $${tests:-$(QUICK_TESTS)}

# the golden transcripts written again after a change that is meant to change play
golden: $(STAMP)
	$(BIN)/python tools/golden.py --write

# compiles only when a compiled source changed since the last build; at gcc's
# -O3 (NATIVE_OPT=1 compiles in about half the time, to code about a tenth
# slower: CI's choice, docs/testing.md)
NATIVE_OPT ?= 3
native: $(STAMP)
	@tools/timed "compiled build" $(BIN)/python tools/build_native.py --if-stale --opt-level $(NATIVE_OPT)

pure:
	$(PYTHON) tools/build_native.py --clean

bench: $(STAMP)
	$(BIN)/bohn bench

clean: pure
	rm -rf $(VENV) build node_modules .pytest_cache .mypy_cache .ruff_cache
