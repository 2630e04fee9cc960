# Everything starts from a fresh clone with only python3 present.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TS_CLIENT := clients/typescript
NODE_STAMP := $(TS_CLIENT)/node_modules/.package-lock.json

.PHONY: venv redis-server-check web-tools test-tools run serve lint test bench reliability clean distclean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

redis-server-check:
	@bash scripts/ensure-tool.sh redis-server redis-server
	@bash scripts/ensure-tool.sh redis-cli redis-tools

# The web client's tests: Debian's Chromium (Playwright drives it; no browser is downloaded), and
# the contract's TypeScript tools at the versions package-lock.json pins (tsc checks the page's code).
web-tools: $(NODE_STAMP)
	@bash scripts/ensure-tool.sh chromium chromium

$(NODE_STAMP): $(TS_CLIENT)/package-lock.json
	@bash scripts/ensure-tool.sh npm npm
	cd $(TS_CLIENT) && npm ci --no-audit --no-fund --loglevel=error

# What the tests run besides Python: Redis, nginx in front of two instances (streams), the web tools.
test-tools: redis-server-check web-tools
	@bash scripts/ensure-tool.sh nginx nginx

# Without REDIS_URL: the embedded store, and a development client whose key the README uses.
run: $(STAMP)
	@echo "Serving on http://127.0.0.1:$${PORT:-8000} (play at /play, API docs at /docs)"
	@if [ -z "$${REDIS_URL:-}" ]; then \
		echo "REDIS_URL is unset: embedded in-memory store, one worker, data lost on exit"; \
		echo "Development client key (X-API-Key): rsk_development_local-only"; fi
	@if [ -z "$${REDIS_URL:-}" ]; then export DEVELOPMENT_CLIENT=1; fi; \
		exec $(VENV)/bin/gunicorn -c gunicorn.conf.py service.wsgi:app

# exec: make's SIGTERM goes to make's child, which must be the script itself (it stops gunicorn, then Redis).
serve: $(STAMP) redis-server-check
	VENV=$(VENV) exec bash scripts/serve-local.sh

lint: $(STAMP)
	$(VENV)/bin/ruff check service tests bench reliability harness
	$(VENV)/bin/mypy --strict service

test: $(STAMP) test-tools lint
	$(VENV)/bin/pytest -q

bench: $(STAMP) redis-server-check
	@bash scripts/ensure-tool.sh wrk wrk
	$(PY) -m bench.run

reliability: $(STAMP) redis-server-check
	$(PY) -m reliability.run

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(TS_CLIENT)/node_modules
