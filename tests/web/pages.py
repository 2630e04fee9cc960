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
