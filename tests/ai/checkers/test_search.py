"""The checkers computer: legal answers in every variant, forced wins found, clock respected."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from ai.budget import Budget
from ai.checkers import STRENGTHS, Strength, choose_move, think
from ai.checkers.search import _CHECK_EVERY, WON, search
from ai.levels import Level
from engine.checkers import VARIANTS, Color, Game, Move


def _wins_within(game: Game, plies: int, me: Color) -> bool:
    """Brute-force minimax on the engine alone: can `me` (to move) force a win in `plies`?"""
    for move in game.position.legal_moves():
        after = game.play(move)
        ended = after.result()
        if ended is not None:
            if ended.winner is me:
                return True
            continue
        if plies >= 3 and all(
            _won_after_reply(after.play(reply), plies - 2, me)
            for reply in after.position.legal_moves()
        ):
            return True
    return False


def _won_after_reply(game: Game, plies: int, me: Color) -> bool:
    ended = game.result()
    if ended is not None:
        return ended.winner is me
    return _wins_within(game, plies, me)


def _winning_moves(game: Game, plies: int) -> set[Move]:
    """The moves after which the mover still forces a win within `plies` more plies."""
    me = game.position.turn
    found = set()
    for move in game.position.legal_moves():
        after = game.play(move)
        ended = after.result()
        if (ended is not None and ended.winner is me) or (
            ended is None
            and all(
                _won_after_reply(after.play(reply), plies, me)
                for reply in after.position.legal_moves()
            )
        ):
            found.add(move)
    return found


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        # White to move in each; the brute force finds exactly one winning move of several.
        ("english", "W:W11,24,32:B4,12"),  # six moves, only 24-19 wins
        ("russian", "W:W19,22,32:B2,20"),  # six moves, only 22-18 wins
        ("box", "W:W9,31,32:B5,20"),  # five moves, only 9-6 wins
    ],
)
def test_ck10_search_finds_the_only_forced_win(variant: str, fen: str) -> None:
    """The search plays the one move that forces a win (CK-10), as brute force confirms."""
    game = Game.new(variant, fen)
    winning = _winning_moves(game, 6)
    assert 0 < len(winning) < len(game.position.legal_moves())
    result = search(game, Budget(None), 8)
    assert result.move in winning
    assert result.score >= WON


def test_search_plays_the_forcing_sacrifice() -> None:
    """22-18 offers a man that Black must take (CK-5); it is the only win (brute force above)."""
    # russian, White to move.   B: 2, 20    W: 19, 22, 32
    game = Game.new("russian", "W:W19,22,32:B2,20")
    assert think(game, Strength(max_depth=8, seconds=None)).move == Move((22, 18))


def _random_positions(variant: str, count: int, seed: int) -> Iterator[Game]:
    """Positions from random games in `variant`, each with the game that led to it."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        game = Game.new(variant)
        for _ in range(rng.randrange(1, 80)):
            if game.result() is not None:
                break
            game = game.play(rng.choice(game.position.legal_moves()))
        if game.result() is None:
            made += 1
            yield game


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_answer_is_always_a_legal_move(variant: str) -> None:
    """Every answer, at every level's search, is one of the engine's legal moves."""
    shallow = Strength(max_depth=2, seconds=None, noise=40)
    rng = random.Random(7)
    for game in _random_positions(variant, 60, seed=len(variant)):
        result = think(game, shallow)
        assert result.move in game.position.legal_moves()
        assert {move for move, _ in result.scores} == set(game.position.legal_moves())
        assert choose_move(game, Level.BEGINNER, rng) in game.position.legal_moves()


def test_out_of_time_keeps_the_last_finished_depth() -> None:
    """With a timer that jumps a second per look, the search stops after depth 1, legally."""
    ticks = iter(range(10**6))
    game = Game.new("russian")
    result = think(game, Strength(max_depth=30, seconds=0.5), timer=lambda: float(next(ticks)))
    # Without the timer the search would go to depth 30; it stops at its first look at the timer
    # after depth 1 (a look every _CHECK_EVERY nodes), keeping the deepest depth finished by then.
    assert result.move in game.position.legal_moves()
    first = think(game, Strength(max_depth=1, seconds=None)).nodes
    assert result.nodes % _CHECK_EVERY == 0
    assert first < result.nodes <= first + _CHECK_EVERY
    finished = think(game, Strength(max_depth=result.depth, seconds=None))
    unfinished = think(game, Strength(max_depth=result.depth + 1, seconds=None))
    assert result.depth >= 1
    assert finished.nodes <= result.nodes < unfinished.nodes


def test_levels_get_deeper() -> None:
    """Stronger levels search at least as deep and as long as weaker ones."""
    beginner, intermediate, expert, world_class = (STRENGTHS[level] for level in Level)
    assert beginner.max_depth < intermediate.max_depth < expert.max_depth < world_class.max_depth
    timed = [strength.seconds or 0.0 for strength in (beginner, intermediate, expert, world_class)]
    assert 0.0 not in timed and timed == sorted(timed)
    assert beginner.noise > 0 and intermediate.noise == expert.noise == world_class.noise == 0


@pytest.mark.parametrize(
    ("variant", "fen"),
    [
        ("english", "W:WK19,K22:BK2"),  # two short kings against one: a known win
        ("box", "W:WK19,K22:B3"),
    ],
)
def test_ck12_king_endgame_is_won_not_shuffled(variant: str, fen: str) -> None:
    """Ahead in kings, the computer closes in and wins before the no-progress draw (CK-12)."""
    game = Game.new(variant, fen)
    while game.result() is None:
        game = game.play(think(game, Strength(max_depth=6, seconds=None)).move)
    ended = game.result()
    assert ended is not None and ended.winner is Color.WHITE


def test_no_move_in_a_finished_game() -> None:
    """A finished game gets a clear error, not a move."""
    game = Game.new("english", "B:W19:B")  # Black to move has no pieces (CK-10)
    with pytest.raises(ValueError, match="game is over"):
        search(game, Budget(None), 3)


def test_bad_depth_is_refused() -> None:
    """A depth below one is a clear error."""
    with pytest.raises(ValueError, match="depth"):
        search(Game.new("box"), Budget(None), 0)


def test_budget_refuses_nonsense() -> None:
    """A budget of zero or negative seconds is a clear error."""
    with pytest.raises(ValueError, match="positive"):
        Budget(0)
