from enum import StrEnum


class RateLimitedProblemCode(StrEnum):
    RATE_LIMITED = "rate_limited"

    def __str__(self) -> str:
        return str(self.value)
