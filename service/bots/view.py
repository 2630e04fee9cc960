"""What one seat may see of a game, and the positions consistent with it.

A bot is handed a ``SeatView``, never a ``GameState``: the full state holds the other
hands, the box and the seed (from which ``rules.deal`` rebuilds every hand), so a bot
given it could cheat. ``seat_view`` is the one way from a state to a view, and
``hidden_position`` the one way back: a full position with the tiles the seat cannot
see dealt to the other hands and the box in a given order.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from service.rules import ALL_TILES, GameState, Outcome, Player, Tile
from service.rules.tiles import sorted_tiles


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything public about a game, plus the one hand the seat holds."""

    seat: int
    hand: tuple[Tile, ...]
    """The seat's own tiles, in canonical order."""
    rows: tuple[tuple[Tile, ...], ...]
    discarded: tuple[Tile, ...]
    """Tiles removed by scissors or trash this round, and the purple tiles used: face up."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds; its length is the number of players."""
    scores: tuple[int, ...]
    current_player: int
    consecutive_passes: int
    round: int
    target_score: int
    last_round: tuple[int, ...] | None
    outcome: Outcome | None

    @property
    def player_count(self) -> int:
        return len(self.hand_sizes)

    @property
    def is_my_turn(self) -> bool:
        """Whether the seat has a move to choose: the game goes on and it is the seat's turn."""
        return self.outcome is None and self.current_player == self.seat


def seat_view(state: GameState, seat: int) -> SeatView:
    """What ``seat`` sees of ``state``: its own hand and the public facts, nothing else."""
    if not 0 <= seat < len(state.players):
        raise ValueError(f"seat {seat} is not in a game of {len(state.players)} players")
    return SeatView(
        seat=seat,
        hand=state.players[seat].hand,
        rows=state.rows,
        discarded=state.discarded,
        hand_sizes=tuple(len(player.hand) for player in state.players),
        scores=tuple(player.score for player in state.players),
        current_player=state.current_player,
        consecutive_passes=state.consecutive_passes,
        round=state.round,
        target_score=state.target_score,
        last_round=state.last_round,
        outcome=state.outcome,
    )


def unseen_tiles(view: SeatView) -> list[Tile]:
    """The tiles the seat cannot see (other hands and the box), in canonical order.

    All 88 tiles minus the seat's hand, the rows and the discarded tiles.
    """
    left = Counter(ALL_TILES)
    left.subtract(view.hand)
    left.subtract(tile for row in view.rows for tile in row)
    left.subtract(view.discarded)
    return list(sorted_tiles(left.elements()))


def any_position(view: SeatView) -> GameState:
    """A full position consistent with the view, the unseen tiles dealt in canonical order.

    For asking the engine about the seat's own moves, which do not depend on the hidden tiles.
    """
    return hidden_position(view, unseen_tiles(view), seed=0)


def hidden_position(view: SeatView, hidden: list[Tile], seed: int) -> GameState:
    """The full position with ``hidden`` dealt in order to the other hands, the rest to the box."""
    others = sum(size for seat, size in enumerate(view.hand_sizes) if seat != view.seat)
    if len(hidden) < others:
        raise ValueError("the view's hand sizes hold more tiles than the seat cannot see")
    hands: list[tuple[Tile, ...]] = []
    cursor = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        hands.append(sorted_tiles(hidden[cursor : cursor + size]))
        cursor += size
    players = tuple(
        Player(f"seat {seat}", hand, score)
        for seat, (hand, score) in enumerate(zip(hands, view.scores, strict=True))
    )
    return GameState(
        players=players,
        rows=view.rows,
        box=sorted_tiles(hidden[cursor:]),
        discarded=view.discarded,
        current_player=view.current_player,
        consecutive_passes=view.consecutive_passes,
        round=view.round,
        target_score=view.target_score,
        seed=seed,
        outcome=view.outcome,
        last_round=view.last_round,
    )
