"""The web client at ``/play``: static files only (HTML, ES modules, CSS, page words), no build step.

Served by ``service/api/web_page.py``; its code is type-checked against the contract's generated
TypeScript types (``tsconfig.json`` here; tests/web/test_typecheck.py) and driven in a
real browser by tests/web/.
"""
