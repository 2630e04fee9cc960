"""Playing against the computer at /play: the service plays the other seats (the embedded store's
worker runs in the service's own process), and their moves reach the page through the stream."""

from __future__ import annotations

from typing import Any

from harness.browser import fragment
from harness.http_client import Client
from harness.service_process import ServiceProcess
from tests.web.conftest import OpenPage
from tests.web.pages import (
    create_against_the_computer,
    legal_moves,
    mark_document,
    my_turn,
    pick,
    still_marked,
    turn,
    version,
    wait_for_version,
    wait_until_live,
)


def _view(http: Client, page_url: str) -> dict[str, Any]:
    """The game as the page's own seat sees it, read with the token of the page's address."""
    held = fragment(page_url)
    return http.call("GET", f"/v1/games/{held['game']}", token=held["token"])[1]


def test_the_level_choice_lists_the_services_levels_with_their_descriptions(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    offered = http.call("GET", "/v1/bots")[1]["bots"]
    page = open_page(f"{service.url}/play")
    page.wait_for_selector("input[name=player]")
    assert page.is_hidden("select[name=level]")  # against people until asked otherwise
    page.get_by_label("Play against the computer").check()
    assert page.is_hidden("input[name=player]")
    page.wait_for_selector("select[name=level]:not([disabled])")
    options = page.eval_on_selector_all("select[name=level] option", "options => options.map(o => o.value)")
    assert options == [level["level"] for level in offered]
    for level in offered:
        page.select_option("select[name=level]", level["level"])
        assert page.inner_text("[data-level-about]") == level["description"]


def test_a_person_plays_a_greedy_bot_and_its_answer_arrives_live(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    page = open_page(f"{service.url}/play")
    create_against_the_computer(page, service.url, "Annika", "greedy", opponents=1, seed=31)
    assert fragment(page.url)["seat"] == "0"
    assert "Annika (seat 0)" in page.inner_text(".summary")
    assert page.inner_text("[data-player='1'] [data-bot='greedy']") == "bot · Greedy"
    assert page.query_selector("[data-player='0'] [data-bot]") is None
    seats = _view(http, page.url)["players"]
    assert [(seat["name"], seat["bot"]) for seat in seats] == [("Annika", None), ("Greedy 1", "greedy")]
    wait_until_live(page)
    mark_document(page)

    my_turn(page)  # at once, or after the bot's first move if the deal made it start
    before = version(page)
    play = next(move for move in legal_moves(page) if move["action"] == "play")
    pick(page, play["tiles"], play["row"])
    wait_for_version(page, before + 2)  # the person's move, then the bot's answer
    my_turn(page)
    assert turn(page) == 0
    assert "Greedy 1" in page.inner_text("[data-log]")
    assert _view(http, page.url)["version"] == before + 2
    assert still_marked(page)


def test_three_computer_opponents_are_named_in_the_pages_language(
    service: ServiceProcess, http: Client, open_page: OpenPage
) -> None:
    page = open_page(f"{service.url}/play", locale="fr-FR")
    page.wait_for_selector("#setup-heading:has-text('Nouvelle partie')")
    page.check("[data-against-computer]")
    page.fill("input[name=you]", "Annika")
    page.wait_for_selector("select[name=level]:not([disabled])")
    page.select_option("select[name=level]", "random")
    page.select_option("select[name=bots]", "3")
    page.click("form.setup button[type=submit]")
    page.wait_for_selector("[data-game]")
    seats = _view(http, page.url)["players"]
    assert [seat["name"] for seat in seats] == ["Annika", "Hasard 1", "Hasard 2", "Hasard 3"]
    assert [seat["bot"] for seat in seats] == [None, "random", "random", "random"]
    labels = page.eval_on_selector_all("[data-bot='random']", "labels => labels.map(l => l.textContent)")
    assert labels == ["robot · Hasard"] * 3
    my_turn(page)  # the random bots played up to the person's turn
