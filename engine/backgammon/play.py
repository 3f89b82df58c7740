"""Moves and plays: small immutable values with a standard text form (BG-18)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.backgammon.errors import InvalidMoveError

BAR = 25
OFF = 0
PASS_TEXT = "pass"


def point_text(point: int) -> str:
    """The name of a point in notation: `bar`, `off` or its number."""
    if point == BAR:
        return "bar"
    if point == OFF:
        return "off"
    return str(point)


@dataclass(frozen=True, slots=True)
class Move:
    """One checker moved by one die, in the mover's numbering (25 = bar, 0 = off)."""

    source: int
    target: int
    hit: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.source <= BAR:
            raise InvalidMoveError("bg.value.source", source=self.source)
        if not OFF <= self.target < self.source:
            raise InvalidMoveError("bg.value.direction", source=self.source, target=self.target)
        if self.hit and self.target == OFF:
            raise InvalidMoveError("bg.value.bear_off_hit")
        if self.source == BAR and self.target < 19:
            raise InvalidMoveError("bg.value.entry", target=self.target)

    def text(self) -> str:
        """The move as `13/7*`, `bar/22` or `6/off`."""
        mark = "*" if self.hit else ""
        return f"{point_text(self.source)}/{point_text(self.target)}{mark}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """Read one move written as by `text()` (the inverse, no position needed)."""
        body = text.strip().lower()
        hit = body.endswith("*")
        parts = body.rstrip("*").split("/")
        if len(parts) != 2:
            raise InvalidMoveError("bg.value.text", text=text)
        return cls(_read_point(parts[0], text), _read_point(parts[1], text), hit)


def _read_point(word: str, text: str) -> int:
    """A point name from `Move.text()` back to its number."""
    if word == "bar":
        return BAR
    if word == "off":
        return OFF
    if not word.isdigit():
        raise InvalidMoveError("bg.value.point", text=text, word=word)
    return int(word)


@dataclass(frozen=True, slots=True)
class Play:
    """A whole turn: the moves of one roll in the order played (empty for a forced pass)."""

    moves: tuple[Move, ...] = ()

    def notation(self) -> str:
        """Standard notation (BG-18): one checker's moves chained, repeats as `(2)`."""
        if not self.moves:
            return PASS_TEXT
        paths = _checker_paths(self.moves)
        texts = [_path_text(path) for path in paths]
        out: list[str] = []
        for text in dict.fromkeys(texts):
            count = texts.count(text)
            out.append(f"{text}({count})" if count > 1 else text)
        return " ".join(out)

    def __str__(self) -> str:
        return self.notation()


def _checker_paths(moves: tuple[Move, ...]) -> list[list[Move]]:
    """Join moves into the paths of single checkers, highest start first."""
    ordered = sorted(moves, key=lambda m: (-m.source, -m.target))
    paths: list[list[Move]] = []
    for move in ordered:
        # A checker that lands and moves on again is written as one path (24/18/13 is 24/13).
        for path in paths:
            if path[-1].target == move.source:
                path.append(move)
                break
        else:
            paths.append([move])
    paths.sort(key=lambda p: (-p[0].source, -p[-1].target))
    return paths


def _path_text(path: list[Move]) -> str:
    """One checker's path: intermediate points appear only where it hit (24/18*/13)."""
    parts = [point_text(path[0].source)]
    for move in path[:-1]:
        if move.hit:
            parts.append(f"{point_text(move.target)}*")
    last = path[-1]
    parts.append(point_text(last.target) + ("*" if last.hit else ""))
    return "/".join(parts)
