from enum import StrEnum


class GameInternalErrorProblemCodeType0(StrEnum):
    CORRUPT_GAME = "corrupt_game"
    INTERNAL_ERROR = "internal_error"

    def __str__(self) -> str:
        return str(self.value)
