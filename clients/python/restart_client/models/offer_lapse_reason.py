from enum import StrEnum


class OfferLapseReason(StrEnum):
    CHANGED = "changed"
    EXPIRED = "expired"

    def __str__(self) -> str:
        return str(self.value)
