"""The backgammon review in the AI worker process: judged there as in process, a few decisions
a call, so a bot turn asked meanwhile waits for one chunk, not the whole review."""

from __future__ import annotations

import random
import threading
from typing import Any

from ai.backgammon.analysis import decisions
from ai.review import SageReviewer
from ai.worker import REVIEW_CHUNK, AIWorker
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Game, Match, MatchOptions, Phase
from tests.ai.workers import BG, needs_sage


@needs_sage
def test_open_sage_reviews_in_the_worker_as_in_process(worker: AIWorker) -> None:
    """BG-13: White has 6-5 with checkers on its 6- and 5-points and Black bears off next
    turn; 6/off 5/off wins, anything else loses: a blunder, judged in chunks in the worker."""
    where = Position(((0, 0, 0, 0, 1, 1, *[0] * 18), (2, *[0] * 23)), (0, 0), (13, 13), Side.WHITE)
    options = MatchOptions()
    start = Match(options, Game(options, where, phase=Phase.MOVING, dice=(6, 5)))
    bad = next(p for p in start.game.legal_plays() if p.notation() == "6/1 5/off")
    history = [start, start.move(bad)]
    reviewer = worker.reviewer()
    assert reviewer.available
    [white] = reviewer.review(history, [Side.WHITE])
    assert [white] == SageReviewer().review(history, [Side.WHITE])
    [blunder] = white.worst
    assert (blunder.played, blunder.best, blunder.mark) == ("6/1 5/off", "6/off 5/off", "??")


class WatchedWorker(AIWorker):
    """A worker that says when its first review chunk is under way, and counts the chunks."""

    def __init__(self) -> None:
        super().__init__(seed=3)
        self.judging = threading.Event()
        self.chunks = 0

    def call(self, name: str, *args: Any) -> Any:
        if name == "judge":
            self.chunks += 1
            self.judging.set()
        return super().call(name, *args)


def random_game(seed: int) -> list[Match]:
    """Every match value of one cubeless money game of random legal plays."""
    rng = random.Random(seed)
    white, black = rng.sample(range(1, 7), 2)
    match = Match.start(MatchOptions(cube=False)).opening_roll(white, black)
    history = [match]
    while match.game.phase is not Phase.OVER:
        if match.game.phase is Phase.ROLLING:
            match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        else:
            match = match.move(rng.choice(match.game.legal_plays()))
        history.append(match)
    return history


@needs_sage
def test_a_bot_turn_asked_during_a_review_is_answered_before_the_review_ends() -> None:
    """The review goes to the worker a few decisions at a time, so a bot turn queues behind
    one chunk, not behind the whole review."""
    history = random_game(seed=11)
    graded = [d for d in decisions(history) if d.side is Side.WHITE]
    assert len(graded) >= 6 * REVIEW_CHUNK  # enough chunks that the review outlasts one
    worker = WatchedWorker()
    try:
        worker.warm_up()
        finished: list[str] = []

        def review() -> None:
            reports = worker.reviewer().review(history, [Side.WHITE])
            finished.append(f"review of {len(reports)} side")

        reviewing = threading.Thread(target=review)
        reviewing.start()
        assert worker.judging.wait(timeout=30)
        move = worker.opponents()("beginner").for_kind(BG).choose_play(history[0])
        finished.append("bot turn")
        reviewing.join(timeout=120)
        assert finished[0] == "bot turn" and finished[1].startswith("review")
        assert move in history[0].game.legal_plays()
        assert worker.chunks == -(-len(graded) // REVIEW_CHUNK)
    finally:
        worker.close()
