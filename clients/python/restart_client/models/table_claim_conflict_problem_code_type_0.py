from enum import StrEnum


class TableClaimConflictProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    INVITATION_USED = "invitation_used"

    def __str__(self) -> str:
        return str(self.value)
