from enum import StrEnum


class RoundScoredReason(StrEnum):
    ALL_PASSED = "all_passed"
    HAND_EMPTIED = "hand_emptied"
    NOBODY_CAN_PLAY = "nobody_can_play"

    def __str__(self) -> str:
        return str(self.value)
