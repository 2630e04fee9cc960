from enum import StrEnum


class PredictionRefusedProblemCodeType0(StrEnum):
    INVALID_REQUEST = "invalid_request"
    UNKNOWN_BOT_LEVEL = "unknown_bot_level"

    def __str__(self) -> str:
        return str(self.value)
