from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_table_request import CreateTableRequest
from ...models.created_table import CreatedTable
from ...models.creation_invalid_problem import CreationInvalidProblem
from ...models.creation_refused_problem import CreationRefusedProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateTableRequest,
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
        "url": "/v1/tables",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CreatedTable
    | CreationInvalidProblem
    | CreationRefusedProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 201:
        response_201 = CreatedTable.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = MalformedRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

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
        response_422 = CreationInvalidProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = CreationRefusedProblem.from_dict(response.json())

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
    CreatedTable
    | CreationInvalidProblem
    | CreationRefusedProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
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
    *,
    client: AuthenticatedClient,
    body: CreateTableRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    CreatedTable
    | CreationInvalidProblem
    | CreationRefusedProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Set up a game with seats open, waiting for its players

     A table (docs/SEATS.md, "Open seats: tables"): a creation's fields, some seats left open
    (`{"open": true}`, perhaps with a `name`, the seat's until someone claims it: `Player <n>` when
    left out), and `expires_in`, how long the table waits for its players. The answer holds the
    table as its owner sees it, the tokens of the game to come (`admin`, `spectator`, and
    `players[seat]` for each seat taken from the start: null for an open seat and a bot's), and one
    invitation per open seat, whose token is the bearer token of its claim (`claimTableSeat`): every
    token is shown this once. The claim that takes the last open seat deals the game under the
    table's id, with these tokens; its first round is dealt and its clocks start then. A table
    counts as a creation of the owner's from the start (its games window, its open games: 429).
    At least one seat is open (a table with none is 422 `invalid_request`: that is a creation); a
    bot level and a clock are checked as a creation checks them.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateTableRequest): A creation's fields (`CreateGameRequest`), some seats left
            open, and how long the table waits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedTable | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateTableRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    CreatedTable
    | CreationInvalidProblem
    | CreationRefusedProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Set up a game with seats open, waiting for its players

     A table (docs/SEATS.md, "Open seats: tables"): a creation's fields, some seats left open
    (`{"open": true}`, perhaps with a `name`, the seat's until someone claims it: `Player <n>` when
    left out), and `expires_in`, how long the table waits for its players. The answer holds the
    table as its owner sees it, the tokens of the game to come (`admin`, `spectator`, and
    `players[seat]` for each seat taken from the start: null for an open seat and a bot's), and one
    invitation per open seat, whose token is the bearer token of its claim (`claimTableSeat`): every
    token is shown this once. The claim that takes the last open seat deals the game under the
    table's id, with these tokens; its first round is dealt and its clocks start then. A table
    counts as a creation of the owner's from the start (its games window, its open games: 429).
    At least one seat is open (a table with none is 422 `invalid_request`: that is a creation); a
    bot level and a clock are checked as a creation checks them.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateTableRequest): A creation's fields (`CreateGameRequest`), some seats left
            open, and how long the table waits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedTable | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return sync_detailed(
        client=client,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTableRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    CreatedTable
    | CreationInvalidProblem
    | CreationRefusedProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Set up a game with seats open, waiting for its players

     A table (docs/SEATS.md, "Open seats: tables"): a creation's fields, some seats left open
    (`{"open": true}`, perhaps with a `name`, the seat's until someone claims it: `Player <n>` when
    left out), and `expires_in`, how long the table waits for its players. The answer holds the
    table as its owner sees it, the tokens of the game to come (`admin`, `spectator`, and
    `players[seat]` for each seat taken from the start: null for an open seat and a bot's), and one
    invitation per open seat, whose token is the bearer token of its claim (`claimTableSeat`): every
    token is shown this once. The claim that takes the last open seat deals the game under the
    table's id, with these tokens; its first round is dealt and its clocks start then. A table
    counts as a creation of the owner's from the start (its games window, its open games: 429).
    At least one seat is open (a table with none is 422 `invalid_request`: that is a creation); a
    bot level and a clock are checked as a creation checks them.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateTableRequest): A creation's fields (`CreateGameRequest`), some seats left
            open, and how long the table waits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedTable | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateTableRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    CreatedTable
    | CreationInvalidProblem
    | CreationRefusedProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Set up a game with seats open, waiting for its players

     A table (docs/SEATS.md, "Open seats: tables"): a creation's fields, some seats left open
    (`{"open": true}`, perhaps with a `name`, the seat's until someone claims it: `Player <n>` when
    left out), and `expires_in`, how long the table waits for its players. The answer holds the
    table as its owner sees it, the tokens of the game to come (`admin`, `spectator`, and
    `players[seat]` for each seat taken from the start: null for an open seat and a bot's), and one
    invitation per open seat, whose token is the bearer token of its claim (`claimTableSeat`): every
    token is shown this once. The claim that takes the last open seat deals the game under the
    table's id, with these tokens; its first round is dealt and its clocks start then. A table
    counts as a creation of the owner's from the start (its games window, its open games: 429).
    At least one seat is open (a table with none is 422 `invalid_request`: that is a creation); a
    bot level and a clock are checked as a creation checks them.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateTableRequest): A creation's fields (`CreateGameRequest`), some seats left
            open, and how long the table waits.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedTable | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
