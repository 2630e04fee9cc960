"""Webhooks: a client app registers, lists, reads, rotates and deletes its own, and reads and retries
their deliveries. Another client's webhook is a 404, like one that does not exist."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from service.api.answers import json_response
from service.api.context import service_state
from service.api.flask_edge import request_json, requesting_client
from service.api.schemas import create_webhook_schema, list_deliveries_query_schema
from service.encoding import dumps
from service.play.deliveries import list_deliveries, retry_delivery
from service.play.webhook_management import (
    delete_webhook,
    load_webhook,
    owner_webhooks,
    register_webhook,
    rotate_secret,
)

bp = Blueprint("webhooks", __name__, url_prefix="/v1/webhooks")


@bp.post("")
def create() -> Response:
    client_id = requesting_client()
    data = create_webhook_schema.load(request_json())
    state = service_state()
    webhook, secret = register_webhook(
        state.store, client_id, data["url"], data.get("events"), state.settings.webhooks, state.clock()
    )
    body: dict[str, Any] = {**webhook.to_json(), "secret": secret}
    return json_response(dumps(body), 201, {"Location": f"/v1/webhooks/{webhook.id}"})


@bp.get("")
def listing() -> Response:
    client_id = requesting_client()
    found = owner_webhooks(service_state().store, client_id)
    return json_response(dumps({"webhooks": [webhook.to_json() for webhook in found]}))


@bp.get("/<webhook_id>")
def get(webhook_id: str) -> Response:
    client_id = requesting_client()
    return json_response(dumps(load_webhook(service_state().store, client_id, webhook_id).to_json()))


@bp.delete("/<webhook_id>")
def delete(webhook_id: str) -> Response:
    client_id = requesting_client()
    delete_webhook(service_state().store, client_id, webhook_id)
    return Response(status=204)


@bp.post("/<webhook_id>/rotate")
def rotate(webhook_id: str) -> Response:
    client_id = requesting_client()
    state = service_state()
    grace = state.settings.webhooks.rotation_grace
    webhook, secret = rotate_secret(state.store, client_id, webhook_id, grace)
    return json_response(dumps({**webhook.to_json(), "secret": secret}))


@bp.get("/<webhook_id>/deliveries")
def deliveries(webhook_id: str) -> Response:
    client_id = requesting_client()
    query = list_deliveries_query_schema.load(request.args.to_dict())
    cursor = int(query["cursor"]) if "cursor" in query else None
    found, following = list_deliveries(
        service_state().store, client_id, webhook_id, cursor, query["limit"]
    )
    body = {
        "deliveries": [delivery.to_json() for delivery in found],
        "next": None if following is None else str(following),
    }
    return json_response(dumps(body))


@bp.post("/<webhook_id>/deliveries/<delivery_id>/retry")
def retry(webhook_id: str, delivery_id: str) -> Response:
    client_id = requesting_client()
    state = service_state()
    again = retry_delivery(state.store, client_id, webhook_id, delivery_id, state.clock())
    return json_response(dumps(again.to_json()), 202)
