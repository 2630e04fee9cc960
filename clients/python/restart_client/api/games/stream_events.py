from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.stream_refused_problem import StreamRefusedProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    last_event_id: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/stream".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | NotFoundProblem
    | StorageUnavailableProblem
    | StreamRefusedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | str
    | None
):
    if response.status_code == 200:
        response_200 = response.text
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

    if response.status_code == 422:
        response_422 = InvalidRequestProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = StreamRefusedProblem.from_dict(response.json())

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
    | InvalidRequestProblem
    | NotFoundProblem
    | StorageUnavailableProblem
    | StreamRefusedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | str
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    last_event_id: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | NotFoundProblem
    | StorageUnavailableProblem
    | StreamRefusedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | str
]:
    """The game's events pushed as they happen (Server-Sent Events, or NDJSON)

     For a frontend or a bot that follows a game without polling. With any credential of
    the game (a seat's, the admin's or the spectator's token, or its owner's key), in
    this order:

    1. one frame `game`: the caller's view of the game, exactly what
       `GET /v1/games/{game_id}` answers that caller (no `id`);
    2. every event of the log after the cursor, then each new event as it happens,
       as a frame named after its `type` with its `seq` as `id` and the same JSON as
       `GET /v1/games/{game_id}/events` gives;
    3. for a seat's token only, right after each `round_dealt`, a frame `hand` with
       that seat's new hand (no `id`). No other caller ever gets a hand, and no frame
       names a tile its caller may not see;
    4. a keep-alive when nothing else was sent for 15 seconds (a comment line
       `: keep-alive` in SSE, an empty line in NDJSON), so that proxies keep it open.

    The cursor is the `Last-Event-ID` header (what an SSE client sends when it
    reconnects) or else `after`; without either the stream starts from the first
    event. A client that reconnects with the last `id` it got loses nothing and gets
    nothing twice. The stream ends after `game_over` (at once when the cursor is
    already past it), and when the instance serving it stops: reconnect with the last
    `id`. Bad credentials, an unknown game or a cursor beyond the log get the same
    answers as the other game operations, before the stream starts.

    As SSE (`text/event-stream`, the default), each frame is `id:` (when it has one),
    `event:` and one `data:` line. With `Accept: application/x-ndjson`, each frame is
    one line of JSON: `{"event": ..., "id": ... or null, "data": ...}` (`StreamFrame`).
    `EventSource` cannot send headers: browsers read the stream with `fetch`.

    Args:
        game_id (str): 22 URL-safe characters.
        after (int | Unset):  Default: 0.
        last_event_id (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | NotFoundProblem | StorageUnavailableProblem | StreamRefusedProblem | UnauthorizedProblem | UriTooLongProblem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    last_event_id: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | NotFoundProblem
    | StorageUnavailableProblem
    | StreamRefusedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | str
    | None
):
    """The game's events pushed as they happen (Server-Sent Events, or NDJSON)

     For a frontend or a bot that follows a game without polling. With any credential of
    the game (a seat's, the admin's or the spectator's token, or its owner's key), in
    this order:

    1. one frame `game`: the caller's view of the game, exactly what
       `GET /v1/games/{game_id}` answers that caller (no `id`);
    2. every event of the log after the cursor, then each new event as it happens,
       as a frame named after its `type` with its `seq` as `id` and the same JSON as
       `GET /v1/games/{game_id}/events` gives;
    3. for a seat's token only, right after each `round_dealt`, a frame `hand` with
       that seat's new hand (no `id`). No other caller ever gets a hand, and no frame
       names a tile its caller may not see;
    4. a keep-alive when nothing else was sent for 15 seconds (a comment line
       `: keep-alive` in SSE, an empty line in NDJSON), so that proxies keep it open.

    The cursor is the `Last-Event-ID` header (what an SSE client sends when it
    reconnects) or else `after`; without either the stream starts from the first
    event. A client that reconnects with the last `id` it got loses nothing and gets
    nothing twice. The stream ends after `game_over` (at once when the cursor is
    already past it), and when the instance serving it stops: reconnect with the last
    `id`. Bad credentials, an unknown game or a cursor beyond the log get the same
    answers as the other game operations, before the stream starts.

    As SSE (`text/event-stream`, the default), each frame is `id:` (when it has one),
    `event:` and one `data:` line. With `Accept: application/x-ndjson`, each frame is
    one line of JSON: `{"event": ..., "id": ... or null, "data": ...}` (`StreamFrame`).
    `EventSource` cannot send headers: browsers read the stream with `fetch`.

    Args:
        game_id (str): 22 URL-safe characters.
        after (int | Unset):  Default: 0.
        last_event_id (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | NotFoundProblem | StorageUnavailableProblem | StreamRefusedProblem | UnauthorizedProblem | UriTooLongProblem | str
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        last_event_id=last_event_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    last_event_id: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | NotFoundProblem
    | StorageUnavailableProblem
    | StreamRefusedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | str
]:
    """The game's events pushed as they happen (Server-Sent Events, or NDJSON)

     For a frontend or a bot that follows a game without polling. With any credential of
    the game (a seat's, the admin's or the spectator's token, or its owner's key), in
    this order:

    1. one frame `game`: the caller's view of the game, exactly what
       `GET /v1/games/{game_id}` answers that caller (no `id`);
    2. every event of the log after the cursor, then each new event as it happens,
       as a frame named after its `type` with its `seq` as `id` and the same JSON as
       `GET /v1/games/{game_id}/events` gives;
    3. for a seat's token only, right after each `round_dealt`, a frame `hand` with
       that seat's new hand (no `id`). No other caller ever gets a hand, and no frame
       names a tile its caller may not see;
    4. a keep-alive when nothing else was sent for 15 seconds (a comment line
       `: keep-alive` in SSE, an empty line in NDJSON), so that proxies keep it open.

    The cursor is the `Last-Event-ID` header (what an SSE client sends when it
    reconnects) or else `after`; without either the stream starts from the first
    event. A client that reconnects with the last `id` it got loses nothing and gets
    nothing twice. The stream ends after `game_over` (at once when the cursor is
    already past it), and when the instance serving it stops: reconnect with the last
    `id`. Bad credentials, an unknown game or a cursor beyond the log get the same
    answers as the other game operations, before the stream starts.

    As SSE (`text/event-stream`, the default), each frame is `id:` (when it has one),
    `event:` and one `data:` line. With `Accept: application/x-ndjson`, each frame is
    one line of JSON: `{"event": ..., "id": ... or null, "data": ...}` (`StreamFrame`).
    `EventSource` cannot send headers: browsers read the stream with `fetch`.

    Args:
        game_id (str): 22 URL-safe characters.
        after (int | Unset):  Default: 0.
        last_event_id (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | NotFoundProblem | StorageUnavailableProblem | StreamRefusedProblem | UnauthorizedProblem | UriTooLongProblem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        last_event_id=last_event_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    last_event_id: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | NotFoundProblem
    | StorageUnavailableProblem
    | StreamRefusedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | str
    | None
):
    """The game's events pushed as they happen (Server-Sent Events, or NDJSON)

     For a frontend or a bot that follows a game without polling. With any credential of
    the game (a seat's, the admin's or the spectator's token, or its owner's key), in
    this order:

    1. one frame `game`: the caller's view of the game, exactly what
       `GET /v1/games/{game_id}` answers that caller (no `id`);
    2. every event of the log after the cursor, then each new event as it happens,
       as a frame named after its `type` with its `seq` as `id` and the same JSON as
       `GET /v1/games/{game_id}/events` gives;
    3. for a seat's token only, right after each `round_dealt`, a frame `hand` with
       that seat's new hand (no `id`). No other caller ever gets a hand, and no frame
       names a tile its caller may not see;
    4. a keep-alive when nothing else was sent for 15 seconds (a comment line
       `: keep-alive` in SSE, an empty line in NDJSON), so that proxies keep it open.

    The cursor is the `Last-Event-ID` header (what an SSE client sends when it
    reconnects) or else `after`; without either the stream starts from the first
    event. A client that reconnects with the last `id` it got loses nothing and gets
    nothing twice. The stream ends after `game_over` (at once when the cursor is
    already past it), and when the instance serving it stops: reconnect with the last
    `id`. Bad credentials, an unknown game or a cursor beyond the log get the same
    answers as the other game operations, before the stream starts.

    As SSE (`text/event-stream`, the default), each frame is `id:` (when it has one),
    `event:` and one `data:` line. With `Accept: application/x-ndjson`, each frame is
    one line of JSON: `{"event": ..., "id": ... or null, "data": ...}` (`StreamFrame`).
    `EventSource` cannot send headers: browsers read the stream with `fetch`.

    Args:
        game_id (str): 22 URL-safe characters.
        after (int | Unset):  Default: 0.
        last_event_id (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | NotFoundProblem | StorageUnavailableProblem | StreamRefusedProblem | UnauthorizedProblem | UriTooLongProblem | str
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            last_event_id=last_event_id,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
