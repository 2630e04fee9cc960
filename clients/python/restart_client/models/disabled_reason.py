from enum import StrEnum


class DisabledReason(StrEnum):
    BACKLOG = "backlog"
    FAILING = "failing"
    GONE = "gone"

    def __str__(self) -> str:
        return str(self.value)
