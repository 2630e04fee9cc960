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
from ...models.invitation_request import InvitationRequest
from ...models.move_forbidden_problem import MoveForbiddenProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.seat_conflict_problem import SeatConflictProblem
from ...models.seat_invitation import SeatInvitation
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
    body: InvitationRequest,
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
        "method": "post",
        "url": "/v1/games/{game_id}/seats/{seat}/invitation".format(
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
    | SeatInvitation
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    if response.status_code == 200:
        response_200 = SeatInvitation.from_dict(response.json())

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
    | SeatInvitation
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
    body: InvitationRequest,
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
    | SeatInvitation
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Invite someone to a seat

     The game's owner (its client key, or the game's admin token) makes an invitation to the seat
    (docs/SEATS.md): a single-use token for a link, shown this once, open `expires_in` seconds
    (a week when left out). Its first claim (`claimSeat`) takes the seat; until then the seat's
    holder, if it has one, plays on, and a vacated seat is played by the game's absent-seat
    policy. One invitation is open per seat: a new one revokes the last, and so does handing the
    seat on or its holder's leaving. Event `seat_invited` (with `expires_at`, never the token),
    seen by every viewer, stream and webhook. A seat its holder left, a bot's seat and a finished
    game's seats take no invitation. No `Idempotency-Key` (each makes a new token): send
    `If-Match` to make a retry safe.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (InvitationRequest): How long the invitation is open.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatInvitation | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem]
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
    body: InvitationRequest,
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
    | SeatInvitation
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Invite someone to a seat

     The game's owner (its client key, or the game's admin token) makes an invitation to the seat
    (docs/SEATS.md): a single-use token for a link, shown this once, open `expires_in` seconds
    (a week when left out). Its first claim (`claimSeat`) takes the seat; until then the seat's
    holder, if it has one, plays on, and a vacated seat is played by the game's absent-seat
    policy. One invitation is open per seat: a new one revokes the last, and so does handing the
    seat on or its holder's leaving. Event `seat_invited` (with `expires_at`, never the token),
    seen by every viewer, stream and webhook. A seat its holder left, a bot's seat and a finished
    game's seats take no invitation. No `Idempotency-Key` (each makes a new token): send
    `If-Match` to make a retry safe.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (InvitationRequest): How long the invitation is open.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatInvitation | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem
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
    body: InvitationRequest,
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
    | SeatInvitation
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Invite someone to a seat

     The game's owner (its client key, or the game's admin token) makes an invitation to the seat
    (docs/SEATS.md): a single-use token for a link, shown this once, open `expires_in` seconds
    (a week when left out). Its first claim (`claimSeat`) takes the seat; until then the seat's
    holder, if it has one, plays on, and a vacated seat is played by the game's absent-seat
    policy. One invitation is open per seat: a new one revokes the last, and so does handing the
    seat on or its holder's leaving. Event `seat_invited` (with `expires_at`, never the token),
    seen by every viewer, stream and webhook. A seat its holder left, a bot's seat and a finished
    game's seats take no invitation. No `Idempotency-Key` (each makes a new token): send
    `If-Match` to make a retry safe.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (InvitationRequest): How long the invitation is open.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatInvitation | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem]
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
    body: InvitationRequest,
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
    | SeatInvitation
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Invite someone to a seat

     The game's owner (its client key, or the game's admin token) makes an invitation to the seat
    (docs/SEATS.md): a single-use token for a link, shown this once, open `expires_in` seconds
    (a week when left out). Its first claim (`claimSeat`) takes the seat; until then the seat's
    holder, if it has one, plays on, and a vacated seat is played by the game's absent-seat
    policy. One invitation is open per seat: a new one revokes the last, and so does handing the
    seat on or its holder's leaving. Event `seat_invited` (with `expires_at`, never the token),
    seen by every viewer, stream and webhook. A seat its holder left, a bot's seat and a finished
    game's seats take no invitation. No `Idempotency-Key` (each makes a new token): send
    `If-Match` to make a retry safe.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (InvitationRequest): How long the invitation is open.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatConflictProblem | SeatInvitation | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem
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
