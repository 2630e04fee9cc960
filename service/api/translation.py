"""The service's sentences in French and Portuguese: gettext catalogs, read once, and how a sentence is said.

English is the source: a ``Message``'s template is its message id, and ``str(message)``
its English sentence. ``service/api/locales/`` holds ``messages.pot`` (every template,
extracted from the code by Babel: ``scripts/update-catalogs.sh``) and one ``.po`` per
other language. The ``.po`` files are read as they are, with Babel, when the app is made
(no compiled ``.mo`` to keep in step); tests/api/test_catalogs.py fails when a catalog
lacks a template, has a fuzzy or empty entry, or drops or adds a placeholder.

Tiles and colours a sentence names are messages too (``tile_name``, ``COLOUR_NAMES``),
worded as the French and Portuguese rules summaries word them (docs/RULES.md): the
English names are the wire codes, so English sentences read exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.resources import files

from babel.messages.pofile import read_po

from service.api.language import DEFAULT_LANGUAGE, LANGUAGES
from service.rules.messages import Argument, Message
from service.rules.tiles import Colour, Kind, Tile

LOCALES = "locales"
TEMPLATE_FILE = "messages.pot"

COLOUR_NAMES: Mapping[Colour, Message] = {
    Colour.RED: Message("red"),
    Colour.BLUE: Message("blue"),
    Colour.GREEN: Message("green"),
    Colour.ORANGE: Message("orange"),
    Colour.GRAY: Message("gray"),
}
"""A colour as sentences name it (in French and Portuguese, the form that goes with a row and a tile)."""


def tile_name(tile: Tile) -> Message:
    """A tile as sentences name it: its code in English, the summaries' words elsewhere."""
    if tile.colour is None:
        return Message("scissors") if tile.kind is Kind.SCISSORS else Message("trash")
    if tile.kind is Kind.STOP:
        return Message("{colour}-stop", colour=tile.colour)
    if tile.kind is Kind.RESTART:
        return Message("{colour}-restart", colour=tile.colour)
    return Message("{colour}-{value}", colour=tile.colour, value=tile.value)


def catalog_path(language: str) -> str:
    return f"{LOCALES}/{language}.po"


@cache
def catalogs() -> Mapping[str, Mapping[str, str]]:
    """Language -> template -> its translation, for every language but English."""
    found = {}
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        with files("service.api").joinpath(catalog_path(language)).open("rb") as po:
            catalog = read_po(po, locale=language)
        found[language] = {
            str(entry.id): str(entry.string)
            for entry in catalog
            if entry.id and entry.string and not entry.fuzzy
        }
    return found


def translate(message: Message, language: str) -> str:
    """The sentence in ``language``; English for a template a catalog lacks (a test sees that none does)."""
    if language == DEFAULT_LANGUAGE:
        return str(message)
    template = catalogs()[language].get(message.template, message.template)
    if not message.arguments:
        return template
    return template.format_map({name: _named(value, language) for name, value in message.arguments.items()})


def _named(value: Argument, language: str) -> int | str:
    if isinstance(value, Tile):
        return translate(tile_name(value), language)
    if isinstance(value, Colour):
        return translate(COLOUR_NAMES[value], language)
    return value
