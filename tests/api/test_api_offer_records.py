"""The property of consent offers (docs/OFFERS.md), over games played to their end through the API and
the worker, with offers made at random along the way (persons and bots, with and without a clock):

- a takeback that takes effect leaves the game exactly as it was before the move it undid (every
  view of the admin's, clock included), and one is refused exactly when the rules say so;
- the game's record, takebacks, aborts and agreements in it, verifies to the game's result;
- no viewer learns a hidden tile through an offer: every answer an offer gets is the view its
  caller is answered ``?at=`` that version, a seat sees only its own hand, a spectator none.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from harness.games import Game
from service.bots.levels import LEVEL_NAMES
from service.store import Store
from tests.api.test_api_records import Setup, Table, clocks, record_of, scores, verify
from tests.store.helpers import FakeClock

OFFER_SHARE = 0.12
"""Of a person's turns: an offer of an end or a pause instead of a move."""
TAKEBACK_SHARE = 0.35
"""Of a person's moves: its takeback offered right after."""
ACCEPT_SHARE = 0.75
"""Of a person's answers: an acceptance."""
HIDDEN = ("hand", "hands")


def board(view: dict[str, Any]) -> dict[str, Any]:
    """Everything of a view a takeback restores: the play, the scores, whose turn and its clock."""
    keep = ("status", "round", "current_player", "consecutive_passes", "rows", "hands", "discarded",
            "winners", "end_reason", "last_round")  # fmt: skip
    clock = view["clock"]
    return {name: view[name] for name in keep} | {
        "players": [{k: v for k, v in player.items() if k != "tiles_left"} for player in view["players"]],
        "deadline": None if clock is None else clock["deadline"],
    }


@dataclass
class OfferingTable(Table):
    offers: int = 0
    took_back: int = 0
    refused_takebacks: int = 0
    ended: str | None = None

    def answered(self, token: str, answer: Any) -> dict[str, Any]:
        """An offer's answer: 200, its game as its caller may see it (kept for the ``?at=`` check)."""
        assert answer.status_code == 200, answer.get_data(as_text=True)
        body: dict[str, Any] = answer.get_json()
        game = body["game"]
        if token != self.game.admin:
            assert "hands" not in game
            seat = next((seat for seat, held in enumerate(self.game.players) if held == token), None)
            assert ("hand" in game) == (seat is not None)
        self.keep(token, game)
        return body

    def offer(self, seat: int, kind: str) -> dict[str, Any] | None:
        """``seat`` offers ``kind``; the others answer it at random; the offer as it ended (None: refused)."""
        token = self.game.players[seat]
        made = self.api.post(f"{self.game.url}/offers", token, {"kind": kind, "expires_in": 3600})
        if made.status_code != 200:
            return {"refused": made.get_json()["code"]}
        self.offers += 1
        offer = self.answered(token, made)["offer"]
        for other in list(offer["waiting"]):
            if offer["state"] != "open":
                break
            verb = "accept" if self.chooser.random() < ACCEPT_SHARE else "decline"
            holder = self.game.players[other]
            sent = self.api.client.post(
                f"{self.game.url}/offers/{offer['id']}/{verb}", headers={"Authorization": f"Bearer {holder}"}
            )
            offer = self.answered(holder, sent)["offer"]
        self.look()
        return offer

    def turn(self, view: dict[str, Any], seat: int) -> None:
        if view["paused_until"] is not None:
            if self.chooser.random() < 0.5:
                self.offer(seat, "resume")
            else:
                self.clock.advance(3601)  # past the pause's bound: it ends by itself
            return
        if self.chooser.random() < OFFER_SHARE:
            kind = self.chooser.choice(["agreement", "abort", "pause"])
            ended = self.offer(seat, kind)
            if ended is not None and ended.get("state") == "took_effect" and kind != "pause":
                self.ended = kind
            return
        before, logged = self.look(), len(self.events())
        super().turn(view, seat)
        after = self.look()
        if after["version"] != before["version"] + 1 or self.chooser.random() >= TAKEBACK_SHARE:
            return
        change = {event["type"] for event in self.events()[logged:]}
        own = not change & {"turn_timed_out", "seat_absent", "round_scored"}  # a person's move, its round on
        ended = self.offer(before["current_player"], "takeback")
        assert ended is not None
        if "refused" in ended:
            refusal = "game_finished" if after["status"] == "finished" else "takeback_refused"
            assert not own and ended["refused"] == refusal, ended
            self.refused_takebacks += 1
            return
        assert own, f"a takeback of a change {sorted(change)} was let through"
        if ended["state"] == "took_effect":
            self.took_back += 1
            assert board(self.look()) == board(before)

    def events(self) -> list[dict[str, Any]]:
        """The game's whole log, page by page."""
        listed: list[dict[str, Any]] = []
        while True:
            page = self.api.get(f"{self.game.url}/events?limit=500&after={len(listed)}", self.game.admin)
            listed += page.get_json()["events"]
            if len(page.get_json()["events"]) < 500:
                return listed


@st.composite
def offer_setups(draw: st.DrawFn, mode: str) -> Setup:
    """2 to 4 seats, persons mostly (bots answer by rule: with one, no agreement is ever made), the
    watched one a person."""
    count = draw(st.integers(2, 4))
    seats = draw(st.lists(st.sampled_from([None, None, None, *LEVEL_NAMES]), min_size=count, max_size=count))
    watched = draw(st.integers(0, count - 1))
    seats[watched] = None
    return Setup(tuple(seats), watched, draw(st.integers(0, 10**9)), draw(st.integers()), draw(clocks(mode)))


@settings(
    max_examples=4,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
@pytest.mark.parametrize("mode", ["none", "turn"])
def test_games_with_random_offers_verify_and_every_takeback_restores_the_game(
    api: Any, store: Store, clock: FakeClock, mode: str, data: st.DataObject
) -> None:
    setup = data.draw(offer_setups(mode))
    extra = {"clock": setup.clock} if setup.clock else {}
    game: Game = api.create(
        players=setup.players(), seed=setup.seed, target_score=200, offers={"cooldown_moves": 0}, **extra
    )
    table = OfferingTable(api, store, clock, game, setup.watched, random.Random(setup.chooser))
    table.keep(game.admin, game.created["game"])
    final = table.play()
    record = record_of(api, game, game.admin)
    verdict = verify(api, record)
    assert verdict.get_json() == {
        "valid": True, "status": "finished", "winners": final["winners"], "end_reason": final["end_reason"],
        "scores": scores(final), "rounds": len(record["rounds"]),
    }  # fmt: skip
    entries = [move for recorded in record["rounds"] for move in recorded["moves"]]
    assert sum(move.get("takes_back") is not None for move in entries) == table.took_back
    if table.ended is not None:
        assert final["end_reason"] == {"agreement": "agreement", "abort": "aborted"}[table.ended]
    for (viewer, version), view in table.seen.items():
        then = api.get(game.url, table.viewers[viewer], query_string={"at": version})
        assert then.status_code == 200 and then.get_json() == view, f"{viewer} at version {version}"
