from enum import StrEnum


class WebhookInvalidProblemCodeType0(StrEnum):
    INVALID_REQUEST = "invalid_request"
    WEBHOOK_URL_REFUSED = "webhook_url_refused"

    def __str__(self) -> str:
        return str(self.value)
