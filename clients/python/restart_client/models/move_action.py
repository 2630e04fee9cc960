from enum import StrEnum


class MoveAction(StrEnum):
    PASS = "pass"
    PLAY = "play"
    SCISSORS = "scissors"
    TRASH = "trash"

    def __str__(self) -> str:
        return str(self.value)
