from enum import StrEnum


class GameStatus(StrEnum):
    FINISHED = "finished"
    PLAYING = "playing"

    def __str__(self) -> str:
        return str(self.value)
