# make play  — install, build and serve the game at http://127.0.0.1:$(PORT)
# make test  — install everything the tests need, build, run every test
# make build — copy the runtime files into static/vendor/ (needs node_modules), write sw.js
PORT ?= 8000
PYTHON ?= python3

.PHONY: play test build deps serve lint bench

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

.deps-installed: requirements-dev.txt
	$(PYTHON) -m pip install -q -r requirements-dev.txt
	touch $@

deps: node_modules/.package-lock.json .deps-installed

.build-deps-installed: requirements-build.txt
	$(PYTHON) -m pip install -q -r requirements-build.txt
	touch $@

build: node_modules/.package-lock.json .build-deps-installed
	$(PYTHON) tools/build.py

play: build
	$(PYTHON) tools/serve.py --port $(PORT)

test: deps build
	$(PYTHON) -m ruff check .
	$(PYTHON) -m pytest -q

bench: deps build
	$(PYTHON) bench/engine.py
