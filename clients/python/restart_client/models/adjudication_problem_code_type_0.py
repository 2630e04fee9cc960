from enum import StrEnum


class AdjudicationProblemCodeType0(StrEnum):
    INVALID_REQUEST = "invalid_request"
    INVALID_SNAPSHOT = "invalid_snapshot"

    def __str__(self) -> str:
        return str(self.value)
