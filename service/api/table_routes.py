"""Tables, games waiting for their players (``play.tables``): set one up with seats open
(``POST /v1/tables``), read it (``GET``), delete it while it waits (``DELETE``), and claim an open seat
by its invitation (``POST .../seats/{seat}/claim``, the invitation as the bearer token): the last claim
deals the game, under the table's id."""

from __future__ import annotations

from flask import Blueprint, Response

from service.admission import tables as gate
from service.api.answers import json_response
from service.api.context import service_state
from service.api.flask_edge import request_json, requester, requesting_client
from service.api.schemas import create_table_schema, seat_holder_schema
from service.encoding import dumps
from service.play.access import Caller, new_game_id
from service.play.tables import claim_seat, delete_table, new_table, settled, table_view
from service.play.timeouts import clock_settings, rfc3339

bp = Blueprint("tables", __name__, url_prefix="/v1/tables")


@bp.post("")
def create() -> Response:
    client_id = requesting_client()
    asked = create_table_schema.load(request_json())
    clock = None if asked["clock"] is None else clock_settings(asked["clock"])
    state, who = service_state(), requester()
    made = new_table(
        new_game_id(), client_id, who.now, asked["players"], asked.get("seed"), asked["target_score"], clock,
        asked["expires_in"],
    )  # fmt: skip
    saved = gate.create_table(state.store, state.gate, who, client_id, made)
    table = saved.table
    until = rfc3339(table.expires_ms)
    body = {
        "table": table_view(table, True, who.now),
        "tokens": {"admin": saved.admin, "players": list(saved.players), "spectator": saved.spectator},
        "invitations": [
            {"seat": seat, "token": token, "expires_at": until} for seat, token in saved.invitations
        ],
    }
    return json_response(dumps(body), 201, {"Location": f"/v1/tables/{table.table_id}"})


@bp.get("/<table_id>")
def get(table_id: str) -> Response:
    state, who = service_state(), requester()
    seen = gate.open_table(state.store, state.gate, table_id, who)
    table = settled(state.store, seen.table, who.now, state.told)
    return json_response(dumps(table_view(table, seen.by_owner, who.now)))


@bp.delete("/<table_id>")
def delete(table_id: str) -> Response:
    state, who = service_state(), requester()
    seen = gate.open_table(state.store, state.gate, table_id, who)
    delete_table(state.store, seen.table, seen.caller or Caller.spectator(), who.now)
    return Response(status=204)


@bp.post("/<table_id>/seats/<int:seat>/claim")
def claim(table_id: str, seat: int) -> Response:
    asked = seat_holder_schema.load(request_json())
    state, who = service_state(), requester()
    table = gate.open_table_to_claim(state.store, state.gate, table_id, who)
    invitation = who.token or ""  # the gate lets in no claim without one
    claimed = claim_seat(
        state.store, table, seat, invitation, asked["name"], asked["player"], who.now, state.told
    )
    body = {"table": table_view(claimed.table, False, who.now), "token": claimed.token}
    return json_response(dumps(body))
