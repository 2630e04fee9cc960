from enum import StrEnum


class OfferKind(StrEnum):
    ABORT = "abort"
    AGREEMENT = "agreement"
    PAUSE = "pause"
    RESUME = "resume"
    TAKEBACK = "takeback"

    def __str__(self) -> str:
        return str(self.value)
