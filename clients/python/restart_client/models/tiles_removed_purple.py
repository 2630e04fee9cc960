from enum import StrEnum


class TilesRemovedPurple(StrEnum):
    SCISSORS = "scissors"
    TRASH = "trash"

    def __str__(self) -> str:
        return str(self.value)
