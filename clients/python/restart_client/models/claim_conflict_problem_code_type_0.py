from enum import StrEnum


class ClaimConflictProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    GAME_FINISHED = "game_finished"
    INVITATION_USED = "invitation_used"
    SEAT_LEFT = "seat_left"

    def __str__(self) -> str:
        return str(self.value)
