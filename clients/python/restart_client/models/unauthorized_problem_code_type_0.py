from enum import StrEnum


class UnauthorizedProblemCodeType0(StrEnum):
    UNAUTHORIZED = "unauthorized"

    def __str__(self) -> str:
        return str(self.value)
