from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.claim_conflict_problem import ClaimConflictProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.invitation_gone_problem import InvitationGoneProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.seat_handed import SeatHanded
from ...models.seat_holder_request import SeatHolderRequest
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
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
        "url": "/v1/games/{game_id}/seats/{seat}/claim".format(
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
    | ClaimConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | InvitationGoneProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
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

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ClaimConflictProblem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = InvitationGoneProblem.from_dict(response.json())

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
    BadRequestProblem
    | ClaimConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | InvitationGoneProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatHanded
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
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | ClaimConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | InvitationGoneProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Claim a seat by its invitation

     Whoever holds an open invitation to the seat (its token, sent as the bearer token) takes the
    seat, as `name` (the seat's name when absent) under the client app's reference `player`:
    the answer holds the seat's new token, shown this once, and the game as the new holder sees
    it. The last holder's token is refused (401) from this version on; the seat keeps its hand,
    score and clock. Event `seat_taken`. Of two claims of one invitation exactly one is saved:
    the other is 409 `invitation_used`. An expired or revoked invitation is 410
    (`invitation_expired`, `invitation_revoked`); a token that is no invitation of the seat is
    401, as any token that opens nothing. A claim is counted against the game's owner.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | ClaimConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | InvitationGoneProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
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
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | ClaimConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | InvitationGoneProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Claim a seat by its invitation

     Whoever holds an open invitation to the seat (its token, sent as the bearer token) takes the
    seat, as `name` (the seat's name when absent) under the client app's reference `player`:
    the answer holds the seat's new token, shown this once, and the game as the new holder sees
    it. The last holder's token is refused (401) from this version on; the seat keeps its hand,
    score and clock. Event `seat_taken`. Of two claims of one invitation exactly one is saved:
    the other is 409 `invitation_used`. An expired or revoked invitation is 410
    (`invitation_expired`, `invitation_revoked`); a token that is no invitation of the seat is
    401, as any token that opens nothing. A claim is counted against the game's owner.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | ClaimConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | InvitationGoneProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        seat=seat,
        client=client,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    seat: int,
    *,
    client: AuthenticatedClient,
    body: SeatHolderRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | ClaimConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | InvitationGoneProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Claim a seat by its invitation

     Whoever holds an open invitation to the seat (its token, sent as the bearer token) takes the
    seat, as `name` (the seat's name when absent) under the client app's reference `player`:
    the answer holds the seat's new token, shown this once, and the game as the new holder sees
    it. The last holder's token is refused (401) from this version on; the seat keeps its hand,
    score and clock. Event `seat_taken`. Of two claims of one invitation exactly one is saved:
    the other is 409 `invitation_used`. An expired or revoked invitation is 410
    (`invitation_expired`, `invitation_revoked`); a token that is no invitation of the seat is
    401, as any token that opens nothing. A claim is counted against the game's owner.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | ClaimConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | InvitationGoneProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seat=seat,
        body=body,
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
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | ClaimConflictProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | InvitationGoneProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | SeatHanded
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Claim a seat by its invitation

     Whoever holds an open invitation to the seat (its token, sent as the bearer token) takes the
    seat, as `name` (the seat's name when absent) under the client app's reference `player`:
    the answer holds the seat's new token, shown this once, and the game as the new holder sees
    it. The last holder's token is refused (401) from this version on; the seat keeps its hand,
    score and clock. Event `seat_taken`. Of two claims of one invitation exactly one is saved:
    the other is 409 `invitation_used`. An expired or revoked invitation is 410
    (`invitation_expired`, `invitation_revoked`); a token that is no invitation of the seat is
    401, as any token that opens nothing. A claim is counted against the game's owner.

    Args:
        game_id (str): 22 URL-safe characters.
        seat (int): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (SeatHolderRequest): The seat's new holder; both members may be left out.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | ClaimConflictProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | InvitationGoneProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | SeatHanded | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            seat=seat,
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
