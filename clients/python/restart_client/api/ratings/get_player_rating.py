from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.player_rating import PlayerRating
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unknown_player_problem import UnknownPlayerProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player: str,
    *,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/ratings/players/{player}".format(
            player=quote(str(player), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | PlayerRating
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnknownPlayerProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = PlayerRating.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = UnknownPlayerProblem.from_dict(response.json())

        return response_404

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

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
        response_500 = InternalErrorProblem.from_dict(response.json())

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
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | PlayerRating
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnknownPlayerProblem
    | UriTooLongProblem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | PlayerRating
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnknownPlayerProblem
    | UriTooLongProblem
]:
    """A player's rating in the client's pool, and its history

     The rating of the person this client names `player` in the client's rating pool
    (docs/RATINGS.md): the Plackett–Luce model's `mu` and `sigma`, the conservative `ordinal`
    (`mu - 3 sigma`) the leaderboard is ordered by, the rated games played, the player's `rank`
    on the leaderboard (1: first), and their last 100 rated games, newest first, each with the
    rating before and after. A pool is the client's own unless the operator joins clients in
    one (`RATING_POOLS`). A reference the pool never rated is 404 `unknown_player`.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | PlayerRating | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnknownPlayerProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        player=player,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | PlayerRating
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnknownPlayerProblem
    | UriTooLongProblem
    | None
):
    """A player's rating in the client's pool, and its history

     The rating of the person this client names `player` in the client's rating pool
    (docs/RATINGS.md): the Plackett–Luce model's `mu` and `sigma`, the conservative `ordinal`
    (`mu - 3 sigma`) the leaderboard is ordered by, the rated games played, the player's `rank`
    on the leaderboard (1: first), and their last 100 rated games, newest first, each with the
    rating before and after. A pool is the client's own unless the operator joins clients in
    one (`RATING_POOLS`). A reference the pool never rated is 404 `unknown_player`.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | PlayerRating | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnknownPlayerProblem | UriTooLongProblem
    """

    return sync_detailed(
        player=player,
        client=client,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    player: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | PlayerRating
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnknownPlayerProblem
    | UriTooLongProblem
]:
    """A player's rating in the client's pool, and its history

     The rating of the person this client names `player` in the client's rating pool
    (docs/RATINGS.md): the Plackett–Luce model's `mu` and `sigma`, the conservative `ordinal`
    (`mu - 3 sigma`) the leaderboard is ordered by, the rated games played, the player's `rank`
    on the leaderboard (1: first), and their last 100 rated games, newest first, each with the
    rating before and after. A pool is the client's own unless the operator joins clients in
    one (`RATING_POOLS`). A reference the pool never rated is 404 `unknown_player`.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | PlayerRating | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnknownPlayerProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        player=player,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | PlayerRating
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnknownPlayerProblem
    | UriTooLongProblem
    | None
):
    """A player's rating in the client's pool, and its history

     The rating of the person this client names `player` in the client's rating pool
    (docs/RATINGS.md): the Plackett–Luce model's `mu` and `sigma`, the conservative `ordinal`
    (`mu - 3 sigma`) the leaderboard is ordered by, the rated games played, the player's `rank`
    on the leaderboard (1: first), and their last 100 rated games, newest first, each with the
    rating before and after. A pool is the client's own unless the operator joins clients in
    one (`RATING_POOLS`). A reference the pool never rated is 404 `unknown_player`.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | PlayerRating | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnknownPlayerProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            player=player,
            client=client,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
