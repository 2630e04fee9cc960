from enum import StrEnum


class HintUnavailableProblemCodeType0(StrEnum):
    HINT_UNAVAILABLE = "hint_unavailable"
    STORAGE_UNAVAILABLE = "storage_unavailable"

    def __str__(self) -> str:
        return str(self.value)
