"""Why a use case refuses: domain errors that the api room's one handler translates.

Each carries the sentence a client reads, as a translatable ``Message``; the handler adds
the status and the code, and renders the sentence in the client's language.
"""

from __future__ import annotations

from service.rules.messages import Message
from service.store.client_apps import WindowUse


class Refused(Exception):
    """Base of every refusal of a use case (not of the rules: those are ``IllegalMove``)."""

    windows: tuple[WindowUse, ...] = ()
    """The limits' windows the refused request counted in (or found full): told in its answer."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message

    @property
    def detail(self) -> str:
        """The sentence in English."""
        return str(self.message)


class Unauthorized(Refused):
    """No credential, or one that opens nothing here: an unknown, revoked or rotated-out key, an
    unknown token, one of another game, or a game that does not exist. All alike, whatever it was."""

    def __init__(self, needs_key: bool = False) -> None:
        if needs_key:
            super().__init__(Message("a valid client key (X-API-Key) is required"))
        else:
            super().__init__(
                Message("a valid bearer token for this game, or its owner's client key, is required")
            )
        self.needs_key = needs_key


class NotFound(Refused):
    """A client key asking for a game that is not one of its client's (or no longer exists)."""

    def __init__(self) -> None:
        super().__init__(Message("no game of this client has that id"))


class TableNotFound(NotFound):
    """A client key asking for a table that is not one of its client's (or no longer kept)."""

    def __init__(self) -> None:
        Refused.__init__(self, Message("no table of this client has that id"))


class Forbidden(Refused):
    """A valid token asking for what its holder may not do or see."""


class InvalidField(Refused):
    """A request field that is well-formed but wrong for this game (answered as a field error)."""

    def __init__(self, field: str, message: Message) -> None:
        super().__init__(message)
        self.field = field


class SeatOutOfRange(InvalidField):
    """A seat number the game does not have."""

    def __init__(self, seats: int) -> None:
        super().__init__("player", Message("this game has seats 0 to {last}", last=seats - 1))


class VersionMismatch(Refused):
    """``If-Match`` named a version the game is no longer at."""

    def __init__(self, expected: int) -> None:
        super().__init__(
            Message(
                "the game is no longer at version {expected}: fetch it again and decide anew",
                expected=expected,
            )
        )
        self.expected = expected


class ConcurrentUpdate(Refused):
    """A move lost every race it was allowed against other moves of the same game."""

    def __init__(self, attempts: int) -> None:
        super().__init__(
            Message("the game changed under this move {attempts} times in a row: retry", attempts=attempts)
        )
        self.attempts = attempts


class RateLimited(Refused):
    """A window of the client (or of the source address) is full."""

    def __init__(self, windows: tuple[WindowUse, ...], retry_after: int) -> None:
        super().__init__(
            Message(
                "too many requests: retry in {seconds} s (see RateLimit and RateLimit-Policy)",
                seconds=retry_after,
            )
        )
        self.windows = windows
        self.retry_after = retry_after


class QuotaExceeded(Refused):
    """The client has as many unfinished games as it may have at once."""

    def __init__(self, max_open_games: int, windows: tuple[WindowUse, ...]) -> None:
        super().__init__(
            Message(
                "this client has {count} unfinished games, its most at once: finish or delete one first",
                count=max_open_games,
            )
        )
        self.windows = windows


class ConcurrencyLimited(Refused):
    """The client has as many requests in flight in this process as it may have at once."""

    def __init__(self, cap: int) -> None:
        super().__init__(
            Message(
                "this client has {count} requests in flight here, its most at once: retry shortly", count=cap
            )
        )


class StreamsLimited(Refused):
    """The client's games have as many streams open in this process as they may have at once."""

    def __init__(self, cap: int) -> None:
        super().__init__(
            Message(
                "this client's games have {count} streams open here, its most at once: close one first",
                count=cap,
            )  # fmt: skip
        )


class BotSeat(Refused):
    """A move sent for a seat the service plays: no one else acts for it."""

    def __init__(self, seat: int, level: str) -> None:
        super().__init__(
            Message(
                "seat {seat} is played by the service ({level} bot): it takes no moves sent for it",
                seat=seat,
                level=level,
            )  # fmt: skip
        )


class UnknownBotLevel(Refused):
    """A bot level the service does not play."""

    def __init__(self, level: str, levels: str) -> None:
        super().__init__(
            Message("{level} is not a bot level: the levels are {levels}", level=level, levels=levels)
        )
        self.level = level


class HintUnavailable(Refused):
    """No worker answered a hint that only a worker computes, in time."""

    def __init__(self) -> None:
        super().__init__(Message("no worker answered in time: retry shortly"))


class SeatNotFound(NotFound):
    """A path that names a seat the game has not (``/seats/{seat}/back``): not found, as a game is."""

    def __init__(self, seats: int) -> None:
        Refused.__init__(self, Message("this game has seats 0 to {last}", last=seats - 1))


class WebhookNotFound(NotFound):
    """A webhook (or a delivery of one) that is not the client's, or no longer exists: alike."""

    def __init__(self, what: str = "webhook") -> None:
        Refused.__init__(
            self,
            Message("no webhook of this client has that id")
            if what == "webhook"
            else Message("this webhook keeps no delivery with that id"),
        )


class WebhookUrlRefused(Refused):
    """A URL deliveries may not be sent to (not https, or not a public address)."""

    REASON_SHOWN = 300
    """Characters of the reason told (it may quote a host of hundreds)."""

    def __init__(self, reason: str) -> None:
        if len(reason) > self.REASON_SHOWN:
            reason = reason[: self.REASON_SHOWN - 1] + "…"
        super().__init__(Message("deliveries cannot be sent to this URL: {reason}", reason=reason))
        self.reason = reason


class WebhooksLimited(Refused):
    """The client has as many webhooks as it may have."""

    def __init__(self, most: int) -> None:
        super().__init__(Message("this client has {count} webhooks, its most: delete one first", count=most))


class InvalidClock(Refused):
    """A creation's ``clock`` the service cannot keep (a field out of range or unknown, a mode
    missing), or a record's clock not as a record shows one; ``field``: the field at fault, if one is."""

    def __init__(self, message: Message, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class UnknownVersion(Refused):
    """``?at=`` names a version the game never had (versions run from 1 to the current one)."""

    def __init__(self, version: int, current: int) -> None:
        super().__init__(Message("this game had versions 1 to {current}, not {version}", current=current,
                                 version=version))  # fmt: skip


class TimeIsUp(Refused):
    """A move whose turn's deadline had passed when it arrived (the seat's timeout is played)."""

    def __init__(self, seat: int) -> None:
        super().__init__(Message("seat {seat}'s time for this turn is up: its timeout was played", seat=seat))
        self.seat = seat


class SeatLeft(Refused):
    """The seat's holder left it for good: no one acts for it again, and it cannot be handed on."""

    def __init__(self, seat: int) -> None:
        super().__init__(
            Message("seat {seat}'s holder left the game: the service plays it to the end", seat=seat)
        )
        self.seat = seat


class GameFinished(Refused):
    """A change of a game's seats once the game is over."""

    def __init__(self) -> None:
        super().__init__(Message("the game is over: its seats no longer change hands"))


class SeatVacated(Refused):
    """A move for a seat its owner vacated: the service plays it until someone is handed it."""

    def __init__(self, seat: int) -> None:
        super().__init__(
            Message(
                "seat {seat} has no holder: the service plays it until it is handed to someone", seat=seat
            )
        )


class InvitationUsed(Refused):
    """A claim of an invitation someone claimed first: the seat is theirs."""

    def __init__(self, seat: int) -> None:
        super().__init__(Message("this invitation to seat {seat} was claimed already", seat=seat))


class InvitationExpired(Refused):
    """A claim of an invitation past its expiry: the owner may make another."""

    def __init__(self, seat: int) -> None:
        super().__init__(Message("this invitation to seat {seat} has expired", seat=seat))


class InvitationRevoked(Refused):
    """A claim of an invitation the owner revoked or replaced, or that the seat's being handed on or
    left voided."""

    def __init__(self, seat: int) -> None:
        super().__init__(Message("this invitation to seat {seat} was revoked", seat=seat))


class GamePlaying(Refused):
    """A rematch asked for before the game is over."""

    def __init__(self) -> None:
        super().__init__(Message("the game is still being played: a rematch follows its end"))


class TableDealt(Refused):
    """A table's deletion once every seat is held: its game is dealt, and deleted as a game is."""

    def __init__(self) -> None:
        super().__init__(Message("every seat of this table is taken and its game dealt: delete the game"))


class OfferAfterEnd(GameFinished):
    """An offer in a game that is over."""

    def __init__(self) -> None:
        Refused.__init__(self, Message("the game is over: no offer changes it now"))


class OfferNeedsSeat(Forbidden):
    """An offer or an answer from someone who holds no seat of the game (a spectator, a holder who
    left), or a seat's token naming another seat, or the admin naming a seat nobody plays in person."""

    def __init__(self, message: Message | None = None) -> None:
        super().__init__(
            message or Message("only a seat's holder makes or answers an offer, for their own seat")
        )


class OfferOpen(Refused):
    """An offer while another is open: one at a time."""

    def __init__(self, offer_id: int) -> None:
        super().__init__(
            Message("offer {offer_id} is open: it is answered, or lapses, first", offer_id=offer_id)
        )
        self.offer_id = offer_id


class OfferNotAllowed(Refused):
    """A kind of offer the game's policy does not allow, or that has no sense now (a pause without a
    running clock, a resume of a game not paused)."""


class OfferCooldown(Refused):
    """A proposer offering again a kind a holder declined, within the game's cool-down."""

    def __init__(self, seat: int, kind: str, moves: int) -> None:
        super().__init__(
            Message(
                "seat {seat}'s offer of {kind} was declined: it may offer it again after {moves} more moves",
                seat=seat,
                kind=kind,
                moves=moves,
            )
        )


class TakebackRefused(Refused):
    """A takeback of no move of the proposer's own that is the game's last change, or of one that
    ended a round (whose deal no takeback crosses)."""


class AbortTooLate(Refused):
    """An abort once every seat has moved."""

    def __init__(self) -> None:
        super().__init__(
            Message("every seat has moved: the game can no longer be aborted, only ended by agreement")
        )


class OwnOffer(Refused):
    """An answer from the seat that made the offer."""

    def __init__(self, seat: int) -> None:
        super().__init__(Message("seat {seat} made this offer: the other seats answer it", seat=seat))


class OfferLapsed(Refused):
    """An answer to an offer that is not open: lapsed, expired, declined, replaced or taken effect."""

    def __init__(self, offer_id: int) -> None:
        super().__init__(Message("offer {offer_id} is no longer open", offer_id=offer_id))
        self.offer_id = offer_id


class GamePaused(Refused):
    """A move while the game's clocks are paused."""

    def __init__(self, until: str) -> None:
        super().__init__(Message("the game is paused until {until}: no move until it resumes", until=until))


class RatingNeedsPlayers(Refused):
    """A rated game asked for with a seat that no person with the app's player reference holds."""

    def __init__(self, seat: int, bot: bool) -> None:
        if bot:
            message = Message("seat {seat} is a bot's: every seat of a rated game is a person's", seat=seat)
        else:
            message = Message(
                "seat {seat} has no player reference: a rated game needs one for every seat", seat=seat
            )
        super().__init__(message)
        self.seat = seat


class UnknownPlayer(NotFound):
    """A player reference the rating pool never rated."""

    def __init__(self, player: str) -> None:
        Refused.__init__(self, Message("the rating pool has no player {player!r}", player=player))
        self.player = player


class PageOutOfRange(Refused):
    """A leaderboard page past the pool's last (the first page is always there, empty or not)."""

    def __init__(self, page: int, pages: int) -> None:
        super().__init__(Message("the leaderboard has {pages} pages, not {page}", pages=pages, page=page))
        self.page = page
