"""Refusals in English, French and Portuguese: ``Accept-Language`` chooses the sentences, nothing else.

The seed-7 three-player game of tests/api/test_api_moves.py: seat 1 moves first and
holds red-2, red-5, blue-3 and gray-stop, not red-3.
"""

from __future__ import annotations

from typing import Any

import pytest

from harness.games import Game
from harness.in_process_api import Api
from service.api.language import best_language
from service.rules import Illegal
from tests.api.test_api_moves import REFUSALS

NOT_HELD = {"player": 1, "action": "play", "row": "red", "tiles": ["red-3"]}
WRONG_COLOUR = {"player": 1, "action": "play", "row": "red", "tiles": ["blue-3"]}


@pytest.mark.parametrize(
    ("header", "language"),
    [
        (None, "en"),
        ("", "en"),
        ("fr", "fr"),
        ("fr-CA", "fr"),
        ("FR-ca", "fr"),
        ("pt-BR", "pt"),
        ("pt-PT,pt;q=0.9,en;q=0.8", "pt"),
        ("de-DE, fr;q=0.5", "fr"),
        ("de, es", "en"),
        ("en-GB, fr", "en"),
        ("fr;q=0.4, pt;q=0.6", "pt"),
        ("fr, pt", "fr"),
        ("pt;q=0.5, fr;q=0.5", "pt"),
        ("fr;q=0", "en"),
        ("fr;q=0, pt;q=0", "en"),
        ("*", "en"),
        ("fr;q=0.5, *;q=0.8", "en"),
        ("*;q=0.1, pt", "pt"),
        ("fr;q=abc, pt;q=0.2", "pt"),
        ("fr;q=2", "en"),
        ("fr;q=nan", "en"),
        ("fr;level=1;q=0.9, en;q=0.1", "fr"),
        (",,;;;=,fr", "fr"),
        ("\x00\u00e9;q=\u00e9", "en"),
    ],
)
def test_accept_language_chooses_english_french_or_portuguese(header: str | None, language: str) -> None:
    assert best_language(header) == language


def _problem(api: Api, game: Game, language: str | None, move: dict[str, Any]) -> Any:
    headers = {} if language is None else {"Accept-Language": language}
    return api.move(game, game.players[1], move, **headers)


def test_a_refused_move_speaks_french_and_keeps_every_machine_field(api: Api, game: Game) -> None:
    english = _problem(api, game, None, NOT_HELD)
    french = _problem(api, game, "fr-CA,fr;q=0.9", NOT_HELD)
    assert english.headers["Content-Language"] == "en" and french.headers["Content-Language"] == "fr"
    assert "Accept-Language" in french.headers["Vary"] and "Accept-Language" in english.headers["Vary"]
    assert english.get_json()["detail"] == "red-3 is not in seat 1's hand"
    assert french.get_json()["detail"] == "la tuile 3 rouge n'est pas dans la main du siège 1"
    assert french.get_json()["title"] == "Coup illégal"
    machine = ("type", "status", "code")
    assert {key: french.get_json()[key] for key in machine} == {
        key: english.get_json()[key] for key in machine
    }


def test_portuguese_names_rows_and_tiles_as_the_summary_does(api: Api, game: Game) -> None:
    problem = _problem(api, game, "pt-BR", WRONG_COLOUR).get_json()
    assert problem["detail"] == "a peça 3 azul não é vermelha: a fileira vermelha só aceita peças da sua cor"
    assert problem["code"] == "wrong_colour"


@pytest.mark.parametrize("language", ["fr", "pt"])
@pytest.mark.parametrize("code", sorted(REFUSALS), ids=str)
def test_every_engine_refusal_is_translated_in_moves_and_verdicts(
    api: Api, game: Game, code: Illegal, language: str
) -> None:
    setup, refused = REFUSALS[code]
    for move in setup:
        assert api.move(game, game.admin, move).status_code == 200
    english = api.move(game, game.admin, refused).get_json()
    translated = api.move(game, game.admin, refused, **{"Accept-Language": language})
    assert translated.get_json()["code"] == english["code"] == code.value
    assert translated.get_json()["detail"] != english["detail"]
    verdict = api.post(
        f"{game.url}/moves/validate", game.admin, refused, headers={"Accept-Language": language}
    )
    assert verdict.headers["Content-Language"] == language and "Accept-Language" in verdict.headers["Vary"]
    assert verdict.get_json() == {
        "legal": False,
        "code": code.value,
        "detail": translated.get_json()["detail"],
    }


def test_api_refusals_are_translated_too(api: Api, game: Game) -> None:
    unauthorized = api.get(game.url, "nonsense", headers={"Accept-Language": "pt"})
    assert unauthorized.status_code == 401 and unauthorized.headers["Content-Language"] == "pt"
    assert unauthorized.get_json()["detail"].startswith("é necessário um token")
    forbidden = api.move(game, game.players[0], NOT_HELD, **{"Accept-Language": "fr"})
    assert forbidden.get_json()["detail"] == "ce jeton appartient au siège 0, pas au siège 1"
    missing = api.get("/v1/nowhere", None, headers={"Accept-Language": "fr"})
    assert missing.get_json()["detail"].startswith("ressource inconnue")


def test_our_own_field_messages_are_translated_and_marshmallows_stay_english(api: Api, game: Game) -> None:
    seat = api.post(
        f"{game.url}/moves", game.admin, {**NOT_HELD, "player": 3}, headers={"Accept-Language": "fr"}
    )
    assert seat.get_json()["errors"] == {"player": ["cette partie a les sièges 0 à 2"]}
    unknown = api.post(
        f"{game.url}/moves", game.admin, {**NOT_HELD, "colour": 1}, headers={"Accept-Language": "fr"}
    )
    assert unknown.get_json()["errors"] == {"colour": ["Unknown field."]}
    assert unknown.get_json()["detail"] == "la requête ne respecte pas le contrat : voir errors"


def test_a_legal_verdict_and_an_adjudication_say_their_language(api: Api, game: Game) -> None:
    legal = {"player": 1, "action": "play", "row": "red", "tiles": ["red-2"]}
    verdict = api.post(
        f"{game.url}/moves/validate", game.players[1], legal, headers={"Accept-Language": "pt"}
    )
    assert verdict.get_json() == {"legal": True} and verdict.headers["Content-Language"] == "pt"
    snapshot = api.snapshot(game)
    judged = api.client.post(
        "/v1/adjudicate",
        json={"snapshot": snapshot, "move": WRONG_COLOUR},
        headers={**api.key_header, "Accept-Language": "fr"},
    )
    assert judged.headers["Content-Language"] == "fr"
    assert judged.get_json() == {
        "legal": False,
        "code": "wrong_colour",
        "detail": "la tuile 3 bleue n'est pas rouge : la rangée rouge ne prend que des tuiles de sa couleur",
    }


def test_a_success_reads_no_language_and_says_none(api: Api, game: Game) -> None:
    moved = api.move(game, game.players[1], {"player": 1, "action": "pass"}, **{"Accept-Language": "fr"})
    assert moved.status_code == 200
    assert "Content-Language" not in moved.headers and "Accept-Language" not in moved.headers.get("Vary", "")


def test_a_replayed_refusal_keeps_the_language_it_was_first_said_in(api: Api, game: Game) -> None:
    first = api.move(game, game.players[1], NOT_HELD, **{"Idempotency-Key": "k-1", "Accept-Language": "fr"})
    again = api.move(game, game.players[1], NOT_HELD, **{"Idempotency-Key": "k-1", "Accept-Language": "pt"})
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_data() == first.get_data()
    assert again.headers["Content-Language"] == "fr" and "Accept-Language" in again.headers["Vary"]
