from enum import StrEnum


class RecordFlawCode(StrEnum):
    ABORT_TOO_LATE = "abort_too_late"
    CLOSING_TILE_NOT_LAST = "closing_tile_not_last"
    EMPTY_PLAY = "empty_play"
    GAME_OVER = "game_over"
    HAND_HIDDEN = "hand_hidden"
    HAND_SIZE = "hand_size"
    HOLDERS_INCONSISTENT = "holders_inconsistent"
    ILLEGAL_TAKEBACK = "illegal_takeback"
    MOVES_AFTER_END = "moves_after_end"
    NOTHING_TO_REMOVE = "nothing_to_remove"
    NOT_ASCENDING = "not_ascending"
    NOT_A_RUN = "not_a_run"
    NOT_YOUR_TURN = "not_your_turn"
    ONE_PURPLE_PER_TURN = "one_purple_per_turn"
    PASS_TAKES_NOTHING = "pass_takes_nothing"
    RESULT_DIFFERS = "result_differs"
    ROUND_NOT_OVER = "round_not_over"
    ROW_CLOSED = "row_closed"
    ROW_REQUIRED = "row_required"
    SEAT_MISMATCH = "seat_mismatch"
    TILE_MISSING = "tile_missing"
    TILE_NOT_IN_HAND = "tile_not_in_hand"
    TILE_TWICE = "tile_twice"
    UNKNOWN_TILE = "unknown_tile"
    WRONG_COLOUR = "wrong_colour"
    WRONG_ROUND = "wrong_round"
    WRONG_STARTER = "wrong_starter"

    def __str__(self) -> str:
        return str(self.value)
