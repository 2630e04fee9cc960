from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_record import GameRecord
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.internal_error_problem import InternalErrorProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.record_verdict import RecordVerdict
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: GameRecord,
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
        "url": "/v1/records/verify",
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
    | InvalidRequestProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | RecordVerdict
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = RecordVerdict.from_dict(response.json())

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
        response_422 = InvalidRequestProblem.from_dict(response.json())

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
    | InvalidRequestProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | RecordVerdict
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
    body: GameRecord,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | RecordVerdict
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Replay a game record on the rules (stateless)

     Replays a `restart-record/1` on the rules: one from `GET /v1/games/{game_id}/record`, or
    one written anywhere else (nothing of this service's seeds is needed). Each round's deal
    is checked against the setup (its hands' sizes, each tile once, the 1s, the box when
    given, the starter), each move is judged by the engine in turn, and the result it computes
    is compared with the record's (`status`, `winners`, `end_reason`, `scores`, in that
    order). The answer is `valid: true` with that result, or `valid: false` with the record's
    first flaw: where it is (`round`, `move_index`), a stable `code` and a sentence (`detail`,
    in the request's language). Every hand must be given: the record a seat or a spectator
    reads while a game is played is `hand_hidden`. A move's `at` and `timed_out` and the
    `clock` are shown, not checked. For client apps, like `POST /v1/adjudicate`: it takes the
    client's key, and counts against its limits. Nothing is stored.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (GameRecord): A whole game as its deals and moves, format `restart-record/1`: what
            `GET /v1/games/{game_id}/record` answers and `POST /v1/records/verify` replays. It needs
            nothing of this service (no seed, no id): a game played anywhere can be written as one.
            Its sense is the rules': each round is dealt as the record says, its moves are played in
            order, and its result is what they give. A record from a caller that may not see every
            tile (a seat's or a spectator's token, while the game is played) has null for the hands
            and the box it may not see.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | RecordVerdict | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
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
    body: GameRecord,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | RecordVerdict
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Replay a game record on the rules (stateless)

     Replays a `restart-record/1` on the rules: one from `GET /v1/games/{game_id}/record`, or
    one written anywhere else (nothing of this service's seeds is needed). Each round's deal
    is checked against the setup (its hands' sizes, each tile once, the 1s, the box when
    given, the starter), each move is judged by the engine in turn, and the result it computes
    is compared with the record's (`status`, `winners`, `end_reason`, `scores`, in that
    order). The answer is `valid: true` with that result, or `valid: false` with the record's
    first flaw: where it is (`round`, `move_index`), a stable `code` and a sentence (`detail`,
    in the request's language). Every hand must be given: the record a seat or a spectator
    reads while a game is played is `hand_hidden`. A move's `at` and `timed_out` and the
    `clock` are shown, not checked. For client apps, like `POST /v1/adjudicate`: it takes the
    client's key, and counts against its limits. Nothing is stored.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (GameRecord): A whole game as its deals and moves, format `restart-record/1`: what
            `GET /v1/games/{game_id}/record` answers and `POST /v1/records/verify` replays. It needs
            nothing of this service (no seed, no id): a game played anywhere can be written as one.
            Its sense is the rules': each round is dealt as the record says, its moves are played in
            order, and its result is what they give. A record from a caller that may not see every
            tile (a seat's or a spectator's token, while the game is played) has null for the hands
            and the box it may not see.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | RecordVerdict | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
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
    body: GameRecord,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | RecordVerdict
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Replay a game record on the rules (stateless)

     Replays a `restart-record/1` on the rules: one from `GET /v1/games/{game_id}/record`, or
    one written anywhere else (nothing of this service's seeds is needed). Each round's deal
    is checked against the setup (its hands' sizes, each tile once, the 1s, the box when
    given, the starter), each move is judged by the engine in turn, and the result it computes
    is compared with the record's (`status`, `winners`, `end_reason`, `scores`, in that
    order). The answer is `valid: true` with that result, or `valid: false` with the record's
    first flaw: where it is (`round`, `move_index`), a stable `code` and a sentence (`detail`,
    in the request's language). Every hand must be given: the record a seat or a spectator
    reads while a game is played is `hand_hidden`. A move's `at` and `timed_out` and the
    `clock` are shown, not checked. For client apps, like `POST /v1/adjudicate`: it takes the
    client's key, and counts against its limits. Nothing is stored.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (GameRecord): A whole game as its deals and moves, format `restart-record/1`: what
            `GET /v1/games/{game_id}/record` answers and `POST /v1/records/verify` replays. It needs
            nothing of this service (no seed, no id): a game played anywhere can be written as one.
            Its sense is the rules': each round is dealt as the record says, its moves are played in
            order, and its result is what they give. A record from a caller that may not see every
            tile (a seat's or a spectator's token, while the game is played) has null for the hands
            and the box it may not see.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | RecordVerdict | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
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
    body: GameRecord,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    HeaderFieldsTooLargeProblem
    | InternalErrorProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | RecordVerdict
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Replay a game record on the rules (stateless)

     Replays a `restart-record/1` on the rules: one from `GET /v1/games/{game_id}/record`, or
    one written anywhere else (nothing of this service's seeds is needed). Each round's deal
    is checked against the setup (its hands' sizes, each tile once, the 1s, the box when
    given, the starter), each move is judged by the engine in turn, and the result it computes
    is compared with the record's (`status`, `winners`, `end_reason`, `scores`, in that
    order). The answer is `valid: true` with that result, or `valid: false` with the record's
    first flaw: where it is (`round`, `move_index`), a stable `code` and a sentence (`detail`,
    in the request's language). Every hand must be given: the record a seat or a spectator
    reads while a game is played is `hand_hidden`. A move's `at` and `timed_out` and the
    `clock` are shown, not checked. For client apps, like `POST /v1/adjudicate`: it takes the
    client's key, and counts against its limits. Nothing is stored.

    Args:
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (GameRecord): A whole game as its deals and moves, format `restart-record/1`: what
            `GET /v1/games/{game_id}/record` answers and `POST /v1/records/verify` replays. It needs
            nothing of this service (no seed, no id): a game played anywhere can be written as one.
            Its sense is the rules': each round is dealt as the record says, its moves are played in
            order, and its result is what they give. A record from a caller that may not see every
            tile (a seat's or a spectator's token, while the game is played) has null for the hands
            and the box it may not see.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        HeaderFieldsTooLargeProblem | InternalErrorProblem | InvalidRequestProblem | MalformedRequestProblem | PayloadTooLargeProblem | RateLimitedProblem | RecordVerdict | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
