"""Reading typed plays (BG-18): forgiving syntax first, then one of the legal plays or a reason.

The text is read without the position into checker paths (`24/18*/13`, `8/5(2)`, `bar/22`);
the legal play is then the one reaching the same position. When none does, the paths are
replayed on the board to say what is wrong in the player's own terms.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise, permutations

from engine.backgammon import movegen
from engine.backgammon.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engine.backgammon.play import BAR, OFF, PASS_TEXT, Play
from engine.backgammon.position import Position
from engine.backgammon.variant import STANDARD, Variant
from engine.reason import AllListed, Listing, Reason

Segment = tuple[int, int, bool]

_PASS_WORDS = {PASS_TEXT, "no move", "nomove", "no play", "cannot move", "dance"}
_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<times>\d)\))?$")
_POINT = re.compile(r"^(?P<name>bar|b|off|o|\d{1,2})(?P<hit>\*?)$")


def read_segments(text: str) -> list[Segment]:
    """Checker moves `(source, target, marked hit)` in the text's order; no position needed."""
    if not isinstance(text, str):
        raise InvalidMoveError("bg.read.not_text", text=text)
    body = text.strip().lower().replace(",", " ")
    # A dash between two point names means `/` (`13-8`); any other dash is kept, so the
    # refusal echoes the player's own text (`-1/-7`), not a rewrite of it.
    body = re.sub(r"(?<=[0-9a-z*])\s*-\s*(?=[0-9a-z])", "/", body)
    body = re.sub(r"\s*/\s*", "/", body)
    body = re.sub(r"\s*\*", "*", body)
    body = re.sub(r"\s*\(\s*(\d)\s*\)", r"(\1)", body)
    if not body:
        raise InvalidMoveError("bg.read.empty")
    if " ".join(body.split()) in _PASS_WORDS:
        return []
    segments: list[Segment] = []
    for token in body.split():
        segments.extend(_read_path(token))
    return segments


def _read_path(token: str) -> list[Segment]:
    """One checker's path such as `24/18*/13` or `8/5(2)`, as its single moves."""
    match = _TOKEN.match(token)
    if not match:
        raise InvalidMoveError("bg.read.unreadable", token=token)
    names = match.group("path").split("/")
    if len(names) < 2:
        raise InvalidMoveError("bg.read.no_end", token=token)
    points: list[tuple[int, bool]] = []
    for name in names:
        found = _POINT.match(name)
        if not found:
            raise InvalidMoveError("bg.read.not_a_point", token=token, name=name)
        points.append((_point_number(found.group("name"), token), bool(found.group("hit"))))
    times = int(match.group("times") or 1)
    if not 1 <= times <= 4:
        raise InvalidMoveError("bg.read.repeat", token=token)
    path: list[Segment] = []
    for (source, _), (target, hit) in pairwise(points):
        if source == OFF or target == BAR:
            raise InvalidMoveError("bg.read.bar_off", token=token)
        if target >= source:
            raise InvalidMoveError("bg.read.backwards", token=token)
        if hit and target == OFF:
            raise InvalidMoveError("bg.read.bear_off_hit", token=token)
        path.append((source, target, hit))
    return path * times


def _point_number(name: str, token: str) -> int:
    """The number of a point name: 1-24, 25 for the bar, 0 for off."""
    if name in ("bar", "b"):
        return BAR
    if name in ("off", "o"):
        return OFF
    number = int(name)
    if not 1 <= number <= 24:
        raise InvalidMoveError("bg.read.point_range", token=token)
    return number


def parse_play(
    position: Position, dice: tuple[int, int], text: str, variant: Variant = STANDARD
) -> Play:
    """The legal play `text` describes, or an error saying why there is none (BG-18)."""
    segments = read_segments(text)
    plays = position.legal_plays(dice, variant)
    own, opp = position.boards()
    for _source, target, marked in segments:
        if marked and opp[target] != 1:
            raise IllegalMoveError("bg.play.no_blot", point=target)
    if any(target != OFF and opp[target] >= 2 for _, target, _ in segments):
        # Even if the end is reachable another way, a stop the player named must be open.
        raise IllegalMoveError.because(_reason(position, dice, segments, plays, variant))
    reached = _net(own, segments)
    landed = {target for _, target, _ in segments if target != OFF and opp[target] == 1}
    matches = [
        play
        for play in plays
        if _net(own, [(m.source, m.target, m.hit) for m in play.moves]) == reached
        and landed <= {m.target for m in play.moves if m.hit}
    ]
    # A path that names its stops hits exactly there: 24/21* is not 24/22*/21*.
    exact = [p for p in matches if landed == {m.target for m in p.moves if m.hit}]
    if len(exact) == 1:
        return exact[0]
    if len(matches) == 1:
        return matches[0]
    if matches:
        choices = Listing(play.notation() for play in matches)
        raise AmbiguousMoveError("bg.play.ambiguous", text=text.strip(), choices=choices)
    raise IllegalMoveError.because(_reason(position, dice, segments, plays, variant))


def _net(own: Sequence[int], segments: Sequence[Segment]) -> tuple[int, ...]:
    """The mover's counts after the segments, checked against nothing."""
    after = list(own)
    for source, target, _ in segments:
        after[source] -= 1
        after[target] += 1
    return tuple(after)


def _reason(
    position: Position,
    dice: tuple[int, int],
    segments: list[Segment],
    plays: tuple[Play, ...],
    variant: Variant,
) -> Reason:
    """Why the segments are no legal play, in the player's terms."""
    roll = f"{dice[0]}-{dice[1]}"
    written_moves = {(source, target) for source, target, _ in segments}
    # Suggest the legal play that keeps most of what the player wrote.
    closest = max(plays, key=lambda p: len(written_moves & {(m.source, m.target) for m in p.moves}))
    example = closest.notation()
    cannot = Reason("bg.play.must_pass", {"roll": roll})
    if not segments:
        if plays == (Play(),):
            return cannot
        return Reason("bg.play.can_move", {"roll": roll, "example": example})
    own, opp = position.boards()
    pool = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    # Higher sources first: the bar is then entered first and no checker is used before it arrives.
    for source, target, _ in sorted(segments, key=lambda s: (-s[0], -s[1])):
        written = f"{_name(source)}/{_name(target)}"
        problem = movegen.move_problem(own, opp, source, target, variant.point_limit)
        spent = problem or _spend(pool, own, opp, source, target, variant.point_limit)
        if isinstance(spent, Reason):
            return Reason(spent.code, {**spent.params, "move": written})
        for die in spent:
            pool.remove(die)
        own[source] -= 1
        own[target] += 1
        if target != OFF and opp[target] == 1:
            opp[target] = 0
    if plays == (Play(),):
        return cannot
    most = max(len(play.moves) for play in plays)
    used = (4 if dice[0] == dice[1] else 2) - len(pool)
    if used < most:
        if most == 2:
            return Reason("bg.play.both_dice", {"example": example})
        return Reason("bg.play.all_moves", {"count": most, "example": example})
    if most == 1 and dice[0] != dice[1]:
        return Reason("bg.play.larger_die", {"die": max(dice), "example": example})
    return Reason("bg.play.not_legal", {"roll": roll, "example": example})


def _spend(
    pool: list[int], own: list[int], opp: list[int], source: int, target: int, limit: int | None
) -> list[int] | Reason:
    """The dice one checker's move from `source` to `target` uses, or why it cannot."""
    if not pool:
        return Reason("bg.move.dice_used")
    distance = source - target
    if distance in pool:
        return [distance]
    if target == OFF:
        higher = any(own[source + 1 : BAR])
        over = [die for die in pool if die > source]
        if over and not higher:
            return [min(over)]
        if over:
            return Reason("bg.move.higher_first", {"point": source})
    blocked: set[int] = set()
    for size in range(2, len(pool) + 1):
        for order in set(permutations(pool, size)):
            if sum(order) != distance:
                continue
            stops = [source - sum(order[:i]) for i in range(1, size)]
            closed = [p for p in stops if opp[p] >= 2 or (limit is not None and own[p] >= limit)]
            if not closed:
                return list(order)
            blocked.update(closed)
    if len(blocked) == 1:
        return Reason("bg.move.stop_blocked", {"point": blocked.pop()})
    if blocked:
        return Reason("bg.move.stops_blocked", {"points": AllListed(sorted(blocked, reverse=True))})
    rolled = "-".join(str(d) for d in pool)
    return Reason("bg.move.wrong_distance", {"distance": distance, "dice": rolled})


def _name(point: int) -> str:
    """A point as written in notation."""
    return "bar" if point == BAR else "off" if point == OFF else str(point)
