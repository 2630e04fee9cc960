"""Reading and driving the web client's page in tests: what it shows, by its ``data-`` marks."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page


def version(page: Page) -> int:
    return int(page.get_attribute("[data-game]", "data-version") or 0)


def turn(page: Page) -> int:
    return int(page.get_attribute("[data-turn]", "data-turn") or 0)


def wait_for_version(page: Page, wanted: int) -> None:
    page.wait_for_selector(f"[data-game][data-version='{wanted}']")


def wait_until_live(page: Page) -> None:
    page.wait_for_selector("[data-status='live'], [data-status='ended']")


def hand(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-hand] [data-tile]", "tiles => tiles.map(t => t.dataset.tile)")


def tiles_shown(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-tile]", "tiles => tiles.map(t => t.dataset.tile)")


def legal_moves(page: Page) -> list[dict[str, Any]]:
    found = page.eval_on_selector_all("[data-legal-move]", "moves => moves.map(m => m.dataset.legalMove)")
    return [json.loads(move) for move in found]


def pick(page: Page, tiles: list[str], row: str) -> None:
    """Pick tiles from the hand and a row, then Play: as a person does with the mouse."""
    for code in tiles:
        page.click(f"[data-hand] [data-tile='{code}']")
    page.check(f"[data-choose-row='{row}']")
    page.click("[data-play]")


def refusal(page: Page) -> str:
    page.wait_for_selector("[data-refusal]:not(:empty)")
    return page.inner_text("[data-refusal]")


def mark_document(page: Page) -> None:
    """Leave a mark in this document: still there later means the page was never reloaded."""
    page.evaluate("window.restartTestMark = 'not reloaded'")


def still_marked(page: Page) -> bool:
    return bool(page.evaluate("window.restartTestMark === 'not reloaded'"))


def create_against_the_computer(
    page: Page, base_url: str, name: str, level: str, opponents: int, seed: int
) -> None:
    """Create a game against the computer with the page's own form, by the controls' labels; the page
    then shows the person's table (seat 0)."""
    page.goto(f"{base_url}/play")
    page.get_by_label("Play against the computer").check()
    page.get_by_label("Your name").fill(name)
    page.wait_for_selector(f"select[name=level] option[value='{level}']", state="attached")
    page.get_by_label("The computer's level").select_option(level)
    page.get_by_label("Opponents the computer plays").select_option(str(opponents))
    page.fill("input[name=seed]", str(seed))
    page.click("form.setup button[type=submit]")
    page.wait_for_selector("[data-game]")


def my_turn(page: Page) -> None:
    """Wait until the page's seat may move (Pass is enabled only then)."""
    page.wait_for_selector("[data-pass]:not([disabled])")


def rows(page: Page) -> dict[str, list[str]]:
    """The tiles on each row as the page shows them, by the row's colour (a view's ``rows``)."""
    shown: dict[str, list[str]] = page.eval_on_selector_all(
        "[data-row]",
        "rows => Object.fromEntries(rows.map(row => [row.dataset.row,"
        " [...row.querySelectorAll('[data-tile]')].map(tile => tile.dataset.tile)]))",
    )
    return shown


def wait_for_replayed(page: Page, wanted: int) -> None:
    """Wait until the replay shows version ``wanted``: its table, and its label saying so."""
    page.wait_for_selector(f"[data-game][data-version='{wanted}'] [data-replay-version='{wanted}']")
