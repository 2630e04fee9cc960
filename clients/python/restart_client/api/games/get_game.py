from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.game_query_problem import GameQueryProblem
from ...models.game_view import GameView
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    at: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["at"] = at

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
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
    | GameQueryProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
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

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

    if response.status_code == 422:
        response_422 = GameQueryProblem.from_dict(response.json())

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
    | GameQueryProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
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
    game_id: str,
    *,
    client: AuthenticatedClient,
    at: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | GameQueryProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The game as the caller may see it

     The public table (rows, scores, tiles left, discarded tiles) plus `hand` (a
    player token: that seat's tiles) or `hands` (the admin token: every seat's).
    `ETag` is the game's version. With `?at=`, the game as the caller would have seen it
    at that version.

    Args:
        game_id (str): 22 URL-safe characters.
        at (int | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | GameQueryProblem | GameView | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        at=at,
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
    at: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | GameQueryProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The game as the caller may see it

     The public table (rows, scores, tiles left, discarded tiles) plus `hand` (a
    player token: that seat's tiles) or `hands` (the admin token: every seat's).
    `ETag` is the game's version. With `?at=`, the game as the caller would have seen it
    at that version.

    Args:
        game_id (str): 22 URL-safe characters.
        at (int | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | GameQueryProblem | GameView | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        at=at,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    at: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | GameQueryProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The game as the caller may see it

     The public table (rows, scores, tiles left, discarded tiles) plus `hand` (a
    player token: that seat's tiles) or `hands` (the admin token: every seat's).
    `ETag` is the game's version. With `?at=`, the game as the caller would have seen it
    at that version.

    Args:
        game_id (str): 22 URL-safe characters.
        at (int | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | GameQueryProblem | GameView | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        at=at,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    at: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | GameQueryProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The game as the caller may see it

     The public table (rows, scores, tiles left, discarded tiles) plus `hand` (a
    player token: that seat's tiles) or `hands` (the admin token: every seat's).
    `ETag` is the game's version. With `?at=`, the game as the caller would have seen it
    at that version.

    Args:
        game_id (str): 22 URL-safe characters.
        at (int | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | GameQueryProblem | GameView | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            at=at,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
