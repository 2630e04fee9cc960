from enum import StrEnum


class WebhookEventType(StrEnum):
    GAME_CREATED = "game.created"
    GAME_DELETED = "game.deleted"
    GAME_FINISHED = "game.finished"
    GAME_MOVED = "game.moved"
    GAME_RATED = "game.rated"
    TURN_STARTED = "turn.started"

    def __str__(self) -> str:
        return str(self.value)
