"""BG-14, BG-15, BG-16, BG-17: every transition of random matches replayed in GNU Backgammon.

Before each action the match's Position ID and Match ID are loaded into gnubg, gnubg performs
the same action with its own commands, and the IDs it then shows must equal ours. gnubg does
not load a pending double or resignation from an ID, so answers to an offer replay the offer
from the state before it.
"""

from __future__ import annotations

import base64
import random

import gnubg
import pytest

from engine.backgammon.cube import SIZE_NAMES
from engine.backgammon.game import MatchOptions, Phase
from engine.backgammon.match import Match
from engine.backgammon.match_id import decode_match_id
from engine.backgammon.position import Side

_RESIGN_WORDS = {1: "single", 2: "gammon", 3: "backgammon"}
assert set(_RESIGN_WORDS) == set(SIZE_NAMES)


@pytest.fixture(scope="module", autouse=True)
def _gnubg_humans() -> None:
    """Both gnubg players human, nothing automatic: gnubg only does what we tell it."""
    for command in (
        "set player 0 human",
        "set player 1 human",
        "set automatic roll off",
        "set automatic game off",
        "set sound enable off",
    ):
        gnubg.command(command)


def _ids(match: Match) -> tuple[str, str]:
    """Our Position ID and Match ID, as the text form carries them."""
    _, position_id, match_id = match.to_text().split(":")
    assert match.gnubg_id() == f"{position_id}:{match_id}"
    return position_id, match_id


def _gnubg_after(start: Match, commands: list[str]) -> tuple[str, str]:
    """gnubg's Position ID and Match ID after loading `start` and running `commands`."""
    gnubg.set_gnubg_id(start.gnubg_id())
    assert (gnubg.position_id(), gnubg.match_id()) == _ids(start)
    for command in commands:
        gnubg.command(command)
    return str(gnubg.position_id()), str(gnubg.match_id())


def _scores(match_id: str) -> tuple[tuple[int, int], str]:
    """The two scores (manual bits 37-66) and the Match ID with them cleared."""
    bits = int.from_bytes(base64.b64decode(match_id), "little")
    mask = ((1 << 30) - 1) << 36
    scores = ((bits >> 36) & 0x7FFF, (bits >> 51) & 0x7FFF)
    cleared = base64.b64encode((bits & ~mask).to_bytes(9, "little")).decode()
    return scores, cleared


def _agree(match: Match, gnubg_ids: tuple[str, str]) -> bool:
    """gnubg's IDs equal ours, except that gnubg does not cap the last game's points (BG-16).

    When a game wins the match gnubg adds its full value; we stop at the match length.
    """
    ours = _ids(match)
    if match.winner is None:
        return gnubg_ids == ours
    (their_scores, their_rest), (our_scores, our_rest) = _scores(gnubg_ids[1]), _scores(ours[1])
    winner = match.winner
    return (
        gnubg_ids[0] == ours[0]
        and their_rest == our_rest
        and our_scores[winner] == match.options.match_length <= their_scores[winner]
        and our_scores[winner.opponent] == their_scores[winner.opponent]
    )


def _step(match: Match, rng: random.Random) -> tuple[Match, Match, list[str]]:
    """One random legal action: (the state gnubg starts from, the result, gnubg's commands)."""
    game = match.game
    if game.phase is Phase.ROLLING:
        draw = rng.random()
        can_double = game.cube_in_play and game.cube.double_problem(game.position.turn) is None
        if draw < 0.15 and can_double and not _dead_cube(match):
            return match, match.double(), ["double"]
        if draw < 0.2 and game.to_act is not None:
            size = rng.randint(1, 3)
            offer = match.offer_resignation(size, game.to_act)
            return match, offer, [f"resign {_RESIGN_WORDS[size]}"]
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        return match, match.roll(dice), [f"set dice {dice[0]} {dice[1]}"]
    if game.phase is Phase.MOVING:
        play = rng.choice(game.legal_plays())
        return match, match.move(play), [f"move {play.notation()}"] if play.moves else []
    raise AssertionError(f"no random step from {game.phase}")


def _dead_cube(match: Match) -> bool:
    """gnubg refuses a double when the cube already covers what the doubler needs.

    RULES.md (BG-14, BG-16) does not forbid that double, so our engine allows it; such doubles
    are left out of the comparison.
    """
    length, game = match.options.match_length, match.game
    return bool(length) and game.cube.value >= length - match.score[game.position.turn]


def _answer(offered: Match, rng: random.Random) -> tuple[Match, str]:
    """A random answer to the pending double or resignation, and gnubg's word for it."""
    if offered.game.phase is Phase.DOUBLED:
        return (offered.take(), "take") if rng.random() < 0.7 else (offered.pass_double(), "drop")
    if rng.random() < 0.5:
        return offered.accept_resignation(), "accept"
    return offered.decline_resignation(), "reject"


def _jacoby_resignation(match: Match) -> bool:
    """gnubg scores resignations without the Jacoby rule; we apply it (see test_resign)."""
    game = match.game
    return game.options.jacoby_applies and game.cube.centred and game.resignation > 1


def _replay_random_match(options: MatchOptions, seed: int, max_steps: int) -> dict[str, int]:
    """Drive one match at random, checking each action against gnubg; count what was checked."""
    rng = random.Random(seed)
    match = Match.start(options)
    checked: dict[str, int] = {}
    for _ in range(max_steps):
        if match.winner is not None:
            break
        phase = match.game.phase
        if phase is Phase.OVER:
            match = match.next_game()
            continue
        if phase is Phase.OPENING:
            match = match.opening_roll(rng.randint(1, 6), rng.randint(1, 6))
            continue
        start, match, commands = _step(match, rng)
        if match.game.phase in (Phase.DOUBLED, Phase.RESIGNING):
            match, answer = _answer(match, rng)
            commands.append(answer)
            if answer == "accept" and _jacoby_resignation(match):
                continue
        if not commands:
            continue
        assert _agree(match, _gnubg_after(start, commands)), (commands, start.to_text())
        for command in commands:
            checked[command.split()[0]] = checked.get(command.split()[0], 0) + 1
    return checked


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bg16_match_transitions_agree_with_gnubg(seed: int) -> None:
    checked = _replay_random_match(MatchOptions(match_length=5), seed, 400)
    assert checked.get("move", 0) > 20 and checked.get("set", 0) > 20


def test_bg14_bg15_every_offer_and_answer_agrees_with_gnubg() -> None:
    checked: dict[str, int] = {}
    for seed in range(4, 10):
        for name, count in _replay_random_match(MatchOptions(match_length=7), seed, 150).items():
            checked[name] = checked.get(name, 0) + count
    for name in ("double", "take", "drop", "resign", "accept", "reject"):
        assert checked.get(name, 0) > 0, f"no {name} was checked: {checked}"


def test_bg16_money_session_agrees_with_gnubg() -> None:
    checked = _replay_random_match(MatchOptions(), 11, 300)
    assert checked.get("move", 0) > 20


@pytest.mark.parametrize("length", [3, 5])
def test_bg2_opening_roll_agrees_with_a_new_gnubg_match(length: int) -> None:
    """gnubg rolls a real opening for `new match N`; the same dice give us the same IDs."""
    for _ in range(5):
        gnubg.command(f"new match {length}")
        key = decode_match_id(str(gnubg.match_id()))
        high, low = key.dice
        white, black = (high, low) if key.on_roll is Side.WHITE else (low, high)
        match = Match.start(MatchOptions(match_length=length)).opening_roll(white, black)
        assert match.game.phase is Phase.MOVING
        assert _ids(match) == (gnubg.position_id(), gnubg.match_id())
