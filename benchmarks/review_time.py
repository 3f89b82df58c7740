"""How long the post-game review takes: per decision at 1 and 2 plies, and for a whole match;
then the luck of every roll of the match at the review's depth.

Run (about a minute on two shared cores):
    .venv/bin/python -m benchmarks.review_time --length 7 --seed 1

A match is played by two `beginner` computers (pubeval with noise, Keith's count for the cube:
fast, and human-like enough to make mistakes), with seeded dice; then every decision of one side
(the person in a game against the bot) is judged by Open Sage at each depth, as the bot's
reviewer does after the game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.backgammon.analysis import Kind, decisions, judge
from ai.backgammon.luck import luck, rolls
from ai.backgammon.sage import Sage
from ai.levels import Level
from ai.player import ComputerPlayer
from ai.review import REVIEW_PLIES
from engine.backgammon import Side
from engine.backgammon.matchplay import Match, MatchOptions, Phase


def play_match(length: int, seed: int) -> list[Match]:
    """Every match value of a `length`-point match between two beginners."""
    rng = random.Random(seed)
    players = [
        ComputerPlayer(Level.BEGINNER, random.Random(seed + side)).for_kind("backgammon")
        for side in (0, 1)
    ]
    match = Match.start(MatchOptions(match_length=length))
    history = [match]
    while match.winner is None:
        game = match.game
        if game.phase is Phase.OPENING:
            match = match.opening_roll(rng.randint(1, 6), rng.randint(1, 6))
        elif game.phase is Phase.OVER:
            match = match.next_game()
        elif game.phase is Phase.ROLLING:
            player = players[game.position.turn]
            if game.can_double and player.wants_to_double(match):
                match = match.double()
            else:
                match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase is Phase.DOUBLED:
            taker = players[game.position.turn.opponent]
            match = match.take() if taker.takes_double(match) else match.pass_double()
        else:
            match = match.move(players[game.position.turn].choose_play(match))
        history.append(match)
    return history


def main() -> None:
    """Play one match, then time the review of White's decisions at 1 and 2 plies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=7, help="match length in points")
    parser.add_argument("--seed", type=int, default=1, help="dice and noise seed")
    args = parser.parse_args()
    history = play_match(args.length, args.seed)
    graded = [d for d in decisions(history) if d.side is Side.WHITE]
    plays = sum(1 for d in graded if d.kind is Kind.PLAY)
    print(
        f"{args.length}-point match: {history[-1].game_number} games, {len(graded)} decisions"
        f" of one side ({plays} checker plays, {len(graded) - plays} cube)"
    )
    for plies in (1, 2):
        evaluator = Sage(plies)
        times: dict[str, list[float]] = {"play": [], "cube": []}
        start = time.perf_counter()
        for decision in graded:
            began = time.perf_counter()
            judge(decision, evaluator)
            kind = "play" if decision.kind is Kind.PLAY else "cube"
            times[kind].append(time.perf_counter() - began)
        whole = time.perf_counter() - start
        medians = ", ".join(
            f"{kind} median {1000 * statistics.median(spent):.1f} ms"
            for kind, spent in times.items()
            if spent
        )
        print(f"{plies} ply: {whole:.1f} s for the side's whole match; {medians}")
    # Luck needs both sides' rolls (the adjusted result weighs one against the other).
    evaluator = Sage(REVIEW_PLIES)
    thrown = rolls(history)
    spent = []
    for roll in thrown:
        began = time.perf_counter()
        luck(roll, evaluator)
        spent.append(time.perf_counter() - began)
    print(
        f"luck at {REVIEW_PLIES} ply: {sum(spent):.1f} s for the match's {len(thrown)} rolls;"
        f" median {1000 * statistics.median(spent):.1f} ms a roll"
    )


if __name__ == "__main__":
    main()
