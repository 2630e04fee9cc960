from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_game_request import CreateGameRequest
from ...models.created_game import CreatedGame
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
    body: CreateGameRequest,
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
        "url": "/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CreatedGame
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
        response_201 = CreatedGame.from_dict(response.json())

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
    CreatedGame
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
    body: CreateGameRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    CreatedGame
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
    """Create a game and deal its first round

     Seats the players in the given order and deals round 1. The answer holds the
    game as the admin sees it and the tokens, which are shown only this once.
    `seed` makes the deals reproducible; without one the server picks a random seed.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateGameRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
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
    body: CreateGameRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    CreatedGame
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
    """Create a game and deal its first round

     Seats the players in the given order and deals round 1. The answer holds the
    game as the admin sees it and the tokens, which are shown only this once.
    `seed` makes the deals reproducible; without one the server picks a random seed.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateGameRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
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
    body: CreateGameRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    CreatedGame
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
    """Create a game and deal its first round

     Seats the players in the given order and deals round 1. The answer holds the
    game as the admin sees it and the tokens, which are shown only this once.
    `seed` makes the deals reproducible; without one the server picks a random seed.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateGameRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
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
    body: CreateGameRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    CreatedGame
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
    """Create a game and deal its first round

     Seats the players in the given order and deals round 1. The answer holds the
    game as the admin sees it and the tokens, which are shown only this once.
    `seed` makes the deals reproducible; without one the server picks a random seed.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateGameRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | CreationInvalidProblem | CreationRefusedProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
