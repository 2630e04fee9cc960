"""Ratings in the web client, in Chromium (docs/RATINGS.md): the setup form shows each computer level's
rating, and the end of a rated game shows each seat's place and rating before and after once the worker
(the embedded store's, in the service's own process) has told them; a game not rated shows none."""

from __future__ import annotations

import math
import uuid
from typing import Any

from playwright.sync_api import Page

from harness.games import Game, create_game
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import my_turn, turn, wait_until_live

NAMES = ["Annika", "Elias"]


def _number(value: float, decimals: int, signed: bool = False, point: str = ".") -> str:
    """A number as the page writes it: halves rounded up (as JavaScript's Math.round), a true minus sign."""
    shown = math.floor(value * 10**decimals + 0.5) / 10**decimals + 0.0
    sign = "\u2212" if shown < 0 else "+" if signed and shown > 0 else ""
    return sign + f"{abs(shown):.{decimals}f}".replace(".", point)


def _rated_game(http: Client, service: ServiceProcess, rated: bool) -> Game:
    """Two people with the app's player references; target 1 and seed 3: two passes end it."""
    players = [{"name": name, "player": f"{name.lower()}-{uuid.uuid4().hex[:8]}"} for name in NAMES]
    return create_game(http, players, 3, 1, key=service.api_key, extra={"rated": rated})


def _seat_page(service: ServiceProcess, game: Game, seat: int, open_page: OpenPage) -> Page:
    return open_page(f"{service.url}/play#game={game.id}&seat={seat}&token={game.players[seat]}")


def _pass_to_the_end(pages: list[Page]) -> None:
    """Each seat passes by the page's own button, the seat to move first: the round and the game end."""
    first = turn(pages[0])
    for seat in (first, 1 - first):
        my_turn(pages[seat])
        pages[seat].click("[data-pass]")
    for page in pages:
        page.wait_for_selector(".turn.over")


def _events(http: Client, game: Game) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = http.call("GET", f"{game.url}/events", token=game.admin)[1]["events"]
    return events


def _panel(page: Page) -> dict[int, dict[str, str]]:
    """The ratings panel's rows by seat: the name, the place, before → after and the change, as shown."""
    shown: dict[str, dict[str, str]] = page.eval_on_selector_all(
        "[data-ratings] [data-rated-seat]",
        "rows => Object.fromEntries(rows.map(row => [row.dataset.ratedSeat, {"
        " name: row.querySelector('th').textContent,"
        " place: row.querySelector('[data-rating-place]').textContent,"
        " rating: row.querySelector('[data-rating]').textContent,"
        " change: row.querySelector('[data-rating-change]').textContent }]))",
    )
    return {int(seat): row for seat, row in shown.items()}


def test_the_setup_form_shows_each_computer_level_s_rating_beside_its_description(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    offered = http.call("GET", "/v1/bots")[1]["bots"]
    page = open_page(f"{service.url}/play")
    page.get_by_label("Play against the computer").check()
    page.wait_for_selector("select[name=level]:not([disabled])")
    for level in offered:
        page.select_option("select[name=level]", level["level"])
        assert page.inner_text("[data-level-about]") == level["description"]
        assert page.inner_text("[data-level-rating]") == f"rating {_number(level['rating']['ordinal'], 0)}"

    french = open_page(f"{service.url}/play", locale="fr-FR")
    french.check("[data-against-computer]")
    french.wait_for_selector("select[name=level]:not([disabled])")
    weakest = offered[0]["rating"]["ordinal"]
    assert french.inner_text("[data-level-rating]") == f"classement {_number(weakest, 0)}"


def test_a_rated_game_shows_each_seat_s_rating_before_and_after_once_the_worker_told_them(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _rated_game(http, service, rated=True)
    seats = [_seat_page(service, game, seat, open_page) for seat in range(2)]
    spectator = open_page(
        f"{service.url}/play#game={game.id}&token={game.created['tokens']['spectator']}", locale="fr-FR"
    )
    for page in [*seats, spectator]:
        wait_until_live(page)
        assert page.locator("[data-ratings]").count() == 0  # nothing to show while the game goes on
    assert seats[0].inner_text("[data-rated]") == "Rated game: its result goes to the players' ratings"
    assert spectator.inner_text("[data-rated]").startswith("Partie classée")
    _pass_to_the_end(seats)

    for page in [*seats, spectator]:
        page.wait_for_selector("[data-ratings] [data-rated-seat]")  # after the end, from the worker
    told = next(event for event in _events(http, game) if event["type"] == "game_rated")
    assert sorted(rated["seat"] for rated in told["seats"]) == [0, 1]

    def expected(point: str, own: int | None) -> dict[int, dict[str, str]]:
        rows = {}
        for rated in told["seats"]:
            before = math.floor(rated["before"]["ordinal"] * 10 + 0.5) / 10
            after = math.floor(rated["after"]["ordinal"] * 10 + 0.5) / 10
            mine = " (vous)" if point == "," else " (you)"
            you = mine if rated["seat"] == own else ""
            rows[rated["seat"]] = {
                "name": NAMES[rated["seat"]] + you,
                "place": str(rated["place"]),
                "rating": f"{_number(before, 1, point=point)} → {_number(after, 1, point=point)}",
                "change": _number(after - before, 1, signed=True, point=point),
            }
        return rows

    for seat, page in enumerate(seats):
        assert _panel(page) == expected(".", seat)
        assert page.inner_text("[data-ratings] h2") == "Ratings"
        assert "The game's ratings were applied." in page.inner_text("[data-log]")
        places = page.eval_on_selector_all("[data-rating-place]", "cells => cells.map(c => c.textContent)")
        assert places == sorted(places)  # best place first
    assert _panel(spectator) == expected(",", None)
    assert spectator.inner_text("[data-ratings] h2") == "Classements"
    changes = {seat: row["change"] for seat, row in _panel(seats[0]).items()}
    winner = next(rated["seat"] for rated in told["seats"] if rated["place"] == 1)
    assert changes[winner].startswith("+") and changes[1 - winner].startswith("\u2212")


def test_a_game_not_rated_shows_no_ratings_even_after_what_followed_its_end(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _rated_game(http, service, rated=False)
    seats = [_seat_page(service, game, seat, open_page) for seat in range(2)]
    for page in seats:
        wait_until_live(page)
        assert page.locator("[data-rated]").count() == 0  # the summary says a game is rated only when it is
    _pass_to_the_end(seats)
    assert http.request("POST", f"{game.url}/rematch", None, game.players[0]).status in (200, 201)

    # The page reads the log after the end: the rematch asked for reaches both pages that way, and no
    # ratings came before it (the log holds none).
    for page in seats:
        page.wait_for_selector("[data-log] li:has-text('A rematch was asked for.')")
        page.wait_for_selector("[data-rematch]:not([data-rematch=''])")
        assert page.locator("[data-ratings]").count() == 0
    assert [event["type"] for event in _events(http, game)][-2:] == ["game_over", "rematched"]
