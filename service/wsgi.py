"""The WSGI entry point for gunicorn: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Each worker imports this after the fork, builds its app, then sets the garbage collector
for a long-lived server. What it loaded at start is set aside for good (``gc.freeze``),
and young collections wait for ``YOUNG_COLLECTION_EVERY`` allocations instead of
Python's 700, so that far fewer objects of requests still in flight reach the old
generation, whose growth triggers a full collection that stops the worker (with many
streams open, for tens of milliseconds: docs/PERFORMANCE.md, "The tail").
"""

import gc

from service.app import create_app
from service.settings import Settings

YOUNG_COLLECTION_EVERY = 200_000

app = create_app(Settings.from_environment())
gc.freeze()
gc.set_threshold(YOUNG_COLLECTION_EVERY, *gc.get_threshold()[1:])
