"""Run pydraughts (MIT) in its own process: PDN records in, the final PDN FEN of each out.

pydraughts imports as `draughts`, like py-draughts in the project's venv, so the test runs this
with pydraughts' install directory first on PYTHONPATH. Input (stdin): a JSON list of PDN texts.
Output (stdout): a JSON list with, per record, the FEN after replaying every move.
"""

from __future__ import annotations

import importlib
import json
import sys


def main() -> None:
    """Replay each record with pydraughts' PDN reader and its board."""
    # pydraughts, first on the path; imported by name because the type checker only knows
    # py-draughts under the same name.
    pydraughts = importlib.import_module("draughts")
    reader = importlib.import_module("draughts.PDN")
    Board, Move, PDNReader = pydraughts.Board, pydraughts.Move, reader.PDNReader

    fens = []
    for text in json.load(sys.stdin):
        game = PDNReader(pdn_text=text).games[0]
        board = Board(game.variant, "startpos")
        for move in game.moves:
            board.push(Move(board, pdn_move=move))
        fens.append(board.fen)
    json.dump(fens, sys.stdout)


if __name__ == "__main__":
    main()
