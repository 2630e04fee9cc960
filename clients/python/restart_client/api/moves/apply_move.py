from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.move import Move
from ...models.move_conflict_problem import MoveConflictProblem
from ...models.move_forbidden_problem import MoveForbiddenProblem
from ...models.move_header_problem import MoveHeaderProblem
from ...models.move_refused_problem import MoveRefusedProblem
from ...models.move_result import MoveResult
from ...models.not_found_problem import NotFoundProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...models.version_mismatch_problem import VersionMismatchProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: Move,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_match, Unset):
        headers["If-Match"] = if_match

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/moves".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | MoveConflictProblem
    | MoveForbiddenProblem
    | MoveHeaderProblem
    | MoveRefusedProblem
    | MoveResult
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    if response.status_code == 200:
        response_200 = MoveResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = MoveHeaderProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = MoveForbiddenProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = MoveConflictProblem.from_dict(response.json())

        return response_409

    if response.status_code == 412:
        response_412 = VersionMismatchProblem.from_dict(response.json())

        return response_412

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
        response_422 = MoveRefusedProblem.from_dict(response.json())

        return response_422

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
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | MoveConflictProblem
    | MoveForbiddenProblem
    | MoveHeaderProblem
    | MoveRefusedProblem
    | MoveResult
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
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
    body: Move,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | MoveConflictProblem
    | MoveForbiddenProblem
    | MoveHeaderProblem
    | MoveRefusedProblem
    | MoveResult
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Submit a move

     The move is judged, applied and saved in one atomic step with its events. A
    player token may move only for its own seat (403); an illegal move is 422 with
    the engine's `code` (see the check order in the introduction). Use `If-Match`
    to move only from the version you saw, and `Idempotency-Key` to retry safely.

    Args:
        game_id (str): 22 URL-safe characters.
        if_match (str | Unset):
        idempotency_key (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameInternalErrorProblem | HeaderFieldsTooLargeProblem | MoveConflictProblem | MoveForbiddenProblem | MoveHeaderProblem | MoveRefusedProblem | MoveResult | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
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
    body: Move,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | MoveConflictProblem
    | MoveForbiddenProblem
    | MoveHeaderProblem
    | MoveRefusedProblem
    | MoveResult
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Submit a move

     The move is judged, applied and saved in one atomic step with its events. A
    player token may move only for its own seat (403); an illegal move is 422 with
    the engine's `code` (see the check order in the introduction). Use `If-Match`
    to move only from the version you saw, and `Idempotency-Key` to retry safely.

    Args:
        game_id (str): 22 URL-safe characters.
        if_match (str | Unset):
        idempotency_key (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameInternalErrorProblem | HeaderFieldsTooLargeProblem | MoveConflictProblem | MoveForbiddenProblem | MoveHeaderProblem | MoveRefusedProblem | MoveResult | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Move,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | MoveConflictProblem
    | MoveForbiddenProblem
    | MoveHeaderProblem
    | MoveRefusedProblem
    | MoveResult
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
]:
    """Submit a move

     The move is judged, applied and saved in one atomic step with its events. A
    player token may move only for its own seat (403); an illegal move is 422 with
    the engine's `code` (see the check order in the introduction). Use `If-Match`
    to move only from the version you saw, and `Idempotency-Key` to retry safely.

    Args:
        game_id (str): 22 URL-safe characters.
        if_match (str | Unset):
        idempotency_key (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameInternalErrorProblem | HeaderFieldsTooLargeProblem | MoveConflictProblem | MoveForbiddenProblem | MoveHeaderProblem | MoveRefusedProblem | MoveResult | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        if_match=if_match,
        idempotency_key=idempotency_key,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Move,
    if_match: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | MoveConflictProblem
    | MoveForbiddenProblem
    | MoveHeaderProblem
    | MoveRefusedProblem
    | MoveResult
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | VersionMismatchProblem
    | None
):
    """Submit a move

     The move is judged, applied and saved in one atomic step with its events. A
    player token may move only for its own seat (403); an illegal move is 422 with
    the engine's `code` (see the check order in the introduction). Use `If-Match`
    to move only from the version you saw, and `Idempotency-Key` to retry safely.

    Args:
        game_id (str): 22 URL-safe characters.
        if_match (str | Unset):
        idempotency_key (str | Unset):
        x_request_id (str | Unset):
        accept_language (str | Unset):
        body (Move): One turn. `play` places `tiles` (a run, in order) on `row`. `scissors` and
            `trash` play that purple tile on `row` (scissors removes the top tile, trash
            everything above the 1), then optionally `tiles` as a follow-up run on the
            same row. `pass` names no row and no tiles. Whether the move is legal is the
            engine's call: a play without tiles is 422 `empty_play`, a pass with a row
            `pass_takes_nothing`, an unknown code `unknown_tile`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameInternalErrorProblem | HeaderFieldsTooLargeProblem | MoveConflictProblem | MoveForbiddenProblem | MoveHeaderProblem | MoveRefusedProblem | MoveResult | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem | VersionMismatchProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            if_match=if_match,
            idempotency_key=idempotency_key,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
