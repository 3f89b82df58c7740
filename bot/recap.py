"""The recap posted when a table finishes: an animated replay and the record file.

Built from the event log replayed through the sessions (`TableLog`), so it shows what was
stored, not what the bot remembers. Pure and CPU-bound: call through `asyncio.to_thread`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import engine.checkers as ck
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.export import mat, pdn
from bot.service.export.log import TableLog
from engine.backgammon import Move, Play, Position
from render import backgammon_replay_scenes, checkers_replay_scenes, describe_replay, replay_gif

MAX_FRAMES = 80  # longer games show their last moves: the file keeps the whole game


@dataclass(frozen=True, slots=True)
class Recap:
    """The replay (GIF and its alt text) and the record (file name and text)."""

    gif: bytes
    alt_text: str
    record_name: str
    record: str


def build(log: TableLog, names: tuple[str, str]) -> Recap:
    """The recap of a finished table; `names` are White's and Black's."""
    game_id = log.game.id
    if isinstance(log.start, CheckersSession):
        game = _checkers_game(log)
        if len(game.moves) > MAX_FRAMES:
            skipped = len(game.moves) - MAX_FRAMES
            game = _replayed(game.positions[skipped], game.moves[skipped:])
        scenes: list[Any] = checkers_replay_scenes(game, names=names)
        record_name, record = f"duelboard-{game_id}.pdn", pdn.game_text(log, names)
    else:
        start_bg, turns = _last_backgammon_game(log)
        skipped = max(0, len(turns) - MAX_FRAMES)
        for _, play in turns[:skipped]:
            start_bg = start_bg.apply(play)
        scenes = backgammon_replay_scenes(start_bg, turns[skipped:], names=names)
        record_name, record = f"duelboard-{game_id}.mat", mat.match_text(log, names)
    return Recap(replay_gif(scenes), describe_replay(scenes), record_name, record)


def _replayed(start: ck.Position, moves: tuple[ck.Move, ...]) -> ck.Game:
    """A game from `start` through `moves` (the tail of a long game)."""
    game = ck.Game((start,), (), 0, False)
    for move in moves:
        game = game.play(move)
    return game


def _checkers_game(log: TableLog) -> ck.Game:
    """The whole game with its moves, from the move steps (paths and captures)."""
    start = log.start
    assert isinstance(start, CheckersSession)
    game = ck.Game.new(start.options.variant)
    for logged in log.steps:
        step = logged.step
        if step["op"] != "move":
            continue
        wanted = (tuple(step["path"]), tuple(step["captures"]))
        [move] = [m for m in game.position.legal_moves() if (m.path, m.captures) == wanted]
        game = game.play(move)
    return game


def _last_backgammon_game(
    log: TableLog,
) -> tuple[Position, list[tuple[tuple[int, int], Play]]]:
    """The start of the table's last game and its (dice, play) turns."""
    start = Position.initial()
    turns: list[tuple[tuple[int, int], Play]] = []
    before: Any = log.start
    for logged in log.steps:
        op = logged.step["op"]
        after = logged.session
        if op in ("seat", "next_game") and isinstance(after, BackgammonSession) and after.match:
            start, turns = after.match.game.position, []
        elif op == "move" and isinstance(before, BackgammonSession) and before.match:
            dice = before.match.game.dice
            moves = tuple(Move(int(s), int(t), bool(h)) for s, t, h in logged.step["moves"])
            if dice is not None:
                turns.append((dice, Play(moves)))
        before = after
    return start, turns
