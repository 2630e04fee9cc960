"""A game's seats: an absent seat's holder back (``POST .../seats/{seat}/back``), a seat handed to a
new holder or vacated (``PUT``, ``DELETE .../seats/{seat}/holder``), a holder leaving for good
(``POST .../seats/{seat}/leave``), an invitation to a seat made or revoked (``POST``, ``DELETE
.../seats/{seat}/invitation``) and claimed (``POST .../seats/{seat}/claim``, the invitation as the
bearer token). Each is counted against the game's owner with its save."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Blueprint, Response, request

from service.admission.gate import Gate, open_game_to_change, open_game_to_claim
from service.admission.limits import OwnerRequest
from service.admission.requester import Requester
from service.api.answers import etag, json_response
from service.api.context import service_state
from service.api.flask_edge import request_json, requester
from service.api.inputs import expected_version
from service.api.schemas import invitation_schema, seat_holder_schema
from service.encoding import dumps
from service.play.absence import say_back
from service.play.commit import Rider
from service.play.games import OpenGame
from service.play.seat_changes import HandedSeat, claim, hand_to, invite, leave, revoke, take_off
from service.play.timeouts import rfc3339
from service.store import Store

Changed = TypeVar("Changed")
Opener = Callable[[Store, Gate, str, Requester], tuple[OpenGame, OwnerRequest]]

bp = Blueprint("seats", __name__, url_prefix="/v1/games/<game_id>/seats")


@bp.post("/<int:seat>/back")
def back(game_id: str, seat: int) -> Response:
    state = service_state()
    return _as_seen(
        seat_change(
            game_id, lambda game, rider, now: say_back(state.store, game, seat, rider, now, state.told)
        )
    )


@bp.put("/<int:seat>/holder")
def hand(game_id: str, seat: int) -> Response:
    asked = seat_holder_schema.load(request_json())
    expected = expected_version(request.headers.get("If-Match"))
    state = service_state()
    handed = seat_change(
        game_id,
        lambda game, rider, now: hand_to(
            state.store, game, seat, asked["name"], asked["player"], expected, rider, now, state.told
        ),
    )
    return _handed(handed)


@bp.post("/<int:seat>/invitation")
def make_invitation(game_id: str, seat: int) -> Response:
    asked = invitation_schema.load(request_json())
    expected = expected_version(request.headers.get("If-Match"))
    state = service_state()
    made = seat_change(
        game_id,
        lambda game, rider, now: invite(
            state.store, game, seat, asked["expires_in"], expected, rider, now, state.told
        ),
    )
    invitation = {"seat": seat, "token": made.token, "expires_at": rfc3339(made.until_ms)}
    body = f'{{"game":{dumps(made.game.view(requester().now))},"invitation":{dumps(invitation)}}}'
    return json_response(body, headers={"ETag": etag(made.game.version)})


@bp.delete("/<int:seat>/invitation")
def revoke_invitation(game_id: str, seat: int) -> Response:
    expected = expected_version(request.headers.get("If-Match"))
    state = service_state()
    return _as_seen(
        seat_change(
            game_id,
            lambda game, rider, now: revoke(state.store, game, seat, expected, rider, now, state.told),
        )
    )


@bp.post("/<int:seat>/claim")
def claim_seat(game_id: str, seat: int) -> Response:
    asked = seat_holder_schema.load(request_json())
    state, invitation = service_state(), requester().token or ""  # the gate lets in no claim without one
    return _handed(
        seat_change(
            game_id,
            lambda game, rider, now: claim(
                state.store, game, seat, invitation, asked["name"], asked["player"], rider, now, state.told
            ),
            open_game_to_claim,
        )
    )


def _handed(handed: HandedSeat) -> Response:
    """The game as the seat's new holder or its admin sees it, and the new holder's token."""
    body = f'{{"game":{dumps(handed.game.view(requester().now))},"token":{dumps(handed.token)}}}'
    return json_response(body, headers={"ETag": etag(handed.game.version)})


@bp.delete("/<int:seat>/holder")
def vacate(game_id: str, seat: int) -> Response:
    expected = expected_version(request.headers.get("If-Match"))
    state = service_state()
    return _as_seen(
        seat_change(
            game_id,
            lambda game, rider, now: take_off(state.store, game, seat, expected, rider, now, state.told),
        )
    )


@bp.post("/<int:seat>/leave")
def leave_seat(game_id: str, seat: int) -> Response:
    expected = expected_version(request.headers.get("If-Match"))
    state = service_state()
    return _as_seen(
        seat_change(
            game_id, lambda game, rider, now: leave(state.store, game, seat, expected, rider, now, state.told)
        )
    )


def _as_seen(game: OpenGame) -> Response:
    """The game as its caller sees it after the change, with its version's ETag."""
    return json_response(dumps(game.view(requester().now)), headers={"ETag": etag(game.version)})


def seat_change(
    game_id: str, change: Callable[[OpenGame, Rider, float], Changed], opener: Opener = open_game_to_change
) -> Changed:
    """The game opened to change (by the caller's credential; a claim's: by ``open_game_to_claim``),
    ``change`` made with the request riding on its save (a request that saved nothing counts alone)."""
    state = service_state()
    who = requester()
    game, counted = opener(state.store, state.gate, game_id, who)
    try:
        return change(game, Rider(counted), who.now)
    finally:
        counted.alone(state.store)
