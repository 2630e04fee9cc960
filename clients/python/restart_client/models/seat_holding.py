from enum import StrEnum


class SeatHolding(StrEnum):
    HELD = "held"
    LEFT = "left"
    VACATED = "vacated"

    def __str__(self) -> str:
        return str(self.value)
