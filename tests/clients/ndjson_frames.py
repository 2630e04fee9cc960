"""Following a game's stream with the generated Python client: each NDJSON line parsed by its models.

The generated ``stream_events`` reads the whole body before it returns, so a reader of a live
stream goes to the client's httpx client itself. clients/python/README.md shows this reader
(its template is clients/python-generator/templates/README.md.jinja): keep the two alike.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
from restart_client import AuthenticatedClient
from restart_client.models import EventFrame, GameFrame, HandFrame, LaterFrame

Frame = GameFrame | EventFrame | HandFrame | LaterFrame
FRAMES: dict[str, type[GameFrame] | type[HandFrame]] = {"game": GameFrame, "hand": HandFrame}


def follow(client: AuthenticatedClient, game_id: str, after: int = 0) -> Iterator[Frame]:
    """Each frame of the game's stream after event ``after``, as it comes; ends after game_over."""
    headers = {"Accept": "application/x-ndjson"}
    timeout = httpx.Timeout(10.0, read=60.0)  # a keep-alive comes every 15 s: a silent minute is a dead link
    with client.get_httpx_client().stream(
        "GET", f"/v1/games/{game_id}/stream", params={"after": after}, headers=headers, timeout=timeout
    ) as answer:
        answer.raise_for_status()
        for line in answer.iter_lines():
            if line:  # an empty line is a keep-alive
                frame = json.loads(line)
                kind = EventFrame if frame["id"] is not None else FRAMES.get(frame["event"], LaterFrame)
                yield kind.from_dict(frame)
