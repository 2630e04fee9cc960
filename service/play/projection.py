"""The projection of a game for a caller: the public table plus the hands their token opens.

Built straight from the snapshot document (already in wire codes), so a read needs
no engine state at all. The box is never shown; a player sees only their own hand,
the admin every hand; every viewer sees which seats the service plays, and at which level.
"""

from __future__ import annotations

from typing import Any

from service.play.access import Caller
from service.play.consent import Offer, clock_time, policy_view
from service.play.offer_changes import OfferState, waiting
from service.play.stored_game import StoredGame
from service.play.timeouts import clock_view, rfc3339


def player_summaries(stored: StoredGame, owner: bool) -> list[dict[str, Any]]:
    """Every seat as anyone may see it: its holder's name, its bot level, its timeouts and absence, and
    whether it is held, vacated or left, and until when the owner's invitation to it is open (past:
    expired); for the game's ``owner`` (its key or admin token) also the
    client app's own reference for its holder, which no one else sees."""
    seats = None if stored.clock is None else stored.clock.seats
    summaries = []
    for seat, player in enumerate(stored.snapshot["players"]):
        holding = stored.holding(seat)
        summary = {
            "seat": seat,
            "name": holding.name or player["name"],
            "score": player["score"],
            "tiles_left": len(player["hand"]),
            "bot": stored.bot(seat),
            "timeouts": 0 if seats is None else seats[seat].timeouts,
            "absent": False if seats is None else seats[seat].absent,
            "state": holding.state.value,
            "invited_until": None if holding.invitation is None else rfc3339(holding.invitation.until_ms),
        }
        if owner:
            summary["player"] = holding.player
        summaries.append(summary)
    return summaries


def game_view(game_id: str, version: int, stored: StoredGame, caller: Caller, now: float) -> dict[str, Any]:
    """The game at ``version`` as ``caller`` may see it, its clock read at ``now`` (epoch seconds)."""
    snapshot = stored.snapshot
    players = snapshot["players"]
    consent, now_ms = stored.consent, round(now * 1000)
    offer = consent.offer
    paused = consent.paused_until if consent.paused_at(now_ms) else None
    view: dict[str, Any] = {
        "id": game_id,
        "version": version,
        "status": snapshot["status"],
        "round": snapshot["round"],
        "current_player": snapshot["current_player"],
        "consecutive_passes": snapshot["consecutive_passes"],
        "target_score": snapshot["target_score"],
        "rows": snapshot["rows"],
        "players": player_summaries(stored, caller.is_admin),
        "discarded": snapshot["discarded"],
        "winners": snapshot["winners"],
        "end_reason": snapshot.get("end_reason"),
        "last_round": snapshot.get("last_round"),
        "clock": clock_view(stored.clock, clock_time(consent, now_ms)),
        "rematch": None if stored.rematch is None else stored.rematch.game_id,
        "offer": None
        if offer is None or not offer.open_at(now_ms)
        else offer_view(stored, offer, OfferState.OPEN),
        "offer_policy": policy_view(consent.policy),
        "paused_until": None if paused is None else rfc3339(paused),
        "rated": stored.rated,
    }
    if caller.is_admin:
        view["hands"] = [player["hand"] for player in players]
    elif caller.seat is not None:
        view["hand"] = players[caller.seat]["hand"]
    return view


def offer_view(stored: StoredGame, offer: Offer, state: OfferState) -> dict[str, Any]:
    """An offer as everyone sees it, and what became of it (``state``)."""
    return {
        "id": offer.id,
        "kind": offer.kind.value,
        "seat": offer.seat,
        "state": state.value,
        "expires_at": rfc3339(offer.until_ms),
        "accepted": list(offer.accepted),
        "waiting": list(waiting(stored, offer)) if state is OfferState.OPEN else [],
    }
