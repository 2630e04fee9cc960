from enum import StrEnum


class SeatConflictProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    GAME_FINISHED = "game_finished"
    SEAT_LEFT = "seat_left"

    def __str__(self) -> str:
        return str(self.value)
