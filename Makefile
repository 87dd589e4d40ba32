# Bridgedesk: the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
DATA_DIR := $(or $(BRIDGEDESK_DATA_DIR),var)
# pytest-xdist workers for `make test`: one per core (TEST_WORKERS=0 runs in this process, e.g. to debug).
TEST_WORKERS ?= auto

.PHONY: run test install install-dev lint format typecheck bench clean messages

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

$(DATA_DIR)/secret_key:
	@mkdir -p $(DATA_DIR)
	@$(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@
	@chmod 600 $@

## run: install, migrate, create a director login, start the web server and a Celery worker (Ctrl-C stops both)
run: $(VENV)/.installed $(DATA_DIR)/secret_key
	@scripts/ensure-fonts
	@$(PY) scripts/compile-messages --quiet
	$(PY) manage.py start

## test: install what the tests need (Python packages, Debian's chromium for the browser tests) and run the suite
test: $(VENV)/.installed-dev
	@scripts/ensure-test-tools
	@scripts/ensure-fonts --required
	@$(PY) scripts/compile-messages --quiet
	$(PY) -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

typecheck: $(VENV)/.installed-dev
	$(VENV)/bin/mypy

bench: $(VENV)/.installed-dev
	@for b in bench/bench_*.py; do echo "== $$b"; $(PY) $$b || exit 1; done

## messages: bring the catalogues up to date with the code (needs gettext; translators need only the .po files)
messages: $(VENV)/.installed-dev
	$(PY) manage.py makemessages --all --no-obsolete --ignore=.venv --ignore=tests --ignore=var --ignore=bench
	$(PY) manage.py makemessages --all --no-obsolete -d djangojs --ignore=.venv --ignore=var --ignore=tests --ignore=bench --ignore=static/js/htmx.min.js
	$(PY) scripts/po-headers
	$(PY) scripts/compile-messages

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
