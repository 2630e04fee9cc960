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
from ...models.player_turns_page import PlayerTurnsPage
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player: str,
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/players/{player}/turns".format(
            player=quote(str(player), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | PlayerTurnsPage
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = PlayerTurnsPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

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
    | PlayerTurnsPage
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | PlayerTurnsPage
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The client's games whose turn is a player's

     The games created with this client's key (never another client's) whose turn is now the
    seat held by the person this client names `player` (the reference a seat was created,
    handed or claimed with; docs/SEATS.md): what a correspondence site shows as "your move".
    A seat played by a bot, vacated, or left is no one's turn. Ordered by the turn's deadline,
    the latest first; a game without a clock by when its turn started, among them by the same
    instant. A page at a time: pass `next_cursor` as `cursor` for the next page; `null` means
    there is nothing further. A page may hold fewer turns than `limit` (at most 1,000 entries
    are read per page) and still have a cursor. A reference no game names lists nothing.
    With a `turn.started` webhook (`POST /v1/webhooks`), a backend is told each turn as it
    starts instead of asking.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        cursor (str | Unset): A place in a player's turns (opaque).
        limit (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | PlayerTurnsPage | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        player=player,
        cursor=cursor,
        limit=limit,
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
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | PlayerTurnsPage
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The client's games whose turn is a player's

     The games created with this client's key (never another client's) whose turn is now the
    seat held by the person this client names `player` (the reference a seat was created,
    handed or claimed with; docs/SEATS.md): what a correspondence site shows as "your move".
    A seat played by a bot, vacated, or left is no one's turn. Ordered by the turn's deadline,
    the latest first; a game without a clock by when its turn started, among them by the same
    instant. A page at a time: pass `next_cursor` as `cursor` for the next page; `null` means
    there is nothing further. A page may hold fewer turns than `limit` (at most 1,000 entries
    are read per page) and still have a cursor. A reference no game names lists nothing.
    With a `turn.started` webhook (`POST /v1/webhooks`), a backend is told each turn as it
    starts instead of asking.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        cursor (str | Unset): A place in a player's turns (opaque).
        limit (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | PlayerTurnsPage | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return sync_detailed(
        player=player,
        client=client,
        cursor=cursor,
        limit=limit,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    player: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | PlayerTurnsPage
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The client's games whose turn is a player's

     The games created with this client's key (never another client's) whose turn is now the
    seat held by the person this client names `player` (the reference a seat was created,
    handed or claimed with; docs/SEATS.md): what a correspondence site shows as "your move".
    A seat played by a bot, vacated, or left is no one's turn. Ordered by the turn's deadline,
    the latest first; a game without a clock by when its turn started, among them by the same
    instant. A page at a time: pass `next_cursor` as `cursor` for the next page; `null` means
    there is nothing further. A page may hold fewer turns than `limit` (at most 1,000 entries
    are read per page) and still have a cursor. A reference no game names lists nothing.
    With a `turn.started` webhook (`POST /v1/webhooks`), a backend is told each turn as it
    starts instead of asking.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        cursor (str | Unset): A place in a player's turns (opaque).
        limit (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | PlayerTurnsPage | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        player=player,
        cursor=cursor,
        limit=limit,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | PlayerTurnsPage
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The client's games whose turn is a player's

     The games created with this client's key (never another client's) whose turn is now the
    seat held by the person this client names `player` (the reference a seat was created,
    handed or claimed with; docs/SEATS.md): what a correspondence site shows as "your move".
    A seat played by a bot, vacated, or left is no one's turn. Ordered by the turn's deadline,
    the latest first; a game without a clock by when its turn started, among them by the same
    instant. A page at a time: pass `next_cursor` as `cursor` for the next page; `null` means
    there is nothing further. A page may hold fewer turns than `limit` (at most 1,000 entries
    are read per page) and still have a cursor. A reference no game names lists nothing.
    With a `turn.started` webhook (`POST /v1/webhooks`), a backend is told each turn as it
    starts instead of asking.

    Args:
        player (str): The client app's own opaque reference for a person (an id, an e-mail
            address, a URN):
            letters, digits and `._:@-`. Shown only to the game owner's credentials (its client key
            and
            the game's admin token), never to seats, spectators or other client apps.
        cursor (str | Unset): A place in a player's turns (opaque).
        limit (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | PlayerTurnsPage | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            player=player,
            client=client,
            cursor=cursor,
            limit=limit,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
