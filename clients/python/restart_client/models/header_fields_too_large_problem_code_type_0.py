from enum import StrEnum


class HeaderFieldsTooLargeProblemCodeType0(StrEnum):
    HEADER_FIELDS_TOO_LARGE = "header_fields_too_large"

    def __str__(self) -> str:
        return str(self.value)
