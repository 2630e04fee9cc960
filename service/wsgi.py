"""The WSGI entry point for gunicorn: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Each worker imports this after the fork, builds its app, then sets the garbage collector
for a long-lived server. What it loaded at start is set aside for good (``gc.freeze``),
and young collections wait for ``YOUNG_COLLECTION_EVERY`` allocations instead of
Python's 700, so that far fewer objects of requests still in flight reach the old
generation, whose growth triggers a full collection. With 2,000 streams open a worker held
200,000 objects, and each full collection stopped it for 38 to 128 ms, every few seconds
(docs/PERFORMANCE.md). In the bench's probes 10,000 and 50,000 did as well at 64
connections and less well at 4.
"""

import gc

from service.app import create_app
from service.settings import Settings

YOUNG_COLLECTION_EVERY = 200_000

app = create_app(Settings.from_environment())
gc.freeze()
gc.set_threshold(YOUNG_COLLECTION_EVERY, *gc.get_threshold()[1:])
