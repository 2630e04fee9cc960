"""``play.seat_changes``' invitations: made by the owner, claimed once, revoked, expired.

An invitation is a change of the game like any other (``transitions.invited``, ``uninvited``), and
its claim a hand-over (``transitions.claimed``): each is decided against the game as its save finds
it, so of two claims of one invitation exactly one is saved, and the other is told it was used."""

from __future__ import annotations

import json

import pytest

from service.play.access import Caller, hash_token, identify
from service.play.commit import NO_RIDER
from service.play.games import OpenGame, Seat
from service.play.holders import Fate, Holding, Invitation, SeatState, Spent
from service.play.moves import submit_move
from service.play.records import history
from service.play.refusals import (
    BotSeat,
    Forbidden,
    GameFinished,
    InvitationExpired,
    InvitationRevoked,
    InvitationUsed,
    SeatLeft,
    Unauthorized,
)
from service.play.seat_changes import claim, hand_to, invite, leave, revoke, take_off
from service.play.stored_game import decode, encode
from service.play.timeouts import from_rfc3339, rfc3339
from service.store import Save, SaveOutcome, Store
from service.store.memory import MemoryStore
from tests.play.test_seat_changes import (
    NOW,
    a_placing_move,
    current,
    last_event_types,
    new_game,
    opened,
    played_out,
)

DAY = 86_400


def invited(store: Store, game_id: str, seat: int, seconds: int = DAY, at: float = NOW) -> str:
    """The token of a new invitation to ``seat``, made by the admin at ``at``."""
    return invite(store, opened(store, game_id), seat, seconds, None, NO_RIDER, at).token


def claimant(store: Store, game_id: str) -> OpenGame:
    """The game as a claim's gate opens it: read whole, for no one yet."""
    row = store.load_game(game_id)
    assert row is not None
    return OpenGame.of(game_id, row, Caller.spectator())


def test_an_invitation_is_logged_without_its_token_and_the_holder_plays_on_until_it_is_claimed(
    store: Store,
) -> None:
    made = new_game(store)
    made_at = invite(store, opened(store, made.game_id), 0, DAY, None, NO_RIDER, NOW + 1)
    assert made_at.until_ms == round((NOW + 1) * 1000) + DAY * 1000
    logged = json.loads(store.read_events(made.game_id, 0, 1000)[-1][1])
    assert logged == {"type": "seat_invited", "seat": 0, "expires_at": rfc3339(made_at.until_ms)}
    assert made_at.token not in json.dumps(logged) and hash_token(made_at.token) not in json.dumps(logged)
    game = opened(store, made.game_id)
    assert game.stored.holding(0).invitation == Invitation(hash_token(made_at.token), made_at.until_ms)
    assert game.view(NOW)["players"][0]["invited_until"] == rfc3339(made_at.until_ms)
    assert game.view(NOW)["players"][1]["invited_until"] is None
    holder = made.tokens.players[0]
    assert holder is not None
    row = store.load_game(made.game_id)
    assert row is not None
    assert identify(row.tokens, holder, decode(row.snapshot).seats) == Caller.player(0, hash_token(holder))


def test_a_claim_takes_the_seat_its_hand_and_score_with_it_and_the_last_holder_s_token_opens_nothing(
    store: Store,
) -> None:
    made = new_game(store)
    token = invited(store, made.game_id, 1)
    handed = claim(store, claimant(store, made.game_id), 1, token, "Zoe", "app:z", NO_RIDER, NOW + 2)
    assert handed.game.version == 3 and last_event_types(store, made.game_id, 1) == ["seat_taken"]
    assert handed.game.caller == Caller.player(1, hash_token(handed.token))
    view = handed.game.view(NOW + 2)
    assert view["hand"] == made.stored.snapshot["players"][1]["hand"] and "hands" not in view
    assert view["players"][1]["name"] == "Zoe" and view["players"][1]["invited_until"] is None
    row = store.load_game(made.game_id)
    assert row is not None
    seats = decode(row.snapshot).seats
    assert seats[1] == Holding(
        SeatState.HELD, "app:z", hash_token(handed.token), "Zoe", None, Spent(hash_token(token), Fate.USED)
    )
    old = made.tokens.players[1]
    assert old is not None
    with pytest.raises(Unauthorized):
        identify(row.tokens, old, seats)
    with pytest.raises(Unauthorized):  # an invitation is a claim's credential, nothing else's
        identify(row.tokens, token, seats)
    assert identify(row.tokens, handed.token, seats).seat == 1
    assert decode(row.snapshot).snapshot == made.stored.snapshot


def test_an_invitation_is_claimed_once_a_second_claim_is_told_it_was_used(store: Store) -> None:
    made = new_game(store)
    token = invited(store, made.game_id, 0)
    claim(store, claimant(store, made.game_id), 0, token, "Zoe", None, NO_RIDER, NOW + 1)
    with pytest.raises(InvitationUsed):
        claim(store, claimant(store, made.game_id), 0, token, "Max", None, NO_RIDER, NOW + 2)
    game = opened(store, made.game_id)
    assert game.version == 3 and game.view(NOW)["players"][0]["name"] == "Zoe"


class ClaimedFirst:
    """A store on which, before the first save of a change, someone else claims ``token``'s seat."""

    def __init__(self, inner: Store, game_id: str, seat: int, token: str) -> None:
        self.inner, self.game_id, self.seat, self.token = inner, game_id, seat, token
        self.pending = True

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def save(self, change: Save) -> SaveOutcome:
        if self.pending:
            self.pending = False
            claim(
                self.inner,
                claimant(self.inner, self.game_id),
                self.seat,
                self.token,
                "First",
                None,
                NO_RIDER,
                NOW,
            )
        return self.inner.save(change)


def test_of_two_claims_racing_the_one_saved_first_wins_and_the_other_is_told_it_was_used(
    store: Store,
) -> None:
    made = new_game(store)
    token = invited(store, made.game_id, 0)
    late = claimant(store, made.game_id)  # decided against the game before the other claim was saved
    racing = ClaimedFirst(store, made.game_id, 0, token)
    with pytest.raises(InvitationUsed):
        claim(racing, late, 0, token, "Second", None, NO_RIDER, NOW + 1)  # type: ignore[arg-type]
    game = opened(store, made.game_id)
    assert game.version == 3 and game.view(NOW)["players"][0]["name"] == "First"
    assert last_event_types(store, made.game_id, 2) == ["seat_invited", "seat_taken"]


def test_a_move_of_the_last_holder_racing_a_claim_saved_first_is_refused(store: Store) -> None:
    made = new_game(store)
    seat = current(opened(store, made.game_id))
    token = invited(store, made.game_id, seat)
    holder_token = made.tokens.players[seat]
    assert holder_token is not None
    holder = opened(store, made.game_id, holder_token)
    with pytest.raises(Unauthorized):
        submit_move(
            ClaimedFirst(store, made.game_id, seat, token),  # type: ignore[arg-type]
            holder, a_placing_move(holder.found.state()), None, NOW + 1,
        )  # fmt: skip
    after = opened(store, made.game_id)
    assert after.version == 3 and after.snapshot == made.stored.snapshot  # the claim, and no move


def test_an_expired_invitation_is_refused_and_changes_nothing() -> None:
    store = MemoryStore()
    made = new_game(store)
    token = invited(store, made.game_id, 0, seconds=60)
    with pytest.raises(InvitationExpired):
        claim(store, claimant(store, made.game_id), 0, token, None, None, NO_RIDER, NOW + 60)
    assert opened(store, made.game_id).version == 2
    handed = claim(store, claimant(store, made.game_id), 0, token, None, None, NO_RIDER, NOW + 59.999)
    assert handed.game.version == 3  # a millisecond before its end it was still open


def test_a_revoked_or_replaced_invitation_is_told_revoked_and_revoking_none_changes_nothing(
    store: Store,
) -> None:
    made = new_game(store)
    first = invited(store, made.game_id, 0)
    second = invited(store, made.game_id, 0)  # revokes the first
    with pytest.raises(InvitationRevoked):
        claim(store, claimant(store, made.game_id), 0, first, None, None, NO_RIDER, NOW)
    game = revoke(store, opened(store, made.game_id), 0, None, NO_RIDER, NOW)
    assert game.version == 4 and last_event_types(store, made.game_id, 1) == ["invitation_revoked"]
    with pytest.raises(InvitationRevoked):
        claim(store, claimant(store, made.game_id), 0, second, None, None, NO_RIDER, NOW)
    assert revoke(store, opened(store, made.game_id), 0, None, NO_RIDER, NOW).version == 4  # none open
    assert opened(store, made.game_id).version == 4


def test_handing_the_seat_on_or_leaving_it_revokes_its_open_invitation(store: Store) -> None:
    made = new_game(store)
    handed_over = invited(store, made.game_id, 0)
    hand_to(store, opened(store, made.game_id), 0, "Zoe", None, None, NO_RIDER, NOW)
    left_behind = invited(store, made.game_id, 1)
    leave(store, opened(store, made.game_id), 1, None, NO_RIDER, NOW)
    for seat, token in ((0, handed_over), (1, left_behind)):
        with pytest.raises(InvitationRevoked):
            claim(store, claimant(store, made.game_id), seat, token, None, None, NO_RIDER, NOW)
    with pytest.raises(SeatLeft):  # and a seat that left takes none
        invite(store, opened(store, made.game_id), 1, DAY, None, NO_RIDER, NOW)


def test_a_vacated_seat_keeps_its_invitation_and_its_claim_gives_it_a_holder_again() -> None:
    store = MemoryStore()
    made = new_game(store)
    token = invited(store, made.game_id, 0)
    vacated = take_off(store, opened(store, made.game_id), 0, None, NO_RIDER, NOW)
    assert vacated.stored.holding(0).invitation is not None
    handed = claim(store, claimant(store, made.game_id), 0, token, "Zoe", None, NO_RIDER, NOW + 1)
    assert handed.game.stored.holding(0).state is SeatState.HELD
    assert handed.game.stored.stand_in(0) is None  # a person's again


def test_a_stranger_s_token_or_a_seat_out_of_range_opens_nothing_and_says_nothing(store: Store) -> None:
    made = new_game(store)
    token = invited(store, made.game_id, 0)
    for seat, presented in ((0, "not-an-invitation"), (1, token), (2, token), (9, token)):
        with pytest.raises(Unauthorized):
            claim(store, claimant(store, made.game_id), seat, presented, None, None, NO_RIDER, NOW)
    assert opened(store, made.game_id).version == 2


def test_only_the_owner_invites_or_revokes_and_no_bot_s_or_finished_game_s_seat_is_invited_to() -> None:
    store = MemoryStore()
    made = new_game(store, seats=(Seat("A"), Seat("Bot", "random")))
    player = made.tokens.players[0]
    assert player is not None
    as_player = opened(store, made.game_id, player)
    with pytest.raises(Forbidden):
        invite(store, as_player, 0, DAY, None, NO_RIDER, NOW)
    with pytest.raises(Forbidden):
        revoke(store, as_player, 0, None, NO_RIDER, NOW)
    with pytest.raises(BotSeat):
        invite(store, opened(store, made.game_id), 1, DAY, None, NO_RIDER, NOW)
    assert opened(store, made.game_id).version == 1
    finished = new_game(store, clock=None, game_id="f" * 22)
    token = invited(store, finished.game_id, 0)
    game = played_out(store, finished.game_id)
    with pytest.raises(GameFinished):
        claim(store, claimant(store, finished.game_id), 0, token, None, None, NO_RIDER, NOW)
    with pytest.raises(GameFinished):
        invite(store, game, 0, DAY, None, NO_RIDER, NOW)
    assert opened(store, finished.game_id).version == game.version


def test_the_history_walk_replays_invitations_and_claims_to_the_same_game(store: Store) -> None:
    made = new_game(store)
    first = invited(store, made.game_id, 0)
    revoke(store, opened(store, made.game_id), 0, None, NO_RIDER, NOW + 1)
    token = invited(store, made.game_id, 1, at=NOW + 2)
    claim(store, claimant(store, made.game_id), 1, token, "Zoe", None, NO_RIDER, NOW + 3)
    assert first != token
    game = opened(store, made.game_id)
    walked = history(game.stored, store.read_log(made.game_id), made.game_id)
    assert walked.version == game.version == 5
    assert [tenure.name for tenure in walked.holders[1]] == ["B", "Zoe"]
    assert walked.holders[1][1].from_version == 5
    assert walked.stored.snapshot == game.stored.snapshot and walked.stored.clock == game.stored.clock
    at_invitation = history(game.stored, store.read_log(made.game_id), made.game_id, until=4)
    assert at_invitation.stored.holding(1).invitation is not None


def test_an_invitation_survives_the_store_s_encoding_and_an_old_holding_reads_as_before() -> None:
    store = MemoryStore()
    made = new_game(store)
    invited(store, made.game_id, 0)
    stored = opened(store, made.game_id).stored
    assert decode(encode(stored)) == stored
    assert Holding.from_json(["held", None, None, None]) == Holding()
    assert from_rfc3339(rfc3339(1_800_000_123_456)) == 1_800_000_123_456
