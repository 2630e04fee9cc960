from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.bad_request_problem import BadRequestProblem
from ...models.bot_level import BotLevel
from ...models.forbidden_problem import ForbiddenProblem
from ...models.game_internal_error_problem import GameInternalErrorProblem
from ...models.header_fields_too_large_problem import HeaderFieldsTooLargeProblem
from ...models.hint import Hint
from ...models.hint_refused_problem import HintRefusedProblem
from ...models.hint_unavailable_problem import HintUnavailableProblem
from ...models.not_found_problem import NotFoundProblem
from ...models.rate_limited_problem import RateLimitedProblem
from ...models.unauthorized_problem import UnauthorizedProblem
from ...models.uri_too_long_problem import UriTooLongProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    level: BotLevel | str,
    player: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(x_request_id, Unset):
        headers["X-Request-ID"] = x_request_id

    if not isinstance(accept_language, Unset):
        headers["Accept-Language"] = accept_language

    params: dict[str, Any] = {}

    json_level: str
    if isinstance(level, BotLevel):
        json_level = level.value
    else:
        json_level = level
    params["level"] = json_level

    params["player"] = player

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/hint".format(
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
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | Hint
    | HintRefusedProblem
    | HintUnavailableProblem
    | NotFoundProblem
    | RateLimitedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    if response.status_code == 200:
        response_200 = Hint.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = BadRequestProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = UnauthorizedProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ForbiddenProblem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = NotFoundProblem.from_dict(response.json())

        return response_404

    if response.status_code == 414:
        response_414 = UriTooLongProblem.from_dict(response.json())

        return response_414

    if response.status_code == 422:
        response_422 = HintRefusedProblem.from_dict(response.json())

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
        response_503 = HintUnavailableProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | Hint
    | HintRefusedProblem
    | HintUnavailableProblem
    | NotFoundProblem
    | RateLimitedProblem
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
    level: BotLevel | str,
    player: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | Hint
    | HintRefusedProblem
    | HintUnavailableProblem
    | NotFoundProblem
    | RateLimitedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The move a bot level would play for a seat now

     With a seat's token, for that seat; with the admin token, for the seat named by
    `?player=`. The move is the one that level would play there (the same seed as its
    turn would have), written as `legal-moves` lists it. `expert` is thought by the
    background worker, not in this request: the answer waits for it a few seconds at most
    (then 503 `hint_unavailable`). A spectator token is 403; not the seat's turn, 422
    `not_your_turn`.

    Args:
        game_id (str): 22 URL-safe characters.
        level (BotLevel | str):
        player (int | Unset): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | Hint | HintRefusedProblem | HintUnavailableProblem | NotFoundProblem | RateLimitedProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        level=level,
        player=player,
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
    level: BotLevel | str,
    player: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | Hint
    | HintRefusedProblem
    | HintUnavailableProblem
    | NotFoundProblem
    | RateLimitedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The move a bot level would play for a seat now

     With a seat's token, for that seat; with the admin token, for the seat named by
    `?player=`. The move is the one that level would play there (the same seed as its
    turn would have), written as `legal-moves` lists it. `expert` is thought by the
    background worker, not in this request: the answer waits for it a few seconds at most
    (then 503 `hint_unavailable`). A spectator token is 403; not the seat's turn, 422
    `not_your_turn`.

    Args:
        game_id (str): 22 URL-safe characters.
        level (BotLevel | str):
        player (int | Unset): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | Hint | HintRefusedProblem | HintUnavailableProblem | NotFoundProblem | RateLimitedProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        level=level,
        player=player,
        x_request_id=x_request_id,
        accept_language=accept_language,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    level: BotLevel | str,
    player: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> Response[
    BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | Hint
    | HintRefusedProblem
    | HintUnavailableProblem
    | NotFoundProblem
    | RateLimitedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
]:
    """The move a bot level would play for a seat now

     With a seat's token, for that seat; with the admin token, for the seat named by
    `?player=`. The move is the one that level would play there (the same seed as its
    turn would have), written as `legal-moves` lists it. `expert` is thought by the
    background worker, not in this request: the answer waits for it a few seconds at most
    (then 503 `hint_unavailable`). A spectator token is 403; not the seat's turn, 422
    `not_your_turn`.

    Args:
        game_id (str): 22 URL-safe characters.
        level (BotLevel | str):
        player (int | Unset): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | Hint | HintRefusedProblem | HintUnavailableProblem | NotFoundProblem | RateLimitedProblem | UnauthorizedProblem | UriTooLongProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        level=level,
        player=player,
        x_request_id=x_request_id,
        accept_language=accept_language,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    level: BotLevel | str,
    player: int | Unset = UNSET,
    x_request_id: str | Unset = UNSET,
    accept_language: str | Unset = UNSET,
) -> (
    BadRequestProblem
    | ForbiddenProblem
    | GameInternalErrorProblem
    | HeaderFieldsTooLargeProblem
    | Hint
    | HintRefusedProblem
    | HintUnavailableProblem
    | NotFoundProblem
    | RateLimitedProblem
    | UnauthorizedProblem
    | UriTooLongProblem
    | None
):
    """The move a bot level would play for a seat now

     With a seat's token, for that seat; with the admin token, for the seat named by
    `?player=`. The move is the one that level would play there (the same seed as its
    turn would have), written as `legal-moves` lists it. `expert` is thought by the
    background worker, not in this request: the answer waits for it a few seconds at most
    (then 503 `hint_unavailable`). A spectator token is 403; not the seat's turn, 422
    `not_your_turn`.

    Args:
        game_id (str): 22 URL-safe characters.
        level (BotLevel | str):
        player (int | Unset): A seat, in the order the players were named (0 first).
        x_request_id (str | Unset):
        accept_language (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BadRequestProblem | ForbiddenProblem | GameInternalErrorProblem | HeaderFieldsTooLargeProblem | Hint | HintRefusedProblem | HintUnavailableProblem | NotFoundProblem | RateLimitedProblem | UnauthorizedProblem | UriTooLongProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            level=level,
            player=player,
            x_request_id=x_request_id,
            accept_language=accept_language,
        )
    ).parsed
