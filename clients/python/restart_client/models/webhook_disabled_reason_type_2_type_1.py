from enum import StrEnum


class WebhookDisabledReasonType2Type1(StrEnum):
    FAILING = "failing"
    GONE = "gone"

    def __str__(self) -> str:
        return str(self.value)
