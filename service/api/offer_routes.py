"""Consent offers (docs/OFFERS.md): ``POST /v1/games/{id}/offers`` makes one;
``POST .../offers/{offer_id}/accept`` and ``.../decline`` answer it (``play.offers``). Each is a
change of the game, counted against its owner with its save; the answer is the game as the caller
sees it after, and the offer with what became of it."""

from __future__ import annotations

from flask import Blueprint, Response, request

from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.flask_edge import request_json, requester
from service.api.schemas import answer_offer_schema, make_offer_schema
from service.api.seats import seat_change
from service.encoding import dumps
from service.play.consent import OfferKind
from service.play.offers import Answered, answer_offer, make_offer

bp = Blueprint("offers", __name__, url_prefix="/v1/games/<game_id>/offers")


@bp.post("")
def offer(game_id: str) -> Response:
    asked = make_offer_schema.load(request_json())
    state = service_state()
    kind = OfferKind(asked["kind"])
    return _answered(
        seat_change(
            game_id,
            lambda game, rider, now: make_offer(
                state.store, game, kind, asked["seat"], asked["expires_in"], rider, now, state.told
            ),
        )
    )


@bp.post("/<int:offer_id>/accept")
def accept(game_id: str, offer_id: int) -> Response:
    return _answer(game_id, offer_id, accept=True)


@bp.post("/<int:offer_id>/decline")
def decline(game_id: str, offer_id: int) -> Response:
    return _answer(game_id, offer_id, accept=False)


def _answer(game_id: str, offer_id: int, accept: bool) -> Response:
    asked = answer_offer_schema.load(request_json() if request.content_length else {})  # a body is optional
    state = service_state()
    return _answered(
        seat_change(
            game_id,
            lambda game, rider, now: answer_offer(
                state.store, game, offer_id, asked["seat"], accept, rider, now, state.told
            ),
        )
    )


def _answered(answered: Answered) -> Response:
    body = f'{{"game":{dumps(answered.game.view(requester().now))},"offer":{dumps(answered.offer)}}}'
    return json_response(body, headers={"ETag": etag(answered.game.version)})
