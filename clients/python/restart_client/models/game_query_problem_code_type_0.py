from enum import StrEnum


class GameQueryProblemCodeType0(StrEnum):
    INVALID_REQUEST = "invalid_request"
    UNKNOWN_VERSION = "unknown_version"

    def __str__(self) -> str:
        return str(self.value)
