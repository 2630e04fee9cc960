"""Operating the service: liveness, readiness, metrics, the contract and its documentation page.

``/healthz`` never touches the store (a store outage must not get every process
restarted); ``/readyz`` pings it, so a load balancer stops sending traffic while the
store is away. ``/metrics`` is the Prometheus text of the app's metrics, summed over
every worker of this gunicorn. ``/docs`` is Swagger UI served from installed packages
only: no CDN, it works offline.
"""

from __future__ import annotations

import importlib.util
from importlib.resources import files
from pathlib import Path

from flask import Blueprint, Response

from service.api.answers import json_response
from service.api.context import current_store, service_state
from service.api.contract import load_contract
from service.api.metrics import CONTENT_TYPE

bp = Blueprint("meta", __name__)

SWAGGER_UI_PACKAGE = "flask_swagger_ui"
DOCS_ASSETS_URL = "/docs/assets"


def swagger_ui_assets() -> Path:
    """The Swagger UI distribution shipped by the flask-swagger-ui package (found, not imported)."""
    found = importlib.util.find_spec(SWAGGER_UI_PACKAGE)
    if found is None or not found.submodule_search_locations:
        raise RuntimeError(f"{SWAGGER_UI_PACKAGE} is not installed: /docs needs its Swagger UI assets")
    return Path(next(iter(found.submodule_search_locations))) / "dist"


def docs_assets() -> Blueprint:
    """Serves only Swagger UI's static folder (the contract drift test skips static routes)."""
    return Blueprint(
        "docs_assets", __name__, static_folder=swagger_ui_assets(), static_url_path=DOCS_ASSETS_URL
    )


@bp.get("/healthz")
def healthz() -> Response:
    return json_response('{"status":"ok"}')


@bp.get("/readyz")
def readyz() -> Response:
    current_store().ping()
    return json_response('{"status":"ready"}')


@bp.get("/metrics", endpoint="metrics")
def metrics_text() -> Response:
    return Response(service_state().metrics.exposition(), content_type=CONTENT_TYPE)


@bp.get("/openapi.json")
def openapi_json() -> Response:
    return json_response(load_contract().json_text)


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    return Response(load_contract().yaml_text, mimetype="application/yaml")


@bp.get("/docs")
def docs() -> Response:
    page = files("service.api").joinpath("static", "docs.html").read_text(encoding="utf-8")
    return Response(page, mimetype="text/html")
