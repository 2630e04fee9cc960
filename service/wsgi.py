"""The WSGI entry point for gunicorn: ``gunicorn -c gunicorn.conf.py service.wsgi:app``."""

from service.app import create_app
from service.settings import Settings

app = create_app(Settings.from_environment())
