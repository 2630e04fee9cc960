from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.table import Table
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    table_id: str,
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
        "url": "/v1/tables/{table_id}".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | Table
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = Table.from_dict(response.json())

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
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | Table
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
    table_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | Table
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The table, as anyone it gave a token sees it

     To its owner's key and to every token the table gave out: the admin's, the spectators', a seat
    holder's, and an open seat's invitation until it is claimed (a claim page shows whose table it
    is). Only the owner's credentials (its client key, the admin token) see each seat's `player`.
    `status` is `waiting`, `dealt` (then `game_id` is the game's id: the table's) or `expired` (its
    time ran out with a seat still open). A table is kept a day past its time, pointing to its game
    if it was dealt, then it is gone: its tokens get 401, the owner's key 404. A table whose seats
    are all held but whose game a claim did not deal (it died between the two) is dealt by this
    reading.

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | Table | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    table_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | Table
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The table, as anyone it gave a token sees it

     To its owner's key and to every token the table gave out: the admin's, the spectators', a seat
    holder's, and an open seat's invitation until it is claimed (a claim page shows whose table it
    is). Only the owner's credentials (its client key, the admin token) see each seat's `player`.
    `status` is `waiting`, `dealt` (then `game_id` is the game's id: the table's) or `expired` (its
    time ran out with a seat still open). A table is kept a day past its time, pointing to its game
    if it was dealt, then it is gone: its tokens get 401, the owner's key 404. A table whose seats
    are all held but whose game a claim did not deal (it died between the two) is dealt by this
    reading.

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | Table | UnauthorizedProblem | UriTooLongProblem
    """

    return sync_detailed(
        table_id=table_id,
        client=client,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    table_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | Table
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The table, as anyone it gave a token sees it

     To its owner's key and to every token the table gave out: the admin's, the spectators', a seat
    holder's, and an open seat's invitation until it is claimed (a claim page shows whose table it
    is). Only the owner's credentials (its client key, the admin token) see each seat's `player`.
    `status` is `waiting`, `dealt` (then `game_id` is the game's id: the table's) or `expired` (its
    time ran out with a seat still open). A table is kept a day past its time, pointing to its game
    if it was dealt, then it is gone: its tokens get 401, the owner's key 404. A table whose seats
    are all held but whose game a claim did not deal (it died between the two) is dealt by this
    reading.

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | Table | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        table_id=table_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    table_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | Table
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The table, as anyone it gave a token sees it

     To its owner's key and to every token the table gave out: the admin's, the spectators', a seat
    holder's, and an open seat's invitation until it is claimed (a claim page shows whose table it
    is). Only the owner's credentials (its client key, the admin token) see each seat's `player`.
    `status` is `waiting`, `dealt` (then `game_id` is the game's id: the table's) or `expired` (its
    time ran out with a seat still open). A table is kept a day past its time, pointing to its game
    if it was dealt, then it is gone: its tokens get 401, the owner's key 404. A table whose seats
    are all held but whose game a claim did not deal (it died between the two) is dealt by this
    reading.

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | Table | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
