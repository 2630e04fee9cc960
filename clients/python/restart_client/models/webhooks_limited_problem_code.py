from enum import StrEnum


class WebhooksLimitedProblemCode(StrEnum):
    WEBHOOKS_LIMITED = "webhooks_limited"

    def __str__(self) -> str:
        return str(self.value)
