from enum import StrEnum


class CreationInvalidProblemCodeType0(StrEnum):
    INVALID_CLOCK = "invalid_clock"
    INVALID_REQUEST = "invalid_request"
    UNKNOWN_BOT_LEVEL = "unknown_bot_level"

    def __str__(self) -> str:
        return str(self.value)
