from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.creation_refused_problem import CreationRefusedProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.game_view import GameView
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.move_forbidden_problem import MoveForbiddenProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rematch_conflict_problem import RematchConflictProblem
from ...models.storage_unavailable_problem import StorageUnavailableProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
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
        "method": "post",
        "url": "/v1/games/{game_id}/rematch".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BadRequestProblem
    | CreationRefusedProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RematchConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = GameView.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

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
        response_409 = RematchConflictProblem.from_dict(response.json())

        return response_409

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

    if response.status_code == 429:
        response_429 = CreationRefusedProblem.from_dict(response.json())

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
    | CreationRefusedProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RematchConflictProblem
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
    game_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | CreationRefusedProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RematchConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """Ask for a finished game's rematch

     A seat's holder (its token) or the game's owner (its client key, or the admin token) asks
    for a rematch of a finished game (docs/SEATS.md): a new game with the same settings (target
    score, clock, bots), its seats the old ones moved up one (the old seat 1 is the new seat 0,
    the old seat 0 the last), each held by the same holder with the same token, as are the
    admin's and the spectators' tokens: everyone plays on with the token they have, in the new
    game's id. A seat nobody held at the end (vacated, or left) comes vacated. The first asking
    deals it (201, and `Location`); every asking after answers the same game (200). The old
    game's event `rematched` (`game_id`), seen by every viewer, stream and webhook, and its
    view's `rematch`, tell everyone the new id. The new game counts as a creation of the owner's
    (its games window, its open games). A game still being played is 409 `game_playing`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | CreationRefusedProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RematchConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
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
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | CreationRefusedProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RematchConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """Ask for a finished game's rematch

     A seat's holder (its token) or the game's owner (its client key, or the admin token) asks
    for a rematch of a finished game (docs/SEATS.md): a new game with the same settings (target
    score, clock, bots), its seats the old ones moved up one (the old seat 1 is the new seat 0,
    the old seat 0 the last), each held by the same holder with the same token, as are the
    admin's and the spectators' tokens: everyone plays on with the token they have, in the new
    game's id. A seat nobody held at the end (vacated, or left) comes vacated. The first asking
    deals it (201, and `Location`); every asking after answers the same game (200). The old
    game's event `rematched` (`game_id`), seen by every viewer, stream and webhook, and its
    view's `rematch`, tell everyone the new id. The new game counts as a creation of the owner's
    (its games window, its open games). A game still being played is 409 `game_playing`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | CreationRefusedProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RematchConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | CreationRefusedProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RematchConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """Ask for a finished game's rematch

     A seat's holder (its token) or the game's owner (its client key, or the admin token) asks
    for a rematch of a finished game (docs/SEATS.md): a new game with the same settings (target
    score, clock, bots), its seats the old ones moved up one (the old seat 1 is the new seat 0,
    the old seat 0 the last), each held by the same holder with the same token, as are the
    admin's and the spectators' tokens: everyone plays on with the token they have, in the new
    game's id. A seat nobody held at the end (vacated, or left) comes vacated. The first asking
    deals it (201, and `Location`); every asking after answers the same game (200). The old
    game's event `rematched` (`game_id`), seen by every viewer, stream and webhook, and its
    view's `rematch`, tell everyone the new id. The new game counts as a creation of the owner's
    (its games window, its open games). A game still being played is 409 `game_playing`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | CreationRefusedProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RematchConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | CreationRefusedProblem
    | GameInternalErrorProblem
    | GameView
    | HeaderFieldsTooLargeProblem
    | MoveForbiddenProblem
    | NotFoundProblem
    | RematchConflictProblem
    | StorageUnavailableProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """Ask for a finished game's rematch

     A seat's holder (its token) or the game's owner (its client key, or the admin token) asks
    for a rematch of a finished game (docs/SEATS.md): a new game with the same settings (target
    score, clock, bots), its seats the old ones moved up one (the old seat 1 is the new seat 0,
    the old seat 0 the last), each held by the same holder with the same token, as are the
    admin's and the spectators' tokens: everyone plays on with the token they have, in the new
    game's id. A seat nobody held at the end (vacated, or left) comes vacated. The first asking
    deals it (201, and `Location`); every asking after answers the same game (200). The old
    game's event `rematched` (`game_id`), seen by every viewer, stream and webhook, and its
    view's `rematch`, tell everyone the new id. The new game counts as a creation of the owner's
    (its games window, its open games). A game still being played is 409 `game_playing`.

    Args:
        game_id (str): 22 URL-safe characters.
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | CreationRefusedProblem | GameInternalErrorProblem | GameView | HeaderFieldsTooLargeProblem | MoveForbiddenProblem | NotFoundProblem | RematchConflictProblem | StorageUnavailableProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
