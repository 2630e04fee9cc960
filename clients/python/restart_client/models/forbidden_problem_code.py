from enum import StrEnum


class ForbiddenProblemCode(StrEnum):
    FORBIDDEN = "forbidden"

    def __str__(self) -> str:
        return str(self.value)
