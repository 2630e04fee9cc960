from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_reason import EndReason
from ..models.game_record_format import GameRecordFormat
from ..models.game_status import GameStatus

if TYPE_CHECKING:
    from ..models.record_clock import RecordClock
    from ..models.record_player import RecordPlayer
    from ..models.record_round import RecordRound


T = TypeVar("T", bound="GameRecord")


@_attrs_define
class GameRecord:
    """A whole game as its deals and moves, format `restart-record/1`: what
    `GET /v1/games/{game_id}/record` answers and `POST /v1/records/verify` replays. It needs
    nothing of this service (no seed, no id): a game played anywhere can be written as one.
    Its sense is the rules': each round is dealt as the record says, its moves are played in
    order, and its result is what they give. A record from a caller that may not see every
    tile (a seat's or a spectator's token, while the game is played) has null for the hands
    and the box it may not see.

        Attributes:
            format_ (GameRecordFormat): The record's format and its version (a later format will have another name).
            players (list[RecordPlayer]): The seats, in seating order (seat 0 first).
            target_score (int): The game ends after the round in which a total reaches this many minus points.
            clock (None | RecordClock): The game's clock settings; null for a game without one. Shown, never checked: time
                is
                not part of what a record replays.
            rounds (list[RecordRound]): Every round dealt so far, in order (the last one may still be being played).
            status (GameStatus): Whether a game is still being played.
            winners (list[int]): The winners' seats (the lowest total); empty while the game is played.
            end_reason (EndReason | None | str): Why the game ended; null while it is played. Sent to `POST
                /v1/records/verify`, a reason
                this service does not know is 422 `invalid_request`.
            scores (list[int]): Each seat's minus points over the scored rounds, by seat (lower is better).
    """

    format_: GameRecordFormat
    players: list[RecordPlayer]
    target_score: int
    clock: None | RecordClock
    rounds: list[RecordRound]
    status: GameStatus
    winners: list[int]
    end_reason: EndReason | None | str
    scores: list[int]

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_clock import RecordClock  # noqa: PLC0415

        format_ = self.format_.value

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        target_score = self.target_score

        clock: dict[str, Any] | None
        if isinstance(self.clock, RecordClock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        status = self.status.value

        winners = self.winners

        end_reason: None | str
        if isinstance(self.end_reason, EndReason):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        scores = self.scores

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "players": players,
                "target_score": target_score,
                "clock": clock,
                "rounds": rounds,
                "status": status,
                "winners": winners,
                "end_reason": end_reason,
                "scores": scores,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_clock import RecordClock  # noqa: PLC0415
        from ..models.record_player import RecordPlayer  # noqa: PLC0415
        from ..models.record_round import RecordRound  # noqa: PLC0415

        d = dict(src_dict)
        format_ = GameRecordFormat(d.pop("format"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = RecordPlayer.from_dict(players_item_data)

            players.append(players_item)

        target_score = d.pop("target_score")

        def _parse_clock(data: object) -> None | RecordClock:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = RecordClock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecordClock, data)

        clock = _parse_clock(d.pop("clock"))

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RecordRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        status = GameStatus(d.pop("status"))

        winners = cast(list[int], d.pop("winners"))

        def _parse_end_reason(data: object) -> EndReason | None | str:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = EndReason(data)

                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | None | str, data)

        end_reason = _parse_end_reason(d.pop("end_reason"))

        scores = cast(list[int], d.pop("scores"))

        game_record = cls(
            format_=format_,
            players=players,
            target_score=target_score,
            clock=clock,
            rounds=rounds,
            status=status,
            winners=winners,
            end_reason=end_reason,
            scores=scores,
        )

        return game_record
