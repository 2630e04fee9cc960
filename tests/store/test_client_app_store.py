"""The ClientStore contract (clients, keys, windows, game indexes) and game deletion, on both stores."""

from __future__ import annotations

import pytest
import redis

from harness.sample_games import game_row
from service.store import GameVersion, IdempotencyClaim, IdempotencyState, SaveOutcome, Store
from service.store.client_apps import (
    Admission,
    Admitted,
    ClientExists,
    ClientLimits,
    ClientRow,
    Counting,
    KeyDigest,
    Window,
)
from tests.store.helpers import create, delete, move_save, save_move, stored_answer

NOW = 1_800_000_000.25
"""Seconds since the epoch, a quarter into a second (an address's windows are aligned to whole seconds)."""
REQUESTS = Window("requests", 3, 1, override="requests_per_second")
GAMES = Window("games", 2, 60, override="games_per_minute")


def client(
    client_id: str = "c1", *keys: KeyDigest, limits: ClientLimits | None = None, revoked: bool = False
) -> ClientRow:
    return ClientRow(client_id, "Frontend", 1_700_000_000.5, keys or (KeyDigest("d" * 64),),
                        limits or ClientLimits(), revoked)  # fmt: skip


@pytest.fixture
def stored(store: Store) -> Store:
    store.create_client(client())
    return store


def test_clients_are_created_loaded_listed_and_replaced(store: Store) -> None:
    first = client("c1", KeyDigest("a" * 64), KeyDigest("b" * 64, 1_800_000_100.0))
    second = client("c2", limits=ClientLimits(requests_per_second=7, max_open_games=1))
    store.create_client(first)
    store.create_client(second)
    assert store.load_client("c1") == first and store.load_client("c2") == second
    assert store.load_client("nobody") is None
    assert [record.id for record in store.list_clients()] == ["c1", "c2"]
    with pytest.raises(ClientExists):
        store.create_client(client("c1"))
    changed = ClientRow("c2", "Renamed", second.created_at, (KeyDigest("e" * 64),), ClientLimits(), True)
    store.replace_client(changed)
    assert store.load_client("c2") == changed


@pytest.mark.parametrize(
    "record, digest",
    [
        (client("c1"), "0" * 64),
        (client("c1", revoked=True), "d" * 64),
        (client("c1", KeyDigest("d" * 64, NOW - 1)), "d" * 64),
    ],
    ids=["another key", "revoked", "rotated out"],
)
def test_a_key_that_does_not_open_the_client_is_unknown_and_counts_nothing(
    store: Store, record: ClientRow, digest: str
) -> None:
    store.create_client(record)
    assert store.admit("c1", digest, REQUESTS, NOW).admission is Admission.UNKNOWN
    assert store.admit("nobody", None, REQUESTS, NOW).admission is Admission.UNKNOWN
    assert store.admit("c1", None, REQUESTS, NOW).windows[0].used == 1  # nothing counted before


def test_a_key_in_its_grace_period_still_opens_the_client(store: Store) -> None:
    store.create_client(client("c1", KeyDigest("n" * 64), KeyDigest("o" * 64, NOW + 1)))
    assert store.admit("c1", "o" * 64, REQUESTS, NOW).admission is Admission.ADMITTED
    assert store.admit("c1", "n" * 64, REQUESTS, NOW).admission is Admission.ADMITTED


def test_the_quota_plus_one_is_limited_and_not_counted(stored: Store) -> None:
    for used in (1, 2, 3):
        admitted = stored.admit("c1", "d" * 64, REQUESTS, NOW)
        assert admitted.admission is Admission.ADMITTED
        assert [(use.name, use.used, use.remaining) for use in admitted.windows] == [
            ("requests", used, 3 - used)
        ]
    refused = stored.admit("c1", "d" * 64, REQUESTS, NOW)
    assert refused.admission is Admission.LIMITED
    assert refused.windows[0].used == 3  # the refused hit was not counted
    assert stored.admit("c1", "d" * 64, GAMES, NOW).windows[0].used == 1  # another window counts apart


BUCKET = Window("requests", 4, 1, override="requests_per_second")
"""4 a second: a token each quarter of a second, sums exact in binary."""


ADMITTED = Admission.ADMITTED


def standing(admitted: Admitted) -> tuple[Admission, int, float, float]:
    use = admitted.windows[0]
    return admitted.admission, use.remaining, use.resets_in, use.next_in


def test_a_burst_of_the_quota_then_one_hit_per_period_and_when_each_comes(stored: Store) -> None:
    burst = [standing(stored.admit("c1", None, BUCKET, NOW)) for _ in range(4)]
    assert burst == [(Admission.ADMITTED, 3, 0.25, 0.0), (Admission.ADMITTED, 2, 0.5, 0.0),
                     (Admission.ADMITTED, 1, 0.75, 0.0), (Admission.ADMITTED, 0, 1.0, 0.25)]  # fmt: skip
    assert standing(stored.admit("c1", None, BUCKET, NOW)) == (Admission.LIMITED, 0, 1.0, 0.25)
    assert standing(stored.admit("c1", None, BUCKET, NOW + 0.125)) == (Admission.LIMITED, 0, 0.875, 0.125)
    assert standing(stored.admit("c1", None, BUCKET, NOW + 0.25)) == (Admission.ADMITTED, 0, 1.0, 0.25)
    assert standing(stored.admit("c1", None, BUCKET, NOW + 0.25)) == (Admission.LIMITED, 0, 1.0, 0.25)
    assert standing(stored.admit("c1", None, BUCKET, NOW + 0.75)) == (Admission.ADMITTED, 1, 0.75, 0.0)
    assert standing(stored.admit("c1", None, BUCKET, NOW + 9)) == (ADMITTED, 3, 0.25, 0.0)  # never past 4


def test_a_client_sending_exactly_its_quota_is_never_refused(stored: Store) -> None:
    answers = [stored.admit("c1", None, BUCKET, NOW + hit * 0.25).admission for hit in range(40)]
    assert answers == [Admission.ADMITTED] * 40


def test_a_flood_gets_the_burst_then_one_hit_per_period_never_a_second_burst(stored: Store) -> None:
    hits = [NOW + number / 16 for number in range(64)]  # 16 a second for 4 s: four times the rate
    admitted = [at - NOW for at in hits if stored.admit("c1", None, BUCKET, at).admission is ADMITTED]
    assert admitted[:4] == [0, 1 / 16, 2 / 16, 3 / 16]  # the burst: the bucket was full
    gaps = [later - earlier for earlier, later in zip(admitted[3:], admitted[4:], strict=False)]
    assert gaps == [1 / 16] + [0.25] * 14  # the token that came during the burst, then one a period
    assert len(admitted) == 4 + 15  # the quota, and a token a period for 63/16 s (15.75 tokens)


@pytest.mark.parametrize("late", [0.001, 30.0, 3000.0])
def test_a_hit_counted_late_finds_the_bucket_empty_not_full(stored: Store, late: float) -> None:
    """A request reads its ``now`` as it begins and may reach the store after newer ones (many
    in flight at once): its older ``now`` must not pass the bucket for one a changed quota
    left, nor grant a new burst."""
    for _ in range(4):
        assert stored.admit("c1", None, BUCKET, NOW + late).admission is ADMITTED
    assert stored.admit("c1", None, BUCKET, NOW).admission is Admission.LIMITED
    assert stored.admit("c1", None, BUCKET, NOW + late).admission is Admission.LIMITED


@pytest.mark.parametrize("before, after", [(8, 4), (4, 8)], ids=["lowered", "raised"])
def test_a_changed_quota_starts_its_bucket_full(store: Store, before: int, after: int) -> None:
    """The arrival time is counted in periods of the quota it was made under: under another
    quota it means nothing, and the bucket starts full (never empty for ever)."""
    store.create_client(client("c1", limits=ClientLimits(requests_per_second=before)))
    for _ in range(before):
        assert store.admit("c1", None, BUCKET, NOW).admission is ADMITTED
    store.replace_client(client("c1", limits=ClientLimits(requests_per_second=after)))
    assert standing(store.admit("c1", None, BUCKET, NOW)) == (ADMITTED, after - 1, 1 / after, 0.0)


def test_a_clients_own_limits_replace_the_defaults(store: Store) -> None:
    store.create_client(client("c1", limits=ClientLimits(requests_per_second=1, max_open_games=9)))
    first = store.admit("c1", None, REQUESTS, NOW)
    assert first.windows[0].quota == 1 and first.limits.max_open_games == 9
    assert store.admit("c1", None, GAMES, NOW).windows[0].quota == 2
    assert store.admit("c1", None, REQUESTS, NOW).admission is Admission.LIMITED


def test_without_a_key_a_revoked_clients_games_are_still_counted(store: Store) -> None:
    store.create_client(client("c1", revoked=True))
    assert store.admit("c1", None, REQUESTS, NOW).admission is Admission.ADMITTED


def test_hits_of_an_address_are_counted_per_window(store: Store) -> None:
    window = Window("auth-failures", 2, 60)
    assert [store.count_hit("10.0.0.1", window, NOW).used for _ in range(3)] == [1, 2, 3]
    assert store.count_hit("10.0.0.2", window, NOW).used == 1
    assert store.count_hit("10.0.0.1", window, NOW + 60).used == 1


def test_games_are_reserved_up_to_the_open_cap_and_listed_newest_first(stored: Store) -> None:
    for number in range(3):
        assert stored.reserve_game("c1", f"g{number}", 3, NOW)  # the same instant: positions still differ
    assert not stored.reserve_game("c1", "g3", 3, NOW)
    listed = stored.client_games("c1", None, 10, open_only=False)
    assert [game_id for _, game_id in listed] == ["g2", "g1", "g0"]
    assert len({position for position, _ in listed}) == 3
    page = stored.client_games("c1", None, 2, open_only=False)
    assert stored.client_games("c1", page[-1][0], 2, open_only=False) == listed[2:]
    stored.game_closed("c1", "g1", forget=False)
    assert [game_id for _, game_id in stored.client_games("c1", None, 10, open_only=True)] == ["g2", "g0"]
    assert stored.reserve_game("c1", "g3", 3, NOW + 1)
    stored.game_closed("c1", "g0", forget=True)
    assert [game_id for _, game_id in stored.client_games("c1", None, 10, open_only=False)] == [
        "g3",
        "g2",
        "g1",
    ]


def test_a_deleted_game_leaves_nothing_behind(store: Store, request: pytest.FixtureRequest) -> None:
    create(store, "g-1", game_row(), ['{"e": 1}'])
    store.claim_idempotency_key("g-1", "k1", "fp")
    assert save_move(store, "g-1", 1, "s2", [], answer=("k2", stored_answer())) == 2
    assert delete(store, "g-1") and store.load_game("g-1") is None
    assert not delete(store, "g-1")
    assert store.read_events("g-1", 0, 10) == []
    if request.node.callspec.params["store_kind"] in ("redis", "redis-tls"):
        url = request.getfixturevalue("redis_tls_url" if "tls" in request.node.callspec.params["store_kind"]
                                      else "redis_url")  # fmt: skip
        with redis.Redis.from_url(url) as client:
            assert list(client.scan_iter(match="restart:{g-1}*")) == []


def test_games_load_together_in_the_order_asked(store: Store) -> None:
    create(store, "g-1", game_row(), [])
    create(store, "g-2", game_row(version=1, snapshot="two"), [])
    assert store.load_games(["g-2", "missing", "g-1"]) == [
        store.load_game("g-2"),
        None,
        store.load_game("g-1"),
    ]


def test_a_game_is_loaded_with_its_owners_count(stored: Store) -> None:
    create(stored, "g-1", game_row(), [])
    record, admitted = stored.load_counted("g-1", counting())
    whole = stored.load_game("g-1")
    assert whole is not None and record is not None and admitted.admission is Admission.ADMITTED
    assert (record.version, record.snapshot) == (whole.version, whole.snapshot)
    assert admitted.windows[0].used == 1
    missing, counted = stored.load_counted("gone", counting())
    assert missing is None and counted.windows[0].used == 2


def counting(client_id: str = "c1") -> Counting:
    return Counting(client_id, REQUESTS, NOW)


def counted_save(store: Store, game_id: str, expected: int, events: list[str], finished: bool = False,
                 client_id: str = "c1") -> SaveOutcome:  # fmt: skip
    return store.save(
        move_save(game_id, expected, "s2", events, finished, client_id, counting(client_id))
    )


def test_a_move_is_saved_with_its_owners_count(stored: Store) -> None:
    create(stored, "g-1", game_row(), ['{"e": 1}'])
    stored.reserve_game("c1", "g-1", 5, NOW)
    saved = counted_save(stored, "g-1", 1, ['{"e": 2}'])
    assert saved.admitted is not None and saved.admitted.admission is Admission.ADMITTED
    assert saved.admitted.windows[0].used == 1
    assert saved.version == 2 and stored.load_game("g-1") == game_row(2, "s2")
    assert stored.read_events("g-1", 0, 10) == [(1, '{"e": 1}'), (2, '{"e": 2}')]
    assert stored.client_games("c1", None, 5, open_only=True) == stored.client_games("c1", None, 5, False)


def test_a_counted_move_keeps_its_answer_for_retries(stored: Store) -> None:
    create(stored, "g-1", game_row(), [])
    answer = stored_answer("fp-1")
    saved = stored.save(move_save("g-1", 1, "s2", [], False, "c1", counting(), ("k", answer)))
    assert saved.version == 2 and saved.admitted is not None
    replayed = stored.claim_idempotency_key("g-1", "k", "fp-1")
    assert replayed == IdempotencyClaim(IdempotencyState.ANSWERED, answer)


def test_a_counted_move_that_lost_its_race_is_counted_and_not_saved(stored: Store) -> None:
    create(stored, "g-1", game_row(), [])
    lost = counted_save(stored, "g-1", 7, ['{"e": 1}'])
    assert lost.version is None and lost.admitted is not None and lost.admitted.windows[0].used == 1
    assert lost.found == GameVersion(1, game_row().snapshot)  # the game as it is, in the same step
    gone = counted_save(stored, "nope", 1, [])
    assert gone.version is None and gone.admitted is not None and gone.admitted.windows[0].used == 2
    assert gone.found is None
    assert stored.load_game("g-1") == game_row() and stored.read_events("g-1", 0, 10) == []


def test_a_limited_owner_saves_nothing_and_a_removed_one_counts_nothing(stored: Store) -> None:
    create(stored, "g-1", game_row(), [])
    for _ in range(REQUESTS.quota):
        assert stored.admit("c1", None, REQUESTS, NOW).admission is Admission.ADMITTED
    refused = counted_save(stored, "g-1", 1, ['{"e": 1}'])
    assert refused.admitted is not None and refused.admitted.admission is Admission.LIMITED
    assert refused.version is None and refused.found is None
    assert stored.load_game("g-1") == game_row() and stored.read_events("g-1", 0, 10) == []
    unknown = counted_save(stored, "g-1", 1, [], client_id="nobody")
    assert unknown.admitted is not None and unknown.admitted.admission is Admission.UNKNOWN
    assert unknown.version == 2


def test_the_last_move_takes_the_game_out_of_its_owners_open_games(stored: Store) -> None:
    create(stored, "g-1", game_row(), [])
    stored.reserve_game("c1", "g-1", 5, NOW)
    counted_save(stored, "g-1", 1, ['{"e": 1}'], finished=True)
    assert stored.client_games("c1", None, 5, open_only=True) == []
    assert [game for _, game in stored.client_games("c1", None, 5, open_only=False)] == ["g-1"]


def test_an_uncounted_last_move_closes_the_game_too(stored: Store) -> None:
    create(stored, "g-1", game_row(), [])
    stored.reserve_game("c1", "g-1", 5, NOW)
    saved = stored.save(move_save("g-1", 1, "s2", [], True, owner="c1"))
    assert saved.version == 2 and saved.admitted is None
    assert stored.client_games("c1", None, 5, open_only=True) == []
