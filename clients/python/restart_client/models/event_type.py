from enum import StrEnum


class EventType(StrEnum):
    GAME_OVER = "game_over"
    PASSED = "passed"
    ROUND_DEALT = "round_dealt"
    ROUND_SCORED = "round_scored"
    TILES_PLACED = "tiles_placed"
    TILES_REMOVED = "tiles_removed"

    def __str__(self) -> str:
        return str(self.value)
