"""Our PDN records replay to our final position in py-draughts and pydraughts (CK-13).

Whole games are played through the real service; the exported PDN is then read by py-draughts
(Russian, Brazilian, international) in this process and by pydraughts (English) in a
subprocess, and the position both reach must be the one our game ended in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import draughts
import pytest

from bot.service.checkers import CheckersSession
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.service.export.pdn import game_text
from bot.service.games import Games
from bot.service.log import GameLog
from bot.store import Store
from tests.bot.service.conftest import ALICE, BOB, BOT, fixed_seeds
from tests.bot.service.drive import play_checkers
from tests.bot.service.play import challenge, checkers_draw

# The records do not depend on the database: one backend is enough.
SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

PY_DRAUGHTS = {
    "russian": draughts.RussianBoard,
    "brazilian": draughts.BrazilianBoard,
    "international": draughts.StandardBoard,
}
PYDRAUGHTS_SCRIPT = Path(__file__).with_name("pydraughts_pdn.py")

Pieces = tuple[str, frozenset[tuple[str, bool, int]]]


def pieces(fen: str) -> Pieces:
    """Side to move and every (colour, king, square) of a PDN FEN (`[FEN "…"]` allowed)."""
    body = fen.strip()
    if body.startswith("[FEN"):
        body = body.split('"')[1]
    turn, *sides = body.rstrip(".").split(":")
    found: set[tuple[str, bool, int]] = set()
    for side in sides:
        colour, squares = side[0], side[1:]
        for item in filter(None, squares.split(",")):
            king = item.startswith("K")
            square = item.lstrip("K")
            if "-" in square:
                low, high = (int(n) for n in square.split("-"))
                found.update((colour, king, n) for n in range(low, high + 1))
            else:
                found.add((colour, king, int(square)))
    return turn, frozenset(found)


async def finished_game(store: Store, clock: FakeClock, variant: str) -> GameLog:
    """A whole game of `variant` played to its end through the service, replayed from the log."""
    games = Games(store, bot=BOT, dice=SeededDice(fixed_seeds(tag=f"pdn {variant}")), clock=clock)
    result = await challenge(games, "checkers", ALICE, BOB, variant=variant)
    history = await play_checkers(games, result)
    game_id = history[-1].game.id
    row = await store.get_game(game_id)
    return GameLog.replay(row, await store.events_for(game_id))


def final_fen(log: GameLog) -> str:
    """Our position at the end of the game."""
    session = log.final
    assert isinstance(session, CheckersSession) and session.game is not None
    return session.game.position.to_fen()


@SQLITE_ONLY
@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(PY_DRAUGHTS))
async def test_py_draughts_replays_our_pdn_to_our_final_position(
    store: Store, clock: FakeClock, variant: str
) -> None:
    log = await finished_game(store, clock, variant)
    text = game_text(log, ("Alice", "Bob"))
    assert any(" " in line and "x" in line for line in text.splitlines())  # captures included
    board = PY_DRAUGHTS[variant].from_pdn(text)
    assert pieces(board.fen) == pieces(final_fen(log))


@SQLITE_ONLY
@pytest.mark.slow
async def test_pydraughts_replays_our_english_pdn(
    store: Store, clock: FakeClock, pydraughts_dir: Path
) -> None:
    # pydraughts' "american pool" is a 10×10 board, so English is the 8×8 game it adds.
    logs = [await finished_game(store, clock, "english")]
    texts = [game_text(log, ("Alice", "Bob")) for log in logs]
    env = {**os.environ, "PYTHONPATH": str(pydraughts_dir)}
    answer = subprocess.run(
        [sys.executable, str(PYDRAUGHTS_SCRIPT)],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert answer.returncode == 0, answer.stderr
    for log, fen in zip(logs, json.loads(answer.stdout), strict=True):
        assert pieces(fen) == pieces(final_fen(log))


@SQLITE_ONLY
async def test_the_record_has_tags_result_and_revealed_seed(store: Store, clock: FakeClock) -> None:
    games = Games(store, bot=BOT, dice=SeededDice(fixed_seeds(tag="pdn tags")), clock=clock)
    game_id = await checkers_draw(games, await challenge(games, "checkers", ALICE, BOB))
    row = await store.get_game(game_id)
    text = game_text(GameLog.replay(row, await store.events_for(game_id)), ("Alice", "Bob"))
    lines = text.splitlines()
    assert '[Result "1-1"]' in lines and '[Variant "box"]' in lines
    assert not any(line.startswith("[GameType") for line in lines)  # house rules: no type
    assert f"seed of the draw {row.dice_secret}" in text and lines[-1] == "1-1"
    assert "dice" not in text.lower()  # checkers has no dice: the seed is the random draw's
    assert '[White "Alice"]' in lines and '[Black "Bob"]' in lines


def test_fen_reader_for_the_oracles() -> None:
    turn, found = pieces('[FEN "B:W21-22,K30:BK1,5"]')
    assert turn == "B"
    assert found == {("W", False, 21), ("W", False, 22), ("W", True, 30), ("B", True, 1)} | {
        ("B", False, 5)
    }
