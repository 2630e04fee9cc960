from enum import StrEnum


class WebhooksLimitedProblemCodeType0(StrEnum):
    WEBHOOKS_LIMITED = "webhooks_limited"

    def __str__(self) -> str:
        return str(self.value)
