"""The web client at /play, played in Chromium: everything a person does goes through the page alone.

Games are created through the page's own form (with the development key it offers) or, where
creating is not what a test is about, through the API.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from harness.browser import create_through_page, fragment
from harness.games import Game, create_game
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import (
    hand,
    legal_moves,
    mark_document,
    pick,
    refusal,
    still_marked,
    tiles_shown,
    turn,
    version,
    wait_for_version,
    wait_until_live,
)


def _link(service: ServiceProcess, game: Game, seat: int | None) -> str:
    token = game.players[seat] if seat is not None else game.created["tokens"]["spectator"]
    holder = "" if seat is None else f"&seat={seat}"
    return f"{service.url}/play#game={game.id}{holder}&token={token}"


def _game(http: Client, service: ServiceProcess, seed: int = 11) -> Game:
    return create_game(http, ["Annika", "Elias"], seed, key=service.api_key)


def _verdict(http: Client, game: Game, seat: int, move: dict[str, Any], language: str) -> dict[str, Any]:
    answer = http.request(
        "POST", f"{game.url}/moves/validate", move, game.players[seat], headers={"Accept-Language": language}
    )
    assert answer.status == 200
    return answer.body or {}


def _wrong_row_move(page_hand: list[str], seat: int) -> tuple[str, str, dict[str, Any]]:
    """A coloured tile of the hand and a row of another colour: refused as wrong_colour."""
    code = next(code for code in page_hand if "-" in code)
    row = "blue" if not code.startswith("blue-") else "red"
    return code, row, {"player": seat, "action": "play", "row": row, "tiles": [code]}


def test_two_players_play_a_game_to_its_end_through_the_page(
    service: ServiceProcess, open_page: OpenPage
) -> None:
    creator = open_page(f"{service.url}/play")
    assert creator.input_value("input[name=key]") == service.api_key  # the development key, offered
    links = create_through_page(creator, service.url, ["Annika", "Elias"], target=1, seed=3)
    for holder, link in links.items():  # the token travels only in the fragment, never to a server
        assert urlsplit(link).path == "/play" and urlsplit(link).query == ""
        assert set(fragment(link)) == (
            {"game", "token"} if holder == "spectator" else {"game", "seat", "token"}
        )
    seats = [open_page(links["seat0"]), open_page(links["seat1"])]
    for page in seats:
        wait_until_live(page)

    first = seats[turn(seats[0])]
    play = next(move for move in legal_moves(first) if move["action"] == "play")
    pick(first, play["tiles"], play["row"])  # tiles and a row, picked by hand
    for page in seats:
        wait_for_version(page, 2)
        page.wait_for_selector(f"[data-row='{play['row']}'] [data-tile='{play['tiles'][-1]}']")

    second = seats[turn(seats[0])]
    assert second is not first
    second.click("[data-legal] summary")
    chosen = next(move for move in legal_moves(second) if move["action"] != "pass")
    second.click(f"[data-legal-move='{_attribute(chosen)}']")  # one of the listed legal moves
    for page in seats:
        wait_for_version(page, 3)

    for expected in (4, 5):  # both pass: the round is scored, a total reaches 1, the game ends
        seats[turn(seats[0])].click("[data-pass]")
        for page in seats:
            wait_for_version(page, expected)
    for page in seats:
        page.wait_for_selector("[data-status='ended']")
        assert "win" in page.inner_text(".turn.over")
        assert "Round 1 scored" in page.inner_text("[data-log]")
        assert "Game over" in page.inner_text("[data-log]")
        assert page.is_disabled("[data-pass]")


def _attribute(move: dict[str, Any]) -> str:
    """The move as the page writes it in ``data-legal-move`` (JSON.stringify's compact form)."""
    return json.dumps(move, separators=(",", ":"))


def test_a_refused_move_shows_the_services_own_sentence(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service)
    seat = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    page = open_page(_link(service, game, seat))
    wait_until_live(page)
    code, row, move = _wrong_row_move(hand(page), seat)
    pick(page, [code], row)
    verdict = _verdict(http, game, seat, move, "en")
    assert verdict["code"] == "wrong_colour"
    assert refusal(page) == verdict["detail"]
    assert version(page) == 1


def test_the_french_page_shows_a_french_refusal(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, seed=12)
    seat = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    page = open_page(_link(service, game, seat))
    wait_until_live(page)
    page.select_option("#language", "fr")
    page.wait_for_selector("#rows-heading:has-text('Rangées')")
    assert page.get_attribute("html", "lang") == "fr"
    code, row, move = _wrong_row_move(hand(page), seat)
    pick(page, [code], row)
    french = _verdict(http, game, seat, move, "fr")["detail"]
    assert refusal(page) == french
    assert "rangée" in french and french != _verdict(http, game, seat, move, "en")["detail"]
    page.select_option("#language", "pt")  # and back to another: the page's own words follow
    page.wait_for_selector("#rows-heading:has-text('Fileiras')")


def test_a_move_by_one_seat_appears_on_the_others_page_without_a_reload(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, seed=13)
    mover = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    pages = {seat: open_page(_link(service, game, seat)) for seat in (0, 1)}
    for page in pages.values():
        wait_until_live(page)
        mark_document(page)
    watcher = pages[1 - mover]
    assert watcher.is_disabled("[data-pass]")
    play = next(move for move in legal_moves(pages[mover]) if move["action"] == "play")
    pick(pages[mover], play["tiles"], play["row"])
    wait_for_version(watcher, 2)
    watcher.wait_for_selector(f"[data-row='{play['row']}'] [data-tile='{play['tiles'][0]}']")
    watcher.wait_for_selector("[data-pass]:not([disabled])")  # now it is the watcher's turn
    assert "Annika" in watcher.inner_text("[data-log]") or "Elias" in watcher.inner_text("[data-log]")
    assert still_marked(watcher)


def test_a_spectators_page_never_shows_a_hand(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, seed=14)
    page = open_page(_link(service, game, None))
    wait_until_live(page)

    def hands() -> set[str]:
        return {code for held in http.call("GET", game.url, token=game.admin)[1]["hands"] for code in held}

    assert page.query_selector("[data-hand]") is None
    assert set(tiles_shown(page)).isdisjoint(hands())
    mover = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    move = http.call("GET", f"{game.url}/legal-moves", token=game.players[mover])[1]["moves"][0]
    assert http.request("POST", f"{game.url}/moves", move, game.players[mover]).status == 200
    wait_for_version(page, 2)
    assert page.query_selector("[data-hand]") is None and page.query_selector("[data-play]") is None
    assert set(tiles_shown(page)).isdisjoint(hands())
    assert "spectator" in page.inner_text(".summary")


def test_a_seat_plays_with_the_keyboard_alone(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, seed=15)
    seat = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    page = open_page(_link(service, game, seat))
    wait_until_live(page)
    for _ in range(80):  # Tab from the top of the page to the first tile of the hand
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('[data-hand]') !== null"):
            break
    code = page.evaluate("document.activeElement.dataset.tile")
    page.keyboard.press("Space")
    assert page.get_attribute(f"[data-hand] [data-tile='{code}']", "aria-pressed") == "true"
    assert page.evaluate("document.activeElement.dataset.tile") == code  # the focus stays on the tile
    page.focus("[data-choose-row='red']")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight" if not code.startswith("blue") else "ArrowDown")
    page.keyboard.press("Shift+Tab")  # ... and on through the page to Play
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-play')"):
            break
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-refusal]:not(:empty), [data-game][data-version='2']")


def test_the_page_fits_a_phone_width_screen(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, seed=16)
    seat = int(http.call("GET", game.url, token=game.admin)[1]["current_player"])
    page = open_page(_link(service, game, seat), width=360)
    wait_until_live(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.is_visible("[data-pass]") and page.is_visible("[data-hand]")
