# Everything starts from a fresh clone with only python3 present.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The TypeScript client's tools (openapi-typescript, tsc, Spectral), from its committed package-lock.json.
NODE_DIR := clients/typescript
NODE_STAMP := $(NODE_DIR)/node_modules/.installed

.PHONY: venv node-modules clients examples redis-server-check web-tools test-tools run serve lint contract-check test bench reliability clean distclean

venv: $(STAMP)

# The generated Python client too (editable): the tests drive the service with it.
$(STAMP): pyproject.toml clients/python/pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q -e '.[dev]' -e ./clients/python
	touch $@

# npm ci: exactly the locked versions. SCARF_ANALYTICS=false: the OWASP ruleset's telemetry dependency
# (npm 11 skips its install script anyway, as package.json's allowScripts says; older npm would run it).
node-modules: $(NODE_STAMP)

$(NODE_STAMP): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	@bash scripts/ensure-tool.sh npm npm
	cd $(NODE_DIR) && SCARF_ANALYTICS=false npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Regenerate clients/python and clients/typescript/src/schema.d.ts from openapi.yaml; commit what changes
# (tests/clients/test_client_regeneration.py fails while they lag behind the contract).
clients: $(STAMP) $(NODE_STAMP)
	$(PY) -m harness.generated_clients

# Record the scenario of harness/examples/scenario.py against the real app and write its answers into openapi.yaml's
# examples (tests/contract/test_examples.py fails while they lag behind the service); then `make clients`.
examples: $(STAMP)
	$(PY) -m harness.examples

redis-server-check:
	@bash scripts/ensure-tool.sh redis-server redis-server
	@bash scripts/ensure-tool.sh redis-cli redis-tools

# The web client's tests: Debian's Chromium (Playwright drives it; no browser is downloaded), and
# the contract's TypeScript tools at the versions package-lock.json pins (tsc checks the page's code).
web-tools: $(NODE_STAMP)
	@bash scripts/ensure-tool.sh chromium chromium

# What the tests run besides Python: Redis, nginx in front of two instances (streams), the web tools.
test-tools: redis-server-check web-tools
	@bash scripts/ensure-tool.sh nginx nginx

# The console script the image runs (service/cli.py): without REDIS_URL the sandbox (the embedded store and
# the development client, whose key the README uses), with it the service against that Redis.
run: $(STAMP)
	@echo "Serving on http://127.0.0.1:$${PORT:-8000} (play at /play, API docs at /docs)"
	exec $(VENV)/bin/restart-service

# exec: make's SIGTERM goes to make's child, which must be the script itself (it stops gunicorn, then Redis).
serve: $(STAMP) redis-server-check
	VENV=$(VENV) exec bash scripts/serve-local.sh

# Then the generated clients type-check (mypy --strict; tsc --noEmit over the TypeScript client and its test), and
# Spectral reads openapi.yaml with spectral:oas and the OWASP ruleset ($(NODE_DIR)/.spectral.yaml): warnings fail too.
lint: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check service tests bench reliability harness
	$(VENV)/bin/mypy --strict service
	$(VENV)/bin/mypy --strict clients/python/restart_client
	npm --prefix $(NODE_DIR) run -s typecheck
	npm --prefix $(NODE_DIR) run -s lint:contract

# openapi.yaml against the newest released contract (contract/released/v<version>.yaml) with Optic and our
# enum reader: an open set may grow; a breaking change fails unless info.version is raised and CHANGELOG.md
# names it (docs/VERSIONING.md).
contract-check: $(STAMP) $(NODE_STAMP)
	$(PY) -m harness.contract_check

test: $(STAMP) $(NODE_STAMP) test-tools lint contract-check
	$(VENV)/bin/pytest -q

bench: $(STAMP) redis-server-check
	@bash scripts/ensure-tool.sh wrk wrk
	@bash scripts/ensure-tool.sh nginx nginx
	$(PY) -m bench.run

# tenants runs behind nginx with deploy/nginx.conf, as deployed.
reliability: $(STAMP) redis-server-check
	@bash scripts/ensure-tool.sh nginx nginx
	$(PY) -m reliability.run

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(NODE_DIR)/node_modules
