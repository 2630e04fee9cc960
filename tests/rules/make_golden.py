"""Write ``tests/rules/golden_positions.json``: seeded positions and their legal-move counts.

    python -m tests.rules.make_golden

Like python-chess's perft files: each position is reached by a fixed number of random
plies from a seeded deal, chosen by a seeded generator that favours moves with a purple
tile, a STOP or a RESTART, so the counts exercise every rule. ``test_golden.py`` checks
the counts; regenerate only when the rules change on purpose, and review the diff.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

from harness.players import SAMPLE_NAMES
from service.rules import Action, GameState, Move, apply, legal_moves, new_game, to_snapshot

GOLDEN_FILE = Path(__file__).with_name("golden_positions.json")
PLAYER_COUNTS = (2, 3, 4)
SEEDS = range(1, 26)
CHOOSER_SEED = 20240601


def plies_for(seed: int) -> int:
    """4 to 20 plies: from early positions to crowded, partly closed rows."""
    return 4 * (1 + seed % 5)


def weight(move: Move) -> float:
    """STOPs and RESTARTs are placed eagerly; purple tiles are kept long, so many seats still hold one."""
    if move.action in (Action.SCISSORS, Action.TRASH):
        return 0.1
    return 3 if any(code.endswith(("-stop", "-restart")) for code in move.tiles) else 1


def golden_state(players: int, seed: int) -> tuple[GameState, int]:
    """The position after up to ``plies_for(seed)`` random plies, passing only when forced.

    A ply that would end the game is not played: a finished game has no moves to count.
    """
    chooser = random.Random(f"golden:{CHOOSER_SEED}:{players}:{seed}")
    state = new_game(SAMPLE_NAMES[:players], seed).state
    for ply in range(plies_for(seed)):
        listed = legal_moves(state, state.current_player)
        moves = listed[:-1] or listed  # pass (listed last) only when it is the one move
        after = apply(state, chooser.choices(moves, [weight(m) for m in moves])[0]).state
        if after.outcome is not None:
            return state, ply
        state = after
    return state, plies_for(seed)


def count_moves(state: GameState) -> dict[str, Any]:
    moves = legal_moves(state, state.current_player)
    by_action = Counter(m.action.value for m in moves)
    return {"legal_moves": len(moves), "by_action": {a.value: by_action[a.value] for a in Action}}


def entries() -> list[dict[str, Any]]:
    found = []
    for players in PLAYER_COUNTS:
        for seed in SEEDS:
            state, plies = golden_state(players, seed)
            found.append(
                {
                    "players": players,
                    "seed": seed,
                    "plies": plies,
                    "seat": state.current_player,
                    **count_moves(state),
                    "snapshot": to_snapshot(state),
                }
            )
    return found


def render(positions: list[dict[str, Any]]) -> str:
    """One position per line: small, and a regenerated file diffs line by line."""
    lines = ",\n".join("  " + json.dumps(entry, separators=(",", ":")) for entry in positions)
    header = json.dumps({"generator": "python -m tests.rules.make_golden", "chooser_seed": CHOOSER_SEED})
    return f'{{\n "about": {header},\n "positions": [\n{lines}\n ]\n}}\n'


def main() -> None:
    GOLDEN_FILE.write_text(render(entries()), encoding="utf-8")
    print(f"wrote {GOLDEN_FILE} ({GOLDEN_FILE.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
