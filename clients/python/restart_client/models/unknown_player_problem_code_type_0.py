from enum import StrEnum


class UnknownPlayerProblemCodeType0(StrEnum):
    UNKNOWN_PLAYER = "unknown_player"

    def __str__(self) -> str:
        return str(self.value)
