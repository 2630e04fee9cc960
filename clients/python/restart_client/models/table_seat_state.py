from enum import StrEnum


class TableSeatState(StrEnum):
    BOT = "bot"
    HELD = "held"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
