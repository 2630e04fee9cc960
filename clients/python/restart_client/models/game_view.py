from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.end_reason import EndReason
from ..models.game_status import GameStatus
from ..models.tile_code import TileCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock import Clock
    from ..models.offer import Offer
    from ..models.offer_policy import OfferPolicy
    from ..models.player_summary import PlayerSummary
    from ..models.rows import Rows


T = TypeVar("T", bound="GameView")


@_attrs_define
class GameView:
    """The game as the caller may see it: `hand` for a player token, `hands` (by seat)
    for the admin token, never both; never the box.

        Attributes:
            id (str): 22 URL-safe characters.
            version (int):
            status (GameStatus): Whether a game is still being played.
            round_ (int):
            current_player (int): A seat, in the order the players were named (0 first).
            consecutive_passes (int):
            target_score (int):
            rows (Rows): Each colour's row, bottom (its 1) first.
            players (list[PlayerSummary]):
            discarded (list[TileCode]):
            winners (list[int]):
            end_reason (EndReason | None | str): Why the game ended; null while playing.
            last_round (list[int] | None): Minus points per seat of the last scored round; null before the first.
            clock (Clock | None): The game's clock as it stood when this view was made; null for a game without one.
            rematch (None | str | Unset): The id of the finished game's rematch, once one was asked for (`rematchGame`);
                null before.
                Absent from answers of services before 1.7.0.
            offer (None | Offer | Unset): The offer open now (docs/OFFERS.md); null when none is (one that expired is not
                shown).
                Absent from answers of services before 1.10.0.
            offer_policy (OfferPolicy | Unset): The offers a game allows (docs/OFFERS.md, "Policy at creation").
            paused_until (datetime.datetime | None | Unset): While a pause holds the game's clocks, when it ends by itself
                (UTC, milliseconds); null
                otherwise. While paused a move is 409 `game_paused`. Absent from answers of services before
                1.10.0.
            rated (bool | Unset): Whether the game's result goes to its owner's rating pool once it ends, as its creation
                said
                (docs/RATINGS.md); a rated game's end is followed, a moment later, by its event `game_rated`.
                Absent from answers of services before 1.11.0.
            hand (list[TileCode] | Unset):
            hands (list[list[TileCode]] | Unset): Every seat's tiles, by seat (admin token).
    """

    id: str
    version: int
    status: GameStatus
    round_: int
    current_player: int
    consecutive_passes: int
    target_score: int
    rows: Rows
    players: list[PlayerSummary]
    discarded: list[TileCode]
    winners: list[int]
    end_reason: EndReason | None | str
    last_round: list[int] | None
    clock: Clock | None
    rematch: None | str | Unset = UNSET
    offer: None | Offer | Unset = UNSET
    offer_policy: OfferPolicy | Unset = UNSET
    paused_until: datetime.datetime | None | Unset = UNSET
    rated: bool | Unset = UNSET
    hand: list[TileCode] | Unset = UNSET
    hands: list[list[TileCode]] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.offer import Offer  # noqa: PLC0415

        id = self.id

        version = self.version

        status = self.status.value

        round_ = self.round_

        current_player = self.current_player

        consecutive_passes = self.consecutive_passes

        target_score = self.target_score

        rows = self.rows.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        discarded = []
        for componentsschemas_tiles_item_data in self.discarded:
            componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
            discarded.append(componentsschemas_tiles_item)

        winners = self.winners

        end_reason: None | str
        if isinstance(self.end_reason, EndReason):
            end_reason = self.end_reason.value
        else:
            end_reason = self.end_reason

        last_round: list[int] | None
        if isinstance(self.last_round, list):
            last_round = self.last_round

        else:
            last_round = self.last_round

        clock: dict[str, Any] | None
        if isinstance(self.clock, Clock):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        rematch: None | str | Unset
        if isinstance(self.rematch, Unset):
            rematch = UNSET
        else:
            rematch = self.rematch

        offer: dict[str, Any] | None | Unset
        if isinstance(self.offer, Unset):
            offer = UNSET
        elif isinstance(self.offer, Offer):
            offer = self.offer.to_dict()
        else:
            offer = self.offer

        offer_policy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.offer_policy, Unset):
            offer_policy = self.offer_policy.to_dict()

        paused_until: None | str | Unset
        if isinstance(self.paused_until, Unset):
            paused_until = UNSET
        elif isinstance(self.paused_until, datetime.datetime):
            paused_until = self.paused_until.isoformat()
        else:
            paused_until = self.paused_until

        rated = self.rated

        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = []
            for componentsschemas_tiles_item_data in self.hand:
                componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
                hand.append(componentsschemas_tiles_item)

        hands: list[list[str]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = []
                for componentsschemas_tiles_item_data in hands_item_data:
                    componentsschemas_tiles_item = componentsschemas_tiles_item_data.value
                    hands_item.append(componentsschemas_tiles_item)

                hands.append(hands_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
                "status": status,
                "round": round_,
                "current_player": current_player,
                "consecutive_passes": consecutive_passes,
                "target_score": target_score,
                "rows": rows,
                "players": players,
                "discarded": discarded,
                "winners": winners,
                "end_reason": end_reason,
                "last_round": last_round,
                "clock": clock,
            }
        )
        if rematch is not UNSET:
            field_dict["rematch"] = rematch
        if offer is not UNSET:
            field_dict["offer"] = offer
        if offer_policy is not UNSET:
            field_dict["offer_policy"] = offer_policy
        if paused_until is not UNSET:
            field_dict["paused_until"] = paused_until
        if rated is not UNSET:
            field_dict["rated"] = rated
        if hand is not UNSET:
            field_dict["hand"] = hand
        if hands is not UNSET:
            field_dict["hands"] = hands

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.clock import Clock  # noqa: PLC0415
        from ..models.offer import Offer  # noqa: PLC0415
        from ..models.offer_policy import OfferPolicy  # noqa: PLC0415
        from ..models.player_summary import PlayerSummary  # noqa: PLC0415
        from ..models.rows import Rows  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        status = GameStatus(d.pop("status"))

        round_ = d.pop("round")

        current_player = d.pop("current_player")

        consecutive_passes = d.pop("consecutive_passes")

        target_score = d.pop("target_score")

        rows = Rows.from_dict(d.pop("rows"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerSummary.from_dict(players_item_data)

            players.append(players_item)

        discarded = []
        _discarded = d.pop("discarded")
        for componentsschemas_tiles_item_data in _discarded:
            componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

            discarded.append(componentsschemas_tiles_item)

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

        def _parse_last_round(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                last_round_type_1 = cast(list[int], data)

                return last_round_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        last_round = _parse_last_round(d.pop("last_round"))

        def _parse_clock(data: object) -> Clock | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = Clock.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Clock | None, data)

        clock = _parse_clock(d.pop("clock"))

        def _parse_rematch(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rematch = _parse_rematch(d.pop("rematch", UNSET))

        def _parse_offer(data: object) -> None | Offer | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                offer_type_0 = Offer.from_dict(data)

                return offer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Offer | Unset, data)

        offer = _parse_offer(d.pop("offer", UNSET))

        _offer_policy = d.pop("offer_policy", UNSET)
        offer_policy: OfferPolicy | Unset
        if isinstance(_offer_policy, Unset):
            offer_policy = UNSET
        else:
            offer_policy = OfferPolicy.from_dict(_offer_policy)

        def _parse_paused_until(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_until_type_0 = datetime.datetime.fromisoformat(data)

                return paused_until_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        paused_until = _parse_paused_until(d.pop("paused_until", UNSET))

        rated = d.pop("rated", UNSET)

        _hand = d.pop("hand", UNSET)
        hand: list[TileCode] | Unset = UNSET
        if _hand is not UNSET:
            hand = []
            for componentsschemas_tiles_item_data in _hand:
                componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

                hand.append(componentsschemas_tiles_item)

        _hands = d.pop("hands", UNSET)
        hands: list[list[TileCode]] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = []
                _hands_item = hands_item_data
                for componentsschemas_tiles_item_data in _hands_item:
                    componentsschemas_tiles_item = TileCode(componentsschemas_tiles_item_data)

                    hands_item.append(componentsschemas_tiles_item)

                hands.append(hands_item)

        game_view = cls(
            id=id,
            version=version,
            status=status,
            round_=round_,
            current_player=current_player,
            consecutive_passes=consecutive_passes,
            target_score=target_score,
            rows=rows,
            players=players,
            discarded=discarded,
            winners=winners,
            end_reason=end_reason,
            last_round=last_round,
            clock=clock,
            rematch=rematch,
            offer=offer,
            offer_policy=offer_policy,
            paused_until=paused_until,
            rated=rated,
            hand=hand,
            hands=hands,
        )

        game_view.additional_properties = d
        return game_view

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
