from enum import StrEnum


class HintRefusedProblemCodeType0(StrEnum):
    GAME_OVER = "game_over"
    INVALID_REQUEST = "invalid_request"
    NOT_YOUR_TURN = "not_your_turn"
    UNKNOWN_BOT_LEVEL = "unknown_bot_level"

    def __str__(self) -> str:
        return str(self.value)
