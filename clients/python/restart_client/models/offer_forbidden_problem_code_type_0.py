from enum import StrEnum


class OfferForbiddenProblemCodeType0(StrEnum):
    OFFER_NEEDS_SEAT = "offer_needs_seat"

    def __str__(self) -> str:
        return str(self.value)
