"""Turn clocks at /play, in Chromium: each seat's time, absent seats and their holders coming back,
and a move that arrives too late.

The module's service runs on the embedded store, whose background worker (in the service's own
process) plays the timeouts as they fall due. A move refused as ``time_is_up`` needs a deadline
that passes with no worker to play it first: a service on Redis, whose worker is a process of its
own that this test never starts, so the late move itself plays the timeout. Nothing here measures
time: a count shown is read as a number within the turn's or the bank's bounds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from harness.games import Game, create_game
from harness.http_client import Client
from harness.redis_server import RedisServer
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import my_turn, refusal, wait_for_version, wait_until_live

TIME_IS_UP = "Your time for this turn ran out before your move arrived: the service played the turn for you."


def _link(service: ServiceProcess, game: Game, seat: int | None) -> str:
    token = game.players[seat] if seat is not None else game.created["tokens"]["spectator"]
    holder = "" if seat is None else f"&seat={seat}"
    return f"{service.url}/play#game={game.id}{holder}&token={token}"


def _current(http: Client, game: Game) -> int:
    return int(http.call("GET", game.url, token=game.admin)[1]["current_player"])


def _seconds(shown: str) -> int:
    """A time as the page shows it (0:42, 12:05, 1:02:03) in seconds."""
    assert re.fullmatch(r"\d+(:\d\d){1,2}", shown), shown
    total = 0
    for part in shown.split(":"):
        total = total * 60 + int(part)
    return total


def _time_of(page: Page, seat: int) -> str:
    return page.inner_text(f"[data-seat-time='{seat}'] [data-time]")


def _pass(http: Client, game: Game, seat: int) -> int:
    return http.request(
        "POST", f"{game.url}/moves", {"player": seat, "action": "pass"}, game.players[seat]
    ).status


def _logged(page: Page, *sentences: str) -> None:
    """Wait until the event log says each of these."""
    for sentence in sentences:
        page.wait_for_selector(f"[data-log] li:has-text({sentence!r})")


def test_a_timed_turn_counts_down_for_the_current_seat_only(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = create_game(http, ["Ada", "Bruno"], 41, key=service.api_key, extra={"clock": {"turn_seconds": 60}})
    mover = _current(http, game)
    page = open_page(_link(service, game, 1 - mover))
    wait_until_live(page)
    assert "1:00 per turn" in page.inner_text("[data-clock]")
    assert 0 <= _seconds(page.inner_text(f"[data-clock] [data-turn-time='{mover}']")) <= 60
    assert page.is_visible(f"[data-seat-time='{mover}'] [data-countdown]")
    assert 0 <= _seconds(_time_of(page, mover)) <= 60
    assert page.inner_text(f"[data-seat-time='{1 - mover}']") == "–"  # turn mode: no time but the turn's
    assert page.query_selector("[data-absent]") is None and page.query_selector("[data-timeouts]") is None

    assert _pass(http, game, mover) == 200
    wait_for_version(page, 2)  # the view read again: the count is the next seat's, from its full time
    page.wait_for_selector(f"[data-seat-time='{1 - mover}'] [data-countdown]")
    assert 0 <= _seconds(_time_of(page, 1 - mover)) <= 60
    assert page.inner_text(f"[data-seat-time='{mover}']") == "–"

    untimed = create_game(http, ["Ada", "Bruno"], 42, key=service.api_key)
    plain = open_page(_link(service, untimed, 0))
    wait_until_live(plain)
    assert plain.query_selector("[data-clock]") is None and plain.query_selector("[data-seat-time]") is None
    assert plain.query_selector("[data-countdown]") is None


def test_in_bank_mode_each_seat_shows_its_bank_and_the_current_one_counts_down(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    clock = {"bank_seconds": 300, "increment_seconds": 2}
    game = create_game(http, ["Ada", "Bruno"], 43, key=service.api_key, extra={"clock": clock})
    mover = _current(http, game)
    page = open_page(_link(service, game, None))  # a spectator sees every seat's time too
    wait_until_live(page)
    assert "5:00 each, +2 s per move" in page.inner_text("[data-clock]")
    page.wait_for_selector(f"[data-seat-time='{mover}'] [data-countdown]")
    assert 0 <= _seconds(_time_of(page, mover)) <= 300
    assert _time_of(page, 1 - mover) == "5:00"

    assert _pass(http, game, mover) == 200
    wait_for_version(page, 2)
    page.wait_for_selector(f"[data-seat-time='{1 - mover}'] [data-countdown]")
    assert 0 <= _seconds(_time_of(page, 1 - mover)) <= 300
    assert page.query_selector(f"[data-seat-time='{mover}'] [data-countdown]") is None
    assert 0 < _seconds(_time_of(page, mover)) <= 302  # its bank, the increment added


def test_the_setup_form_creates_a_game_with_a_clock(service: ServiceProcess, open_page: OpenPage) -> None:
    page = open_page(f"{service.url}/play")
    page.select_option("select[name=clock]", "turn")
    page.fill("input[name=seed]", "44")
    page.click("form.setup button[type=submit]")
    link = page.wait_for_selector("[data-seat-link='0']").get_attribute("href") or ""
    seat = open_page(link)
    wait_until_live(seat)
    assert "1:00 per turn" in seat.inner_text("[data-clock]")
    seat.wait_for_selector("[data-countdown]")


def test_seats_out_of_time_are_marked_absent_as_the_worker_plays_their_turns(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    clock = {"turn_seconds": 1, "absent_after": 1}
    game = create_game(
        http, ["Ada", "Bruno"], 45, target_score=1, key=service.api_key, extra={"clock": clock}
    )
    starter = _current(http, game)
    page = open_page(_link(service, game, starter))
    # the worker plays the starter's timeout after a second, then the other's: both passed, the round
    # is scored and the game (to 1 minus point) is over
    for seat in (starter, 1 - starter):
        page.wait_for_selector(f"[data-player='{seat}'] [data-absent]")
        _logged(page, f"{game.names[seat]}'s time ran out.")
    _logged(page, f"{game.names[starter]} is absent")  # the other's comes after game_over: never streamed
    page.wait_for_selector("[data-status='ended']")
    assert page.inner_text(f"[data-seat-time='{starter}'] [data-timeouts]") == "timeouts: 1"
    assert page.query_selector("[data-back]") is None  # over: no turn left to take back, the marks stay


def test_an_absent_seats_holder_says_they_are_back_and_the_mark_goes_away(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    # A bank of 2 s: the starter plays at once (well within it) and its bank grows by an hour; the
    # other seat's turn runs out its 2 s, the worker passes for it and marks it absent, and the game
    # waits for the starter from then on.
    clock = {"bank_seconds": 2, "increment_seconds": 3600, "absent_after": 1}
    game = create_game(http, ["Ada", "Bruno"], 45, key=service.api_key, extra={"clock": clock})
    starter = _current(http, game)
    moves = http.call("GET", f"{game.url}/legal-moves", token=game.players[starter])[1]["moves"]
    play = next(move for move in moves if move["action"] != "pass")
    assert http.request("POST", f"{game.url}/moves", play, game.players[starter]).status == 200
    away, name = 1 - starter, game.names[1 - starter]
    page = open_page(_link(service, game, away))
    watcher = open_page(_link(service, game, starter))

    page.wait_for_selector(f"[data-player='{away}'] [data-absent]")
    page.wait_for_selector("[data-away] [data-back]")
    _logged(page, f"{name}'s time ran out.", f"{name} is absent")
    assert page.inner_text(f"[data-seat-time='{away}'] [data-timeouts]") == "timeouts: 1"
    watcher.wait_for_selector(f"[data-player='{away}'] [data-absent]")
    assert watcher.query_selector("[data-back]") is None  # a page offers the return of its own seat only

    page.click("[data-back]")
    page.wait_for_selector(f"[data-player='{away}'] [data-absent]", state="detached")
    assert page.query_selector("[data-back]") is None
    _logged(page, f"{name} is back.")
    watcher.wait_for_selector(f"[data-player='{away}'] [data-absent]", state="detached")
    _logged(watcher, f"{name} is back.")
    view = http.call("GET", game.url, token=game.admin)[1]
    assert view["status"] == "playing" and view["current_player"] == starter
    assert view["players"][away]["absent"] is False and view["players"][away]["timeouts"] == 1


@pytest.fixture
def service_without_worker() -> Iterator[ServiceProcess]:
    with RedisServer() as redis, ServiceProcess(redis.url, workers=1) as running:
        yield running


def test_a_move_after_the_deadline_is_refused_and_the_seat_comes_back(
    service_without_worker: ServiceProcess, open_page: OpenPage
) -> None:
    service = service_without_worker
    http = Client(service.url)
    clock = {"turn_seconds": 1, "absent_after": 1}
    game = create_game(http, ["Ada", "Bruno"], 46, key=service.api_key, extra={"clock": clock})
    seat = _current(http, game)
    name = game.names[seat]
    page = open_page(_link(service, game, seat))
    wait_until_live(page)
    my_turn(page)
    page.wait_for_selector(f"[data-clock] [data-turn-time='{seat}'].out")  # 0:00: the deadline has passed
    page.click("[data-pass]")

    assert refusal(page) == TIME_IS_UP
    page.wait_for_selector(f"[data-player='{seat}'] [data-absent]")  # the late move played its timeout
    page.wait_for_selector("[data-away] [data-back]")
    _logged(page, f"{name}'s time ran out.", f"{name} is absent")
    assert page.is_disabled("[data-pass]")  # the turn is the other seat's now

    page.click("[data-back]")
    page.wait_for_selector(f"[data-player='{seat}'] [data-absent]", state="detached")
    _logged(page, f"{name} is back.")
    assert page.query_selector("[data-back]") is None
    view = http.call("GET", game.url, token=game.admin)[1]
    assert view["status"] == "playing" and view["players"][seat]["absent"] is False

    page.select_option("#language", "fr")  # the clock's words and the events' follow the language
    _logged(page, f"Le temps de {name} est écoulé.", f"Absence de {name}", f"Retour de {name}.")
    assert page.inner_text("[data-clock]").startswith("Pendule : 1 s par tour")
    http.close()
