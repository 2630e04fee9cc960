from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_webhook_request import CreateWebhookRequest
from ...models.created_webhook import CreatedWebhook
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...models.webhook_invalid_problem import WebhookInvalidProblem
from ...models.webhooks_limited_problem import WebhooksLimitedProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateWebhookRequest,
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
        "url": "/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    CreatedWebhook
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | WebhookInvalidProblem
    | WebhooksLimitedProblem
    | None
):
    if response.status_code == 201:
        response_201 = CreatedWebhook.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = MalformedRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 409:
        response_409 = WebhooksLimitedProblem.from_dict(response.json())

        return response_409

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
        response_422 = WebhookInvalidProblem.from_dict(response.json())

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
    CreatedWebhook
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | WebhookInvalidProblem
    | WebhooksLimitedProblem
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
    body: CreateWebhookRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    CreatedWebhook
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | WebhookInvalidProblem
    | WebhooksLimitedProblem
]:
    """Register a webhook for the client's games

     From the answer on, every change of a game this client owns (`game.created`, each
    `game.moved` (bots' moves included), `game.finished`, `game.deleted`) is POSTed to `url`,
    signed as Standard Webhooks sign (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    `events` keeps only those types (every `game.*` type when absent); `turn.started` (a turn
    that starts for a seat held by a person the client names) is sent only when named there. `secret` is
    shown this once: keep it to
    verify signatures (the service keeps it too, since it signs with it). The URL must be
    `https` to a public address (`webhook_url_refused` otherwise); a client has at most 10
    webhooks (`webhooks_limited`). The answer waits about a second, until every instance of the
    service tells this client's changes. See docs/WEBHOOKS.md.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedWebhook | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | WebhookInvalidProblem | WebhooksLimitedProblem]
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
    body: CreateWebhookRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    CreatedWebhook
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | WebhookInvalidProblem
    | WebhooksLimitedProblem
    | None
):
    """Register a webhook for the client's games

     From the answer on, every change of a game this client owns (`game.created`, each
    `game.moved` (bots' moves included), `game.finished`, `game.deleted`) is POSTed to `url`,
    signed as Standard Webhooks sign (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    `events` keeps only those types (every `game.*` type when absent); `turn.started` (a turn
    that starts for a seat held by a person the client names) is sent only when named there. `secret` is
    shown this once: keep it to
    verify signatures (the service keeps it too, since it signs with it). The URL must be
    `https` to a public address (`webhook_url_refused` otherwise); a client has at most 10
    webhooks (`webhooks_limited`). The answer waits about a second, until every instance of the
    service tells this client's changes. See docs/WEBHOOKS.md.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedWebhook | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | WebhookInvalidProblem | WebhooksLimitedProblem
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
    body: CreateWebhookRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    CreatedWebhook
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | WebhookInvalidProblem
    | WebhooksLimitedProblem
]:
    """Register a webhook for the client's games

     From the answer on, every change of a game this client owns (`game.created`, each
    `game.moved` (bots' moves included), `game.finished`, `game.deleted`) is POSTed to `url`,
    signed as Standard Webhooks sign (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    `events` keeps only those types (every `game.*` type when absent); `turn.started` (a turn
    that starts for a seat held by a person the client names) is sent only when named there. `secret` is
    shown this once: keep it to
    verify signatures (the service keeps it too, since it signs with it). The URL must be
    `https` to a public address (`webhook_url_refused` otherwise); a client has at most 10
    webhooks (`webhooks_limited`). The answer waits about a second, until every instance of the
    service tells this client's changes. See docs/WEBHOOKS.md.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedWebhook | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | WebhookInvalidProblem | WebhooksLimitedProblem]
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
    body: CreateWebhookRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    CreatedWebhook
    | HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | WebhookInvalidProblem
    | WebhooksLimitedProblem
    | None
):
    """Register a webhook for the client's games

     From the answer on, every change of a game this client owns (`game.created`, each
    `game.moved` (bots' moves included), `game.finished`, `game.deleted`) is POSTed to `url`,
    signed as Standard Webhooks sign (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    `events` keeps only those types (every `game.*` type when absent); `turn.started` (a turn
    that starts for a seat held by a person the client names) is sent only when named there. `secret` is
    shown this once: keep it to
    verify signatures (the service keeps it too, since it signs with it). The URL must be
    `https` to a public address (`webhook_url_refused` otherwise); a client has at most 10
    webhooks (`webhooks_limited`). The answer waits about a second, until every instance of the
    service tells this client's changes. See docs/WEBHOOKS.md.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (CreateWebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedWebhook | HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | WebhookInvalidProblem | WebhooksLimitedProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
