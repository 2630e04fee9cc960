from enum import StrEnum


class Colour(StrEnum):
    BLUE = "blue"
    GRAY = "gray"
    GREEN = "green"
    ORANGE = "orange"
    RED = "red"

    def __str__(self) -> str:
        return str(self.value)
