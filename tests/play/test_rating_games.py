"""``play.rating_games`` and ``play.rating_audit``: a finished rated game rated once, in its owner's pool,
from its replayed record; the stored ratings are the package's own ``rate`` applied to the same results
in the same order, and the audit rebuilds them exactly (on memory, Redis and a cluster)."""

from __future__ import annotations

import json

import pytest
from openskill.models import PlackettLuce

from service.encoding import dumps
from service.play.commit import NO_RIDER
from service.play.consent import OfferKind
from service.play.games import Seat, create_game
from service.play.moves import submit_move
from service.play.offers import answer_offer, make_offer
from service.play.outbox import RateGame, read_entry
from service.play.rating_audit import audit
from service.play.rating_config import RatingSettings
from service.play.rating_games import rate_game, took_back
from service.play.rating_reads import leaderboard, player_rating, prediction
from service.play.ratings import UNRATED, Rating
from service.play.records import game_record, verified
from service.play.refusals import PageOutOfRange, RatingNeedsPlayers, UnknownBotLevel, UnknownPlayer
from service.play.seat_changes import leave
from service.rules.record import Result
from service.store import Store
from service.store.memory import MemoryStore
from tests.play.test_seat_changes import NOW, OWNER, a_placing_move, opened, played_out

POOLS = RatingSettings()
"""Each client its own pool: the games here are ``OWNER``'s, rated in pool ``OWNER``."""


def rated_game(store: Store, players: tuple[str, ...], game_id: str, seed: int = 7) -> str:
    seats = tuple(Seat(f"N{index}", player=player) for index, player in enumerate(players))
    create_game(store, game_id, OWNER, NOW, seats, seed, 10, rated=True)
    return game_id


def rating_entries(store: Store, game_id: str) -> list[RateGame]:
    entries = [read_entry(game_id, text) for _, text in store.outbox(game_id, 100)]
    return [entry for entry in entries if isinstance(entry, RateGame)]


def finish_and_rate(store: Store, game_id: str, settings: RatingSettings = POOLS) -> RateGame:
    """The game played to its end; the worker's entry for it handled (twice: a retry changes nothing)."""
    played_out(store, game_id)
    entries = rating_entries(store, game_id)
    assert len(entries) == 1
    rate_game(store, entries[0], settings, NOW + 5_000)
    rate_game(store, entries[0], settings, NOW + 5_001)
    return entries[0]


def package_rates(results: list[tuple[list[str], list[int]]]) -> dict[str, Rating]:
    """The package's own model, from nothing, applied to each (players, places) in order."""
    model = PlackettLuce()
    ratings: dict[str, tuple[float, float, int]] = {}
    for players, places in results:
        teams = [[model.rating(*ratings.get(player, (model.mu, model.sigma, 0))[:2])] for player in players]
        rated = model.rate(teams, ranks=[float(place) for place in places])
        for player, [after] in zip(players, rated, strict=True):
            ratings[player] = (after.mu, after.sigma, ratings.get(player, (0, 0, 0))[2] + 1)
    return {player: Rating(*values) for player, values in ratings.items()}


def places_of(store: Store, game_id: str) -> list[int]:
    """Each seat's place as the game's own record gives its result (the fewest points first, the
    winners before all)."""
    record = game_record(store, opened(store, game_id))
    result = verified(record)
    assert isinstance(result, Result)
    keys = [(seat not in result.winners, score) for seat, score in enumerate(result.scores)]
    return [sorted(set(keys)).index(key) + 1 for key in keys]


def test_a_finished_rated_game_is_rated_once_as_the_package_rates_it_and_told_in_its_log(
    store: Store,
) -> None:
    game_id = rated_game(store, ("ann", "bob", "cy"), "a" * 22)
    entry = finish_and_rate(store, game_id)
    places = places_of(store, game_id)
    expected = package_rates([(["ann", "bob", "cy"], places)])
    read = store.load_ratings(OWNER, ["ann", "bob", "cy"])
    assert read.applied == 1
    assert [Rating.from_json(json.loads(text or "")) for text in read.ratings] == [
        expected["ann"],
        expected["bob"],
        expected["cy"],
    ]
    events = [json.loads(text) for _, text in store.read_events(game_id, 0, 10_000)]
    told = [event for event in events if event["type"] == "game_rated"]
    assert len(told) == 1 and events[-1] == told[0]
    assert [seat["place"] for seat in told[0]["seats"]] == places
    assert [seat["before"] for seat in told[0]["seats"]] == [UNRATED.to_json()] * 3
    assert "player" not in json.dumps(told[0])  # the owner's references are not every viewer's
    game = opened(store, game_id)
    assert game.stored.rating_told and game.version == entry.version + 1
    assert rating_entries(store, game_id) == [entry]  # the telling left no other (the worker clears it)
    assert game_record(store, game)["status"] == "finished"  # the walk reads the event too


def test_games_in_turn_chain_their_ratings_and_the_audit_rebuilds_them_exactly(store: Store) -> None:
    tables = [("ann", "bob"), ("bob", "cy", "dee"), ("ann", "cy", "bob", "dee"), ("dee", "ann")]
    results = []
    for number, players in enumerate(tables):
        game_id = rated_game(store, players, chr(ord("b") + number) * 22, seed=number + 3)
        finish_and_rate(store, game_id)
        results.append((list(players), places_of(store, game_id)))
    expected = package_rates(results)
    for player, rating in expected.items():
        assert Rating.from_json(player_rating(store, OWNER, player)["rating"]) == rating
    history = player_rating(store, OWNER, "ann")["history"]
    assert [entry["game_id"] for entry in history] == ["e" * 22, "d" * 22, "b" * 22]  # newest first
    assert history[0]["before"] == history[1]["after"]
    found = audit(store, OWNER)
    assert (found.games, found.players, found.differences) == (4, 4, [])
    board = leaderboard(store, OWNER, 1, 3)
    assert (board["total"], board["pages"], len(board["players"])) == (4, 2, 3)
    ordinals = [row["rating"]["ordinal"] for row in board["players"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [row["rank"] for row in leaderboard(store, OWNER, 2, 3)["players"]] == [4]
    with pytest.raises(PageOutOfRange):
        leaderboard(store, OWNER, 3, 3)


def test_the_audit_tells_a_stored_rating_that_the_records_do_not_give() -> None:
    store = MemoryStore()
    game_id = rated_game(store, ("ann", "bob"), "f" * 22)
    finish_and_rate(store, game_id)
    forged = Rating(40.0, 2.0, 1)
    store._pools[OWNER].ratings["ann"] = (dumps(forged.to_json()), forged.ordinal)
    found = audit(store, OWNER)
    assert not found.equal and any("player ann" in difference for difference in found.differences)


def test_a_seat_that_left_ranks_last_whatever_its_points() -> None:
    store = MemoryStore()
    game_id = rated_game(store, ("ann", "bob", "cy"), "g" * 22)
    leave(store, opened(store, game_id), 0, None, NO_RIDER, NOW + 1)
    finish_and_rate(store, game_id)
    outcome = dict(store.rated_games(OWNER))[game_id]
    places = {seat["seat"]: seat["place"] for seat in json.loads(outcome)["seats"]}
    assert places[0] == 3 and {places[1], places[2]} <= {1, 2}


def offered_and_accepted(store: Store, game_id: str, kind: OfferKind, seat: int, at: float) -> None:
    """``seat`` offers ``kind`` and the other seat (of two) accepts, by the admin."""
    made = make_offer(store, opened(store, game_id), kind, seat, 60, NO_RIDER, at)
    offer_id = made.offer["id"]
    answer_offer(store, opened(store, game_id), offer_id, 1 - seat, True, NO_RIDER, at + 1)


def taken_back_once(store: Store, game_id: str) -> None:
    """The seat to move places tiles, then takes the move back with the other's consent."""
    game = opened(store, game_id)
    state = game.found.state()
    mover = state.current_player
    submit_move(store, game, a_placing_move(state), None, NOW + 1)
    offered_and_accepted(store, game_id, OfferKind.TAKEBACK, mover, NOW + 2)


@pytest.mark.parametrize(("skipped", "rated"), [(frozenset({OWNER}), False), (frozenset(), True)])
def test_a_game_with_a_takeback_is_rated_unless_its_app_leaves_them_out(
    skipped: frozenset[str], rated: bool
) -> None:
    store = MemoryStore()
    game_id = rated_game(store, ("ann", "bob"), "h" * 22)
    taken_back_once(store, game_id)
    played_out(store, game_id)
    assert took_back(game_record(store, opened(store, game_id)))
    [entry] = rating_entries(store, game_id)
    rate_game(store, entry, RatingSettings(unrated_takebacks=skipped), NOW + 5_000)
    assert store.load_ratings(OWNER, ["ann"]).applied == (1 if rated else 0)
    assert opened(store, game_id).stored.rating_told is rated


def test_an_aborted_or_unrated_game_leaves_the_worker_no_rating() -> None:
    store = MemoryStore()
    game_id = rated_game(store, ("ann", "bob"), "m" * 22)
    offered_and_accepted(store, game_id, OfferKind.ABORT, 0, NOW + 1)
    aborted = opened(store, game_id)
    assert aborted.snapshot["status"] == "finished" and aborted.snapshot["end_reason"] == "aborted"
    assert rating_entries(store, game_id) == []
    rate_game(store, RateGame(game_id, aborted.version), POOLS, NOW + 2)  # even asked: nothing
    assert store.load_ratings(OWNER, ["ann"]).applied == 0
    create_game(store, "i" * 22, OWNER, NOW, (Seat("A", player="ann"), Seat("B", player="bob")), 7, 10)
    played_out(store, "i" * 22)
    assert rating_entries(store, "i" * 22) == []


@pytest.mark.parametrize(
    ("seats", "seat"),
    [
        ((Seat("A", player="ann"), Seat("B")), 1),
        ((Seat("A", player="ann"), Seat("Bot", "random")), 1),
        ((Seat("A"), Seat("B", player="bob")), 0),
    ],
)
def test_a_rated_game_needs_a_person_with_a_reference_at_every_seat(
    seats: tuple[Seat, ...], seat: int
) -> None:
    store = MemoryStore()
    with pytest.raises(RatingNeedsPlayers) as refused:
        create_game(store, "j" * 22, OWNER, NOW, seats, 7, 10, rated=True)
    assert refused.value.seat == seat
    assert store.load_game("j" * 22) is None


def test_joined_clients_share_a_pool_and_others_keep_their_own() -> None:
    store = MemoryStore()
    joined = RatingSettings(pools=((OWNER, "league"),))
    game_id = rated_game(store, ("ann", "bob"), "k" * 22)
    finish_and_rate(store, game_id, joined)
    assert player_rating(store, "league", "ann")["rank"] in (1, 2)
    with pytest.raises(UnknownPlayer):
        player_rating(store, OWNER, "ann")


def test_a_prediction_rates_a_newcomer_at_the_start_and_a_bot_level_on_its_scale() -> None:
    store = MemoryStore()
    game_id = rated_game(store, ("ann", "bob"), "l" * 22)
    finish_and_rate(store, game_id)
    predicted = prediction(store, OWNER, [{"player": "ann"}, {"player": "newcomer"}, {"bot": "expert"}])
    seats = predicted["seats"]
    assert seats[1]["rating"] == UNRATED.to_json()
    assert abs(sum(seat["chance"] for seat in seats) - 1) < 1e-9
    assert sorted(seat["rank"] for seat in seats)[0] == 1
    with pytest.raises(UnknownBotLevel):
        prediction(store, OWNER, [{"player": "ann"}, {"bot": "oracle"}])
