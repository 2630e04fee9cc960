"""The projection of a game for a caller: the public table plus the hands their token opens.

Built straight from the snapshot document (already in wire codes), so a read needs
no engine state at all. The box is never shown; a player sees only their own hand,
the admin every hand; every viewer sees which seats the service plays, and at which level.
"""

from __future__ import annotations

from typing import Any

from service.play.access import Caller


def player_summaries(snapshot: dict[str, Any], bots: tuple[str | None, ...]) -> list[dict[str, Any]]:
    """Every seat as anyone may see it; ``bots``: each seat's bot level (``StoredGame.bots``)."""
    return [
        {
            "seat": seat,
            "name": player["name"],
            "score": player["score"],
            "tiles_left": len(player["hand"]),
            "bot": bots[seat] if bots else None,
        }
        for seat, player in enumerate(snapshot["players"])
    ]


def game_view(
    game_id: str, version: int, snapshot: dict[str, Any], caller: Caller, bots: tuple[str | None, ...]
) -> dict[str, Any]:
    players = snapshot["players"]
    view: dict[str, Any] = {
        "id": game_id,
        "version": version,
        "status": snapshot["status"],
        "round": snapshot["round"],
        "current_player": snapshot["current_player"],
        "consecutive_passes": snapshot["consecutive_passes"],
        "target_score": snapshot["target_score"],
        "rows": snapshot["rows"],
        "players": player_summaries(snapshot, bots),
        "discarded": snapshot["discarded"],
        "winners": snapshot["winners"],
        "end_reason": snapshot.get("end_reason"),
        "last_round": snapshot.get("last_round"),
    }
    if caller.is_admin:
        view["hands"] = [player["hand"] for player in players]
    elif caller.seat is not None:
        view["hand"] = players[caller.seat]["hand"]
    return view
