from enum import StrEnum


class OfferPolicyKind(StrEnum):
    ABORT = "abort"
    AGREEMENT = "agreement"
    PAUSE = "pause"
    TAKEBACK = "takeback"

    def __str__(self) -> str:
        return str(self.value)
