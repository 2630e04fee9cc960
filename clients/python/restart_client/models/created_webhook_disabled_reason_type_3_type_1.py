from enum import StrEnum


class CreatedWebhookDisabledReasonType3Type1(StrEnum):
    FAILING = "failing"
    GONE = "gone"

    def __str__(self) -> str:
        return str(self.value)
