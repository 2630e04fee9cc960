"""Every Redis key of the service, built here and nowhere else.

All keys of one game share the hash tag ``{<game_id>}`` so that a game lives in one
Redis Cluster slot and a Lua script may touch all of them at once; likewise all keys of
one client share ``{client:<client_id>}``, and the counts of one source address
``{address:<address>}``.
"""

from __future__ import annotations

PREFIX = "restart"


def snapshot(game_id: str) -> str:
    """Hash: ``version``, ``snapshot`` (JSON), ``tokens`` (JSON of token hashes), ``owner`` (client id)."""
    return f"{PREFIX}:{{{game_id}}}:snapshot"


def events(game_id: str) -> str:
    """Stream of event JSON documents (field ``e``); an entry's id is its event's seq: ``<seq>-0``."""
    return f"{PREFIX}:{{{game_id}}}:events"


def idempotency(game_id: str, key: str) -> str:
    """String: a claimed key's in-flight marker, then its recorded answer (JSON)."""
    return f"{PREFIX}:{{{game_id}}}:idem:{key}"


def idempotency_order(game_id: str) -> str:
    """List: the names of the game's idempotency keys, oldest first (the last few are kept; deleting
    the game finds them all)."""
    return f"{PREFIX}:{{{game_id}}}:idem-order"


def clients() -> str:
    """Sorted set: every client id, scored by creation time."""
    return f"{PREFIX}:clients"


def client(client_id: str) -> str:
    """Hash: ``name``, ``created_at``, ``revoked``, ``keys`` (JSON of key digests), limit overrides."""
    return f"{PREFIX}:{{client:{client_id}}}"


def client_window(client_id: str, window: str) -> str:
    """String: the GCRA theoretical arrival time of the client's bucket for one policy, in periods
    since the epoch (expires once the bucket is full again)."""
    return f"{PREFIX}:{{client:{client_id}}}:window:{window}"


def client_games(client_id: str) -> str:
    """Sorted set: the client's games, scored by creation time in microseconds (unique per client)."""
    return f"{PREFIX}:{{client:{client_id}}}:games"


def client_open_games(client_id: str) -> str:
    """Sorted set: the client's unfinished games, scored like ``client_games``."""
    return f"{PREFIX}:{{client:{client_id}}}:open"


def player_turns(client_id: str, player: str) -> str:
    """Sorted set: the client's games whose turn is the person ``player`` names (the client's own
    reference), scored by the turn's deadline, or when it started, in epoch ms (``play.turns``)."""
    return f"{PREFIX}:{{client:{client_id}}}:turns:{player}"


def address_window(address: str, window: str, index: int) -> str:
    """String: a source address's counted hits (failed authentications) in one window."""
    return f"{PREFIX}:{{address:{address}}}:window:{window}:{index}"


def table(game_id: str) -> str:
    """Hash: ``version``, ``table`` (JSON): the game while it waits for its players (``play.tables``)."""
    return f"{PREFIX}:{{{game_id}}}:table"


def outbox(game_id: str) -> str:
    """Stream: what the game's changes leave for the background worker (a bot's turn, a change to
    tell the owner's webhooks), written with the change itself; emptied and removed once done."""
    return f"{PREFIX}:{{{game_id}}}:outbox"


def game_lease(game_id: str) -> str:
    """String: the worker that holds the game's outbox now (expires, should it die)."""
    return f"{PREFIX}:{{{game_id}}}:lease"


OUTBOX_PATTERN = f"{PREFIX}:{{*}}:outbox"
"""Every game's outbox, for a sweep."""


def work() -> str:
    """Stream (consumer group ``WORK_GROUP``): doorbells, one game id each, that wake a worker."""
    return f"{PREFIX}:work"


WORK_GROUP = "workers"


def sweep_lease() -> str:
    """String: the worker that swept every outbox last (expires: then the next sweep is due)."""
    return f"{PREFIX}:sweep"


def webhooks(client_id: str) -> str:
    """Sorted set: the client's webhook ids, scored by creation time."""
    return f"{PREFIX}:{{client:{client_id}}}:webhooks"


def webhook(client_id: str, webhook_id: str) -> str:
    """Hash: one webhook of the client (``url``, ``events``, ``secrets``, ``disabled_reason``, ...)."""
    return f"{PREFIX}:{{client:{client_id}}}:webhook:{webhook_id}"


def webhook_deliveries(client_id: str, webhook_id: str) -> str:
    """Hash: the webhook's kept deliveries, delivery id -> its record (JSON)."""
    return f"{PREFIX}:{{client:{client_id}}}:webhook:{webhook_id}:deliveries"


def webhook_log(client_id: str, webhook_id: str) -> str:
    """Sorted set: the webhook's kept delivery ids, scored in the order they were made (newest last)."""
    return f"{PREFIX}:{{client:{client_id}}}:webhook:{webhook_id}:log"


def webhook_done(client_id: str, webhook_id: str) -> str:
    """Sorted set: the webhook's finished deliveries, by their place in the log: the only ones trimming
    the log forgets, oldest first (a pending one is never forgotten)."""
    return f"{PREFIX}:{{client:{client_id}}}:webhook:{webhook_id}:done"


def webhook_owners() -> str:
    """Set: the clients that have at least one webhook (read by every API process about once a
    second, to know whose changes to leave the worker)."""
    return f"{PREFIX}:webhook-owners"


def webhook_due() -> str:
    """Sorted set: deliveries to attempt (``<client>/<webhook>/<delivery>``), scored by when; a claimed
    one is pushed a lease ahead, so that a worker that dies with it leaves it due again."""
    return f"{PREFIX}:webhook-due"


def deadlines() -> str:
    """Sorted set: the games whose current turn is timed, scored by its deadline (epoch ms); a claimed
    one is pushed a lease ahead, so that a worker that dies firing it leaves it due again."""
    return f"{PREFIX}:deadlines"


def reply(reply_id: str) -> str:
    """List: the worker's answer to one job, awaited by the request that asked it (expires)."""
    return f"{PREFIX}:reply:{reply_id}"


def rating_players(pool: str) -> str:
    """Hash: the rating pool's players, player reference -> rating (JSON). A pool's keys share the tag
    ``{pool:<pool>}``: one slot, one script."""
    return f"{PREFIX}:{{pool:{pool}}}:players"


def rating_board(pool: str) -> str:
    """Sorted set: the pool's players scored by their rating's ordinal (the leaderboard)."""
    return f"{PREFIX}:{{pool:{pool}}}:board"


def rating_histories(pool: str) -> str:
    """Hash: player reference -> their last ratings (a JSON array, newest first)."""
    return f"{PREFIX}:{{pool:{pool}}}:histories"


def rating_games(pool: str) -> str:
    """Hash: the games the pool applied, game id -> what each did to its seats (JSON)."""
    return f"{PREFIX}:{{pool:{pool}}}:games"


def rating_order(pool: str) -> str:
    """List: the pool's applied game ids in the order they were (its length: the pool's version)."""
    return f"{PREFIX}:{{pool:{pool}}}:order"
