from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.approval import Approval
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.invalid_request_problem import InvalidRequestProblem
from ...models.malformed_request_problem import MalformedRequestProblem
from ...models.move import Move
from ...models.move_forbidden_problem import MoveForbiddenProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.payload_too_large_problem import PayloadTooLargeProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.refusal import Refusal
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.unsupported_media_type_problem import UnsupportedMediaTypeProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    body: Move,
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
        "url": "/v1/games/{game_id}/moves/validate".format(
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
    Approval
    | Refusal
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:

        def _parse_response_200(data: object) -> Approval | Refusal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_verdict_type_0 = Approval.from_dict(data)

                return componentsschemas_verdict_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_verdict_type_1 = Refusal.from_dict(data)

            return componentsschemas_verdict_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = MalformedRequestProblem.from_dict(response.json())

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
    Approval
    | Refusal
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
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
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Move,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    Approval
    | Refusal
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Would this move be legal now? Changes nothing.

     Same body and the same seat rules as submitting a move; the answer says
    whether the engine would accept it and, if not, its code and sentence.

    Args:
        game_id (str): 22 URL-safe characters.
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
        Response[Approval | Refusal | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
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
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    Approval
    | Refusal
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Would this move be legal now? Changes nothing.

     Same body and the same seat rules as submitting a move; the answer says
    whether the engine would accept it and, if not, its code and sentence.

    Args:
        game_id (str): 22 URL-safe characters.
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
        Approval | Refusal | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    body: Move,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    Approval
    | Refusal
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
]:
    """Would this move be legal now? Changes nothing.

     Same body and the same seat rules as submitting a move; the answer says
    whether the engine would accept it and, if not, its code and sentence.

    Args:
        game_id (str): 22 URL-safe characters.
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
        Response[Approval | Refusal | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
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
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    Approval
    | Refusal
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | InvalidRequestProblem
    | MalformedRequestProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | PayloadTooLargeProblem
    | RateLimitedProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UnsupportedMediaTypeProblem
    | UriTooLongProblem
    | None
):
    """Would this move be legal now? Changes nothing.

     Same body and the same seat rules as submitting a move; the answer says
    whether the engine would accept it and, if not, its code and sentence.

    Args:
        game_id (str): 22 URL-safe characters.
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
        Approval | Refusal | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | InvalidRequestProblem | MalformedRequestProblem | MoveForbiddenProblem | NotFoundProblem | PayloadTooLargeProblem | RateLimitedProblem | StorageUnavailableProblem | UnauthorizedProblem | UnsupportedMediaTypeProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
