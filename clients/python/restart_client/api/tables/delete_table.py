from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.forbidden_problem import ForbiddenProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.table_dealt_problem import TableDealtProblem
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
        "method": "delete",
        "url": "/v1/tables/{table_id}".format(
            table_id=quote(str(table_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Any
    | BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableDealtProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ForbiddenProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = TableDealtProblem.from_dict(response.json())

        return response_409

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
    Any
    | BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableDealtProblem
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
    Any
    | BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableDealtProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """Remove a table that waits, or expired

     With the owner's client key or the table's admin token, while the table waits or after its time
    ran out: from then on its invitations and tokens open nothing (401) and the owner's key gets 404,
    as for a table that never existed. A table whose seats are all taken has its game: 409
    `table_dealt` (delete the game, `deleteGame`). A spectator's token, a seat holder's and an
    invitation may not (403).

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | TableDealtProblem | UnauthorizedProblem | UriTooLongProblem]
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
    Any
    | BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableDealtProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """Remove a table that waits, or expired

     With the owner's client key or the table's admin token, while the table waits or after its time
    ran out: from then on its invitations and tokens open nothing (401) and the owner's key gets 404,
    as for a table that never existed. A table whose seats are all taken has its game: 409
    `table_dealt` (delete the game, `deleteGame`). A spectator's token, a seat holder's and an
    invitation may not (403).

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | TableDealtProblem | UnauthorizedProblem | UriTooLongProblem
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
    Any
    | BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableDealtProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """Remove a table that waits, or expired

     With the owner's client key or the table's admin token, while the table waits or after its time
    ran out: from then on its invitations and tokens open nothing (401) and the owner's key gets 404,
    as for a table that never existed. A table whose seats are all taken has its game: 409
    `table_dealt` (delete the game, `deleteGame`). A spectator's token, a seat holder's and an
    invitation may not (403).

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | TableDealtProblem | UnauthorizedProblem | UriTooLongProblem]
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
    Any
    | BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | TableDealtProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """Remove a table that waits, or expired

     With the owner's client key or the table's admin token, while the table waits or after its time
    ran out: from then on its invitations and tokens open nothing (401) and the owner's key gets 404,
    as for a table that never existed. A table whose seats are all taken has its game: 409
    `table_dealt` (delete the game, `deleteGame`). A spectator's token, a seat holder's and an
    invitation may not (403).

    Args:
        table_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | TableDealtProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            table_id=table_id,
            client=client,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
