from enum import StrEnum


class GameRecordFormat(StrEnum):
    RESTART_RECORD1 = "restart-record/1"

    def __str__(self) -> str:
        return str(self.value)
