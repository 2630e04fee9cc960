"""Which language an answer speaks: ``Accept-Language`` against English, French and Portuguese.

Any region of a language is that language (``fr-CA`` is French); q-values are honoured;
``*`` stands for every language not named, so it gives English its weight; anything
else, or no header, is English. Only answers that carry sentences ask (problems and
verdicts): a move that succeeds never reads the header. The choice for each header value
is remembered (a few browsers send a few values), so a request pays one dictionary look-up.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Response, request

DEFAULT_LANGUAGE = "en"
LANGUAGES = ("en", "fr", "pt")
"""The languages the service speaks; English is the catalogs' source."""
VARY = "Accept-Language"


def best_language(header: str | None) -> str:
    """The language to answer in, for this ``Accept-Language`` value."""
    return _negotiate(header) if header else DEFAULT_LANGUAGE


@lru_cache(maxsize=512)  # bounded: made-up header values cannot grow it
def _negotiate(header: str) -> str:
    weights: dict[str, float] = {}
    anything: float | None = None
    for item in header.split(",")[:32]:
        tag, *parameters = item.split(";")
        language = tag.strip().split("-", 1)[0].lower()
        weight = _weight(parameters)
        if weight is None:
            continue
        if language == "*":
            anything = weight if anything is None else max(anything, weight)
        elif language in LANGUAGES:
            weights[language] = max(weight, weights.get(language, 0.0))
    if anything is not None:
        for language in LANGUAGES:
            weights.setdefault(language, anything)
    best = max(weights.items(), key=lambda item: item[1], default=(DEFAULT_LANGUAGE, 0.0))
    return best[0] if best[1] > 0 else DEFAULT_LANGUAGE


def _weight(parameters: list[str]) -> float | None:
    """The ``q`` of one range (1 without one); None when it is not a number from 0 to 1."""
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                weight = float(value.strip())
            except ValueError:
                return None
            return weight if 0.0 <= weight <= 1.0 else None
    return 1.0


def requested_language() -> str:
    """The language of the current request's answer."""
    return best_language(request.headers.get("Accept-Language"))


def speaks(response: Response, language: str) -> Response:
    """Mark an answer whose sentences are in ``language``: ``Content-Language``, and ``Vary`` for caches."""
    response.headers["Content-Language"] = language
    response.vary.add(VARY)
    return response
