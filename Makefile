# Two commands do all the set-up:  `make run` serves the site, `make test` runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1
PORT   ?= 8000
WORKERS ?= 3

.PHONY: run test check setup venv catalogs index browser axe bench clean

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

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

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
	rm -rf $(VENV) var
