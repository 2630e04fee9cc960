from enum import StrEnum


class OfferConflictProblemCodeType0(StrEnum):
    ABORT_TOO_LATE = "abort_too_late"
    CONCURRENT_UPDATE = "concurrent_update"
    GAME_FINISHED = "game_finished"
    OFFER_COOLDOWN = "offer_cooldown"
    OFFER_NOT_ALLOWED = "offer_not_allowed"
    OFFER_OPEN = "offer_open"
    TAKEBACK_REFUSED = "takeback_refused"

    def __str__(self) -> str:
        return str(self.value)
