from enum import StrEnum


class WebhookEventType(StrEnum):
    GAME_CREATED = "game.created"
    GAME_DELETED = "game.deleted"
    GAME_FINISHED = "game.finished"
    GAME_MOVED = "game.moved"

    def __str__(self) -> str:
        return str(self.value)
