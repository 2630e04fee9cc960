from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.move_forbidden_problem import MoveForbiddenProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.seat_conflict_problem import SeatConflictProblem
from ...models.seat_handed import SeatHanded
from ...models.seat_holder_request import SeatHolderRequest
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...models.version_mismatch_problem import VersionMismatchProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    seat: int,
    *,
    body: SeatHolderRequest,
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/games/{game_id}/seats/{seat}/holder".format(
            game_id=quote(str(game_id), safe=""),
            seat=quote(str(seat), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    if response.status_code == 200:
        response_200 = SeatHanded.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = MoveForbiddenProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = SeatConflictProblem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = VersionMismatchProblem.from_dict(response.json())

        return response_412

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
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Hand a seat to a new holder

     The game's owner (its client key, or the game's admin token) hands the seat to someone else
    mid-game (docs/SEATS.md): the answer holds the new holder's token, shown this once. The last
    holder's token is refused (401) from this version on, on every operation; a move of theirs
    racing the hand-over is saved only if it was saved first. The seat keeps its hand, score and
    clock; a turn it has starts again with its time. Event `seat_taken`, seen by every viewer,
    stream and webhook. `name` is the new holder's (the seat's name when absent); `player` the
    client app's own reference for them (shown only to the owner's credentials). A seat its
    holder left, a bot's seat and a finished game's seats are not handed on. No
    `Idempotency-Key`: send `If-Match` to make a retry safe (a hand-over already made is 412).

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seat=seat,
        body=body,
        if_match=if_match,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Hand a seat to a new holder

     The game's owner (its client key, or the game's admin token) hands the seat to someone else
    mid-game (docs/SEATS.md): the answer holds the new holder's token, shown this once. The last
    holder's token is refused (401) from this version on, on every operation; a move of theirs
    racing the hand-over is saved only if it was saved first. The seat keeps its hand, score and
    clock; a turn it has starts again with its time. Event `seat_taken`, seen by every viewer,
    stream and webhook. `name` is the new holder's (the seat's name when absent); `player` the
    client app's own reference for them (shown only to the owner's credentials). A seat its
    holder left, a bot's seat and a finished game's seats are not handed on. No
    `Idempotency-Key`: send `If-Match` to make a retry safe (a hand-over already made is 412).

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem
    """

    return sync_detailed(
        game_id=game_id,
        seat=seat,
        client=client,
        body=body,
        if_match=if_match,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Hand a seat to a new holder

     The game's owner (its client key, or the game's admin token) hands the seat to someone else
    mid-game (docs/SEATS.md): the answer holds the new holder's token, shown this once. The last
    holder's token is refused (401) from this version on, on every operation; a move of theirs
    racing the hand-over is saved only if it was saved first. The seat keeps its hand, score and
    clock; a turn it has starts again with its time. Event `seat_taken`, seen by every viewer,
    stream and webhook. `name` is the new holder's (the seat's name when absent); `player` the
    client app's own reference for them (shown only to the owner's credentials). A seat its
    holder left, a bot's seat and a finished game's seats are not handed on. No
    `Idempotency-Key`: send `If-Match` to make a retry safe (a hand-over already made is 412).

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seat=seat,
        body=body,
        if_match=if_match,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Hand a seat to a new holder

     The game's owner (its client key, or the game's admin token) hands the seat to someone else
    mid-game (docs/SEATS.md): the answer holds the new holder's token, shown this once. The last
    holder's token is refused (401) from this version on, on every operation; a move of theirs
    racing the hand-over is saved only if it was saved first. The seat keeps its hand, score and
    clock; a turn it has starts again with its time. Event `seat_taken`, seen by every viewer,
    stream and webhook. `name` is the new holder's (the seat's name when absent); `player` the
    client app's own reference for them (shown only to the owner's credentials). A seat its
    holder left, a bot's seat and a finished game's seats are not handed on. No
    `Idempotency-Key`: send `If-Match` to make a retry safe (a hand-over already made is 412).

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            seat=seat,
            client=client,
            body=body,
            if_match=if_match,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
