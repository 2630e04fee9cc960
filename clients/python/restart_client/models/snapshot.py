from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.end_reason import EndReason
from ..models.game_status import GameStatus
from ..models.tile_code import TileCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rows import Rows
    from ..models.snapshot_players_item import SnapshotPlayersItem


T = TypeVar("T", bound="Snapshot")


@_attrs_define
class Snapshot:
    """The rules engine's complete document of a position (schema 1), hidden tiles
    included. `POST /v1/adjudicate` checks every rule of consistency (each tile
    exactly once, rows built by the placement rules, counters in range) and lists
    every problem it finds.

        Attributes:
            schema (Literal[1]):
            players (list[SnapshotPlayersItem]):
            rows (Rows): Each colour's row, bottom (its 1) first.
            box (list[TileCode]):
            discarded (list[TileCode]):
            current_player (int): A seat, in the order the players were named (0 first).
            consecutive_passes (int):
            round_ (int):
            target_score (int):
            status (GameStatus): Whether a game is still being played.
            winners (list[int]):
            seed (int):
            end_reason (EndReason | None | str | Unset):
            last_round (list[int] | None | Unset):
    """

    schema: Literal[1]
    players: list[SnapshotPlayersItem]
    rows: Rows
    box: list[TileCode]
    discarded: list[TileCode]
    current_player: int
    consecutive_passes: int
    round_: int
    target_score: int
    status: GameStatus
    winners: list[int]
    seed: int
    end_reason: EndReason | None | str | Unset = UNSET
    last_round: list[int] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        schema = self.schema

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        rows = self.rows.to_dict()

        box = []
        for componentsschemas_tiles_item_data in self.box:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            box.append(componentsschemas_tiles_item)

        discarded = []
        for componentsschemas_tiles_item_data in self.discarded:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            discarded.append(componentsschemas_tiles_item)

        current_player = self.current_player

        consecutive_passes = self.consecutive_passes

        round_ = self.round_

        target_score = self.target_score

        status = self.status.value

        winners = self.winners

        seed = self.seed

        end_reason: None | str | Unset
        if isinstance(self.end_reason, Unset):
            end_reason = UNSET
        elif isinstance(self.end_reason, EndReason):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        last_round: list[int] | None | Unset
        if isinstance(self.last_round, Unset):
            last_round = UNSET
        elif isinstance(self.last_round, list):
            last_round = self.last_round

        else:
            last_round = self.last_round

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schema": schema,
                "players": players,
                "rows": rows,
                "box": box,
                "discarded": discarded,
                "current_player": current_player,
                "consecutive_passes": consecutive_passes,
                "round": round_,
                "target_score": target_score,
                "status": status,
                "winners": winners,
                "seed": seed,
            }
        )
        if end_reason is not UNSET:
            field_dict["end_reason"] = end_reason
        if last_round is not UNSET:
            field_dict["last_round"] = last_round

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rows import Rows  # noqa: PLC0415
        from ..models.snapshot_players_item import SnapshotPlayersItem  # noqa: PLC0415

        d = dict(src_dict)
        schema = cast(Literal[1], d.pop("schema"))
        if schema != 1:
            raise ValueError(f"schema must match const 1, got '{schema}'")

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SnapshotPlayersItem.from_dict(players_item_data)

            players.append(players_item)

        rows = Rows.from_dict(d.pop("rows"))

        box = []
        _box = d.pop("box")
        for componentsschemas_tiles_item_data in _box:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            box.append(componentsschemas_tiles_item)

        discarded = []
        _discarded = d.pop("discarded")
        for componentsschemas_tiles_item_data in _discarded:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            discarded.append(componentsschemas_tiles_item)

        current_player = d.pop("current_player")

        consecutive_passes = d.pop("consecutive_passes")

        round_ = d.pop("round")

        target_score = d.pop("target_score")

        status = GameStatus(d.pop("status"))

        winners = cast(list[int], d.pop("winners"))

        seed = d.pop("seed")

        def _parse_end_reason(data: object) -> EndReason | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_reason_type_0 = EndReason(data)

                return end_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EndReason | None | str | Unset, data)

        end_reason = _parse_end_reason(d.pop("end_reason", UNSET))

        def _parse_last_round(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                last_round_type_1 = cast(list[int], data)

                return last_round_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        last_round = _parse_last_round(d.pop("last_round", UNSET))

        snapshot = cls(
            schema=schema,
            players=players,
            rows=rows,
            box=box,
            discarded=discarded,
            current_player=current_player,
            consecutive_passes=consecutive_passes,
            round_=round_,
            target_score=target_score,
            status=status,
            winners=winners,
            seed=seed,
            end_reason=end_reason,
            last_round=last_round,
        )

        return snapshot
