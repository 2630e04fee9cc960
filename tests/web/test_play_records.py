"""A finished game's history at /play, in Chromium: its replay, each version the view the service
answers for ``?at=`` and shown read-only, and its record saved as a file.

The games are played to 1 minus point through the API, so they end within a few moves: one play,
then passes until the round is scored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from harness.games import Game, create_game
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import hand, rows, turn, version, wait_for_replayed, wait_until_live

COLOURS = ["red", "blue", "green", "orange", "gray"]
MOST_MOVES = 20
"""Far more than a game to 1 minus point takes: a bound on the loop, never reached."""


def _link(service: ServiceProcess, game: Game, seat: int | None) -> str:
    token = game.players[seat] if seat is not None else game.created["tokens"]["spectator"]
    holder = "" if seat is None else f"&seat={seat}"
    return f"{service.url}/play#game={game.id}{holder}&token={token}"


def _game(http: Client, service: ServiceProcess, seed: int) -> Game:
    return create_game(http, ["Annika", "Elias"], seed, target_score=1, key=service.api_key)


def _finish(http: Client, game: Game) -> int:
    """Play ``game`` to its end through the API (the starter places tiles, then everyone passes); its
    last version."""
    view = http.call("GET", game.url, token=game.admin)[1]
    for played in range(MOST_MOVES):
        if view["status"] == "finished":
            return int(view["version"])
        seat = view["current_player"]
        legal = http.call("GET", f"{game.url}/legal-moves", token=game.players[seat])[1]["moves"]
        placing = [move for move in legal if move["action"] == "play"]
        move = placing[0] if played == 0 and placing else {"player": seat, "action": "pass"}
        answer = http.request("POST", f"{game.url}/moves", move, game.players[seat])
        assert answer.status == 200, answer.raw
        view = answer.body["game"]
    raise AssertionError(f"game {game.id} still plays after {MOST_MOVES} moves")


def _token(game: Game, seat: int | None) -> str:
    return game.players[seat] if seat is not None else str(game.created["tokens"]["spectator"])


def _at(http: Client, game: Game, seat: int | None, wanted: int) -> dict[str, Any]:
    status, view = http.call("GET", f"{game.url}?at={wanted}", token=_token(game, seat))
    assert status == 200
    return view


def _shows(page: Page, http: Client, game: Game, seat: int | None, wanted: int, last: int) -> None:
    """The replay shows version ``wanted`` exactly as ``?at=`` answers it to the page's credential."""
    wait_for_replayed(page, wanted)
    assert page.inner_text("[data-replay-version]") == f"Version {wanted} of {last}"
    answered = _at(http, game, seat, wanted)
    assert rows(page) == answered["rows"]
    assert hand(page) == (answered["hand"] if seat is not None else [])
    if answered["status"] == "playing":
        assert turn(page) == answered["current_player"]
    scores = page.eval_on_selector_all("[data-score]", "cells => cells.map(cell => Number(cell.textContent))")
    assert scores == [player["score"] for player in answered["players"]]


def _disabled(page: Page) -> list[str]:
    """The replay's steps that cannot be taken from the version it shows."""
    found: list[str] = page.eval_on_selector_all(
        "[data-replay-step]:disabled", "steps => steps.map(step => step.dataset.replayStep)"
    )
    return found


def test_a_game_offers_its_history_once_it_is_finished(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, 51)
    page = open_page(_link(service, game, 0))
    wait_until_live(page)
    assert page.query_selector("[data-history]") is None  # a game that plays has no history to offer

    _finish(http, game)
    page.wait_for_selector("[data-history] [data-replay-open]")  # the last view, read live, offers it
    assert page.is_visible("[data-history] [data-record]")
    assert page.query_selector("[data-replay]") is None


@pytest.mark.parametrize("seat", [0, None], ids=["seat", "spectator"])
def test_the_replay_steps_through_the_versions_as_the_service_answers_them(
    service: ServiceProcess, http: Client, open_page: OpenPage, seat: int | None
) -> None:
    game = _game(http, service, 52)
    last = _finish(http, game)
    page = open_page(_link(service, game, seat))
    page.click("[data-replay-open]")

    _shows(page, http, game, seat, 1, last)  # the first deal: with two players the 1s start the rows
    assert rows(page) == {colour: [f"{colour}-1"] for colour in COLOURS}
    assert page.query_selector("[data-pass]") is None and page.query_selector("[data-play]") is None
    assert page.query_selector("[data-legal]") is None and page.query_selector("[data-log]") is None
    assert _disabled(page) == ["first", "previous"]

    page.click("[data-replay-step='next']")
    _shows(page, http, game, seat, 2, last)
    page.click("[data-replay-step='last']")
    _shows(page, http, game, seat, last, last)
    assert _disabled(page) == ["next", "last"]

    # the keyboard: the arrows step while the replay has it (here: kept there when Last was disabled)
    assert page.evaluate("document.activeElement.hasAttribute('data-replay')")
    page.keyboard.press("ArrowLeft")
    _shows(page, http, game, seat, last - 1, last)
    page.keyboard.press("ArrowLeft")
    _shows(page, http, game, seat, last - 2, last)
    page.keyboard.press("ArrowRight")
    _shows(page, http, game, seat, last - 1, last)

    page.click("[data-replay-step='first']")
    _shows(page, http, game, seat, 1, last)
    page.click("[data-replay-close]")  # back to the game as it is
    page.wait_for_selector("[data-replay]", state="detached")
    assert version(page) == last and page.is_visible("[data-replay-open]")
    assert "win" in page.inner_text(".turn.over")
    if seat is not None:
        assert page.is_disabled("[data-pass]")  # the seat's controls are back, with no turn to take


def test_the_record_downloads_as_a_file_of_the_games_record(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, 53)
    _finish(http, game)
    page = open_page(_link(service, game, 1))
    page.wait_for_selector("[data-record]")

    with page.expect_download() as caught:
        page.click("[data-record]")
    download = caught.value
    assert download.suggested_filename == f"restart-{game.id}.json"
    saved = json.loads(Path(download.path()).read_text())
    view = http.call("GET", game.url, token=game.admin)[1]
    assert saved["format"] == "restart-record/1" and saved["status"] == "finished"
    assert saved["scores"] == [player["score"] for player in view["players"]]
    assert saved == http.call("GET", f"{game.url}/record", token=game.players[1])[1]
    assert page.inner_text("[data-history-refusal]") == ""


def test_the_history_speaks_the_pages_language(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, 54)
    last = _finish(http, game)
    page = open_page(_link(service, game, 0))
    page.select_option("#language", "fr")
    page.wait_for_selector("[data-replay-open]:has-text('Revoir la partie')")
    assert page.inner_text("[data-record]") == "Télécharger l'enregistrement de la partie"
    page.click("[data-replay-open]")
    wait_for_replayed(page, 1)
    assert page.inner_text("[data-replay-version]") == f"Version 1 sur {last}"
    assert page.inner_text("[data-replay-close]") == "Revenir à la partie en direct"

    page.select_option("#language", "pt")  # the replay stays where it was, in the new words
    page.wait_for_selector(f"[data-replay-version]:has-text('Versão 1 de {last}')")
    assert page.inner_text("[data-replay-step='next']") == "Próxima"
    assert page.inner_text("[data-record]") == "Baixar o registro da partida"
