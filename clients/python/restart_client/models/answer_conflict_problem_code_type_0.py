from enum import StrEnum


class AnswerConflictProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    OFFER_LAPSED = "offer_lapsed"
    OWN_OFFER = "own_offer"
    TAKEBACK_REFUSED = "takeback_refused"

    def __str__(self) -> str:
        return str(self.value)
