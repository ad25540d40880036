# Two commands do all the set-up:  `make run` serves the site, `make test` runs every test.
# `make serve` runs it as in production: nginx in front (docs/deploy.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
# empty: one more worker than the machine has cores (deploy/gunicorn.conf.py)
WORKERS ?=

.PHONY: run serve test check setup venv lock catalogs assets release index browser front axe bench clean

run: setup
	WORKERS=$(WORKERS) $(BIN)/gunicorn -c deploy/gunicorn.conf.py --bind $(HOST):$(PORT)

serve: setup front
	WORKERS=$(WORKERS) $(BIN)/python -m deploy.front --host $(HOST) --port $(PORT)

test: setup browser front axe
	$(BIN)/python -m pytest -q -p no:cacheprovider

check: setup
	$(BIN)/ruff check .
	$(BIN)/python -m content.loader
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_catalogs.py tests/test_content.py

# Catalogs, hashed static assets, the content release (compiled texts + search index): each a
# no-op when its inputs' hashes are unchanged (deploy/setup.py).
setup: venv
	$(BIN)/python -m deploy.setup

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

catalogs assets release: venv
	$(BIN)/python -m deploy.setup $@

index: release

browser:
	sh tools/ensure-chromium.sh

front:
	sh tools/ensure-nginx.sh

axe: tools/axe/node_modules/axe-core/axe.min.js

tools/axe/node_modules/axe-core/axe.min.js: tools/axe/package.json tools/axe/package-lock.json
	cd tools/axe && npm ci --no-audit --no-fund --silent

bench: setup front
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) .venv-tools var
