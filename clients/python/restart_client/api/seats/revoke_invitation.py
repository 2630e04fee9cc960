from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.game_view import GameView
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.move_forbidden_problem import MoveForbiddenProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.seat_conflict_problem import SeatConflictProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...models.version_mismatch_problem import VersionMismatchProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    seat: int,
    *,
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
        "method": "delete",
        "url": "/v1/games/{game_id}/seats/{seat}/invitation".format(
            game_id=quote(str(game_id), safe=""),
            seat=quote(str(seat), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

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

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

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
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
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
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Revoke a seat's open invitation

     The game's owner (its client key, or the game's admin token) revokes the seat's open
    invitation: a claim of it is 410 `invitation_revoked` from this version on. Event
    `invitation_revoked`. A seat with no open invitation is 200 and changes nothing. The answer
    is the game as the admin sees it.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RateLimitedProblem | SeatConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | VersionMismatchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seat=seat,
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
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Revoke a seat's open invitation

     The game's owner (its client key, or the game's admin token) revokes the seat's open
    invitation: a claim of it is 410 `invitation_revoked` from this version on. Event
    `invitation_revoked`. A seat with no open invitation is 200 and changes nothing. The answer
    is the game as the admin sees it.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RateLimitedProblem | SeatConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | VersionMismatchProblem
    """

    return sync_detailed(
        game_id=game_id,
        seat=seat,
        client=client,
        if_match=if_match,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Revoke a seat's open invitation

     The game's owner (its client key, or the game's admin token) revokes the seat's open
    invitation: a claim of it is 410 `invitation_revoked` from this version on. Event
    `invitation_revoked`. A seat with no open invitation is 200 and changes nothing. The answer
    is the game as the admin sees it.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RateLimitedProblem | SeatConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | VersionMismatchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seat=seat,
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
    if_match: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RateLimitedProblem
    | SeatConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Revoke a seat's open invitation

     The game's owner (its client key, or the game's admin token) revokes the seat's open
    invitation: a claim of it is 410 `invitation_revoked` from this version on. Event
    `invitation_revoked`. A seat with no open invitation is 200 and changes nothing. The answer
    is the game as the admin sees it.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        if_match (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RateLimitedProblem | SeatConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | VersionMismatchProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            seat=seat,
            client=client,
            if_match=if_match,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
