"""``GET /v1/games/{game_id}/stream``: a game's events pushed as they happen, as Server-Sent Events or NDJSON.

Every connection first gets the caller's view of the game (``event: game``, no id), then
every event of the log after its cursor (``Last-Event-ID``, else ``?after=``, else from
the start), then the events as they happen, each with its ``seq`` as id. A seat's stream
also gets its new hand right after each deal (``event: hand``, no id); no other viewer
ever gets one. A comment (``: keep-alive``; an empty line in NDJSON) comes when nothing
else did for the heartbeat's length. The stream ends after ``game_over`` (a finished game's
stream opened later: after what the log holds past its cursor, a ``rematched`` perhaps), and when the
process stops (its client reconnects elsewhere with its last id). Credentials, the game
and the cursor are checked before the stream starts, with the same answers as the other
game operations; the request counts once against the owner's limits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from flask import Blueprint, Response, request

from service.api.context import ServiceState, service_state
from service.api.flask_edge import open_requested_game
from service.api.schemas import stream_query_schema
from service.encoding import dumps, loads_trusted
from service.play.games import OpenGame
from service.play.live import Live
from service.play.refusals import InvalidField, StreamsLimited
from service.play.stored_game import sequenced
from service.play.transitions import SEAT_CHANGES
from service.rules.deal import dealt_hand
from service.rules.messages import Message
from service.rules.tiles import codes
from service.store import GameStore, StoreUnavailable

bp = Blueprint("streams", __name__, url_prefix="/v1/games/<game_id>/stream")

SSE_MEDIA_TYPE = "text/event-stream"
NDJSON_MEDIA_TYPE = "application/x-ndjson"
LAST_EVENT_ID = "Last-Event-ID"
GAME_OVER = "game_over"
PAGE = 500


def sse(event: str, seq: int | None, data: str) -> bytes:
    identity = "" if seq is None else f"id: {seq}\n"
    return f"{identity}event: {event}\ndata: {data}\n\n".encode()


def ndjson(event: str, seq: int | None, data: str) -> bytes:
    return f'{{"event":"{event}","id":{"null" if seq is None else seq},"data":{data}}}\n'.encode()


@dataclass(frozen=True, slots=True)
class Format:
    frame: Callable[[str, int | None, str], bytes]
    keep_alive: bytes
    media_type: str


FORMATS = {
    SSE_MEDIA_TYPE: Format(sse, b": keep-alive\n\n", SSE_MEDIA_TYPE),
    NDJSON_MEDIA_TYPE: Format(ndjson, b"\n", NDJSON_MEDIA_TYPE),
}


def cursor(game: OpenGame) -> int:
    """The last seq the client has: ``Last-Event-ID`` wins over ``?after=``; none means from the start."""
    query = stream_query_schema.load(request.args.to_dict())
    header = request.headers.get(LAST_EVENT_ID)
    if header is not None:
        if not (header.isascii() and header.isdigit() and len(header) <= 10):
            raise InvalidField(LAST_EVENT_ID, Message("takes the id of an event of this game, such as 12"))
        field, after = LAST_EVENT_ID, int(header)
    else:
        field, after = "after", query["after"]
    if after > game.stored.event_count:
        raise InvalidField(
            field, Message("this game has {count} events so far", count=game.stored.event_count)
        )
    return after


@bp.get("")
def stream(game_id: str) -> Response:
    game = open_requested_game(game_id)
    after = cursor(game)
    chosen = request.accept_mimetypes.best_match(list(FORMATS), default=SSE_MEDIA_TYPE) or SSE_MEDIA_TYPE
    state = service_state()
    heartbeat = state.settings.stream_heartbeat
    frames = Frames(game, after, state.store, state.live, FORMATS[chosen], heartbeat, state.clock())
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}  # nginx: pass each frame on at once
    return Response(OpenStream(frames.stream(), game.owner, state), mimetype=chosen, headers=headers)


class OpenStream:
    """A stream's frames, holding a place among its game's owner's open streams in this process
    from now until the server closes it (``close`` runs whether or not a frame was sent)."""

    def __init__(self, frames: Iterator[bytes], owner: str | None, state: ServiceState) -> None:
        self.frames, self.owner, self.streams = frames, owner, state.streams
        if owner is not None:
            own = state.gate.seen.own_limits(owner)  # seen: the request counted against the owner already
            cap = (own.max_streams if own else None) or state.settings.limits.max_streams
            if not self.streams.take(owner, cap):
                raise StreamsLimited(cap)

    def __iter__(self) -> Iterator[bytes]:
        return self.frames

    def close(self) -> None:
        self.frames.close()  # type: ignore[attr-defined]  # a generator's
        if self.owner is not None:
            self.streams.give_back(self.owner)
            self.owner = None


class Frames:
    """What one connection is sent, in order."""

    def __init__(
        self,
        game: OpenGame,
        after: int,
        store: GameStore,
        live: Live,
        shape: Format,
        heartbeat: float,
        now: float,
    ) -> None:
        self.game, self.last, self.store, self.live, self.now = game, after, store, live, now
        self.shape, self.heartbeat = shape, heartbeat
        self.over = False
        self.finished = game.snapshot["status"] == "finished"
        """Over before the stream opened: its log is read to its end (a rematch after the game over)."""

    def stream(self) -> Iterator[bytes]:
        yield self.shape.frame("game", None, dumps(self.game.view(self.now)))
        if self.finished:
            # The game over was logged: what followed it (a rematch asked for) is read, and the stream
            # ends with the log, as it ended after the game over for a client that followed it live.
            yield from self._logged()
            return
        follower = self.live.follow(self.game.game_id, self.game.stored.event_count)
        try:
            yield from self._logged()
            while not self.over:
                batch = follower.next_batch(self.heartbeat)
                if batch is None:
                    return  # the process is stopping
                if not batch:
                    yield self.shape.keep_alive
                    continue
                yield from self._arrived(batch)
        except StoreUnavailable:
            return  # the client reconnects with its last id; nothing was skipped
        finally:
            self.live.unfollow(follower)

    def _logged(self) -> Iterator[bytes]:
        """The log from the cursor to its end now."""
        while not self.over:
            page = self.store.read_events(self.game.game_id, self.last, PAGE)
            before = self.last
            yield from self._deliver(page)
            if self.last == before:
                return  # the log ends here (or does not follow on: never sent out of order)

    def _arrived(self, batch: list[tuple[int, str]]) -> Iterator[bytes]:
        """A batch from the game's reader: what the stream had already is skipped, a gap is read."""
        fresh = [(seq, text) for seq, text in batch if seq > self.last]
        if fresh and fresh[0][0] > self.last + 1:
            gap = self.store.read_events(self.game.game_id, self.last, fresh[0][0] - self.last - 1)
            fresh = gap + fresh
        yield from self._deliver(fresh)

    def _deliver(self, events: list[tuple[int, str]]) -> Iterator[bytes]:
        for seq, text in events:
            if self.over or seq != self.last + 1:
                return
            event = loads_trusted(text)
            yield self.shape.frame(event["type"], seq, sequenced(seq, text))
            self.last = seq
            if event["type"] == "round_dealt":
                yield from self._hand(event["round"])
            # The caller's seat changed hands since the stream opened (its token identified then): the
            # token no longer opens it, so the stream ends (else it would be sent the seat's next
            # hands); reconnecting identifies the token anew. Earlier changes are history, replayed.
            handed = (event["type"] in SEAT_CHANGES and event["seat"] == self.game.caller.seat
                      and seq > self.game.stored.event_count)  # fmt: skip
            self.over = (event["type"] == GAME_OVER and not self.finished) or handed

    def _hand(self, round_number: int) -> Iterator[bytes]:
        """A seat's own new hand after a deal (from the seeded deal: what it held then, not now)."""
        seat = self.game.caller.seat
        if seat is None:
            return
        snapshot = self.game.snapshot
        hand = dealt_hand(snapshot["seed"], round_number, len(snapshot["players"]), seat)
        yield self.shape.frame("hand", None, dumps({"hand": codes(hand)}))
