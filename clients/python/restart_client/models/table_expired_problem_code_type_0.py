from enum import StrEnum


class TableExpiredProblemCodeType0(StrEnum):
    INVITATION_EXPIRED = "invitation_expired"

    def __str__(self) -> str:
        return str(self.value)
