from enum import StrEnum


class ForbiddenProblemCodeType0(StrEnum):
    FORBIDDEN = "forbidden"

    def __str__(self) -> str:
        return str(self.value)
