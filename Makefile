# Two commands do all the set-up:  `make run` serves the site, `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
WORKERS ?= 3

.PHONY: run test check setup venv lock catalogs index browser axe bench clean

run: setup
	$(BIN)/gunicorn --workers $(WORKERS) --bind $(HOST):$(PORT) --access-logfile - 'app:create_app()'

test: setup browser axe
	$(BIN)/python -m pytest -q -p no:cacheprovider

check: setup
	$(BIN)/ruff check .
	$(BIN)/python -m content.loader
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_catalogs.py tests/test_content.py

setup: venv catalogs index

venv: $(VENV)/.installed

# Installed from the lock: every package pinned with its hashes (pip refuses anything else).
$(VENV)/.installed: requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check --require-hashes -r requirements.lock
	touch $@

# After editing requirements.txt or requirements-dev.txt: the lock again, with hashes
# (tests/test_lock.py fails while the lock and the requirements disagree).
lock:
	$(PYTHON) -m venv .venv-tools
	.venv-tools/bin/pip install --quiet --disable-pip-version-check pip-tools==7.6.2
	.venv-tools/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-header \
		--no-emit-index-url --no-emit-find-links --output-file requirements.lock requirements-dev.txt

catalogs: venv
	$(BIN)/pybabel compile --statistics -d translations 2>&1 | tail -n 4

index: venv catalogs
	$(BIN)/python -m search build

browser:
	sh tools/ensure-chromium.sh

axe: tools/axe/node_modules/axe-core/axe.min.js

tools/axe/node_modules/axe-core/axe.min.js: tools/axe/package.json tools/axe/package-lock.json
	cd tools/axe && npm ci --no-audit --no-fund --silent

bench: setup
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .venv-tools var
