from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.make_offer_request import MakeOfferRequest
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.offer_answer import OfferAnswer
from ...models.offer_conflict_problem import OfferConflictProblem
from ...models.offer_forbidden_problem import OfferForbiddenProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: MakeOfferRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/offers".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferConflictProblem
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = OfferAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = MalformedRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = OfferForbiddenProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = OfferConflictProblem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = PayloadTooLargeProblem.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = UnsupportedMediaTypeProblem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = InvalidRequestProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = RateLimitedProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = HeaderFieldsTooLargeProblem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = GameInternalErrorProblem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = StorageUnavailableProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferConflictProblem
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MakeOfferRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferConflictProblem
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Make an offer to the other seats

     A seat asks every other seat to agree to something the rules alone do not allow
    (docs/OFFERS.md): `takeback` (its own last move undone), `abort` (the game ends with no
    result, only before every seat has moved once), `agreement` (the game ends now, ranked by
    the scores as they stand), `pause` (the clocks stop, for at most the game's
    `max_pause_seconds`) or `resume` (a pause ends). A seat's token makes it for its own seat;
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`. The offer's `id` is the version this change saves, and it is open until
    `expires_at` (`expires_in`, a day when left out). The seats the service plays answer at
    once, by rule: a bot accepts all but an agreement, which it declines; a seat nobody holds,
    or whose holder is away (`absent`), declines everything. An offer every other seat
    accepts takes effect in the same save as the last acceptance; the answer's `offer` tells
    what became of it (`open`, `took_effect`, `declined`). Events `offer_made`, and any
    answers by rule (`offer_accepted`, `offer_declined`, `by_rule: true`), then what the offer
    did, seen by every viewer, stream and webhook. One offer is open at a time (409
    `offer_open`); a kind the game's `offer_policy` does not allow, or not now, is 409
    `offer_not_allowed`; a kind a holder declined within `cooldown_moves` moves 409
    `offer_cooldown`; a takeback that may not be (`takeback_refused`) or an abort after every
    seat has moved (`abort_too_late`) are refused when made. A spectator, a holder who left,
    a seat's token naming another seat and the admin naming a seat the service plays are 403
    `offer_needs_seat`. No `If-Match` and no `Idempotency-Key`: a second offer while this one is
    open is 409 `offer_open`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (MakeOfferRequest): An offer to every other seat.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferConflictProblem | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MakeOfferRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferConflictProblem
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Make an offer to the other seats

     A seat asks every other seat to agree to something the rules alone do not allow
    (docs/OFFERS.md): `takeback` (its own last move undone), `abort` (the game ends with no
    result, only before every seat has moved once), `agreement` (the game ends now, ranked by
    the scores as they stand), `pause` (the clocks stop, for at most the game's
    `max_pause_seconds`) or `resume` (a pause ends). A seat's token makes it for its own seat;
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`. The offer's `id` is the version this change saves, and it is open until
    `expires_at` (`expires_in`, a day when left out). The seats the service plays answer at
    once, by rule: a bot accepts all but an agreement, which it declines; a seat nobody holds,
    or whose holder is away (`absent`), declines everything. An offer every other seat
    accepts takes effect in the same save as the last acceptance; the answer's `offer` tells
    what became of it (`open`, `took_effect`, `declined`). Events `offer_made`, and any
    answers by rule (`offer_accepted`, `offer_declined`, `by_rule: true`), then what the offer
    did, seen by every viewer, stream and webhook. One offer is open at a time (409
    `offer_open`); a kind the game's `offer_policy` does not allow, or not now, is 409
    `offer_not_allowed`; a kind a holder declined within `cooldown_moves` moves 409
    `offer_cooldown`; a takeback that may not be (`takeback_refused`) or an abort after every
    seat has moved (`abort_too_late`) are refused when made. A spectator, a holder who left,
    a seat's token naming another seat and the admin naming a seat the service plays are 403
    `offer_needs_seat`. No `If-Match` and no `Idempotency-Key`: a second offer while this one is
    open is 409 `offer_open`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (MakeOfferRequest): An offer to every other seat.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferConflictProblem | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MakeOfferRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferConflictProblem
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Make an offer to the other seats

     A seat asks every other seat to agree to something the rules alone do not allow
    (docs/OFFERS.md): `takeback` (its own last move undone), `abort` (the game ends with no
    result, only before every seat has moved once), `agreement` (the game ends now, ranked by
    the scores as they stand), `pause` (the clocks stop, for at most the game's
    `max_pause_seconds`) or `resume` (a pause ends). A seat's token makes it for its own seat;
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`. The offer's `id` is the version this change saves, and it is open until
    `expires_at` (`expires_in`, a day when left out). The seats the service plays answer at
    once, by rule: a bot accepts all but an agreement, which it declines; a seat nobody holds,
    or whose holder is away (`absent`), declines everything. An offer every other seat
    accepts takes effect in the same save as the last acceptance; the answer's `offer` tells
    what became of it (`open`, `took_effect`, `declined`). Events `offer_made`, and any
    answers by rule (`offer_accepted`, `offer_declined`, `by_rule: true`), then what the offer
    did, seen by every viewer, stream and webhook. One offer is open at a time (409
    `offer_open`); a kind the game's `offer_policy` does not allow, or not now, is 409
    `offer_not_allowed`; a kind a holder declined within `cooldown_moves` moves 409
    `offer_cooldown`; a takeback that may not be (`takeback_refused`) or an abort after every
    seat has moved (`abort_too_late`) are refused when made. A spectator, a holder who left,
    a seat's token naming another seat and the admin naming a seat the service plays are 403
    `offer_needs_seat`. No `If-Match` and no `Idempotency-Key`: a second offer while this one is
    open is 409 `offer_open`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (MakeOfferRequest): An offer to every other seat.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferConflictProblem | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: MakeOfferRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferConflictProblem
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Make an offer to the other seats

     A seat asks every other seat to agree to something the rules alone do not allow
    (docs/OFFERS.md): `takeback` (its own last move undone), `abort` (the game ends with no
    result, only before every seat has moved once), `agreement` (the game ends now, ranked by
    the scores as they stand), `pause` (the clocks stop, for at most the game's
    `max_pause_seconds`) or `resume` (a pause ends). A seat's token makes it for its own seat;
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`. The offer's `id` is the version this change saves, and it is open until
    `expires_at` (`expires_in`, a day when left out). The seats the service plays answer at
    once, by rule: a bot accepts all but an agreement, which it declines; a seat nobody holds,
    or whose holder is away (`absent`), declines everything. An offer every other seat
    accepts takes effect in the same save as the last acceptance; the answer's `offer` tells
    what became of it (`open`, `took_effect`, `declined`). Events `offer_made`, and any
    answers by rule (`offer_accepted`, `offer_declined`, `by_rule: true`), then what the offer
    did, seen by every viewer, stream and webhook. One offer is open at a time (409
    `offer_open`); a kind the game's `offer_policy` does not allow, or not now, is 409
    `offer_not_allowed`; a kind a holder declined within `cooldown_moves` moves 409
    `offer_cooldown`; a takeback that may not be (`takeback_refused`) or an abort after every
    seat has moved (`abort_too_late`) are refused when made. A spectator, a holder who left,
    a seat's token naming another seat and the admin naming a seat the service plays are 403
    `offer_needs_seat`. No `If-Match` and no `Idempotency-Key`: a second offer while this one is
    open is 409 `offer_open`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (MakeOfferRequest): An offer to every other seat.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferConflictProblem | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
