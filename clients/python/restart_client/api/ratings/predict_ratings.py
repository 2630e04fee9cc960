from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.prediction import Prediction
from ...models.prediction_refused_problem import PredictionRefusedProblem
from ...models.prediction_request import PredictionRequest
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PredictionRequest,
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
        "url": "/v1/ratings/predictions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | Prediction
    | PredictionRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = Prediction.from_dict(response.json())

        return response_200

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
        response_422 = PredictionRefusedProblem.from_dict(response.json())

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
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | Prediction
    | PredictionRefusedProblem
    | RateLimitedProblem
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
    body: PredictionRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | Prediction
    | PredictionRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Each seat's chance to win at a prospective table

     For a table of 2 to 4 seats, each a player of the client's pool (`player`: a reference
    the pool never rated counts as a newcomer, at the model's start) or a bot level (`bot`:
    its rating on the same scale, docs/BOTS.md): each seat's rating, its chance to finish
    first (the chances sum to 1) and its expected place (`rank`, 1: first; equal where the
    model cannot tell seats apart). Nothing is stored. A level the service does not play is
    422 `unknown_bot_level`; 1 or 5 seats, or a seat naming both or neither, `invalid_request`.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (PredictionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | Prediction | PredictionRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
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
    body: PredictionRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | Prediction
    | PredictionRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Each seat's chance to win at a prospective table

     For a table of 2 to 4 seats, each a player of the client's pool (`player`: a reference
    the pool never rated counts as a newcomer, at the model's start) or a bot level (`bot`:
    its rating on the same scale, docs/BOTS.md): each seat's rating, its chance to finish
    first (the chances sum to 1) and its expected place (`rank`, 1: first; equal where the
    model cannot tell seats apart). Nothing is stored. A level the service does not play is
    422 `unknown_bot_level`; 1 or 5 seats, or a seat naming both or neither, `invalid_request`.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (PredictionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | Prediction | PredictionRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
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
    body: PredictionRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | Prediction
    | PredictionRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Each seat's chance to win at a prospective table

     For a table of 2 to 4 seats, each a player of the client's pool (`player`: a reference
    the pool never rated counts as a newcomer, at the model's start) or a bot level (`bot`:
    its rating on the same scale, docs/BOTS.md): each seat's rating, its chance to finish
    first (the chances sum to 1) and its expected place (`rank`, 1: first; equal where the
    model cannot tell seats apart). Nothing is stored. A level the service does not play is
    422 `unknown_bot_level`; 1 or 5 seats, or a seat naming both or neither, `invalid_request`.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (PredictionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | Prediction | PredictionRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
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
    body: PredictionRequest,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | Prediction
    | PredictionRefusedProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Each seat's chance to win at a prospective table

     For a table of 2 to 4 seats, each a player of the client's pool (`player`: a reference
    the pool never rated counts as a newcomer, at the model's start) or a bot level (`bot`:
    its rating on the same scale, docs/BOTS.md): each seat's rating, its chance to finish
    first (the chances sum to 1) and its expected place (`rank`, 1: first; equal where the
    model cannot tell seats apart). Nothing is stored. A level the service does not play is
    422 `unknown_bot_level`; 1 or 5 seats, or a seat naming both or neither, `invalid_request`.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (PredictionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeaderFieldsTooLargeProblem | InternalErrorProblem | MalformedRequestProblem | PayloadTooLargeProblem | Prediction | PredictionRefusedProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
