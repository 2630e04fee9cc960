"""Consent offers in the web client, in Chromium (docs/OFFERS.md): a seat's holder offers a takeback, an
abort, an end by agreement or a pause with the page's buttons, another seat's holder accepts or declines it
on their own page, every page shows what became of it, and a refusal shows the service's own sentence in
the page's language."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from harness.games import Game, create_game
from harness.http_client import Answer, Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import (
    create_against_the_computer,
    hand,
    legal_moves,
    my_turn,
    pick,
    rows,
    turn,
    wait_for_version,
    wait_until_live,
)

NAMES = ["Annika", "Elias"]


def _game(http: Client, service: ServiceProcess, extra: dict[str, Any] | None = None) -> Game:
    return create_game(http, NAMES, 11, key=service.api_key, extra=extra)


def _seats(service: ServiceProcess, game: Game, open_page: OpenPage, locale: str = "en-GB") -> list[Page]:
    """Each seat's page, by seat, following the game live."""
    pages = [
        open_page(f"{service.url}/play#game={game.id}&seat={seat}&token={game.players[seat]}", locale=locale)
        for seat in range(len(game.players))
    ]
    for page in pages:
        wait_until_live(page)
    return pages


def _play_a_tile(page: Page) -> dict[str, Any]:
    """The page's seat plays tiles by hand (its first legal play); the move."""
    my_turn(page)
    play = next(move for move in legal_moves(page) if move["action"] == "play")
    pick(page, play["tiles"], play["row"])
    return play


def _offer_buttons(page: Page) -> dict[str, str]:
    """The offers the page's buttons make, with their words."""
    found: dict[str, str] = page.eval_on_selector_all(
        "[data-offer-make]", "all => Object.fromEntries(all.map(b => [b.dataset.offerMake, b.textContent]))"
    )
    return found


def _offer(http: Client, game: Game, seat: int, kind: str, language: str) -> Answer:
    headers = {"Accept-Language": language}
    return http.request("POST", f"{game.url}/offers", {"kind": kind}, game.players[seat], headers=headers)


def _log(page: Page, sentence: str) -> None:
    page.wait_for_selector(f"[data-log] li:has-text({sentence!r})")


def test_a_takeback_accepted_by_the_other_seat_undoes_the_move_on_every_page(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service)
    pages = _seats(service, game, open_page)
    mover = turn(pages[0])
    first, other = pages[mover], pages[1 - mover]
    my_turn(first)
    rows_before, hand_before = rows(first), sorted(hand(first))
    assert first.locator("[data-offer-make='takeback']").count() == 0  # no move of its own to take back yet

    play = _play_a_tile(first)
    for page in pages:
        wait_for_version(page, 2)
    assert other.locator("[data-offer-make='takeback']").count() == 0  # the last move is not theirs
    first.click("[data-offer-make='takeback']")

    other.wait_for_selector("[data-offer='takeback'] [data-offer-accept]")
    assert f"{NAMES[mover]} offers to take back their last move." in other.inner_text("[data-offer]")
    assert f"Waiting for: {NAMES[1 - mover]}." in other.inner_text("[data-offer]")
    first.wait_for_selector("[data-offer='takeback']")
    assert "You offered to take back your last move." in first.inner_text("[data-offer]")
    assert first.locator("[data-offer-accept], [data-offer-decline], [data-offer-make]").count() == 0
    other.click("[data-offer-accept]")

    for page in pages:
        wait_for_version(page, 4)  # the move, the offer, the acceptance that took effect
        _log(page, f"{NAMES[1 - mover]} accepted the offer.")
        _log(page, f"{NAMES[mover]} took back their last move.")
        assert rows(page) == rows_before
        assert play["tiles"][-1] not in rows(page)[play["row"]]
        assert page.locator("[data-offer]").count() == 0
    assert sorted(hand(first)) == hand_before
    assert turn(first) == mover
    my_turn(first)  # the turn is the mover's again


def test_an_offer_declined_is_told_to_its_proposer_and_changes_nothing(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service)
    pages = _seats(service, game, open_page)
    proposer, answerer = pages
    proposer.click("[data-offer-make='agreement']")
    answerer.wait_for_selector("[data-offer='agreement'] [data-offer-decline]")
    offered = answerer.inner_text("[data-offer]")
    assert "Annika offers to end the game now, ranked by the scores as they stand." in offered
    answerer.click("[data-offer-decline]")

    proposer.wait_for_selector("[data-offer-declined]")
    assert proposer.inner_text("[data-offer-declined]") == "Elias declined your offer."
    for page in pages:
        wait_for_version(page, 3)
        _log(page, "Elias declined the offer.")
        assert page.locator("[data-offer]").count() == 0
        assert page.locator(".turn.over").count() == 0  # still playing
    assert (http.request("GET", game.url, None, game.admin).body or {})["status"] == "playing"


def test_the_french_page_offers_in_french_and_shows_a_refusal_in_the_service_s_french(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service)
    proposer = _seats(service, game, open_page, locale="fr-FR")[0]
    proposer.wait_for_selector("[data-offer-make='agreement']")
    assert _offer_buttons(proposer) == {
        "abort": "Proposer d'annuler la partie",  # nobody has moved yet
        "agreement": "Proposer de finir la partie maintenant",
    }  # no takeback (no move of its own), no pause (no clock)

    proposer.click("[data-offer-make='agreement']")
    proposer.wait_for_selector("[data-offer='agreement']")
    assert "Vous avez proposé de finir la partie maintenant" in proposer.inner_text("[data-offer]")
    offer_id = int(proposer.get_attribute("[data-offer]", "data-offer-id") or 0)
    assert http.request("POST", f"{game.url}/offers/{offer_id}/decline", {}, game.players[1]).status == 200
    proposer.wait_for_selector("[data-offer-declined]")
    assert proposer.inner_text("[data-offer-declined]") == "Elias a refusé votre proposition."

    proposer.click("[data-offer-make='agreement']")  # again at once: within the cool-down
    proposer.wait_for_selector("[data-offer-refusal]:not(:empty)")
    shown = proposer.inner_text("[data-offer-refusal]")
    said = {language: _offer(http, game, 0, "agreement", language) for language in ("fr", "en")}
    assert {answer.status for answer in said.values()} == {409}
    assert said["fr"].body["code"] == "offer_cooldown"
    assert shown == said["fr"].body["detail"] != said["en"].body["detail"]


def test_a_pause_accepted_stops_the_moves_until_a_resume_is_accepted(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = _game(http, service, extra={"clock": {"turn_seconds": 600}})
    pages = _seats(service, game, open_page)
    mover = turn(pages[0])
    first, other = pages[mover], pages[1 - mover]
    my_turn(first)
    other.click("[data-offer-make='pause']")
    first.click("[data-offer='pause'] [data-offer-accept]")
    for page in pages:
        page.wait_for_selector("[data-paused]")
        assert "Paused until" in page.inner_text("[data-paused]")
        _log(page, "The game is paused until")
        assert page.locator("[data-offer-make='pause']").count() == 0
    first.wait_for_selector("[data-pass][disabled]")  # no move while paused
    assert "The game is paused" in first.inner_text(".seat .hint")

    first.click("[data-offer-make='resume']")
    other.click("[data-offer='resume'] [data-offer-accept]")
    for page in pages:
        _log(page, "The game resumed: the clocks run again.")
        page.wait_for_selector("[data-paused]", state="detached")
    my_turn(first)


def test_against_the_computer_an_abort_is_accepted_at_once_and_an_agreement_declined_by_rule(
    service: ServiceProcess, open_page: OpenPage
) -> None:
    page = open_page(f"{service.url}/play")
    create_against_the_computer(page, service.url, "Annika", "random", 1, seed=5)
    wait_until_live(page)
    page.click("[data-offer-make='agreement']")
    page.wait_for_selector("[data-offer-declined]")
    assert "the service answers for that seat" in page.inner_text("[data-offer-declined]")
    _log(page, "The service declined the offer for")

    page.click("[data-offer-make='abort']")
    page.wait_for_selector(".turn.over")
    assert page.inner_text(".turn.over") == "The game was aborted: no result."
    _log(page, "Game over: the game was aborted, with no result.")
    assert page.locator("[data-offer-make]").count() == 0
