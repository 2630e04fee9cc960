"""The message catalogs: English (the code's templates) complete in French and Portuguese.

``messages.pot`` is what Babel extracts from the code now; each ``.po`` translates every
one of its templates, with the same placeholders, and nothing else.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from service.api.language import DEFAULT_LANGUAGE, LANGUAGES
from service.api.translation import COLOUR_NAMES, catalogs, tile_name, translate
from service.rules import ALL_TILES, COLOURS
from service.rules.messages import Message
from service.rules.tiles import TILES_BY_CODE

SERVICE = Path(__file__).resolve().parents[2] / "service"
LOCALES = SERVICE / "api" / "locales"
OTHER_LANGUAGES = [language for language in LANGUAGES if language != DEFAULT_LANGUAGE]


def _read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=language)


def _templates_in_the_code() -> set[str]:
    found = extract_from_dir(str(SERVICE), keywords={"Message": None}, comment_tags=())
    return {str(message) for _, _, message, _, _ in found}


def _placeholders(template: str) -> set[tuple[str, str | None]]:
    return {
        (name, conversion)
        for _, name, _, conversion in string.Formatter().parse(template)
        if name is not None
    }


def test_the_english_catalog_is_what_the_code_says_now() -> None:
    pot = {str(message.id) for message in _read(LOCALES / "messages.pot") if message.id}
    assert pot == _templates_in_the_code(), "run scripts/update-catalogs.sh"


def test_every_message_template_is_a_literal_babel_can_extract() -> None:
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Message":
                first = node.args[0] if node.args else None
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), (path, node.lineno)


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_each_catalog_translates_every_english_message_and_only_those(language: str) -> None:
    pot = {str(message.id) for message in _read(LOCALES / "messages.pot") if message.id}
    catalog = _read(LOCALES / f"{language}.po", language)
    entries = {str(message.id): message for message in catalog if message.id}
    assert set(entries) == pot, "run scripts/update-catalogs.sh, then translate"
    untranslated = sorted(msgid for msgid, entry in entries.items() if not entry.string or entry.fuzzy)
    assert untranslated == []
    assert not catalog.obsolete


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_each_translation_keeps_the_placeholders_of_its_english(language: str) -> None:
    changed = {
        msgid: translated
        for msgid, translated in catalogs()[language].items()
        if _placeholders(translated) != _placeholders(msgid)
    }
    assert changed == {}


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_tile_and_colour_has_its_name(language: str) -> None:
    names = {translate(tile_name(tile), language) for tile in ALL_TILES}
    assert len(names) == len(ALL_TILES) - 1  # the two scissors are one tile
    assert {translate(COLOUR_NAMES[colour], language) for colour in COLOURS}.isdisjoint({"red", "gray"})


def test_english_names_tiles_and_colours_by_their_wire_codes() -> None:
    assert [translate(tile_name(tile), "en") for tile in ALL_TILES] == [tile.code for tile in ALL_TILES]
    assert [translate(COLOUR_NAMES[colour], "en") for colour in COLOURS] == [c.value for c in COLOURS]


def test_the_summaries_words_name_the_special_tiles() -> None:
    by_code = TILES_BY_CODE
    french = [
        translate(tile_name(by_code[code]), "fr") for code in ("red-stop", "red-restart", "scissors", "trash")
    ]
    portuguese = [
        translate(tile_name(by_code[code]), "pt") for code in ("red-stop", "red-restart", "scissors")
    ]
    assert french == ["tuile 16-FIN rouge", "tuile Restart rouge", "tuile Ciseaux", "tuile Poubelle"]
    assert portuguese == ["peça 16-END vermelha", "peça Restart vermelha", "peça Tesoura"]


def test_a_message_is_its_english_sentence() -> None:
    message = Message("{tile} is not in seat {seat}'s hand", tile=TILES_BY_CODE["blue-3"], seat=2)
    assert str(message) == "blue-3 is not in seat 2's hand" == translate(message, "en")
    assert translate(message, "pt") == "a peça 3 azul não está na mão do assento 2"
