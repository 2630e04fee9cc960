"""What a game keeps of its consent offers (docs/OFFERS.md), beside the engine's snapshot: the
policy its creation set, the offer open now, the cool-downs of declined proposers, and a pause.

Pure values and the clock arithmetic of a pause; the transitions that change them are in
``play.offer_changes``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache
from typing import Any

from service.encoding import dumps
from service.rules.clock import Clock


class OfferKind(StrEnum):
    TAKEBACK = "takeback"
    ABORT = "abort"
    AGREEMENT = "agreement"
    PAUSE = "pause"
    RESUME = "resume"


ALLOWED_BY_DEFAULT = (OfferKind.TAKEBACK, OfferKind.ABORT, OfferKind.AGREEMENT, OfferKind.PAUSE)
"""The kinds a creation may allow (``resume`` comes with ``pause``); every one unless it says."""
COOLDOWN_MOVES = 3
MAX_COOLDOWN_MOVES = 50
MAX_PAUSE_SECONDS = 7 * 24 * 3600
PAUSE_SECONDS_RANGE = (60, 30 * 24 * 3600)
OFFER_SECONDS = 24 * 3600
"""How long an offer is open unless its maker says."""
OFFER_SECONDS_RANGE = (30, 7 * 24 * 3600)


@dataclass(frozen=True, slots=True)
class OfferPolicy:
    """What a game's creation allows of offers."""

    kinds: tuple[OfferKind, ...] = ALLOWED_BY_DEFAULT
    cooldown_moves: int = COOLDOWN_MOVES
    """Moves for which a proposer whose offer a holder declined may not offer that kind again."""
    max_pause_ms: int = MAX_PAUSE_SECONDS * 1000

    def allows(self, kind: OfferKind) -> bool:
        return (OfferKind.PAUSE if kind is OfferKind.RESUME else kind) in self.kinds

    def to_json(self) -> dict[str, Any]:
        return {
            "kinds": [kind.value for kind in self.kinds],
            "cooldown_moves": self.cooldown_moves,
            "max_pause_seconds": self.max_pause_ms // 1000,
        }

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> OfferPolicy:
        return cls(
            tuple(OfferKind(kind) for kind in document["kinds"]),
            document["cooldown_moves"],
            document["max_pause_seconds"] * 1000,
        )


DEFAULT_POLICY = OfferPolicy()


@cache
def policy_view(policy: OfferPolicy) -> dict[str, Any]:
    """``policy`` as every view shows it (made once a policy: a move's answer does not make it again)."""
    return policy.to_json()


@dataclass(frozen=True, slots=True)
class Offer:
    id: int
    """The game version whose save made it: an answer names the offer its sender saw."""
    kind: OfferKind
    seat: int
    """Who made it."""
    until_ms: int
    """When it expires (epoch ms)."""
    accepted: tuple[int, ...] = ()
    """The seats that accepted it so far, in order."""

    def open_at(self, now: int) -> bool:
        return now < self.until_ms


@dataclass(frozen=True, slots=True)
class Cooldown:
    """``seat`` may not offer ``kind`` again for ``moves`` more moves (a holder declined its offer)."""

    seat: int
    kind: OfferKind
    moves: int


@dataclass(frozen=True, slots=True)
class Consent:
    policy: OfferPolicy = DEFAULT_POLICY
    offer: Offer | None = None
    cooldowns: tuple[Cooldown, ...] = ()
    paused_until: int | None = None
    """The pause's end (epoch ms); its clock is pushed on by the pause (``paused``). A pause past its
    end is over: nothing is saved when it ends by itself."""

    def paused_at(self, now: int) -> bool:
        return self.paused_until is not None and now < self.paused_until

    def cooling(self, seat: int, kind: OfferKind) -> int:
        """The moves left before ``seat`` may offer ``kind`` again (0: it may)."""
        return max(
            (left.moves for left in self.cooldowns if (left.seat, left.kind) == (seat, kind)), default=0
        )

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {}
        if self.policy != DEFAULT_POLICY:
            document["policy"] = self.policy.to_json()
        offer = self.offer
        if offer is not None:
            document["offer"] = [offer.id, offer.kind.value, offer.seat, offer.until_ms, list(offer.accepted)]
        if self.cooldowns:
            document["cooldowns"] = [[left.seat, left.kind.value, left.moves] for left in self.cooldowns]
        if self.paused_until is not None:
            document["paused_until"] = self.paused_until
        return document

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> Consent:
        policy = document.get("policy")
        offer = document.get("offer")
        return cls(
            DEFAULT_POLICY if policy is None else OfferPolicy.from_json(policy),
            None
            if offer is None
            else Offer(offer[0], OfferKind(offer[1]), offer[2], offer[3], tuple(offer[4])),
            tuple(
                Cooldown(seat, OfferKind(kind), moves) for seat, kind, moves in document.get("cooldowns", ())
            ),
            document.get("paused_until"),
        )


NO_CONSENT = Consent()


def after_change(
    consent: Consent, clock: Clock | None, moved: bool, now: int
) -> tuple[Consent, Clock | None, tuple[str, ...]]:
    """What a change that is not an offer's (a move, a seat's return or change of hands) at ``now``
    leaves of ``consent`` and ``clock``, and the events it adds after its own: the open offer lapsed,
    a move counted off the cool-downs, a pause ended (its clock pushed back: the turn has what it had
    left, from now). A pause past its end is forgotten, with no event."""
    if consent.offer is None and not consent.cooldowns and consent.paused_until is None:
        return consent, clock, ()
    events: list[str] = []
    if consent.offer is not None:
        events.append(lapsed(consent.offer, now))
    cooldowns = consent.cooldowns
    if moved:
        cooldowns = tuple(replace(left, moves=left.moves - 1) for left in cooldowns if left.moves > 1)
    if consent.paused_until is not None and consent.paused_at(now):
        clock = shifted(clock, now - consent.paused_until)
        events.append(RESUMED)
    return Consent(consent.policy, None, cooldowns, None), clock, tuple(events)


RESUMED = dumps({"type": "game_resumed"})


def lapsed(offer: Offer, now: int) -> str:
    """The event of ``offer`` lapsed at ``now``: by a change of the game, or past its time."""
    reason = "changed" if offer.open_at(now) else "expired"
    return dumps({"type": "offer_lapsed", "offer_id": offer.id, "reason": reason})


def shifted(clock: Clock | None, by_ms: int) -> Clock | None:
    """``clock``'s running turn moved on by ``by_ms`` (a pause: its start and its deadline alike, so
    the turn keeps the time it had left and a bank what it had)."""
    if clock is None or clock.deadline_ms is None:
        return clock
    return replace(clock, started_ms=clock.started_ms + by_ms, deadline_ms=clock.deadline_ms + by_ms)


def clock_time(consent: Consent, now: int) -> int:
    """The instant a game's clock is read at, at ``now``: while paused, the pause's end (the clock
    pushed on by the pause shows, then, what the turn had left when it was paused)."""
    return consent.paused_until if consent.paused_until is not None and consent.paused_at(now) else now
