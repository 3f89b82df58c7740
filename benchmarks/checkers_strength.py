"""How strong the checkers levels play against py-draughts' engines, and how deep they search.

Run (reduced counts; each match-up prints as it finishes):
    nice -n 10 .venv/bin/python -m benchmarks.checkers_strength games --openings 5
    nice -n 10 .venv/bin/python -m benchmarks.checkers_strength depth --positions 40 [--cpu]

`games`: each level meets py-draughts' `SimpleEngine` (negamax with quiescence, material and
piece-square tables) at fixed depths 4, 6 and 8 on the 8×8 variants py-draughts plays by our
rules (russian, brazilian), and its `TurboEngine` (pattern evaluation trained on Scan 3.1's
scores; 10×10 only) in international draughts at the expert's thinking time. Each opening (two
random plies from the seed) is played twice with the colours swapped; our engine judges every
move and the end (win 1, draw 1/2; a game reaching the ply cap is a draw). Printed per match-up:
wins, draws, losses, score ± standard error, seconds per move of each side and the depths our
search finished.

`depth`: on positions from random games, the depth each level's search finishes in its time, and
the depth the review's search (`ai.checkers.review`) finishes in its own: the review is only worth
trusting if it sees further than the strongest player it judges.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine.checkers as ck
from ai.checkers import STRENGTHS, Strength, review, think
from ai.checkers.review import REVIEW_STRENGTH
from ai.checkers.search import pick_with_noise
from ai.levels import Level

Chooser = Callable[[ck.Game], ck.Move]


@dataclass
class Figures:
    """One match-up's results and timings, from our side."""

    scores: list[float] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)  # seconds per move with a choice
    theirs: list[float] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)

    def line(self, label: str) -> str:
        """`label: W-D-L, score ± SE, seconds per move, depths`."""
        n = len(self.scores)
        wins = self.scores.count(1.0)
        draws = self.scores.count(0.5)
        mean = sum(self.scores) / n
        error = statistics.pstdev(self.scores) / math.sqrt(n) if n > 1 else 0.0
        return (
            f"{label}: +{wins} ={draws} -{n - wins - draws} (n={n}),"
            f" score {100 * mean:.1f}% ± {100 * error:.1f}%;"
            f" s/move ours {_median(self.ours):.3f}, theirs {_median(self.theirs):.3f};"
            f" our depth median {_median(self.depths):.0f}"
            f" (10% {_quantile(self.depths, 0.1):.0f}, 90% {_quantile(self.depths, 0.9):.0f})"
        )


def _median(values: list[float] | list[int]) -> float:
    return statistics.median(values) if values else math.nan


def _quantile(values: list[int], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def ours(strength: Strength, seed: int, figures: Figures) -> Chooser:
    """Our level (its noise seeded), as `ai.checkers.choose_move` plays it, timed.

    Its allowance is counted in this process's CPU time: on a shared, loaded machine a wall-clock
    allowance would leave it a fraction of the search it makes on the bot's machine, while
    py-draughts' fixed depths do not shrink.
    """
    rng = random.Random(seed)

    def choose(game: ck.Game) -> ck.Move:
        start = time.perf_counter()
        result = think(game, strength, time.process_time)
        move = pick_with_noise(result, strength.noise, rng) if strength.noise else result.move
        if len(game.position.legal_moves()) > 1:
            figures.ours.append(time.perf_counter() - start)
            figures.depths.append(result.depth)
        return move

    return choose


def theirs(engine: Any, board_type: Any, figures: Figures) -> Chooser:
    """py-draughts' choice in our position, matched to one of our legal moves."""

    def choose(game: ck.Game) -> ck.Move:
        board = board_type.from_fen(game.position.to_fen())
        start = time.perf_counter()
        move = engine.get_best_move(board)
        if len(game.position.legal_moves()) > 1:
            figures.theirs.append(time.perf_counter() - start)
        begin, end = move.square_list[0] + 1, move.square_list[-1] + 1
        taken = {square + 1 for square in move.captured_list}
        for legal in game.position.legal_moves():
            if legal.start == begin and legal.end == end and set(legal.captures) == taken:
                return legal
        raise RuntimeError(f"py-draughts chose {move}, not legal in {game.position.to_fen()}")

    return choose


def play(variant: str, opening: ck.Game, white: Chooser, black: Chooser, cap: int) -> ck.Game:
    """Play `opening` out (to the ply cap at most)."""
    game = opening
    while game.result() is None and len(game.moves) < cap:
        mover = white if game.position.turn is ck.Color.WHITE else black
        game = game.play(mover(game))
    return game


def openings(variant: str, count: int, seed: int) -> list[ck.Game]:
    """`count` openings: two random plies each, from `seed`."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        game = ck.Game.new(variant)
        for _ in range(2):
            game = game.play(rng.choice(game.position.legal_moves()))
        found.append(game)
    return found


def match(
    variant: str, level: Level, opponent: str, count: int, seed: int, cap: int = 300
) -> Figures:
    """Our `level` against `opponent` ("simple-N" or "turbo"), each opening with both colours."""
    import draughts
    from draughts.engines.turbo import TurboEngine

    boards = {
        "russian": draughts.RussianBoard,
        "brazilian": draughts.BrazilianBoard,
        "international": draughts.StandardBoard,
    }
    strength = STRENGTHS[level]
    figures = Figures()
    for i, opening in enumerate(openings(variant, count, seed)):
        for our_colour in (ck.Color.WHITE, ck.Color.BLACK):
            # A fresh engine per game: its tables carry nothing from one game to the next.
            if opponent == "turbo":
                engine: Any = TurboEngine(depth_limit=None, time_limit=strength.seconds)
            else:
                engine = draughts.SimpleEngine(depth_limit=int(opponent.split("-")[1]))
            me = ours(strength, seed + i, figures)
            them = theirs(engine, boards[variant], figures)
            white, black = (me, them) if our_colour is ck.Color.WHITE else (them, me)
            game = play(variant, opening, white, black, cap)
            outcome = game.result()
            winner = outcome.winner if outcome is not None else None
            figures.scores.append(1.0 if winner is our_colour else 0.5 if winner is None else 0)
            ended = outcome.describe() if outcome is not None else "ply cap: draw"
            print(
                f"  {variant} {level.value} vs {opponent}, game {len(figures.scores)}"
                f" (ours {our_colour.name.lower()}): {ended}",
                flush=True,
            )
    return figures


# The match-ups, most telling first (the expert against the deepest engines), so that a run
# cut short still answers the main question. English is not among them: py-draughts' American
# board makes captures optional and lets White start, so its engine plays another game.
MATCHUPS: tuple[tuple[str, Level, str], ...] = (
    ("russian", Level.EXPERT, "simple-6"),
    ("russian", Level.INTERMEDIATE, "simple-4"),
    ("russian", Level.EXPERT, "simple-8"),
    ("russian", Level.BEGINNER, "simple-4"),
    ("international", Level.EXPERT, "turbo"),
    ("brazilian", Level.EXPERT, "simple-6"),
    ("russian", Level.INTERMEDIATE, "simple-6"),
    ("brazilian", Level.INTERMEDIATE, "simple-4"),
    ("brazilian", Level.BEGINNER, "simple-4"),
)


def run_games(count: int, seed: int, only: list[str] | None, part: int, parts: int) -> None:
    """Every match-up (or those of the variants `only`; of those, every `parts`-th from `part`),
    printed as each finishes."""
    chosen = [m for m in MATCHUPS if not only or m[0] in only]
    for variant, level, opponent in chosen[part::parts]:
        start = time.perf_counter()
        figures = match(variant, level, opponent, count, seed)
        minutes = (time.perf_counter() - start) / 60
        label = f"{variant} {level.value} vs {opponent}"
        print(f"{figures.line(label)} [{minutes:.0f} min]", flush=True)


def run_depth(variant: str, positions: int, seed: int, cpu: bool = False) -> None:
    """The depth each level, and the review, finishes on the same positions (with `cpu`, every
    allowance counted in this process's CPU time: the depths of an idle machine)."""
    timer = time.process_time if cpu else time.perf_counter
    rng = random.Random(seed)
    games: list[ck.Game] = []
    while len(games) < positions:
        game = ck.Game.new(variant)
        for _ in range(rng.randrange(4, 50)):
            if game.result() is not None:
                break
            game = game.play(rng.choice(game.position.legal_moves()))
        if game.result() is None and len(game.position.legal_moves()) > 1:
            games.append(game)
    searchers: list[tuple[str, Strength]] = [(lv.value, st) for lv, st in STRENGTHS.items()]
    searchers.append(("review", REVIEW_STRENGTH))
    for name, strength in searchers:
        depths, seconds = [], []
        for game in games:
            start = time.perf_counter()
            if name == "review":  # as the review judges a move: the first legal one, say
                played = game.position.legal_moves()[0]
                depths.append(review.judge(game, played, timer=timer).depth)
            else:
                depths.append(think(game, strength, timer).depth)
            seconds.append(time.perf_counter() - start)
        size = ck.VARIANTS[variant].board_size
        floor = (
            f", floor {review.FLOORS[size]}, ceiling {review.CEILING} s" if name == "review" else ""
        )
        print(
            f"{variant} {name} ({strength.seconds} s, depth ≤ {strength.max_depth}{floor}):"
            f" depth median {_median(depths):.0f}, 10% {_quantile(depths, 0.1):.0f},"
            f" 90% {_quantile(depths, 0.9):.0f}; s/move median {_median(seconds):.3f},"
            f" max {max(seconds):.3f}"
            f" (n={len(depths)})",
            flush=True,
        )


def main() -> None:
    """Parse the counts and run the chosen part."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("which", choices=["games", "depth"])
    parser.add_argument("--openings", type=int, default=5, help="openings per match-up (×2 games)")
    parser.add_argument("--positions", type=int, default=40, help="positions for `depth`")
    parser.add_argument("--variant", action="append", help="only this variant (repeatable)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cpu", action="store_true", help="`depth`: allowances in CPU time")
    parser.add_argument("--part", type=int, default=0, help="run every --parts-th match-up from")
    parser.add_argument("--parts", type=int, default=1, help="to split a run between processes")
    args = parser.parse_args()
    if args.which == "games":
        run_games(args.openings, args.seed, args.variant, args.part, args.parts)
    else:
        for variant in args.variant or ["russian", "english", "international"]:
            run_depth(variant, args.positions, args.seed, args.cpu)


if __name__ == "__main__":
    main()
