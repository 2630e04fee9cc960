from enum import StrEnum


class CreationInvalidProblemCodeType0(StrEnum):
    INVALID_CLOCK = "invalid_clock"
    INVALID_REQUEST = "invalid_request"
    RATING_NEEDS_PLAYERS = "rating_needs_players"
    UNKNOWN_BOT_LEVEL = "unknown_bot_level"

    def __str__(self) -> str:
        return str(self.value)
