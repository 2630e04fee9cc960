"""The README's screenshots of the web client: a game in progress, as a seat and as a spectator sees it.

    python -m harness.screenshots [--out docs/img]

Runs the service on the embedded store, creates a game through the page itself (seed 7, so
the same tiles every time), plays a few legal moves through the API, then photographs the
page of the seat to move and a spectator's page in Debian's Chromium.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from harness.browser import chromium, create_through_page, fragment
from harness.http_client import Client
from harness.service_process import ServiceProcess

REPO = Path(__file__).resolve().parent.parent
MOVES = 5
SIZE = {"width": 1200, "height": 860}


def play_a_few_moves(http: Client, game_id: str, tokens: list[str]) -> int:
    """Each seat in turn plays its first legal move that places tiles; the seat to move after them."""
    url = f"/v1/games/{game_id}"
    for _ in range(MOVES):
        seat = int(http.call("GET", url, token=tokens[0])[1]["current_player"])
        moves = http.call("GET", f"{url}/legal-moves", token=tokens[seat])[1]["moves"]
        chosen = next((move for move in moves if move["action"] == "play"), moves[-1])
        assert http.request("POST", f"{url}/moves", chosen, tokens[seat]).status == 200
    return int(http.call("GET", url, token=tokens[0])[1]["current_player"])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "img")
    out: Path = parser.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)
    with ServiceProcess(None, workers=1) as service, chromium() as browser:
        context = browser.new_context(viewport=SIZE, locale="en-GB")
        creator = context.new_page()
        links = create_through_page(creator, service.url, ["Annika", "Elias"], target=100, seed=7)
        tokens = [fragment(links[f"seat{seat}"])["token"] for seat in (0, 1)]
        http = Client(service.url)
        seat = play_a_few_moves(http, fragment(links["seat0"])["game"], tokens)
        http.close()
        for name, link in ((f"seat{seat}", links[f"seat{seat}"]), ("spectator", links["spectator"])):
            page = context.new_page()
            page.goto(link)
            page.wait_for_selector("[data-status='live']")
            if name != "spectator":
                page.click("[data-legal] summary")
                first = json.loads(
                    page.locator("[data-legal-move]").first.get_attribute("data-legal-move") or "{}"
                )
                for code in first.get("tiles", []):  # a move being chosen: its tiles and its row picked
                    page.click(f"[data-hand] [data-tile='{code}']")
                page.check(f"[data-choose-row='{first['row']}']")
            target = out / ("play-spectator.png" if name == "spectator" else "play-seat.png")
            page.screenshot(path=str(target), full_page=True)
            print(f"wrote {target}")
        context.close()


if __name__ == "__main__":
    main()
