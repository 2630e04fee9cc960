from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.answer_conflict_problem import AnswerConflictProblem
from ...models.answer_offer_request import AnswerOfferRequest
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.offer_answer import OfferAnswer
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
    offer_id: int,
    *,
    body: AnswerOfferRequest | Unset = UNSET,
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
        "url": "/v1/games/{game_id}/offers/{offer_id}/accept".format(
            game_id=quote(str(game_id), safe=""),
            offer_id=quote(str(offer_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    AnswerConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
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
        response_409 = AnswerConflictProblem.from_dict(response.json())

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
    AnswerConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
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
    offer_id: int,
    *,
    client: AuthenticatedClient,
    body: AnswerOfferRequest | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    AnswerConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Accept an open offer

     A seat accepts the open offer `offer_id` (docs/OFFERS.md): a seat's token for its own seat,
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`; the body may be left out. Event `offer_accepted`. The acceptance that leaves no
    other seat waiting makes the offer take effect in the same save (`state: took_effect`):
    a takeback's `taken_back`, an abort's or an agreement's `game_over`, a pause's
    `game_paused`, a resume's `game_resumed`. Accepting twice changes nothing (200, the same
    offer). An answer names the offer its sender saw: an offer not open any more (declined,
    lapsed by another change of the game, expired, replaced, or taken effect) is 409
    `offer_lapsed`, never an answer to the offer open now; the proposer's own answer is 409
    `own_offer`. No `If-Match`: the offer's id pins the version it was made at.

    Args:
        game_id (str): 22 URL-safe characters.
        offer_id (int): An offer's id, the game version whose save made it.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (AnswerOfferRequest | Unset): Which seat answers; the body may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnswerConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        offer_id=offer_id,
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
    offer_id: int,
    *,
    client: AuthenticatedClient,
    body: AnswerOfferRequest | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    AnswerConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Accept an open offer

     A seat accepts the open offer `offer_id` (docs/OFFERS.md): a seat's token for its own seat,
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`; the body may be left out. Event `offer_accepted`. The acceptance that leaves no
    other seat waiting makes the offer take effect in the same save (`state: took_effect`):
    a takeback's `taken_back`, an abort's or an agreement's `game_over`, a pause's
    `game_paused`, a resume's `game_resumed`. Accepting twice changes nothing (200, the same
    offer). An answer names the offer its sender saw: an offer not open any more (declined,
    lapsed by another change of the game, expired, replaced, or taken effect) is 409
    `offer_lapsed`, never an answer to the offer open now; the proposer's own answer is 409
    `own_offer`. No `If-Match`: the offer's id pins the version it was made at.

    Args:
        game_id (str): 22 URL-safe characters.
        offer_id (int): An offer's id, the game version whose save made it.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (AnswerOfferRequest | Unset): Which seat answers; the body may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnswerConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        offer_id=offer_id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    offer_id: int,
    *,
    client: AuthenticatedClient,
    body: AnswerOfferRequest | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    AnswerConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Accept an open offer

     A seat accepts the open offer `offer_id` (docs/OFFERS.md): a seat's token for its own seat,
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`; the body may be left out. Event `offer_accepted`. The acceptance that leaves no
    other seat waiting makes the offer take effect in the same save (`state: took_effect`):
    a takeback's `taken_back`, an abort's or an agreement's `game_over`, a pause's
    `game_paused`, a resume's `game_resumed`. Accepting twice changes nothing (200, the same
    offer). An answer names the offer its sender saw: an offer not open any more (declined,
    lapsed by another change of the game, expired, replaced, or taken effect) is 409
    `offer_lapsed`, never an answer to the offer open now; the proposer's own answer is 409
    `own_offer`. No `If-Match`: the offer's id pins the version it was made at.

    Args:
        game_id (str): 22 URL-safe characters.
        offer_id (int): An offer's id, the game version whose save made it.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (AnswerOfferRequest | Unset): Which seat answers; the body may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AnswerConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        offer_id=offer_id,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    offer_id: int,
    *,
    client: AuthenticatedClient,
    body: AnswerOfferRequest | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    AnswerConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | OfferAnswer
    | OfferForbiddenProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Accept an open offer

     A seat accepts the open offer `offer_id` (docs/OFFERS.md): a seat's token for its own seat,
    the game's admin (the owner's client key or the admin token) for the seat it names in
    `seat`; the body may be left out. Event `offer_accepted`. The acceptance that leaves no
    other seat waiting makes the offer take effect in the same save (`state: took_effect`):
    a takeback's `taken_back`, an abort's or an agreement's `game_over`, a pause's
    `game_paused`, a resume's `game_resumed`. Accepting twice changes nothing (200, the same
    offer). An answer names the offer its sender saw: an offer not open any more (declined,
    lapsed by another change of the game, expired, replaced, or taken effect) is 409
    `offer_lapsed`, never an answer to the offer open now; the proposer's own answer is 409
    `own_offer`. No `If-Match`: the offer's id pins the version it was made at.

    Args:
        game_id (str): 22 URL-safe characters.
        offer_id (int): An offer's id, the game version whose save made it.
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (AnswerOfferRequest | Unset): Which seat answers; the body may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AnswerConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | OfferAnswer | OfferForbiddenProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            offer_id=offer_id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
