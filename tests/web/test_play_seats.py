"""Seats in the web client, in Chromium: the creator copies an invitation link for a seat, the person
invited claims the seat on the claim page, the table shows who holds each seat, and a finished
game's rematch button takes each seat to its place in the new game."""

from __future__ import annotations

from urllib.parse import urlsplit

from harness.browser import create_through_page, fragment
from harness.games import Game, create_game
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import refusal, wait_until_live


def _invitation_link(service: ServiceProcess, open_page: OpenPage) -> tuple[dict[str, str], str]:
    """A game made with the page's form, and the invitation link it then gives for seat 1."""
    creator = open_page(f"{service.url}/play")
    links = create_through_page(creator, service.url, ["Annika", "Elias"], target=50, seed=3)
    creator.click("[data-invite='1']")
    creator.wait_for_selector("[data-invitation-link='1']")
    link = creator.get_attribute("[data-invitation-link='1']", "href") or ""
    return links, link


def test_an_invitation_link_is_claimed_on_its_page_and_opens_the_seat_s_table(
    service: ServiceProcess, open_page: OpenPage
) -> None:
    links, link = _invitation_link(service, open_page)
    assert urlsplit(link).path == "/play" and urlsplit(link).query == ""  # the token only in the fragment
    assert set(fragment(link)) == {"game", "seat", "invitation"}
    watcher = open_page(links["seat0"])
    wait_until_live(watcher)
    watcher.wait_for_selector("[data-player='1'] [data-holding='invited']")  # every viewer sees it

    invited = open_page(link)
    invited.get_by_label("Your name").fill("Zoe")
    invited.click("[data-claim]")
    invited.wait_for_selector("[data-game]")
    assert set(fragment(invited.url)) == {"game", "seat", "token"}  # the invitation spent, the token kept
    wait_until_live(invited)
    assert "Zoe (you)" in invited.inner_text("[data-player='1'] th")
    assert invited.locator("[data-hand] [data-tile]").count() > 0
    watcher.wait_for_selector("[data-player='1'] th:has-text('Zoe')")
    assert "Zoe takes seat 2." in watcher.inner_text("[data-log]")
    assert watcher.locator("[data-player='1'] [data-holding]").count() == 0

    old = open_page(links["seat1"])  # the seat's old link opens nothing now
    assert refusal(old)


def test_a_second_claim_of_one_invitation_is_refused_in_the_page_s_language(
    service: ServiceProcess, open_page: OpenPage
) -> None:
    _, link = _invitation_link(service, open_page)
    first = open_page(link)
    first.click("[data-claim]")
    first.wait_for_selector("[data-game]")
    second = open_page(link, locale="fr-FR")
    second.wait_for_selector("[data-claim]")
    assert "Prendre le siège 2" in second.inner_text("[data-claim]")
    second.click("[data-claim]")
    assert "déjà été acceptée" in refusal(second)


def test_the_rematch_button_moves_each_seat_to_its_place_in_the_same_new_game(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    game = create_game(http, ["Annika", "Elias"], 3, 1, key=service.api_key)
    for _ in range(4):  # both pass: the round is scored, a total reaches 1, the game ends
        view = http.request("GET", game.url, None, game.admin).body or {}
        if view["status"] == "finished":
            break
        move = {"player": view["current_player"], "action": "pass"}
        assert http.request("POST", f"{game.url}/moves", move, game.admin).status == 200
    pages = [open_page(_seat_link(service, game, seat)) for seat in (0, 1)]
    for page in pages:
        page.wait_for_selector("[data-status='ended']")
    pages[0].click("[data-rematch]")
    pages[0].wait_for_selector(f"[data-game]:not([data-game='{game.id}'])")
    new_id = pages[0].get_attribute("[data-game]", "data-game")
    assert fragment(pages[0].url)["seat"] == "1" and fragment(pages[0].url)["token"] == game.players[0]
    assert "Annika (you)" in pages[0].inner_text("[data-player='1'] th")
    pages[1].wait_for_selector(f"[data-rematch='{new_id}']")  # told by the old game's stream
    assert "Go to the rematch" in pages[1].inner_text("[data-rematch]")
    pages[1].click("[data-rematch]")
    pages[1].wait_for_selector(f"[data-game='{new_id}']")
    assert "Elias (you)" in pages[1].inner_text("[data-player='0'] th")


def _seat_link(service: ServiceProcess, game: Game, seat: int) -> str:
    return f"{service.url}/play#game={game.id}&seat={seat}&token={game.players[seat]}"
