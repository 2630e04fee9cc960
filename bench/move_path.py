"""The functions of ``service/`` a move passes, counted: ``python -m bench.move_path``.

One move through the app (admission, the move handler, the use case, the store) on a private
Redis, with this process's copy of the game current (the common case: one round trip), traced
with ``sys.setprofile``. Comprehensions are not counted (they are expressions); the rules
engine's functions are counted apart, as the judgement the move asks for. docs/ARCHITECTURE.md
("The path of a move") quotes the count.
"""

from __future__ import annotations

import sys
from collections import Counter
from types import FrameType
from typing import Any

from harness.in_process_api import Api
from harness.redis_server import RedisServer
from service.app import create_app
from service.settings import Settings
from service.store.config import RedisOptions
from service.store.redis import RedisStore

SERVICE = "/service/"
ANONYMOUS = ("<listcomp>", "<genexpr>", "<dictcomp>", "<setcomp>", "<lambda>")


def traced_move(store: RedisStore, key: str | None = None) -> dict[tuple[str, str], int]:
    """(file, function) of each function of ``service/`` the second move of a game passes, in the
    order first called -> how many times it was; with an ``Idempotency-Key`` when ``key``."""
    app = create_app(Settings.from_environment({"LOG_LEVEL": "WARNING"}), store)
    api = Api.of(app)
    game = api.create(["Ana", "Bo"], seed=5)
    seen: dict[tuple[str, str], int] = {}

    def trace(frame: FrameType, event: str, _: Any) -> None:
        code = frame.f_code
        if event == "call" and SERVICE in code.co_filename and not code.co_name.startswith(ANONYMOUS):
            called = (code.co_filename.rsplit(SERVICE, 1)[1], code.co_qualname)
            seen[called] = seen.get(called, 0) + 1

    for number in range(2):  # the first move is not traced: the second is the common case
        player = api.get(game.url, game.admin).get_json()["current_player"]
        move = api.legal_moves(game, game.players[player])[0]
        if number == 1:
            sys.setprofile(trace)
        answer = api.move(
            game, game.players[player], move, **({"Idempotency-Key": f"{key}-{number}"} if key else {})
        )
        sys.setprofile(None)
        assert answer.status_code == 200, answer.get_json()
    return seen


def main() -> None:
    with RedisServer() as redis:
        store = RedisStore(RedisOptions(redis.url))
        try:
            path = traced_move(store)
        finally:
            store.close()
    outside = [entry for entry in path if not entry[0].startswith("rules/")]
    rooms = Counter(file.split("/")[0] for file, _ in outside)
    print(f"{len(outside)} functions of service/ in {len({file for file, _ in outside})} files, "
          f"besides {len(path) - len(outside)} of the rules engine; by room: {dict(rooms)}")  # fmt: skip
    for file, name in outside:
        print(f"  {file}  {name}")


if __name__ == "__main__":
    main()
