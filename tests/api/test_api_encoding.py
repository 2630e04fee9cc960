"""JSON in and out: orjson on the hot path, the standard library for what orjson refuses."""

from __future__ import annotations

import json

import pytest

from harness.in_process_api import Api
from service.encoding import MAX_DEPTH, dumps, loads, loads_trusted

LONE_SURROGATE = "\ud800"


def test_a_lone_surrogate_survives_as_an_escape() -> None:
    text = dumps({"name": f"A{LONE_SURROGATE}"})
    assert "\\ud800" in text
    assert loads(text) == {"name": f"A{LONE_SURROGATE}"}
    assert loads_trusted(text) == {"name": f"A{LONE_SURROGATE}"}


def test_integers_beyond_64_bits_are_written_exactly_and_refused_as_seeds(api: Api) -> None:
    assert json.loads(dumps({"seed": 2**70})) == {"seed": 2**70}
    response = api.client.post(
        "/v1/games", data=b'{"players": ["A", "B"], "seed": 123456789012345678901234567890}',
        content_type="application/json", headers=api.key_header,
    )  # fmt: skip
    assert response.status_code == 422 and response.get_json()["code"] == "invalid_request"
    assert "seed" in response.get_json()["errors"]


@pytest.mark.parametrize("text", [b'{"a": NaN}', b"[Infinity]", b"{", b"\xff\xfe", b'{"a": 1} trailing'])
def test_what_json_does_not_have_is_refused(text: bytes) -> None:
    with pytest.raises(ValueError):
        loads(text)


def test_nesting_beyond_the_limit_is_refused_either_way() -> None:
    with pytest.raises(ValueError):
        loads(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    with pytest.raises(ValueError):
        loads(b"[" * 100_000 + b"]" * 100_000)  # past orjson's own limit: the standard library decides


def test_a_name_with_a_lone_surrogate_plays_like_any_other(api: Api) -> None:
    response = api.client.post(
        "/v1/games",
        data=b'{"players": ["Ann\\ud800a", "Elias"], "seed": 3}',
        content_type="application/json",
        headers=api.key_header,
    )
    assert response.status_code == 201
    game = response.get_json()["game"]
    assert game["players"][0]["name"] == f"Ann{LONE_SURROGATE}a"
    tokens = response.get_json()["tokens"]
    again = api.client.get(f"/v1/games/{game['id']}", headers={"Authorization": f"Bearer {tokens['admin']}"})
    assert again.status_code == 200 and again.get_json()["players"][0]["name"] == f"Ann{LONE_SURROGATE}a"
