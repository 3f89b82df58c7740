"""Reading a typed backgammon play (BG-18) by the position it reaches among the legal plays.

The engine contract names a `parse_play`; until the engine ships it, the table reads plays here,
with the same signature and the engine's three error types (`InvalidMoveError`,
`IllegalMoveError`, `AmbiguousMoveError`), so switching over is a one-line import change.
Forgiving input: case, spaces, commas, `-` for `/`, `b`/`bar`, `o`/`off`, hit marks optional,
`24/18/13` or `24/13`, repeats as `8/5(2)`. Two plays reaching the same position are the same
play (BG-8), so matching on the position reached can never be ambiguous.
"""

from __future__ import annotations

import itertools
import re

from engine.backgammon import (
    IllegalMoveError,
    InvalidMoveError,
    Play,
    Position,
    Variant,
)

_TOKEN = re.compile(r"^([0-9a-z/]+?)\*?(?:\((\d)\))?$")
_BAR, _OFF = 25, 0


def _point(word: str, text: str) -> int:
    word = word.rstrip("*")
    if word in ("b", "bar"):
        return _BAR
    if word in ("o", "off"):
        return _OFF
    if word.isdigit() and 1 <= int(word) <= 24:
        return int(word)
    raise InvalidMoveError(f"{text.strip()!r}: {word!r} is not a point (1-24, bar or off)")


def read_hops(text: str) -> list[tuple[int, int]]:
    """The (from, to) hops a play text names, in the order written; no position needed."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidMoveError("write a play such as 13/7 8/7, or 'pass' when nothing can move")
    body = text.strip().lower().replace("-", "/").replace(",", " ")
    body = re.sub(r"\s*/\s*", "/", body)
    body = re.sub(r"\s*\*", "*", body)
    body = re.sub(r"\s+\(", "(", body)
    if body in ("pass", "none", "no move"):
        return []
    hops: list[tuple[int, int]] = []
    for token in body.split():
        cleaned = token.replace("*", "")
        match = _TOKEN.match(cleaned)
        if match is None or "/" not in match.group(1):
            raise InvalidMoveError(f"{text.strip()!r}: cannot read {token!r}; write moves as 13/7")
        points = [_point(word, text) for word in match.group(1).split("/")]
        if any(not word for word in match.group(1).split("/")):
            raise InvalidMoveError(f"{text.strip()!r}: cannot read {token!r}; write moves as 13/7")
        repeat = int(match.group(2) or 1)
        if repeat < 1 or repeat > 4:
            raise InvalidMoveError(f"{text.strip()!r}: a move repeats 1-4 times, not {repeat}")
        for _ in range(repeat):
            for start, end in itertools.pairwise(points):
                if end >= start:
                    raise InvalidMoveError(
                        f"{text.strip()!r}: checkers move from higher to lower points (BG-3)"
                    )
                hops.append((start, end))
    # Checkers only move down, so playing the highest starts first lets one checker's hops
    # be written in any order (18/13 24/18).
    return sorted(hops, key=lambda hop: -hop[0])


def _reached(position: Position, hops: list[tuple[int, int]], text: str) -> Position:
    own, opp = position.boards()
    for start, end in hops:
        if own[start] < 1:
            where = "the bar" if start == _BAR else str(start)
            raise IllegalMoveError(f"{text.strip()}: no checker on {where}")
        if end != _OFF and opp[end] >= 2:
            raise IllegalMoveError(f"{text.strip()}: {end} is blocked")
        if end == _OFF and sum(own[7:]) > (1 if start > 6 else 0):
            raise IllegalMoveError(
                f"{text.strip()}: bear off only once all your checkers are home (BG-11)"
            )
        own[start] -= 1
        own[end] += 1
        if end != _OFF and opp[end] == 1:
            opp[end] = 0
            opp[_BAR] += 1
    return position.from_boards(own, opp)


def parse_play(
    position: Position, dice: tuple[int, int], text: str, variant: Variant | None = None
) -> Play:
    """The legal play for `dice` that `text` names, or an engine error saying why not."""
    plays = position.legal_plays(dice) if variant is None else position.legal_plays(dice, variant)
    hops = read_hops(text)
    if not hops:
        if plays == (Play(()),):
            return plays[0]
        raise IllegalMoveError(
            f"you cannot pass: a legal play of {dice[0]}-{dice[1]} exists, "
            f"e.g. {plays[0].notation()}"
        )
    if plays == (Play(()),):
        raise IllegalMoveError(f"no legal play with {dice[0]}-{dice[1]}: the only play is to pass")
    reached = _reached(position, hops, text)
    for play in plays:
        if position.apply(play) == reached:
            return play
    used = len(hops)
    most = max(len(play.moves) for play in plays)
    if used < most:
        reason = "you must use both dice" if most == 2 else f"you must play {most} moves"
    else:
        reason = f"that is not a legal play of {dice[0]}-{dice[1]}"
    examples = ", ".join(play.notation() for play in plays[:3])
    raise IllegalMoveError(f"{text.strip()}: {reason}; legal plays include {examples}")
