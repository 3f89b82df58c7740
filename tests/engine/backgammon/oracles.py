"""Independent engines (open_spiel, GNU Backgammon) seen through our Position, for tests only."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import gnubg
import pyspiel

from engine.backgammon import Position, Side, Variant

CHECKERS = 15
HYPER_CHECKERS = 3  # open_spiel's hyper_backgammon
_DICE = re.compile(r"^Dice: (\d)(\d)$", re.MULTILINE)
_BAR = re.compile(r"^Bar: ?([xo]*)$", re.MULTILINE)


def spiel_game(hyper: bool = False) -> pyspiel.Game:
    """open_spiel's backgammon (or its hypergammon, three checkers a side) with the turn cap
    raised so long games are not cut short."""
    return pyspiel.load_game(
        "backgammon", {"max_player_turns": 1_000_000, "hyper_backgammon": hyper}
    )


def spiel_position(state: pyspiel.State, turn: Side, checkers: int = CHECKERS) -> Position:
    """Our Position for an open_spiel state; player 0 ('x') is White, moving up its indices."""
    text = str(state)
    bar_match = _BAR.search(text)
    bar_text = bar_match.group(1) if bar_match else ""
    white = tuple(state.board(0, 24 - p) for p in range(1, 25))
    black = tuple(state.board(1, p - 1) for p in range(1, 25))
    bar = (bar_text.count("x"), bar_text.count("o"))
    off = (checkers - sum(white) - bar[0], checkers - sum(black) - bar[1])
    return Position((white, black), bar, off, turn)


def spiel_dice(state: pyspiel.State) -> tuple[int, int]:
    """The dice open_spiel rolled for the turn being played."""
    found = _DICE.search(str(state))
    assert found, str(state)
    return int(found.group(1)), int(found.group(2))


def spiel_turn_ends(state: pyspiel.State) -> dict[str, list[int]]:
    """Every distinct state at the end of this turn (doubles take two actions), with its actions."""
    player = state.current_player()
    frontier: dict[str, tuple[pyspiel.State, list[int]]] = {str(state): (state, [])}
    ends: dict[str, list[int]] = {}
    while frontier:
        following: dict[str, tuple[pyspiel.State, list[int]]] = {}
        for current, actions in frontier.values():
            for action in current.legal_actions():
                child = current.child(action)
                key = str(child)
                path = [*actions, action]
                if child.is_terminal() or child.current_player() != player:
                    ends.setdefault(key, path)
                elif key not in following:
                    following[key] = (child, path)
        frontier = following
    return ends


def spiel_results(
    state: pyspiel.State, turn: Side, checkers: int = CHECKERS
) -> dict[Position, list[int]]:
    """open_spiel's resulting positions (turn passed) with an action path to each."""
    results: dict[Position, list[int]] = {}
    for path in spiel_turn_ends(state).values():
        end = state.clone()
        for action in path:
            end.apply_action(action)
        results.setdefault(spiel_position(end, turn.opponent, checkers), path)
    return results


def gnubg_board(position: Position) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """gnubg's board: the side not on roll, then the side on roll, 24 points and the bar each."""
    waiting, on_roll = position.turn.opponent, position.turn
    return (
        (*position.points[waiting], position.bar[waiting]),
        (*position.points[on_roll], position.bar[on_roll]),
    )


@dataclass(frozen=True)
class GnubgPlays:
    """What gnubg tells of a roll's plays: the count, and the results its tuples pin down."""

    count: int
    complete: frozenset[Position]
    bearing_off: int


def gnubg_plays(position: Position, dice: tuple[int, int]) -> GnubgPlays:
    """gnubg's legal plays; a tuple that reaches a bear-off is cut there, so only counted."""
    found = gnubg.findbestmoves(
        gnubg_board(position), gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 1, 0, 0), dice
    )
    complete: set[Position] = set()
    bearing_off = 0
    for entry in found:
        move = entry["move"]
        if len(move) % 2:
            bearing_off += 1
            continue
        complete.add(_apply_pairs(position, move))
    return GnubgPlays(len(found), frozenset(complete), bearing_off)


def _apply_pairs(position: Position, pairs: tuple[int, ...]) -> Position:
    """Apply gnubg's (from, to) pairs (mover's numbering, 25 = bar) without our move checks."""
    mine = list(position.points[position.turn])
    theirs = list(position.points[position.turn.opponent])
    bar = list(position.bar)
    off = list(position.off)
    mover, other = position.turn, position.turn.opponent
    for source, target in zip(pairs[0::2], pairs[1::2], strict=True):
        if source == 25:
            bar[mover] -= 1
        else:
            mine[source - 1] -= 1
        if target == 0:
            off[mover] += 1
            continue
        mine[target - 1] += 1
        if theirs[24 - target]:
            theirs[24 - target] -= 1
            bar[other] += 1
    rows = {mover: tuple(mine), other: tuple(theirs)}
    return Position((rows[Side.WHITE], rows[Side.BLACK]), (bar[0], bar[1]), (off[0], off[1]), other)


Policy = Callable[[Position, list[Position], random.Random], int]


def _pick_random(_: Position, results: list[Position], rng: random.Random) -> int:
    return rng.randrange(len(results))


def _pick_hitter(before: Position, results: list[Position], rng: random.Random) -> int:
    """Hit as much as possible: many bar, dance and partial-entry positions follow."""
    other = before.turn.opponent
    return max(range(len(results)), key=lambda i: (results[i].bar[other], rng.random()))


def _pick_racer(before: Position, results: list[Position], rng: random.Random) -> int:
    """Run and bear off fast: overshoot and must-move-inside positions follow."""
    mover = before.turn
    return min(range(len(results)), key=lambda i: (results[i].pip_count(mover), rng.random()))


def _pick_anchor(before: Position, results: list[Position], rng: random.Random) -> int:
    """Keep checkers back in the opponent's home: contact (and hits) during the bear-off."""
    mover = before.turn
    return max(
        range(len(results)),
        key=lambda i: (sum(results[i].points[mover][18:]), rng.random()),
    )


POLICIES: tuple[Policy, ...] = (_pick_random, _pick_hitter, _pick_racer, _pick_anchor)


@dataclass(frozen=True)
class Turn:
    """One (position, dice) pair met in self-play, with open_spiel's results for it."""

    position: Position
    dice: tuple[int, int]
    spiel: frozenset[Position]


def self_play(
    seed: int, pairs: int, game_turns: int = 300, noise: float = 0.2, hyper: bool = False
) -> Iterator[Turn]:
    """Yield `pairs` turns of seeded open_spiel games (hypergammon if `hyper`), each side
    following a random policy.

    A game stops after `game_turns` turns so that two hitters cannot fill the sample alone.
    """
    rng = random.Random(seed)
    game = spiel_game(hyper)
    checkers = HYPER_CHECKERS if hyper else CHECKERS
    produced = 0
    while produced < pairs:
        state = game.new_initial_state()
        policies = (rng.choice(POLICIES), rng.choice(POLICIES))
        turns = 0
        while not state.is_terminal() and turns < game_turns and produced < pairs:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            player = state.current_player()
            side = Side(player)
            position = spiel_position(state, side, checkers)
            results = spiel_results(state, side, checkers)
            yield Turn(position, spiel_dice(state), frozenset(results))
            produced += 1
            turns += 1
            ordered = list(results)
            policy = _pick_random if rng.random() < noise else policies[player]
            for action in results[ordered[policy(position, ordered, rng)]]:
                state.apply_action(action)


def variant_play(
    seed: int, pairs: int, variant: Variant, game_turns: int = 300
) -> Iterator[tuple[Position, tuple[int, int]]]:
    """Yield `pairs` (position, dice) turns of seeded games from `variant`'s start, each side
    following a random policy; the plays come from our engine, the checks from gnubg."""
    rng = random.Random(seed)
    produced = 0
    while produced < pairs:
        position = Position.initial(Side(rng.randrange(2)), variant)
        policies = (rng.choice(POLICIES), rng.choice(POLICIES))
        turns = 0
        while position.winner() is None and turns < game_turns and produced < pairs:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            yield position, dice
            produced += 1
            turns += 1
            results = [position.apply(play) for play in position.legal_plays(dice, variant)]
            policy = _pick_random if rng.random() < 0.2 else policies[position.turn]
            position = results[policy(position, results, rng)]
