"""The stream bench measures what it says: every viewer held, every frame of every move timed.

A small run of ``bench.streams`` (ten games' viewers, a few seconds of moves) against the
service on its embedded store: ``make bench`` runs the same code with 2,000 viewers.
"""

from __future__ import annotations

from pathlib import Path

from bench.streams import VIEWERS_PER_GAME, Viewers, delays, play_followed_games
from harness.service_process import ServiceProcess


def test_every_viewer_stays_open_and_gets_every_event(tmp_path: Path) -> None:
    with ServiceProcess(None, workers=1) as service:
        viewers = Viewers(service, tmp_path, 10 * VIEWERS_PER_GAME, first_seed=1)
        try:
            answered = play_followed_games(service, viewers, seconds=2.0)
        finally:
            still_open, arrivals = viewers.close()
    assert viewers.opened == still_open == 50
    assert len(answered) >= 10  # a move per game at least, each with one event or more
    for event in answered:
        assert len(arrivals[event]) == VIEWERS_PER_GAME, event
    waits = delays(answered, arrivals)
    assert len(waits) == VIEWERS_PER_GAME * len(answered) and min(waits) >= 0.0
