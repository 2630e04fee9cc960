from enum import StrEnum


class StreamRefusedProblemCodeType0(StrEnum):
    CONCURRENCY_LIMITED = "concurrency_limited"
    RATE_LIMITED = "rate_limited"
    STREAMS_LIMITED = "streams_limited"

    def __str__(self) -> str:
        return str(self.value)
