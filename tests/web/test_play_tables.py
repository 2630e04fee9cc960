"""Tables in the web client, in Chromium: the creator leaves a seat open with the setup form and copies
its invitation link, the person invited sees the table and claims the seat on its page, and both end
at the dealt game; a second claim of the link is refused in the service's own words; a claimant of a
table still waiting for others waits, and the last claim takes every page to the game."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Page

from harness.browser import fragment
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import refusal, wait_until_live


def _table_through_page(creator: Page, base_url: str, names: list[str], open_seats: list[int]) -> None:
    """A table set up with the page's own form: ``names`` in seating order (empty: unnamed), the seats
    ``open_seats`` left open."""
    creator.goto(f"{base_url}/play")
    inputs = creator.locator("input[name=player]")
    for index in range(inputs.count()):
        inputs.nth(index).fill(names[index] if index < len(names) else "")
    for seat in open_seats:
        creator.check(f"[data-open-seat='{seat}']")
    creator.fill("input[name=seed]", "5")
    creator.click("form.setup button[type=submit]")
    creator.wait_for_selector("[data-table-invitations]")


def _invitation(page: Page, seat: int) -> str:
    return page.get_attribute(f"[data-table-invitation='{seat}']", "href") or ""


def _claim(page: Page, name: str) -> None:
    page.wait_for_selector("[data-claim]")
    if name:
        page.fill("form.claim input[name=name]", name)
    page.click("[data-claim]")


def test_an_open_seat_s_link_is_claimed_and_both_pages_end_at_the_dealt_game(
    service: ServiceProcess, open_page: OpenPage
) -> None:
    creator = open_page(f"{service.url}/play")
    _table_through_page(creator, service.url, ["Annika", ""], open_seats=[1])
    link = _invitation(creator, 1)
    assert urlsplit(link).path == "/play" and urlsplit(link).query == ""  # the token only in the fragment
    assert set(fragment(link)) == {"table", "seat", "invitation"}
    table_id = fragment(link)["table"]
    seat0 = creator.get_attribute("[data-seat-link='0']", "href") or ""
    assert fragment(seat0) == {"table": table_id, "seat": "0", "token": fragment(seat0)["token"]}
    watch = creator.get_attribute("[data-spectator-link]", "href") or ""
    assert fragment(watch) == {"table": table_id, "token": fragment(watch)["token"]}
    assert creator.locator("[data-seat-link='1']").count() == 0  # the open seat's link is its invitation
    assert creator.get_attribute("[data-table-status]", "data-table-status") == "waiting"
    assert creator.get_attribute("[data-table-seat='1']", "data-state") == "open"
    assert "Waiting for the other players" in creator.inner_text("[data-table-status]")
    assert creator.is_hidden("[data-open-game]")

    annika = open_page(seat0)  # a seat held from the setup: its link waits for the deal, not refused
    annika.wait_for_selector("[data-table-status='waiting']")
    assert annika.get_attribute("[data-table-seat='0']", "class") == "me"
    assert "Seat 1 is yours" in annika.inner_text("h2")
    spectator = open_page(watch, locale="fr-FR")
    spectator.wait_for_selector("[data-table-status='waiting']")
    assert "Une table qui attend ses joueurs" in spectator.inner_text("h2")
    assert spectator.locator("[data-table-seats] .me").count() == 0

    invited = open_page(link)
    invited.wait_for_selector("[data-table-seat='0'][data-state='held']")  # read with the invitation
    assert "Annika" in invited.inner_text("[data-table-seat='0']")
    assert "your invitation" in invited.inner_text("[data-table-seat='1']")
    invited.get_by_label("Your name").fill("Zoe")  # the field by its label, as a person finds it
    _claim(invited, "")
    invited.wait_for_selector("[data-game]")
    assert set(fragment(invited.url)) == {"game", "seat", "token"}  # the invitation spent, the token kept
    assert fragment(invited.url)["game"] == table_id and fragment(invited.url)["seat"] == "1"
    wait_until_live(invited)
    assert "Zoe (you)" in invited.inner_text("[data-player='1'] th")
    assert invited.locator("[data-hand] [data-tile]").count() > 0

    creator.wait_for_selector("[data-table-status='dealt']")  # its next reading of the table
    assert "the game is dealt" in creator.inner_text("[data-table-status]")
    assert creator.get_attribute("[data-table-seat='1']", "data-state") == "held"
    creator.click("[data-open-game]")
    creator.wait_for_selector(f"[data-game='{table_id}']")
    wait_until_live(creator)
    assert "Zoe" in creator.inner_text("[data-player='1'] th")

    annika.wait_for_selector(f"[data-game='{table_id}']")  # the deal takes the waiting page to the game
    assert fragment(annika.url) == {"game": table_id, "seat": "0", "token": fragment(seat0)["token"]}
    wait_until_live(annika)
    assert "Annika (you)" in annika.inner_text("[data-player='0'] th")
    assert annika.locator("[data-hand] [data-tile]").count() > 0
    spectator.wait_for_selector(f"[data-game='{table_id}']")
    assert set(fragment(spectator.url)) == {"game", "token"}
    wait_until_live(spectator)
    assert spectator.query_selector("[data-hand]") is None
    opened_late = open_page(seat0)  # after the deal, the same link goes straight to the game
    opened_late.wait_for_selector(f"[data-game='{table_id}']")


def test_a_second_claim_of_an_open_seat_s_link_is_refused_in_the_page_s_language(
    service: ServiceProcess, open_page: OpenPage
) -> None:
    creator = open_page(f"{service.url}/play")
    _table_through_page(creator, service.url, ["Annika", "", "Sofia"], open_seats=[1])
    link = _invitation(creator, 1)
    first = open_page(link)
    _claim(first, "")
    first.wait_for_selector("[data-game]")

    second = open_page(link, locale="fr-FR")
    second.wait_for_selector("[data-claim]")
    assert "Une invitation à une table" in second.inner_text("#claim-heading")
    assert "Prendre le siège 2" in second.inner_text("[data-claim]")
    second.wait_for_selector("[data-table-unread]")  # a spent invitation reads the table no more
    assert "déjà été acceptée" in second.inner_text("[data-table-unread]")
    second.click("[data-claim]")
    assert "cette invitation au siège 1 a déjà été acceptée" in refusal(second)
    assert "table" in fragment(second.url)  # still the claim page


def test_a_claimant_waits_for_the_other_open_seat_then_goes_to_the_game(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    players = ["Annika", {"open": True}, {"open": True, "name": "Sofia's seat"}]
    body: dict[str, Any] = {"players": players, "seed": 9}
    answer = http.request("POST", "/v1/tables", body, headers={"X-API-Key": service.api_key})
    assert answer.status == 201, answer.body
    table_id = answer.body["table"]["table_id"]
    page = f"{service.url}/play#table={table_id}"
    links = {
        made["seat"]: f"{page}&seat={made['seat']}&invitation={made['token']}"
        for made in answer.body["invitations"]
    }

    first = open_page(links[1], locale="pt-BR")
    first.wait_for_selector("[data-table-seat='2'][data-state='open']")
    assert "Sofia's seat" in first.inner_text("[data-table-seat='2']")
    assert "livre" in first.inner_text("[data-table-seat='2']")
    _claim(first, "Elias")
    # The waiting page's status (the claim page showed the table's status too, before the claim).
    first.wait_for_selector(".waiting [data-table-status='waiting']")  # the table still has a seat open
    assert set(fragment(first.url)) == {"table", "seat", "token"}  # the seat's token, not the invitation
    assert "À espera dos outros jogadores" in first.inner_text("[data-table-status]")
    assert first.get_attribute("[data-table-seat='1']", "data-state") == "held"
    first.reload()  # the address waits again, with the seat's token
    first.wait_for_selector("[data-table-status='waiting']")

    last = open_page(links[2])
    _claim(last, "Sofia")
    last.wait_for_selector(f"[data-game='{table_id}']")  # the last claim deals: straight to the game
    first.wait_for_selector(f"[data-game='{table_id}']")  # the waiting page's next reading
    assert fragment(first.url) == {"game": table_id, "seat": "1", "token": fragment(first.url)["token"]}
    for page, seat, name in ((first, 1, "Elias"), (last, 2, "Sofia")):
        wait_until_live(page)
        assert name in page.inner_text(f"[data-player='{seat}'] th")
        assert page.locator("[data-hand] [data-tile]").count() > 0
