from enum import StrEnum


class EventType(StrEnum):
    GAME_OVER = "game_over"
    GAME_PAUSED = "game_paused"
    GAME_RATED = "game_rated"
    GAME_RESUMED = "game_resumed"
    INVITATION_REVOKED = "invitation_revoked"
    OFFER_ACCEPTED = "offer_accepted"
    OFFER_DECLINED = "offer_declined"
    OFFER_LAPSED = "offer_lapsed"
    OFFER_MADE = "offer_made"
    PASSED = "passed"
    REMATCHED = "rematched"
    ROUND_DEALT = "round_dealt"
    ROUND_SCORED = "round_scored"
    SEAT_ABSENT = "seat_absent"
    SEAT_BACK = "seat_back"
    SEAT_INVITED = "seat_invited"
    SEAT_LEFT = "seat_left"
    SEAT_TAKEN = "seat_taken"
    SEAT_VACATED = "seat_vacated"
    TAKEN_BACK = "taken_back"
    TILES_PLACED = "tiles_placed"
    TILES_REMOVED = "tiles_removed"
    TURN_TIMED_OUT = "turn_timed_out"

    def __str__(self) -> str:
        return str(self.value)
