from enum import StrEnum


class MalformedRequestProblemCodeType0(StrEnum):
    BAD_REQUEST = "bad_request"
    MALFORMED_JSON = "malformed_json"

    def __str__(self) -> str:
        return str(self.value)
