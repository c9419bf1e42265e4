# make play  — install, build and serve the game (_site/) at http://127.0.0.1:$(PORT)
# make test  — install everything the tests need, build, run every test (the page
#              in Chromium, Firefox and WebKit too)
# make lint  — ruff, ESLint and TypeScript's type check (make test runs them first)
# make build — write the site into _site/ (tools/build.py): the page from index.html and
#              pyscript.toml, the runtime from node_modules/, the help pages, sw.js
#
# Python packages go into a virtual environment of the project's own (.venv/),
# made with the system python3 (3.11 or newer): nothing is installed into the
# system Python, so the commands work where pip refuses to (PEP 668).
PORT ?= 8000
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: play test build deps serve lint bench venv

node_modules/.package-lock.json: package.json package-lock.json
	@node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)' || \
	  { echo "make: node is $$(node --version 2>&1); Node.js 20 or newer is needed (ESLint, PyScript)"; exit 1; }
	npm ci --no-audit --no-fund

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || \
	  { echo "make: $(PYTHON) is $$($(PYTHON) --version 2>&1); Python 3.11 or newer is needed (PYTHON=python3.12 make ...)"; exit 1; }
	@$(PYTHON) -m venv $(VENV) || \
	  { rm -rf $(VENV); echo "make: $(PYTHON) cannot make a virtual environment; on Debian or Ubuntu: apt-get install python3-venv"; exit 1; }
	$(PY) -m pip install -q --upgrade pip

venv: $(PY)

$(VENV)/.build-deps: requirements-build.txt | $(PY)
	$(PY) -m pip install -q -r requirements-build.txt
	touch $@

$(VENV)/.dev-deps: requirements-dev.txt requirements-build.txt | $(PY)
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@

deps: node_modules/.package-lock.json $(VENV)/.dev-deps

build: node_modules/.package-lock.json $(VENV)/.build-deps
	$(PY) tools/build.py

play: build
	$(PY) tools/serve.py --port $(PORT)

# The linters and the type checker: ruff (Python), ESLint (eslint.config.js) and
# TypeScript's compiler over the page's JSDoc-typed JavaScript (tsconfig.json;
# the engine's API it checks against is written by the build), strict but for
# the files tools/typecheck.py lists as waiting, and over the service worker
# (tsconfig.sw.json, strict: a worker's scope, no DOM).
lint: deps build
	$(PY) -m ruff check .
	node_modules/.bin/eslint .
	node_modules/.bin/tsc -p tsconfig.json
	$(PY) tools/typecheck.py
	node_modules/.bin/tsc -p tsconfig.sw.json

# The page is played in Chromium, Firefox and WebKit (tests/engines/, node --test)
# beside pytest, which keeps both cores busy; its report follows pytest's. An
# engine missing here is skipped with a line saying so (SEAHAVEN_ALL_ENGINES=1,
# as .ci/run sets it, makes that a failure).
test: lint
	node --test --test-reporter=dot tests/js/
	@mkdir -p test-results-engines; \
	SEAHAVEN_PYTHON=$(PY) node --test --test-reporter=spec tests/engines/ > test-results-engines/report.txt 2>&1 & engines=$$!; \
	$(PY) -m pytest -q -n auto; pytest=$$?; \
	wait $$engines; played=$$?; \
	echo "tests/engines/ (Chromium, Firefox, WebKit):"; cat test-results-engines/report.txt; \
	exit $$(( pytest || played ))

bench: deps build
	$(PY) bench/engine.py
