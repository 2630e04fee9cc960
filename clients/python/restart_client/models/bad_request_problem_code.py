from enum import StrEnum


class BadRequestProblemCode(StrEnum):
    BAD_REQUEST = "bad_request"

    def __str__(self) -> str:
        return str(self.value)
