from enum import StrEnum


class TimeoutPass(StrEnum):
    PASS = "pass"

    def __str__(self) -> str:
        return str(self.value)
