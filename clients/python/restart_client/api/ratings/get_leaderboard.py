from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.leaderboard import Leaderboard
from ...models.leaderboard_refused_problem import LeaderboardRefusedProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/ratings/leaderboard",
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | Leaderboard
    | LeaderboardRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

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
        response_422 = LeaderboardRefusedProblem.from_dict(response.json())

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
    | Leaderboard
    | LeaderboardRefusedProblem
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
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | Leaderboard
    | LeaderboardRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The client's pool, highest rating first, a page at a time

     The players of the client's rating pool ordered by `ordinal` (`mu - 3 sigma`), highest
    first; equal ordinals in a stable order. Page `page` of `per_page` players; `pages` is how
    many there are (1 for an empty pool, whose first page is empty). A page past the last is
    422 `page_out_of_range`. A read costs the same at any size of pool (a sorted set).

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | Leaderboard | LeaderboardRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
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
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | Leaderboard
    | LeaderboardRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The client's pool, highest rating first, a page at a time

     The players of the client's rating pool ordered by `ordinal` (`mu - 3 sigma`), highest
    first; equal ordinals in a stable order. Page `page` of `per_page` players; `pages` is how
    many there are (1 for an empty pool, whose first page is empty). A page past the last is
    422 `page_out_of_range`. A read costs the same at any size of pool (a sorted set).

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | Leaderboard | LeaderboardRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | Leaderboard
    | LeaderboardRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The client's pool, highest rating first, a page at a time

     The players of the client's rating pool ordered by `ordinal` (`mu - 3 sigma`), highest
    first; equal ordinals in a stable order. Page `page` of `per_page` players; `pages` is how
    many there are (1 for an empty pool, whose first page is empty). A page past the last is
    422 `page_out_of_range`. A read costs the same at any size of pool (a sorted set).

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | Leaderboard | LeaderboardRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    page: int | Unset = 1,
    per_page: int | Unset = 20,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | Leaderboard
    | LeaderboardRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The client's pool, highest rating first, a page at a time

     The players of the client's rating pool ordered by `ordinal` (`mu - 3 sigma`), highest
    first; equal ordinals in a stable order. Page `page` of `per_page` players; `pages` is how
    many there are (1 for an empty pool, whose first page is empty). A page past the last is
    422 `page_out_of_range`. A read costs the same at any size of pool (a sorted set).

    Args:
        page (int | Unset):  Default: 1.
        per_page (int | Unset):  Default: 20.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | Leaderboard | LeaderboardRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
