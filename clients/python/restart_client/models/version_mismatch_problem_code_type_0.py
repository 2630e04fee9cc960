from enum import StrEnum


class VersionMismatchProblemCodeType0(StrEnum):
    VERSION_MISMATCH = "version_mismatch"

    def __str__(self) -> str:
        return str(self.value)
