from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.claimed_table_seat import ClaimedTableSeat
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.seat_holder_request import SeatHolderRequest
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.table_claim_conflict_problem import TableClaimConflictProblem
from ...models.table_expired_problem import TableExpiredProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: str,
    seat: int,
    *,
    body: SeatHolderRequest,
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
        "url": "/v1/tables/{table_id}/seats/{seat}/claim".format(
            table_id=quote(str(table_id), safe=""),
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
    ClaimedTableSeat
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableClaimConflictProblem
    | TableExpiredProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = ClaimedTableSeat.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = MalformedRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = TableClaimConflictProblem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = TableExpiredProblem.from_dict(response.json())

        return response_410

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
    ClaimedTableSeat
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableClaimConflictProblem
    | TableExpiredProblem
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
    table_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    ClaimedTableSeat
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableClaimConflictProblem
    | TableExpiredProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Claim a table's open seat by its invitation

     Whoever holds an open seat's invitation (its token, sent as the bearer token) takes the seat, as
    `name` (the seat's name when absent) under the client app's reference `player`: the answer holds
    the table as the claimant sees it and their token for the seat in the game to come, shown this
    once. The claim that takes the last open seat deals the game in the same request, under the
    table's id: the answer's table is `dealt`, and every token the table gave out opens the game
    (`GET /v1/games/{game_id}`), each seat's holder's their seat; its clocks start then. Of claims
    racing for one seat exactly one is saved: every other is 409 `invitation_used`, as is any later
    claim with its invitation. Past the table's time 410 `invitation_expired`; a token that is no
    invitation of that seat (or of a deleted table) is 401, as any token that opens nothing; a seat
    the table does not have 404. None of these changes the table. A claim is counted against the
    table's owner.

    Args:
        table_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimedTableSeat | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | TableClaimConflictProblem | TableExpiredProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        seat=seat,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    ClaimedTableSeat
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableClaimConflictProblem
    | TableExpiredProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Claim a table's open seat by its invitation

     Whoever holds an open seat's invitation (its token, sent as the bearer token) takes the seat, as
    `name` (the seat's name when absent) under the client app's reference `player`: the answer holds
    the table as the claimant sees it and their token for the seat in the game to come, shown this
    once. The claim that takes the last open seat deals the game in the same request, under the
    table's id: the answer's table is `dealt`, and every token the table gave out opens the game
    (`GET /v1/games/{game_id}`), each seat's holder's their seat; its clocks start then. Of claims
    racing for one seat exactly one is saved: every other is 409 `invitation_used`, as is any later
    claim with its invitation. Past the table's time 410 `invitation_expired`; a token that is no
    invitation of that seat (or of a deleted table) is 401, as any token that opens nothing; a seat
    the table does not have 404. None of these changes the table. A claim is counted against the
    table's owner.

    Args:
        table_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimedTableSeat | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | TableClaimConflictProblem | TableExpiredProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return sync_detailed(
        table_id=table_id,
        seat=seat,
        client=client,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    table_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    ClaimedTableSeat
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableClaimConflictProblem
    | TableExpiredProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Claim a table's open seat by its invitation

     Whoever holds an open seat's invitation (its token, sent as the bearer token) takes the seat, as
    `name` (the seat's name when absent) under the client app's reference `player`: the answer holds
    the table as the claimant sees it and their token for the seat in the game to come, shown this
    once. The claim that takes the last open seat deals the game in the same request, under the
    table's id: the answer's table is `dealt`, and every token the table gave out opens the game
    (`GET /v1/games/{game_id}`), each seat's holder's their seat; its clocks start then. Of claims
    racing for one seat exactly one is saved: every other is 409 `invitation_used`, as is any later
    claim with its invitation. Past the table's time 410 `invitation_expired`; a token that is no
    invitation of that seat (or of a deleted table) is 401, as any token that opens nothing; a seat
    the table does not have 404. None of these changes the table. A claim is counted against the
    table's owner.

    Args:
        table_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClaimedTableSeat | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | TableClaimConflictProblem | TableExpiredProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        seat=seat,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    ClaimedTableSeat
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableClaimConflictProblem
    | TableExpiredProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Claim a table's open seat by its invitation

     Whoever holds an open seat's invitation (its token, sent as the bearer token) takes the seat, as
    `name` (the seat's name when absent) under the client app's reference `player`: the answer holds
    the table as the claimant sees it and their token for the seat in the game to come, shown this
    once. The claim that takes the last open seat deals the game in the same request, under the
    table's id: the answer's table is `dealt`, and every token the table gave out opens the game
    (`GET /v1/games/{game_id}`), each seat's holder's their seat; its clocks start then. Of claims
    racing for one seat exactly one is saved: every other is 409 `invitation_used`, as is any later
    claim with its invitation. Past the table's time 410 `invitation_expired`; a token that is no
    invitation of that seat (or of a deleted table) is 401, as any token that opens nothing; a seat
    the table does not have 404. None of these changes the table. A claim is counted against the
    table's owner.

    Args:
        table_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClaimedTableSeat | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | TableClaimConflictProblem | TableExpiredProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            seat=seat,
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
