"""``play.commit``: the one way a game changes, on every kind of store.

Each test makes a change the way a use case does (a transition decided from the game as found)
and checks what was saved: the version, the numbered events, what the worker is owed, and that a
change refused, lost or held saves nothing of its own."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from service.play.access import Caller
from service.play.commit import MAX_ATTEMPTS, AnswerHeld, Copy, Decide, Rider, commit
from service.play.games import CreatedGame, OpenGame, Seat, create_game
from service.play.outbox import BotTurn, Change, read_entry
from service.play.refusals import ConcurrentUpdate, RateLimited, Unauthorized, VersionMismatch
from service.play.stored_game import decode
from service.play.transitions import Found, Transition, deleted, moved
from service.rules import Action, IllegalMove, Move, legal_moves
from service.store import GameExists, Save, SaveOutcome, Store, StoredAnswer, Written
from service.store.client_apps import (
    Admission,
    Admitted,
    ClientLimits,
    ClientRow,
    ClientStore,
    Counting,
    KeyDigest,
    Window,
)

NOW = 1_800_000_000.0
OWNER = "owner1"


TWO = (Seat("A"), Seat("B"))


def new_game(store: Store, game_id: str = "g" * 22, seats: tuple[Seat, ...] = TWO) -> CreatedGame:
    return create_game(store, game_id, OWNER, NOW, seats, 7, 10)


def opened(store: Store, game_id: str) -> OpenGame:
    row = store.load_game(game_id)
    assert row is not None
    return OpenGame.of(game_id, row, Caller.admin())


def a_legal_move(game: OpenGame) -> Move:
    state = game.found.state()
    return legal_moves(state, state.current_player)[0]


def play(move: Move, now: float = NOW) -> Decide:
    def decide(found: Found) -> Transition:
        assert found.stored is not None
        return moved(found.stored, found.state(), move, None, round(now * 1000))

    return decide



def test_a_creation_is_version_1_with_its_events_numbered_from_1(store: Store) -> None:
    created = new_game(store)
    game = opened(store, created.game_id)
    assert game.version == created.version == 1
    log = store.read_events(created.game_id, 0, 100)
    assert [seq for seq, _ in log] == list(range(1, created.stored.event_count + 1))
    assert game.stored == created.stored


def test_a_second_creation_of_one_id_changes_nothing(store: Store) -> None:
    created = new_game(store)
    with pytest.raises(GameExists):
        new_game(store, created.game_id, (Seat("C"), Seat("D"), Seat("E")))
    assert opened(store, created.game_id).stored == created.stored


def test_a_change_makes_the_next_version_and_numbers_its_events_on(store: Store) -> None:
    created = new_game(store)
    game = opened(store, created.game_id)
    committed = commit(store, game.found, play(a_legal_move(game)), NOW)
    assert committed is not None and committed.version == 2 and committed.rejudged == 0
    after = committed.found.stored
    assert after is not None
    numbered = [json.loads(text)["seq"] for text in committed.sealed.logged]
    assert numbered == list(range(created.stored.event_count + 1, after.event_count + 1))
    assert [seq for seq, _ in store.read_events(game.game_id, 0, 100)][-1] == after.event_count


def rival(store: Store, game_id: str) -> None:
    """Another request's change lands: the same snapshot saved again, which bumps the version."""
    row = store.load_game(game_id)
    assert row is not None
    assert store.save(Save(game_id, row.version, row.owner, Written(row.snapshot))).version is not None


@dataclass
class Rivalled:
    """Before each of its first ``times`` saves of a change, a rival's change lands first."""

    inner: Store
    game_id: str
    times: int

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def save(self, change: Save) -> SaveOutcome:
        if self.times > 0:
            self.times -= 1
            rival(self.inner, self.game_id)
        return self.inner.save(change)


def test_a_lost_race_is_decided_again_against_the_game_the_save_found(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    rivalled = Rivalled(store, game.game_id, times=2)
    committed = commit(rivalled, game.found, play(a_legal_move(game)), NOW)  # type: ignore[arg-type]
    assert committed is not None and committed.rejudged == 2 and committed.version == 4


def test_too_many_lost_races_save_nothing_of_the_change(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    rivalled = Rivalled(store, game.game_id, times=MAX_ATTEMPTS)
    events_before = len(store.read_events(game.game_id, 0, 1000))
    with pytest.raises(ConcurrentUpdate):
        commit(rivalled, game.found, play(a_legal_move(game)), NOW)  # type: ignore[arg-type]
    assert opened(store, game.game_id).version == 1 + MAX_ATTEMPTS  # the rivals' saves only
    assert len(store.read_events(game.game_id, 0, 1000)) == events_before


def test_a_refusal_against_a_stale_copy_is_confirmed_against_a_read_first(store: Store) -> None:
    """The copy says it is seat 0's turn; the game moved on: seat 1's move, refused by the copy, is
    the right move now, and is saved."""
    game = opened(store, new_game(store).game_id)
    first = a_legal_move(game)
    assert commit(store, game.found, play(first), NOW) is not None
    now = opened(store, game.game_id)
    second = a_legal_move(now)
    stale = OpenGame(game.game_id, game.owner, game.version, game.stored, game.caller, confirmed=False)
    committed = commit(store, stale.found, play(second), NOW)
    assert committed is not None and committed.copy is Copy.STALE and committed.version == 3


def test_a_refusal_against_the_game_as_it_is_saves_nothing(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    state = game.found.state()
    not_yours = Move((state.current_player + 1) % 2, Action.PASS)
    with pytest.raises(IllegalMove):
        commit(store, game.found, play(not_yours), NOW)
    assert opened(store, game.game_id).version == 1


def test_nothing_to_change_saves_nothing(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    assert commit(store, game.found, lambda found: None, NOW) is None
    assert opened(store, game.game_id).version == 1


def test_a_change_of_a_game_that_is_gone_is_unauthorized(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    commit(store, game.found, lambda found: deleted(), NOW)
    assert store.load_game(game.game_id) is None
    with pytest.raises(Unauthorized):
        commit(store, game.found, play(a_legal_move(game)), NOW)


def test_a_deletion_leaves_its_change_in_the_outbox_for_the_owner_told(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    commit(store, game.found, lambda found: deleted(), NOW, told=lambda owner: owner == OWNER)
    entries = [read_entry(game.game_id, text) for _, text in store.outbox(game.game_id, 10)]
    told = [(entry.type, entry.version) for entry in entries if isinstance(entry, Change)]
    assert told == [("game.deleted", 1)]


def test_a_bot_s_turn_is_owed_the_worker_with_the_change_that_gives_it(store: Store) -> None:
    created = new_game(store, seats=(Seat("A"), Seat("Bot", "random")))
    game = opened(store, created.game_id)
    if game.found.state().current_player == 1:  # the bot starts: its turn was owed with the creation
        owed = [read_entry(game.game_id, text) for _, text in store.outbox(game.game_id, 10)]
        assert owed == [BotTurn(game.game_id, 1, 1)]
        return
    committed = commit(store, game.found, play(a_legal_move(game)), NOW)
    assert committed is not None
    owed = [read_entry(game.game_id, text) for _, text in store.outbox(game.game_id, 10)]
    assert owed[-1] == BotTurn(game.game_id, 2, 1)


@dataclass
class Count:
    """A request counted against the owner once (as admission's ``OwnerRequest``): what it settled."""

    counting: Counting | None
    settled: list[Admitted | None] = field(default_factory=list)

    def settle(self, counted: Admitted | None) -> None:
        self.counting = None
        self.settled.append(counted)
        if counted is not None and counted.admission is Admission.LIMITED:
            raise RateLimited(counted.windows, 1)

    def alone(self, store: ClientStore) -> None:
        raise AssertionError("a save counts it")


def test_the_owner_s_count_rides_with_the_save_and_a_full_window_saves_nothing(store: Store) -> None:
    one_a_second = ClientLimits(requests_per_second=1)
    store.create_client(ClientRow(OWNER, "owner", NOW, (KeyDigest("d" * 64),), one_a_second))
    game = opened(store, new_game(store).game_id)
    window = Window("requests", 100, 1, override="requests_per_second")
    counted = Count(Counting(OWNER, window, NOW))
    committed = commit(store, game.found, play(a_legal_move(game)), NOW, Rider(counted))
    assert committed is not None and counted.settled[0] is not None
    assert counted.settled[0].admission is Admission.ADMITTED
    after = opened(store, game.game_id)
    full = Count(Counting(OWNER, window, NOW))
    with pytest.raises(RateLimited):
        commit(store, after.found, play(a_legal_move(after)), NOW, Rider(full))
    assert opened(store, game.game_id).version == after.version


@dataclass
class Keeper:
    key: str

    def success(self, body: str, version: int) -> tuple[str, StoredAnswer]:
        return self.key, StoredAnswer("fingerprint", 200, body, f'"{version}"')


def test_an_answer_kept_under_a_key_is_saved_with_the_change_a_held_key_saves_nothing(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    committed = commit(store, game.found, play(a_legal_move(game)), NOW, Rider(keeper=Keeper("k1")),
                       answer=lambda sealed: f'{{"version":{sealed.version}}}')  # fmt: skip
    assert committed is not None and committed.body == '{"version":2}'
    after = opened(store, game.game_id)
    with pytest.raises(AnswerHeld) as held:
        commit(store, after.found, play(a_legal_move(after)), NOW, Rider(keeper=Keeper("k1")),
               answer=lambda sealed: "{}")  # fmt: skip
    assert held.value.held.answer is not None and held.value.held.answer.body == '{"version":2}'
    assert opened(store, game.game_id).version == 2


def test_if_match_is_a_judgement_like_any_other(store: Store) -> None:
    game = opened(store, new_game(store).game_id)

    def at_version_7(found: Found) -> Transition:
        raise VersionMismatch(7)

    with pytest.raises(VersionMismatch):
        commit(store, game.found, at_version_7, NOW)


def test_the_stored_game_is_the_transition_s(store: Store) -> None:
    game = opened(store, new_game(store).game_id)
    committed = commit(store, game.found, play(a_legal_move(game)), NOW)
    row = store.load_game(game.game_id)
    assert committed is not None and row is not None
    assert decode(row.snapshot) == committed.sealed.transition.stored
