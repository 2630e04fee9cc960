from enum import StrEnum


class MoveHeaderProblemCodeType0(StrEnum):
    BAD_REQUEST = "bad_request"
    INVALID_IDEMPOTENCY_KEY = "invalid_idempotency_key"
    INVALID_IF_MATCH = "invalid_if_match"
    MALFORMED_JSON = "malformed_json"

    def __str__(self) -> str:
        return str(self.value)
