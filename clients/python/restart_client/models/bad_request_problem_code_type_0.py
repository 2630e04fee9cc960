from enum import StrEnum


class BadRequestProblemCodeType0(StrEnum):
    BAD_REQUEST = "bad_request"

    def __str__(self) -> str:
        return str(self.value)
