from enum import StrEnum


class OfferState(StrEnum):
    DECLINED = "declined"
    LAPSED = "lapsed"
    OPEN = "open"
    TOOK_EFFECT = "took_effect"

    def __str__(self) -> str:
        return str(self.value)
