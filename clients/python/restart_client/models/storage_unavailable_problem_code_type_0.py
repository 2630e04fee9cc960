from enum import StrEnum


class StorageUnavailableProblemCodeType0(StrEnum):
    STORAGE_UNAVAILABLE = "storage_unavailable"

    def __str__(self) -> str:
        return str(self.value)
