from enum import StrEnum


class InternalErrorProblemCodeType0(StrEnum):
    INTERNAL_ERROR = "internal_error"

    def __str__(self) -> str:
        return str(self.value)
