"""The WSGI entry point for gunicorn: ``gunicorn -c gunicorn.conf.py service.wsgi:app``.

Each worker imports this after the fork, builds its app, then sets the garbage collector
for a long-lived server (``service.app.settle_for_serving``).
"""

from service.app import create_app, settle_for_serving
from service.settings import Settings

app = create_app(Settings.from_environment())
settle_for_serving()
