"""Sentences for people, kept translatable: an English template and the values it names.

The engine (and, above it, the use cases and the API) say why they refuse with a
``Message``: ``template`` is the English sentence with named placeholders, and also the
message id of the catalogs (service/api/locales); ``arguments`` are the values it names,
kept as values (a ``Tile``, a ``Colour``, a number, text as a client sent it) so that
another language can name them its own way. ``str(message)`` is the English sentence,
exactly as before translation existed; the api room renders the others.

Templates are string literals at the call (``Message("...", seat=2)``): the catalogs'
English side is extracted from the source by Babel, which sees only literals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from service.rules.tiles import Colour, Tile

Argument = int | str | Tile | Colour
"""What a sentence may name: numbers and client text as they are, tiles and colours by name."""


def english(value: Argument) -> int | str | Tile:
    """A value as the English sentences name it: a tile by its code, a colour by its wire name."""
    return value.value if isinstance(value, Colour) else value


class Message:
    """A sentence: its English template and the values it names."""

    __slots__ = ("arguments", "template")

    def __init__(self, template: str, /, **arguments: Argument) -> None:
        self.template: Final = template
        self.arguments: Final[Mapping[str, Argument]] = arguments

    def __str__(self) -> str:
        if not self.arguments:
            return self.template
        return self.template.format_map({name: english(value) for name, value in self.arguments.items()})

    def __repr__(self) -> str:
        return f"Message({self.template!r}, {dict(self.arguments)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return self.template == other.template and self.arguments == other.arguments

    def __hash__(self) -> int:
        return hash(self.template)
