from enum import StrEnum


class MoveRefusedProblemCodeType0(StrEnum):
    CLOSING_TILE_NOT_LAST = "closing_tile_not_last"
    EMPTY_PLAY = "empty_play"
    GAME_OVER = "game_over"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INVALID_REQUEST = "invalid_request"
    NOTHING_TO_REMOVE = "nothing_to_remove"
    NOT_ASCENDING = "not_ascending"
    NOT_A_RUN = "not_a_run"
    NOT_YOUR_TURN = "not_your_turn"
    ONE_PURPLE_PER_TURN = "one_purple_per_turn"
    PASS_TAKES_NOTHING = "pass_takes_nothing"
    ROW_CLOSED = "row_closed"
    ROW_REQUIRED = "row_required"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    UNKNOWN_TILE = "unknown_tile"
    WRONG_COLOUR = "wrong_colour"

    def __str__(self) -> str:
        return str(self.value)
