"""The offers scenario's judgement of one game (docs/OFFERS.md), from its event log, its record, the
record's verification, its final view and snapshot, and what its clients were answered.

The log is cut into changes, one a version (``offers_log.cut``), and replayed with the engine
(``offers_replay.Replay``, which holds what each change must satisfy). Beside it, what must hold:

- the log's changes are exactly versions 2 to the final one, and the replay is the stored game;
- nothing lost: every move answered 200 is the log's move at the version it was told (a takeback
  never rewrites the log: it is a later version), and the log holds no person's move that no request
  made;
- every answer to an offer is what the log says became of it, and the record holds the log's moves
  and takebacks in order, verifies, and gives the game's result.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from reliability.results import Exchange
from reliability.scenarios.offers_log import cut
from reliability.scenarios.offers_replay import DECLINED, LAPSED, TOOK_EFFECT, OfferVerdict, Replay
from reliability.verify import normalised
from service.play.stored_game import numbered_events
from service.rules import Move, to_snapshot

UNANSWERED = (None, 502, 503)


@dataclass(frozen=True)
class Asked:
    """An offer's making (``make``, with its ``kind``) or an answer to one (``accept``, ``decline``,
    naming ``offer_id``) for ``seat``, and what came back (``exchange``)."""

    action: str
    seat: int
    exchange: Exchange
    kind: str | None = None
    offer_id: int | None = None

    @property
    def offer(self) -> dict[str, Any] | None:
        body = self.exchange.body
        offer = body.get("offer") if self.exchange.status == 200 and isinstance(body, dict) else None
        return offer if isinstance(offer, dict) else None


def record_entries(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"round": round_["round"], "seat": entry["seat"], "move": entry["move"],
         "timed_out": bool(entry.get("timed_out")), "takes_back": entry.get("takes_back")}
        for round_ in record["rounds"] for entry in round_["moves"]
    ]  # fmt: skip


def judge_game(
    names: tuple[str, ...],
    seed: int,
    target: int,
    log: list[dict[str, Any]],
    final: dict[str, Any],
    record: dict[str, Any],
    verified: dict[str, Any],
    moves: list[Exchange],
    asked: list[Asked],
) -> OfferVerdict:
    """What is wrong with one game, and its tallies. ``final`` holds the game's ``version``, its admin
    ``view`` (GET /v1/games/{id}) and ``snapshot``; ``verified`` is what POST /v1/records/verify said of
    its record; ``moves`` and ``asked`` are the moves and the offers' requests sent, with their answers."""
    verdict = OfferVerdict()
    version, view = final["version"], final["view"]
    replay = Replay(names, seed, target, verdict)
    created = normalised(numbered_events(replay.dealt.events, 0))
    if [event["seq"] for event in log] != list(range(1, len(log) + 1)) or log[: len(created)] != created:
        verdict.findings.append("the log's seqs are not 1..n, or it does not start with the deal")
        return verdict
    changes = cut(log[len(created) :])
    if changes is None or len(changes) != version - 1:
        verdict.findings.append(f"the log cuts into {len(changes or [])} changes for version {version}")
        return verdict
    if all(replay.change(change) for change in changes):
        if normalised(to_snapshot(replay.state)) != final["snapshot"]:
            verdict.findings.append("the replay of the log differs from the stored game")
        _judge_end(replay, view, record, verified, verdict)
    _judge_moves(replay, moves, version, verdict)
    _judge_offers(replay, asked, version, verdict)
    for offer in replay.offers.values():
        outcome = offer.outcomes[0][0] if offer.outcomes else "open"
        if outcome == LAPSED:
            outcome = f"lapsed ({offer.lapse_reason})"
        verdict.tally[f"offers {outcome}"] += 1
    return verdict


def _judge_end(
    replay: Replay,
    view: dict[str, Any],
    record: dict[str, Any],
    verified: dict[str, Any],
    verdict: OfferVerdict,
) -> None:
    """The final view agrees with the replay; the record holds the log's moves and verifies to the result."""
    findings = verdict.findings
    shown = (view.get("offer") or {}).get("id")
    if (replay.open is not None and shown not in (None, replay.open.id)) or (replay.open is None and shown):
        findings.append(f"the view shows offer {shown}; the log leaves {replay.open and replay.open.id} open")
    if bool(view.get("paused_until")) != replay.paused:
        findings.append(
            f"the view's paused_until is {view.get('paused_until')}, paused by the log: {replay.paused}"
        )
    got = record_entries(record)
    if got != normalised(replay.entries):
        first = next((n for n, (a, b) in enumerate(zip(got, replay.entries, strict=False)) if a != b), None)
        findings.append(f"the record's {len(got)} moves are not the log's {len(replay.entries)} (first "
                        f"difference at {first}: {got[first] if first is not None else None})")  # fmt: skip
    result = {"status": view["status"], "winners": view["winners"], "end_reason": view["end_reason"],
              "scores": [player["score"] for player in view["players"]]}  # fmt: skip
    if verified.get("valid") is not True:
        findings.append(f"the record does not verify: {verified}")
    elif {key: verified.get(key) for key in result} != result:
        findings.append(f"the record verifies to {verified}, the game's result is {result}")
    for key in ("status", "winners", "end_reason", "scores"):
        if record.get(key) != result[key]:
            findings.append(f"the record's {key} is {record.get(key)}, the view's {result[key]}")


def _judge_moves(replay: Replay, moves: list[Exchange], version: int, verdict: OfferVerdict) -> None:
    """Every move answered 200 is the log's person's move at its version; none was made twice."""
    accepted = [move for move in moves if move.accepted]
    told = Counter(move.version for move in accepted)
    for at, count in told.items():
        if count > 1:
            verdict.findings.append(f"{count} moves were each told they made version {at}")
    for move in accepted:
        at = move.version or 0
        logged = replay.person_moves.get(at)
        if logged is None or move.move is None or Move.from_json(move.move) != Move.from_json(logged):
            verdict.findings.append(f"the move acknowledged as version {at} ({move.move}) is not the log's "
                                    f"({logged}; the game is at {version}): lost")  # fmt: skip
    unanswered = sum(move.status in UNANSWERED or move.code == "idempotency_key_in_flight" for move in moves)
    if len(replay.person_moves) > len(accepted) + unanswered:
        verdict.findings.append(f"the log holds {len(replay.person_moves)} moves of persons; {len(accepted)} "
                                f"were accepted and {unanswered} unanswered: one was made twice")  # fmt: skip
    verdict.tally["moves accepted"] += len(accepted)


def _judge_offers(replay: Replay, asked: list[Asked], version: int, verdict: OfferVerdict) -> None:
    """Each answer to an offer's request is what the log says of it."""
    findings = verdict.findings
    made = Counter(a.exchange.version for a in asked if a.action == "make" and a.exchange.status == 200)
    for at, count in made.items():
        if count > 1:
            findings.append(f"{count} offers were each told they were made at version {at}")
    for one in asked:
        status, offer = one.exchange.status, one.offer
        if status == 200 and offer is None:
            findings.append(f"{one.action} by seat {one.seat} answered 200 without its offer")
            continue
        if status == 200 and offer is not None:
            _judge_answer(replay, one, offer, findings)
        elif one.exchange.code == "offer_lapsed" and one.offer_id is not None:
            logged = replay.offers.get(one.offer_id)
            if logged is not None and not logged.outcomes and replay.open is logged:
                findings.append(
                    f"{one.action} of offer {one.offer_id} answered offer_lapsed, open in the log"
                )


def _judge_answer(replay: Replay, one: Asked, offer: dict[str, Any], findings: list[str]) -> None:
    told, state = one.exchange.version or 0, offer.get("state")
    logged = replay.offers.get(offer.get("id", -1))
    where = f"{one.action} by seat {one.seat} answered 200 ({state}, offer {offer.get('id')}, version {told})"
    if logged is None:
        findings.append(f"{where}: no such offer in the log")
        return
    if one.action == "make" and (logged.id != told or logged.kind != one.kind or logged.seat != one.seat):
        findings.append(f"{where}: the log made offer {logged.id} of {logged.kind} by seat {logged.seat}")
    if one.action in ("accept", "decline") and logged.id != one.offer_id:
        findings.append(f"{where}: an answer to offer {one.offer_id}")
    outcome = logged.outcomes[0] if logged.outcomes else None
    if one.action == "accept" and logged.accepted.get(one.seat, told + 1) > told:
        findings.append(f"{where}: the log has no acceptance of seat {one.seat} by then")
    declined = outcome is not None and outcome[0] == DECLINED and logged.declined_by == one.seat
    if one.action == "decline" and (not declined or outcome is None or outcome[1] > told):
        findings.append(f"{where}: the log says {logged.outcomes}")
    if state == TOOK_EFFECT and (outcome is None or outcome[0] != TOOK_EFFECT or outcome[1] > told):
        findings.append(f"{where}: the log says {logged.outcomes}")
    if state == "open" and outcome is not None and outcome[1] <= told:
        findings.append(f"{where}: the log says {logged.outcomes}")
