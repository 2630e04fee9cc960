from enum import StrEnum


class MoveForbiddenProblemCode(StrEnum):
    BOT_SEAT = "bot_seat"
    FORBIDDEN = "forbidden"

    def __str__(self) -> str:
        return str(self.value)
