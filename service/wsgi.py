"""The WSGI entry point for gunicorn: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Each worker imports this after the fork, builds its app, then sets the garbage collector
for a long-lived server (``service.app.settle_for_serving``). On the embedded store (no
``REDIS_URL``: one process) the background worker runs in this process too.
"""

from service.app import create_app, settle_for_serving
from service.settings import Settings

settings = Settings.from_environment()
app = create_app(settings)
if settings.redis is None:
    from service.worker import embedded

    embedded.start(
        app.extensions["restart"].store, settings.worker, settings.webhooks, ratings=settings.ratings
    )
settle_for_serving()
