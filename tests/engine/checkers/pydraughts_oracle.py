"""Run pydraughts (MIT) as an oracle in its own process: FEN lines in, legal moves out as JSON.

pydraughts imports as `draughts`, like py-draughts in the project's venv, so it runs here with
its install directory first on PYTHONPATH. Input (stdin): a JSON object {"variant": name,
"fens": [...]}. Output (stdout): a JSON list with, per FEN, the list of [path, captures].
"""

from __future__ import annotations

import importlib
import json
import sys


def main() -> None:
    """Answer one batch of positions."""
    # pydraughts, from the directory the test put first on the path; imported by name because the
    # type checker only knows py-draughts under the same name.
    Board = importlib.import_module("draughts").Board

    request = json.load(sys.stdin)
    answers = []
    for fen in request["fens"]:
        board = Board(request["variant"], fen)
        answers.append(
            [[list(move.steps_move), list(move.captures)] for move in board.legal_moves()]
        )
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
