from enum import StrEnum


class RateLimitedProblemCodeType0(StrEnum):
    CONCURRENCY_LIMITED = "concurrency_limited"
    RATE_LIMITED = "rate_limited"

    def __str__(self) -> str:
        return str(self.value)
