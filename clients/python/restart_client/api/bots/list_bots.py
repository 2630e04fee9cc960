from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.bot_levels import BotLevels
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
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
        "url": "/v1/bots",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem | None:
    if response.status_code == 200:
        response_200 = BotLevels.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

    if response.status_code == 431:
        response_431 = HeaderFieldsTooLargeProblem.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = InternalErrorProblem.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem]:
    """The levels the service plays a seat at

     Weakest first. Seat one in a game with `{"name": ..., "bot": <level>}` among its
    `players`: the service plays that seat's turns itself, as soon as the turn is its,
    through the same judge, save and events as anyone's moves, deciding from that seat's
    view only (its hand and what is public). Public: no credentials, no rate limit.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem | None:
    """The levels the service plays a seat at

     Weakest first. Seat one in a game with `{"name": ..., "bot": <level>}` among its
    `players`: the service plays that seat's turns itself, as soon as the turn is its,
    through the same judge, save and events as anyone's moves, deciding from that seat's
    view only (its hand and what is public). Public: no credentials, no rate limit.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem
    """

    return sync_detailed(
        client=client,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem]:
    """The levels the service plays a seat at

     Weakest first. Seat one in a game with `{"name": ..., "bot": <level>}` among its
    `players`: the service plays that seat's turns itself, as soon as the turn is its,
    through the same judge, save and events as anyone's moves, deciding from that seat's
    view only (its hand and what is public). Public: no credentials, no rate limit.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem | None:
    """The levels the service plays a seat at

     Weakest first. Seat one in a game with `{"name": ..., "bot": <level>}` among its
    `players`: the service plays that seat's turns itself, as soon as the turn is its,
    through the same judge, save and events as anyone's moves, deciding from that seat's
    view only (its hand and what is public). Public: no credentials, no rate limit.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | BotLevels | HeaderFieldsTooLargeProblem | InternalErrorProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
