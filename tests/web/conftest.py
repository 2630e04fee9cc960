"""The web client in a real browser: the service under gunicorn, and Debian's Chromium driven by Playwright.

One service on the embedded store (with ``make run``'s development client, so the page offers
its key) serves the module's games. Each page is opened in a browser context of its own, as
separate people would; an error thrown in any page fails the test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from harness.browser import chromium
from harness.http_client import Client
from harness.service_process import ServiceProcess

STEP_MS = 10_000
"""How long a page may take to show what the service said: a bound on waiting, never a measurement."""

OpenPage = Callable[..., Page]


@pytest.fixture(scope="module")
def service() -> Iterator[ServiceProcess]:
    with ServiceProcess(None, workers=1) as running:
        yield running


@pytest.fixture(scope="module")
def http(service: ServiceProcess) -> Iterator[Client]:
    client = Client(service.url)
    yield client
    client.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def open_page(browser: Browser) -> Iterator[OpenPage]:
    """``open_page(url, width=1200, locale="en-GB")``: a page in a new context (a new person)."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def opened(url: str, width: int = 1200, locale: str = "en-GB") -> Page:
        context = browser.new_context(viewport={"width": width, "height": 900}, locale=locale)
        context.set_default_timeout(STEP_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
        page.goto(url)
        return page

    yield opened
    for context in contexts:
        context.close()
    assert errors == []
