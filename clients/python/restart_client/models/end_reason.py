from enum import StrEnum


class EndReason(StrEnum):
    ABORTED = "aborted"
    AGREEMENT = "agreement"
    HAND_EMPTIED = "hand_emptied"
    TARGET_REACHED = "target_reached"

    def __str__(self) -> str:
        return str(self.value)
