"""The store contract for the background worker: games' outboxes, and the doorbells that wake it.

A change of a game (a creation, a move, a deletion) writes what it leaves the worker (a bot's
turn, a change to tell webhooks) into the game's outbox in the same atomic step as itself, and
rings a doorbell: an item of the work queue naming the game. A worker takes an item, holds the
game (one worker at a time per game, so its entries are handled in order), handles and clears
its outbox entries, lets the game go and finishes the item. An item whose worker died is taken
again after a while; a doorbell that was never rung (a crash between a cluster's two steps) is
found by a sweep over every game's outbox. The games whose turn is timed are indexed by their
deadline, written with the change that starts the turn; the worker takes those due. A request
that wants an answer the worker must compute (an expert's hint) asks a job in the same queue,
and awaits its answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class WorkItem:
    id: str
    game_id: str
    """The game whose outbox to drain (a doorbell); '' for a job."""
    job: str | None = None
    """A question asked of the worker (``ask``): its answer goes to its reply (``answer``)."""


class WorkStore(Protocol):
    def ring(self, game_id: str) -> None:
        """A doorbell for ``game_id`` (for a write that could not ring it itself)."""

    def ask(self, job: str) -> None:
        """A question for the next free worker (an expert's hint), in the same queue as the doorbells."""

    def answer(self, reply: str, text: str) -> None:
        """The answer to the question that named ``reply``, kept a minute for its asker."""

    def await_answer(self, reply: str, wait: float) -> str | None:
        """The answer named ``reply`` as soon as it is there; None after ``wait`` seconds."""

    def take_work(self, worker: str, count: int, wait: float) -> list[WorkItem]:
        """Up to ``count`` new items for ``worker``, waiting at most ``wait`` seconds for one."""

    def take_abandoned_work(self, worker: str, idle: float, count: int) -> list[WorkItem]:
        """Items another worker took over ``idle`` seconds ago and never finished, now ``worker``'s."""

    def finish_work(self, items: Sequence[WorkItem]) -> None:
        """Done with these items: they leave the queue."""

    def take_outboxes(
        self, game_ids: Sequence[str], worker: str, seconds: float, count: int
    ) -> dict[str, list[tuple[str, str]]]:
        """``worker`` alone handles each game's outbox for ``seconds`` from now (its own hold renewed),
        and its first ``count`` entries, oldest first, as (entry id, text); a game another worker holds
        is left out. One round trip on one Redis."""

    def release_outboxes(self, worker: str, handled: Mapping[str, Sequence[str]]) -> list[str]:
        """For each game: the ``handled`` entries gone (and the outbox with the last of them), and the
        game let go if ``worker`` held it, in one step; the games with entries left. One round trip on
        one Redis."""

    def outbox(self, game_id: str, count: int) -> list[tuple[str, str]]:
        """The game's first ``count`` outbox entries, oldest first, as (entry id, text)."""

    def take_sweep(self, worker: str, seconds: float) -> bool:
        """The sweep is ``worker``'s to do now, and nobody else's for ``seconds`` (False: it was done
        within that time)."""

    def games_with_outbox(self) -> list[str]:
        """Every game whose outbox holds entries (the sweep: slow, for what a doorbell missed)."""

    def take_due(self, now: int, lease: int, count: int) -> list[tuple[str, int]]:
        """Up to ``count`` games whose turn's deadline is at or before ``now`` (epoch ms), oldest first,
        each claimed for ``lease`` ms (pushed to ``now + lease``: a worker that dies leaves it due
        again); as (game id, the claim's score). Games not due are not read."""

    def settle_deadline(self, game_id: str, claimed: int, deadline: int | None) -> None:
        """A claimed game that firing did not move on: its entry set to its real ``deadline`` (gone
        when None), unless a save has changed it since the claim (``claimed``)."""
