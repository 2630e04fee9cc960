from enum import StrEnum


class CreationRefusedProblemCodeType0(StrEnum):
    CONCURRENCY_LIMITED = "concurrency_limited"
    QUOTA_EXCEEDED = "quota_exceeded"
    RATE_LIMITED = "rate_limited"

    def __str__(self) -> str:
        return str(self.value)
