"""How strong the computer plays, and how long it thinks: duplicate games against references.

Run (reduced counts, minutes):
    .venv/bin/python -m benchmarks.ai_strength all --bg-pairs 10 --ladder-pairs 10 --ck-games 4
A backgammon variant (nackgammon, hypergammon, …): `backgammon --bg-variant hypergammon`.
Full run, the README's figures (backgammon ~30 min, checkers ~40 min, on two shared cores):
    .venv/bin/python -m benchmarks.ai_strength all --bg-pairs 250 --ladder-pairs 100 --ck-games 100

World class against GNU Backgammon's 2-ply player (cubeless, duplicate dice, a running result
after each pair; `--until` stops starting pairs at a UTC time, `--seed` gives a run its own dice):
    nice -n 10 .venv/bin/python -m benchmarks.ai_strength world_class --wc-seconds 2 --until 12:35

Backgammon: duplicate games, cubeless money play with gammons counted (no Jacoby): each pair
plays the same dice twice with the seats swapped. `expert` meets gnubg 0-ply (the PyPI `gnubg`
bindings, choosing among OUR legal plays by its 0-ply cubeless equity); each level meets the level
below it and a random mover. Checkers (`russian`): `expert` meets py-draughts' SimpleEngine at
depth 6; each opening (two random plies from a seed) is played twice with colours swapped; our
engine judges every move and the end of the game (win 1, draw 1/2). Printed: win rate (or score)
± standard error, points per game, and the median time per computer move by level.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from itertools import pairwise
from typing import Any

import engine.checkers as ck
from ai.backgammon.player import BackgammonPlayer
from ai.budget import WORLD_CLASS_SECONDS
from ai.checkers import choose_move
from ai.levels import Level
from engine.backgammon import VARIANTS, Play, Position, Side
from engine.backgammon.matchplay import Match, MatchOptions, Phase

BgChooser = Callable[[Match], Play]
TIMES: dict[str, list[float]] = {}
OPTIONS = MatchOptions(cube=False, jacoby=False)  # `--bg-variant` sets its variant


def _timed(name: str, choose: BgChooser) -> BgChooser:
    """`choose`, recording how long each call with a real choice takes under `name`."""

    def run(match: Match) -> Play:
        if len(match.game.legal_plays()) < 2:
            return choose(match)
        start = time.perf_counter()
        play = choose(match)
        TIMES.setdefault(name, []).append(time.perf_counter() - start)
        return play

    return run


def level_player(level: Level, seed: int) -> BgChooser:
    """Our computer at `level` (the beginner's noise seeded)."""
    player = BackgammonPlayer(level, random.Random(seed))
    if player.notice:
        print(f"note: {player.notice}")
    return _timed(f"backgammon {level.value}", player.choose_play)


def random_player(seed: int) -> BgChooser:
    """Any legal play, uniformly."""
    rng = random.Random(seed)
    return lambda match: rng.choice(match.game.legal_plays())


def gnubg_board(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: the side not on roll, then the side on roll, 24 points and the bar each."""
    waiting, on_roll = position.turn.opponent, position.turn
    return (
        (*position.points[waiting], position.bar[waiting]),
        (*position.points[on_roll], position.bar[on_roll]),
    )


def gnubg_player(plies: int = 0) -> BgChooser:
    """GNU Backgammon at `plies` (its numbering: 0 is the bare network), cubeless.

    At 0 plies: the legal play after which the opponent's cubeless equity is lowest. Deeper:
    gnubg's own player (`findbestmove`, with its default move filters), its play matched to one
    of OUR legal plays by the position reached. gnubg's tuple stops at the first checker borne
    off, so a bear-off play is not always pinned down by it; then the play is chosen as gnubg's
    player would without filters: the lowest opponent's equity at `plies`.
    """
    import gnubg

    cube = gnubg.cubeinfo()
    context = gnubg.evalcontext(0, plies, 1, 1 if plies else 0, 0)

    def opponent_equity(after: Position) -> float:
        if after.winner() is not None:
            return -3.0
        win, win_g, win_bg, lose_g, lose_bg = gnubg.evaluate(gnubg_board(after), cube, context)[:5]
        return float(2 * win - 1 + win_g - lose_g + win_bg - lose_bg)

    def by_equity(match: Match) -> Play:
        position = match.game.position
        return min(match.game.legal_plays(), key=lambda p: opponent_equity(position.apply(p)))

    def choose(match: Match) -> Play:
        game = match.game
        assert game.dice is not None
        found = gnubg.findbestmove(gnubg_board(game.position), cube, context, game.dice)
        if len(found) % 2 == 0:
            reached = reach(game.position, found)
            for play in game.legal_plays():
                if game.position.apply(play) == reached:
                    return play
        return by_equity(match)

    return by_equity if plies == 0 else choose


def reach(position: Position, pairs: tuple[int, ...]) -> Position:
    """The position gnubg's (from, to) pairs lead to (mover's numbering, 25 the bar, 0 off)."""
    mover, other = position.turn, position.turn.opponent
    mine, theirs = list(position.points[mover]), list(position.points[other])
    bar, off = list(position.bar), list(position.off)
    for source, target in zip(pairs[0::2], pairs[1::2], strict=True):
        if source == 25:
            bar[mover] -= 1
        else:
            mine[source - 1] -= 1
        if target == 0:
            off[mover] += 1
            continue
        mine[target - 1] += 1
        if theirs[24 - target]:
            theirs[24 - target] -= 1
            bar[other] += 1
    rows = {mover: tuple(mine), other: tuple(theirs)}
    return Position((rows[Side.WHITE], rows[Side.BLACK]), (bar[0], bar[1]), (off[0], off[1]), other)


def play_backgammon(
    white: BgChooser, black: BgChooser, seed: int, options: MatchOptions = OPTIONS
) -> tuple[Side, int]:
    """One cubeless game with dice drawn in order from `seed`: the winner and its points."""
    dice = random.Random(seed)
    match = Match.start(options)
    while match.game.phase is Phase.OPENING:
        match = match.opening_roll(dice.randint(1, 6), dice.randint(1, 6))
    players = {Side.WHITE: white, Side.BLACK: black}
    while match.game.phase is not Phase.OVER:
        if match.game.phase is Phase.ROLLING:
            match = match.roll((dice.randint(1, 6), dice.randint(1, 6)))
        match = match.move(players[match.game.position.turn](match))
    result = match.game.result
    assert result is not None
    return result.winner, result.points


@dataclass
class Tally:
    """Results of one side of a head-to-head: per-game scores and points."""

    scores: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    def line(self, label: str) -> str:
        """`label: 53.0% ± 2.2% (n=500), 0.081 points per game`."""
        n = len(self.scores)
        mean = sum(self.scores) / n
        spread = statistics.pstdev(self.scores) if n > 1 else 0.0
        error = spread / math.sqrt(n)
        text = f"{label}: {100 * mean:.1f}% ± {100 * error:.1f}% (n={n})"
        if self.points:
            text += f", {sum(self.points) / n:+.3f} points per game"
        return text


def duplicate_backgammon(
    make_a: Callable[[], BgChooser],
    make_b: Callable[[], BgChooser],
    pairs: int,
    seed: int,
    options: MatchOptions = OPTIONS,
) -> Tally:
    """`pairs` duplicate pairs: the same dice with A as White, then with A as Black."""
    tally = Tally()
    a, b = make_a(), make_b()
    for i in range(pairs):
        for a_side in (Side.WHITE, Side.BLACK):
            white, black = (a, b) if a_side is Side.WHITE else (b, a)
            winner, points = play_backgammon(white, black, seed + i, options)
            won = winner is a_side
            tally.scores.append(1.0 if won else 0.0)
            tally.points.append(points if won else -points)
    return tally


def run_backgammon(pairs: int, ladder_pairs: int, seed: int, variant: str = "standard") -> None:
    """Expert against gnubg 0-ply, each level against the one below and against random, in
    `variant` (gnubg's network is its standard one, whatever the variant)."""
    options = replace(OPTIONS, variant=VARIANTS[variant])
    name = "backgammon" if variant == "standard" else variant
    if pairs:
        tally = duplicate_backgammon(
            partial(level_player, Level.EXPERT, seed), gnubg_player, pairs, seed, options
        )
        print(tally.line(f"{name} expert vs gnubg 0-ply"), flush=True)
    if not ladder_pairs:
        return
    ladder = [Level.BEGINNER, Level.INTERMEDIATE, Level.EXPERT]
    for lower, upper in pairwise(ladder):
        tally = duplicate_backgammon(
            partial(level_player, upper, seed),
            partial(level_player, lower, seed + 1),
            ladder_pairs,
            seed + 10_000,
            options,
        )
        print(tally.line(f"{name} {upper.value} vs {lower.value}"), flush=True)
    for level in ladder:
        tally = duplicate_backgammon(
            partial(level_player, level, seed),
            partial(random_player, seed),
            ladder_pairs,
            seed + 20_000,
            options,
        )
        print(tally.line(f"{name} {level.value} vs random"), flush=True)


def run_world_class(pairs: int, seed: int, seconds: float, until: str | None) -> None:
    """World class (its budget `seconds`) against gnubg 2-ply, duplicate dice, cubeless money.

    A running line after each pair, so a run stopped at `until` (UTC "HH:MM": no pair is started
    after it) still reports. Standard errors are over pairs: the two games of a pair share their
    dice, so they are not independent draws.
    """
    player = BackgammonPlayer(Level.WORLD_CLASS, seconds=seconds)
    if player.notice:
        print(f"note: {player.notice}")
    deepened: list[int] = []

    def ours(match: Match) -> Play:
        play = player.choose_play(match)
        if len(match.game.legal_plays()) > 1:
            deepened.append(getattr(player.evaluator, "deepened", 0))
        return play

    name = f"backgammon world_class ({seconds:g} s budget)"
    world = _timed(name, ours)
    gnu = _timed("backgammon gnubg 2-ply", gnubg_player(2))
    stop = _deadline(until)
    wins: list[float] = []  # per pair: world class's share of the two games won (0, 1/2 or 1)
    points: list[float] = []  # per pair: its points per game
    for i in range(pairs):
        if stop is not None and datetime.now(UTC) >= stop:
            print(f"stopped at {until} UTC after {i} pairs")
            break
        won, scored = 0, 0
        for side in (Side.WHITE, Side.BLACK):
            white, black = (world, gnu) if side is Side.WHITE else (gnu, world)
            winner, value = play_backgammon(white, black, seed + i)
            won += winner is side
            scored += value if winner is side else -value
        wins.append(won / 2)
        points.append(scored / 2)
        mean_deepened = sum(deepened) / len(deepened) if deepened else 0.0
        rate, rate_error = _mean_se(wins)
        ppg, ppg_error = _mean_se(points)
        print(
            f"pair {i + 1}: {won}/2 won, {scored:+d} points; world class vs gnubg 2-ply:"
            f" {100 * rate:.1f}% ± {100 * rate_error:.1f}% of games won,"
            f" {ppg:+.3f} ± {ppg_error:.3f} points per game ({2 * len(wins)} games);"
            f" {statistics.fmean(TIMES[name]):.2f} s per decision (mean),"
            f" {mean_deepened:.2f} plays searched at 3 plies per decision",
            flush=True,
        )


def time_world_class_cube(positions: int, seed: int, seconds: float) -> None:
    """Time world class's cube decisions (money play, cube centred) before the roll in positions
    of games played by random legal plays; how often it could afford 3 plies is not known from
    outside, so only the time is printed."""
    player = BackgammonPlayer(Level.WORLD_CLASS, seconds=seconds)
    rng = random.Random(seed)
    times = TIMES.setdefault(f"backgammon world_class cube ({seconds:g} s budget)", [])
    timed = 0
    match = Match.start(MatchOptions())
    while timed < positions:
        game = match.game
        if game.phase is Phase.OPENING:
            match = match.opening_roll(rng.randint(1, 6), rng.randint(1, 6))
        elif game.phase is Phase.ROLLING:
            if game.can_double:
                start = time.perf_counter()
                player.wants_to_double(match)
                times.append(time.perf_counter() - start)
                timed += 1
            match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase is Phase.MOVING:
            match = match.move(rng.choice(game.legal_plays()))
        else:
            match = Match.start(MatchOptions())


def _mean_se(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and its standard error."""
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return statistics.fmean(values), error


def _deadline(until: str | None) -> datetime | None:
    """Today's `HH:MM` UTC (tomorrow's if already past), or None."""
    if until is None:
        return None
    hours, minutes = (int(part) for part in until.split(":"))
    now = datetime.now(UTC)
    stop = now.replace(hour=hours, minute=minutes, second=0, microsecond=0)
    return stop if stop > now else stop + timedelta(days=1)


def draughts_move(game: ck.Game, engine: Any, board_type: Any) -> ck.Move:
    """py-draughts' choice in our position, matched to one of our legal moves."""
    board = board_type.from_fen(game.position.to_fen())
    theirs = engine.get_best_move(board)
    start, end = theirs.square_list[0] + 1, theirs.square_list[-1] + 1
    taken = {square + 1 for square in theirs.captured_list}
    for move in game.position.legal_moves():
        if move.start == start and move.end == end and set(move.captures) == taken:
            return move
    raise RuntimeError(f"py-draughts chose {theirs}, which is not legal in {game.position}")


def run_checkers(games: int, variant: str, seed: int, max_plies: int = 300) -> None:
    """Our expert against py-draughts' SimpleEngine (depth 6), colours swapped per opening."""
    import draughts

    boards = {"russian": draughts.RussianBoard, "english": draughts.AmericanBoard}
    board_type = boards[variant]
    engine = draughts.SimpleEngine(depth_limit=6)
    rng = random.Random(seed)
    tally = Tally()
    times = TIMES.setdefault(f"checkers {Level.EXPERT.value} ({variant})", [])
    for i in range(games):
        if i % 2 == 0:
            opening = ck.Game.new(variant)
            for _ in range(2):
                opening = opening.play(rng.choice(opening.position.legal_moves()))
        ours = ck.Color.WHITE if i % 2 == 0 else ck.Color.BLACK
        game = opening
        while game.result() is None and len(game.moves) < max_plies:
            if game.position.turn is ours:
                start = time.perf_counter()
                move = choose_move(game, Level.EXPERT)
                times.append(time.perf_counter() - start)
            else:
                move = draughts_move(game, engine, board_type)
            game = game.play(move)
        result = game.result()
        winner = result.winner if result is not None else None
        tally.scores.append(1.0 if winner is ours else 0.5 if winner is None else 0.0)
        print(f"  game {i + 1}: {result.describe() if result else 'move cap: draw'}", flush=True)
    print(tally.line(f"checkers expert vs py-draughts SimpleEngine depth 6 ({variant})"))


def time_checkers_levels(variant: str, positions: int, seed: int) -> None:
    """Time every checkers level on the same positions, taken from random games."""
    rng = random.Random(seed)
    games: list[ck.Game] = []
    while len(games) < positions:
        game = ck.Game.new(variant)
        for _ in range(rng.randrange(0, 40)):
            if game.result() is not None:
                break
            game = game.play(rng.choice(game.position.legal_moves()))
        if game.result() is None and len(game.position.legal_moves()) > 1:
            games.append(game)
    for level in Level:
        times = TIMES.setdefault(f"checkers {level.value} ({variant}, random positions)", [])
        for game in games:
            start = time.perf_counter()
            choose_move(game, level, random.Random(seed))
            times.append(time.perf_counter() - start)


def print_times() -> None:
    """Median (and 90th percentile) seconds per computer move, by level."""
    for name, times in sorted(TIMES.items()):
        if times:
            ordered = sorted(times)
            p90 = ordered[int(0.9 * (len(ordered) - 1))]
            print(
                f"time per move, {name}: median {statistics.median(times):.3f} s,"
                f" 90% {p90:.3f} s (n={len(times)})"
            )


def main() -> None:
    """Parse the counts and run the chosen benchmarks."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("which", choices=["all", "backgammon", "checkers", "world_class"])
    parser.add_argument("--bg-pairs", type=int, default=250, help="expert vs gnubg pairs")
    parser.add_argument("--ladder-pairs", type=int, default=100, help="pairs per ladder match")
    parser.add_argument("--ck-games", type=int, default=100, help="checkers games")
    parser.add_argument("--ck-positions", type=int, default=30, help="positions timed per level")
    parser.add_argument("--variant", default="russian", choices=["russian", "english"])
    parser.add_argument("--bg-variant", default="standard", choices=list(VARIANTS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--wc-pairs", type=int, default=300, help="world class vs gnubg 2-ply")
    parser.add_argument("--wc-seconds", type=float, default=WORLD_CLASS_SECONDS, help="its budget")
    parser.add_argument("--until", help="UTC HH:MM after which no world-class pair starts")
    parser.add_argument("--wc-cube-positions", type=int, default=0, help="cube decisions timed")
    args = parser.parse_args()
    if args.which == "world_class":
        time_world_class_cube(args.wc_cube_positions, args.seed, args.wc_seconds)
        run_world_class(args.wc_pairs, args.seed, args.wc_seconds, args.until)
    if args.which in ("all", "backgammon"):
        run_backgammon(args.bg_pairs, args.ladder_pairs, args.seed, args.bg_variant)
    if args.which in ("all", "checkers"):
        time_checkers_levels(args.variant, args.ck_positions, args.seed)
        run_checkers(args.ck_games, args.variant, args.seed)
    print_times()


if __name__ == "__main__":
    main()
