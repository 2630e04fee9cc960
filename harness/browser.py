"""A real browser for the web client: Playwright driving Debian's ``chromium`` (never a downloaded one).

``make test-tools`` installs the package like redis-server; Playwright is pointed at its
binary. Shared by the browser tests (tests/web) and the screenshot script (harness/screenshots.py).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = "chromium"
LAUNCH_ARGUMENTS = ["--disable-dev-shm-usage", "--disable-gpu"]


def chromium_path() -> str:
    found = shutil.which(CHROMIUM)
    if found is None:
        raise RuntimeError("chromium is missing: run 'make test-tools' (or 'sudo apt-get install chromium')")
    return found


@contextmanager
def chromium() -> Iterator[Browser]:
    """Headless Chromium; without its sandbox when run as root (which Chromium refuses otherwise)."""
    arguments = LAUNCH_ARGUMENTS + (["--no-sandbox"] if os.geteuid() == 0 else [])
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=arguments, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def fragment(link: str) -> dict[str, str]:
    """What a game link carries after its ``#``: game, seat (a seat's link only) and token."""
    return {name: values[0] for name, values in parse_qs(urlsplit(link).fragment).items()}


def create_through_page(
    page: Page, base_url: str, names: list[str], target: int, seed: int
) -> dict[str, str]:
    """Create a game with the page's own form (the development key it offers); its links by holder."""
    page.goto(f"{base_url}/play")
    inputs = page.locator("input[name=player]")
    for index, name in enumerate(names):
        inputs.nth(index).fill(name)
    for index in range(len(names), inputs.count()):
        inputs.nth(index).fill("")
    page.fill("input[name=target]", str(target))
    page.fill("input[name=seed]", str(seed))
    page.click("form.setup button[type=submit]")
    page.wait_for_selector("[data-spectator-link]")
    links = {
        f"seat{seat}": page.get_attribute(f"[data-seat-link='{seat}']", "href") or ""
        for seat in range(len(names))
    }
    links["spectator"] = page.get_attribute("[data-spectator-link]", "href") or ""
    return links
