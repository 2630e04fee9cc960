from enum import StrEnum


class LeaderboardRefusedProblemCodeType0(StrEnum):
    INVALID_REQUEST = "invalid_request"
    PAGE_OUT_OF_RANGE = "page_out_of_range"

    def __str__(self) -> str:
        return str(self.value)
