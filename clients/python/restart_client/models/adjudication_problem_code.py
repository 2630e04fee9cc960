from enum import StrEnum


class AdjudicationProblemCode(StrEnum):
    INVALID_REQUEST = "invalid_request"
    INVALID_SNAPSHOT = "invalid_snapshot"

    def __str__(self) -> str:
        return str(self.value)
