"""Checkers games as Portable Draughts Notation (PDN 3.0 tags, numeric squares, full paths).

Variants with a PDN game type carry it (`GameType` 20 international, 21 English, 23 pool, 25
Russian, 26 Brazilian); every record also names the Duelboard variant in a `Variant` tag, since
the house rules (`box`) have no game type. Captures are written as their full path (`22x15x6`)
so that a reader never has to choose between routes. The commitment to the random draw of who
starts and its revealed seed are a comment before the moves (checkers has no dice).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service import outcomes as out
from bot.service.checkers import CheckersSession
from bot.service.session import Log

GAME_TYPES = {"international": 20, "english": 21, "pool": 23, "russian": 25, "brazilian": 26}
MOVES_PER_LINE = 8


def move_text(step: Mapping[str, Any]) -> str:
    """A move step as PDN: `11-15`, or a capture's whole path `22x15x6`."""
    separator = "x" if step.get("captures") else "-"
    return separator.join(str(int(square)) for square in step["path"])


def game_text(log: Log, names: tuple[str, str], *, date: str | None = None) -> str:
    """The PDN record of a checkers game; `names` are White's and Black's."""
    start = log.start
    if not isinstance(start, CheckersSession):
        raise ValueError(f"game #{log.game.id} is not checkers; export backgammon as .mat")
    game = log.game
    variant = start.options.variant
    moves = [move_text(logged.step) for logged in log.steps if logged.step["op"] == "move"]
    ended = log.games_ended()
    result = _result(log, ended[-1] if ended else None)
    tags = [
        ("Event", f"Duelboard game #{game.id}"),
        ("Site", "Duelboard"),
        ("Date", date or game.created_at.strftime("%Y.%m.%d")),
        ("White", names[0]),
        ("Black", names[1]),
        ("Result", result),
    ]
    if variant in GAME_TYPES:
        tags.append(("GameType", str(GAME_TYPES[variant])))
    tags.append(("Variant", variant))
    if ended:
        tags.append(("Termination", ended[-1].stored_reason))
    lines = [f'[{name} "{_quoted(value)}"]' for name, value in tags]
    comment = _draw_comment(log)
    if comment:
        lines.append(comment)
    body: list[str] = []
    for index in range(0, len(moves), 2):
        body.append(f"{index // 2 + 1}. " + " ".join(moves[index : index + 2]))
    body.append(result)
    for index in range(0, len(body), MOVES_PER_LINE):
        lines.append(" ".join(body[index : index + MOVES_PER_LINE]))
    return "\n".join(lines) + "\n"


def _result(log: Log, ended: out.GameEnded | None) -> str:
    """2-0 White won, 0-2 Black won, 1-1 drawn, * unfinished."""
    seats = log.final.seats
    if ended is None or seats is None:
        return "*"
    if ended.winner_id is None:
        return "1-1"
    return "2-0" if ended.winner_id == seats[0] else "0-2"


def _draw_comment(log: Log) -> str:
    game = log.game
    parts = []
    if game.dice_commitment:
        parts.append(f"Commitment to the random draw of who starts {game.dice_commitment}")
    if game.dice_secret and not game.status.is_open:
        parts.append(f"seed of the draw {game.dice_secret} (its SHA-256 is the commitment)")
    return "{" + "; ".join(parts) + "}" if parts else ""


def _quoted(value: str) -> str:
    return value.replace('"', "'").replace("\n", " ")
