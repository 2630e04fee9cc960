from enum import StrEnum


class TableStatus(StrEnum):
    DEALT = "dealt"
    EXPIRED = "expired"
    WAITING = "waiting"

    def __str__(self) -> str:
        return str(self.value)
