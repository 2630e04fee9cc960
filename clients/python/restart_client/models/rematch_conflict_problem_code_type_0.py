from enum import StrEnum


class RematchConflictProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    GAME_PLAYING = "game_playing"
    SEAT_LEFT = "seat_left"

    def __str__(self) -> str:
        return str(self.value)
