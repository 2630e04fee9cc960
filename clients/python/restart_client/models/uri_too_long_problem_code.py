from enum import StrEnum


class UriTooLongProblemCode(StrEnum):
    URI_TOO_LONG = "uri_too_long"

    def __str__(self) -> str:
        return str(self.value)
