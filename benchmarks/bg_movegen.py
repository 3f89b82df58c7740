"""Backgammon legal-play generation speed, side by side with open_spiel and gnubg when installed.

Run: .venv/bin/python -m benchmarks.bg_movegen [pairs]

The sample is the first `pairs` turns (default 400) of seeded open_spiel self-play games, so all
three engines see the same (position, dice) pairs. Ours is timed without the legal-play cache.
open_spiel is timed on its Python-driven whole-turn enumeration (both actions of a doubles turn,
de-duplicated by resulting state); gnubg on `findbestmoves` at 0 ply, which also scores moves.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from engine.backgammon import STANDARD, Position, Side
from engine.backgammon.position import _legal_plays

# The cache would turn repeated timing into dictionary look-ups; time the generator itself.
generate = _legal_plays.__wrapped__

# A contrived 1-1 with 1,760 distinct plays (found by random search) and a 2-2 in the same
# spread, beyond the ~900 plays the heaviest game positions reach.
WORST = Position(
    (
        (0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 2, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 1, 0),
        (15,) + (0,) * 23,
    )
)


def spiel_sample(pairs: int, seed: int) -> list[tuple[object, Position, tuple[int, int]]]:
    """(open_spiel state, our position, dice) for the turns of seeded random games."""
    import pyspiel

    rng = random.Random(seed)
    game = pyspiel.load_game("backgammon", {"max_player_turns": 1_000_000})
    sample: list[tuple[object, Position, tuple[int, int]]] = []
    while len(sample) < pairs:
        state = game.new_initial_state()
        while not state.is_terminal() and len(sample) < pairs:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            text = str(state)
            dice_line = next(line for line in text.splitlines() if line.startswith("Dice: "))
            bar_line = next(line for line in text.splitlines() if line.startswith("Bar:"))
            dice = (int(dice_line[6]), int(dice_line[7]))
            white = tuple(state.board(0, 24 - p) for p in range(1, 25))
            black = tuple(state.board(1, p - 1) for p in range(1, 25))
            bar = (bar_line.count("x"), bar_line.count("o"))
            off = (15 - sum(white) - bar[0], 15 - sum(black) - bar[1])
            side = Side(state.current_player())
            sample.append((state.clone(), Position((white, black), bar, off, side), dice))
            player = state.current_player()
            while not state.is_terminal() and state.current_player() == player:
                state.apply_action(rng.choice(state.legal_actions()))
    return sample


def gnubg_board(p: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: the side not on roll, then the side on roll (points 1-24, bar)."""
    return (
        (*p.points[p.turn.opponent], p.bar[p.turn.opponent]),
        (*p.points[p.turn], p.bar[p.turn]),
    )


def spiel_whole_turns(state: object) -> int:
    """open_spiel's distinct end-of-turn states, enumerated from Python."""
    start = state  # a pyspiel.State
    player = start.current_player()  # type: ignore[attr-defined]
    frontier = {str(start): start}
    ends: set[str] = set()
    while frontier:
        following: dict[str, object] = {}
        for current in frontier.values():
            for action in current.legal_actions():  # type: ignore[attr-defined]
                child = current.child(action)  # type: ignore[attr-defined]
                key = str(child)
                if child.is_terminal() or child.current_player() != player:
                    ends.add(key)
                else:
                    following.setdefault(key, child)
        frontier = following
    return len(ends)


def count_our_plays(position: Position, dice: tuple[int, int]) -> int:
    """How many distinct plays our engine finds (uncached)."""
    return len(generate(position, dice, STANDARD))


def timed(run: Callable[[], int]) -> tuple[float, int]:
    """Seconds for one call (best of three) and the number of plays it reported."""
    best = float("inf")
    count = 0
    for _ in range(3):
        start = time.perf_counter()
        count = run()
        best = min(best, time.perf_counter() - start)
    return best, count


def report(name: str, times: list[float], plays: int) -> float:
    """Print one engine's line and return its median seconds per (position, dice)."""
    median = statistics.median(times)
    total = sum(times)
    print(
        f"{name:<34} median {median * 1e3:8.3f} ms   worst {max(times) * 1e3:8.3f} ms   "
        f"{plays / total:>10,.0f} plays/s"
    )
    return median


def main() -> None:
    """Time the three engines on one sample and print the figures and ratios."""
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    sample = spiel_sample(pairs, seed=20261122)
    print(f"sample: {len(sample)} (position, dice) pairs from seeded open_spiel self-play\n")

    ours: list[float] = []
    our_plays = 0
    for _, position, dice in sample:
        seconds, count = timed(partial(count_our_plays, position, dice))
        ours.append(seconds)
        our_plays += count
    ours_median = report("duelboard legal_plays", ours, our_plays)

    spiel: list[float] = []
    spiel_plays = 0
    for state, _, _ in sample:
        seconds, count = timed(partial(spiel_whole_turns, state))
        spiel.append(seconds)
        spiel_plays += count
    spiel_median = report("open_spiel whole-turn (Python)", spiel, spiel_plays)
    print(f"{'':34} ours / open_spiel median = {ours_median / spiel_median:.3f}")

    try:
        import gnubg
    except ImportError:
        print("gnubg not installed: skipped")
    else:
        context = gnubg.evalcontext(0, 0, 1, 0, 0)
        cube = gnubg.cubeinfo()
        found: list[float] = []
        gnubg_plays = 0
        for _, position, dice in sample:

            def find(p: Position = position, d: tuple[int, int] = dice) -> int:
                return len(gnubg.findbestmoves(gnubg_board(p), cube, context, d))

            seconds, count = timed(find)
            found.append(seconds)
            gnubg_plays += count
        gnubg_median = report("gnubg findbestmoves (0-ply, C)", found, gnubg_plays)
        print(f"{'':34} ours / gnubg median = {ours_median / gnubg_median:.3f}")

    print()
    for dice in ((1, 1), (2, 2)):
        seconds, count = timed(partial(count_our_plays, WORST, dice))
        print(f"worst case {dice}: {count} distinct plays in {seconds * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
