from enum import StrEnum


class InvitationGoneProblemCodeType0(StrEnum):
    INVITATION_EXPIRED = "invitation_expired"
    INVITATION_REVOKED = "invitation_revoked"

    def __str__(self) -> str:
        return str(self.value)
