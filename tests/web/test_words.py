"""The page's own words: the same keys and placeholders in English, French and Portuguese, each one used.

Keys are written out in the code (``t("hand.heading")``, ``data-word="page.title"``) or built
from a family whose members the contract fixes (``row.<colour>``, ``status.<status>``...) or
the service serves (``level.<bot level>``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.api.language import LANGUAGES
from service.play.bot_seats import levels
from service.rules import COLOURS

WEB = Path(__file__).resolve().parents[2] / "service" / "web"
KEY = re.compile(r"""["']([a-z]+\.[a-z_]+)["']""")
FAMILIES = {
    "colour": [colour.value for colour in COLOURS],
    "row": [colour.value for colour in COLOURS],
    "tile": ["number", "stop", "restart", "scissors", "trash"],
    "face": ["stop", "restart", "scissors", "trash"],
    "status": ["connecting", "live", "reconnecting", "ended", "refused"],
    "reason": ["hand_emptied", "target_reached", "agreement"],
    "level": [served["level"] for served in levels()],
}


def words(language: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((WEB / "assets" / "words" / f"{language}.json").read_text())
    return loaded


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def keys_in_the_code() -> set[str]:
    sources = [*sorted((WEB / "assets").glob("*.js")), WEB / "play.html"]
    written = {key for source in sources for key in KEY.findall(source.read_text())}
    built = {f"{family}.{member}" for family, members in FAMILIES.items() for member in members}
    return {key for key in written if not key.endswith(".js") and not key.endswith(".json")} | built


@pytest.mark.parametrize("language", [language for language in LANGUAGES if language != "en"])
def test_each_language_has_every_english_key_with_its_placeholders(language: str) -> None:
    english, other = words("en"), words(language)
    assert set(other) == set(english)
    assert {key: placeholders(text) for key, text in other.items()} == {
        key: placeholders(text) for key, text in english.items()
    }
    assert all(text.strip() for text in other.values())


def test_every_key_the_page_uses_exists_and_every_key_is_used() -> None:
    assert keys_in_the_code() == set(words("en"))
