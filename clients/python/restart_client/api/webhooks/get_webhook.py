from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...models.webhook import Webhook
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: str,
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
        "url": "/v1/webhooks/{webhook_id}".format(
            webhook_id=quote(str(webhook_id), safe=""),
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
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | Webhook
    | None
):
    if response.status_code == 200:
        response_200 = Webhook.from_dict(response.json())

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
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | Webhook
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | Webhook
]:
    """One of the client's webhooks

     `disabled` says whether deliveries still go: a webhook is disabled when its endpoint
    answered 410 Gone, or when every delivery failed for the whole retry schedule, and paused
    while its pending deliveries are at their bound (`disabled_reason` says which: `backlog`).
    Retrying a delivery enables it again.

    Args:
        webhook_id (str): `wh_` and 16 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | Webhook]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | Webhook
    | None
):
    """One of the client's webhooks

     `disabled` says whether deliveries still go: a webhook is disabled when its endpoint
    answered 410 Gone, or when every delivery failed for the whole retry schedule, and paused
    while its pending deliveries are at their bound (`disabled_reason` says which: `backlog`).
    Retrying a delivery enables it again.

    Args:
        webhook_id (str): `wh_` and 16 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | Webhook
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | Webhook
]:
    """One of the client's webhooks

     `disabled` says whether deliveries still go: a webhook is disabled when its endpoint
    answered 410 Gone, or when every delivery failed for the whole retry schedule, and paused
    while its pending deliveries are at their bound (`disabled_reason` says which: `backlog`).
    Retrying a delivery enables it again.

    Args:
        webhook_id (str): `wh_` and 16 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | Webhook]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | NotFoundProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | Webhook
    | None
):
    """One of the client's webhooks

     `disabled` says whether deliveries still go: a webhook is disabled when its endpoint
    answered 410 Gone, or when every delivery failed for the whole retry schedule, and paused
    while its pending deliveries are at their bound (`disabled_reason` says which: `backlog`).
    Retrying a delivery enables it again.

    Args:
        webhook_id (str): `wh_` and 16 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | HeaderFieldsTooLargeProblem | InternalErrorProblem | NotFoundProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem | Webhook
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
