"""Ratings (docs/RATINGS.md): the requesting app's pool, by its client key: a player's rating and history,
the leaderboard, a prediction for a prospective table. Games are rated by the worker, not here."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.answers import json_response
from service.api.context import current_store, service_state
from service.api.flask_edge import request_json, requesting_client
from service.api.schemas import leaderboard_query_schema, player_in_path_schema, prediction_schema
from service.encoding import dumps
from service.play.rating_reads import leaderboard, player_rating, prediction

bp = Blueprint("ratings", __name__, url_prefix="/v1/ratings")


def _pool() -> str:
    """The pool of the app whose key the request carries (shared only where the operator says)."""
    return service_state().settings.ratings.pool_of(requesting_client())


@bp.get("/players/<player>")
def get_player(player: str) -> Response:
    pool = _pool()
    player = player_in_path_schema.load({"player": player})["player"]
    return json_response(dumps(player_rating(current_store(), pool, player)))


@bp.get("/leaderboard")
def get_leaderboard() -> Response:
    pool = _pool()
    query = leaderboard_query_schema.load(request.args.to_dict())
    return json_response(dumps(leaderboard(current_store(), pool, query["page"], query["per_page"])))


@bp.post("/predictions")
def predict() -> Response:
    pool = _pool()
    asked = prediction_schema.load(request_json())
    return json_response(dumps(prediction(current_store(), pool, asked["seats"])))
