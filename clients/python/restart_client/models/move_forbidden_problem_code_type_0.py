from enum import StrEnum


class MoveForbiddenProblemCodeType0(StrEnum):
    BOT_SEAT = "bot_seat"
    FORBIDDEN = "forbidden"

    def __str__(self) -> str:
        return str(self.value)
