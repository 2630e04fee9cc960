from enum import StrEnum


class MoveConflictProblemCodeType0(StrEnum):
    CONCURRENT_UPDATE = "concurrent_update"
    GAME_PAUSED = "game_paused"
    IDEMPOTENCY_KEY_IN_FLIGHT = "idempotency_key_in_flight"
    SEAT_LEFT = "seat_left"
    SEAT_VACATED = "seat_vacated"
    TIME_IS_UP = "time_is_up"

    def __str__(self) -> str:
        return str(self.value)
