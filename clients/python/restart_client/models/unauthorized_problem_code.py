from enum import StrEnum


class UnauthorizedProblemCode(StrEnum):
    UNAUTHORIZED = "unauthorized"

    def __str__(self) -> str:
        return str(self.value)
