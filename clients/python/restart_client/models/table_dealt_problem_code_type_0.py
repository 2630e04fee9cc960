from enum import StrEnum


class TableDealtProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    TABLE_DEALT = "table_dealt"

    def __str__(self) -> str:
        return str(self.value)
