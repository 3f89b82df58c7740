"""The match text form (BG-17 IDs plus a versioned prefix), and random whole matches (BG-16)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.backgammon.cube import Cube
from engine.backgammon.game import Game, MatchOptions, Phase
from engine.backgammon.match import Match, MatchTextError
from engine.backgammon.position import Position, Side
from engine.backgammon.variant import BADGAMMON, FIVE_LIMIT, VARIANTS

START_ID = "4HPwATDgc/ABMA"  # gnubg's Position ID of the starting position (gnubg manual)


def test_bg17_new_match_text_shows_gnubg_ids() -> None:
    match = Match.start(MatchOptions(match_length=5))
    prefix, position_id, match_id = match.to_text().split(":")
    assert prefix == "v1;standard;cube=1;jacoby=1;crawford=1;stage=pre;game=1"
    assert position_id == START_ID
    assert len(match_id) == 12


def test_bg17_options_survive_the_text_form() -> None:
    options = MatchOptions(match_length=0, cube=False, jacoby=False, variant=FIVE_LIMIT)
    match = Match.start(options)
    text = match.to_text()
    assert text.startswith("v1;five_limit;cube=0;jacoby=0;crawford=1;stage=pre;game=1:")
    assert Match.from_text(text) == match
    assert Match.from_text(f"  {text}\n") == match


def test_bg17_text_round_trips_through_a_cube_dialogue_and_a_resignation() -> None:
    match = Match.start(MatchOptions(match_length=7)).opening_roll(5, 2)
    states = [match]
    play = match.game.legal_plays()[0]
    match = match.move(play)
    for step in ("double", "take", "offer", "decline", "offer", "accept", "next"):
        if step == "double":
            match = match.double()
        elif step == "take":
            match = match.take()
        elif step == "offer":
            match = match.offer_resignation(2, Side.WHITE)
        elif step == "decline":
            match = match.decline_resignation()
        elif step == "accept":
            match = match.accept_resignation()
        else:
            match = match.next_game()
        states.append(match)
    for state in states:
        assert Match.from_text(state.to_text()) == state
    assert states[-2].score == (0, 4)  # gammon resigned on Black's 2-cube


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (42, "a match text is a string"),
        ("v1;standard", "'<prefix>:<position id>:<match id>'"),
        (f"v2;standard;cube=1;jacoby=1;crawford=1;stage=pre;game=1:{START_ID}:MAGvAAAAAAAE", "v1;"),
        (f"v1;hyper;cube=1;jacoby=1;crawford=1;stage=pre;game=1:{START_ID}:MAGvAAAAAAAE", "hyper"),
        (
            f"v1;standard;cube=2;jacoby=1;crawford=1;stage=pre;game=1:{START_ID}:MAGvAAAAAAAE",
            "cube=0",
        ),
        (
            f"v1;standard;cube=1;jacoby=1;crawford=1;stage=mid;game=1:{START_ID}:MAGvAAAAAAAE",
            "stage=",
        ),
        (
            f"v1;standard;cube=1;jacoby=1;crawford=1;stage=pre;game=x:{START_ID}:MAGvAAAAAAAE",
            "game=",
        ),
        (f"v1;standard;cube=1;jacoby=1;crawford=1;stage=pre;game=1:{START_ID}:MAGvAAAA", "12 char"),
        (
            "v1;standard;cube=1;jacoby=1;crawford=1;stage=pre;game=1:4HPwATDgc:MAGvAAAAAAAE",
            "position",
        ),
        (
            f"v1;standard;cube=1;jacoby=0;crawford=1;stage=pre;game=1:{START_ID}:cAkAAAAAAAAA",
            "Jacoby",
        ),
        (
            f"v1;standard;cube=1;jacoby=1;crawford=1;stage=pre;game=0:{START_ID}:MAGvAAAAAAAE",
            "from 1",
        ),
    ],
)
def test_bg17_bad_text_gets_a_specific_error(text: str, reason: str) -> None:
    with pytest.raises(MatchTextError, match=reason):
        Match.from_text(text)


def test_bg17_contradicting_fields_are_refused() -> None:
    """A doubled cube in a game played without the cube cannot be read back."""
    options = MatchOptions(match_length=5)
    game = Game(options, Position.initial(Side.WHITE), Cube(2, Side.BLACK), Phase.ROLLING)
    text = Match(options, game).to_text().replace("cube=1", "cube=0")
    with pytest.raises(MatchTextError, match="without it"):
        Match.from_text(text)


def _act(match: Match, rng: random.Random) -> Match:
    """One random action allowed at this moment, including offers and answers."""
    game = match.game
    if game.phase is Phase.OPENING:
        return match.opening_roll(rng.randint(1, 6), rng.randint(1, 6))
    if game.phase is Phase.OVER:
        starter = rng.choice(list(Side)) if game.options.variant is BADGAMMON else None
        return match.next_game(starter=starter)
    if game.phase is Phase.DOUBLED:
        return match.take() if rng.random() < 0.6 else match.pass_double()
    if game.phase is Phase.RESIGNING:
        return match.accept_resignation() if rng.random() < 0.4 else match.decline_resignation()
    if rng.random() < 0.01:
        return match.offer_resignation(rng.randint(1, 3), rng.choice(list(Side)))
    if game.phase is Phase.MOVING:
        return match.move(rng.choice(game.legal_plays()))
    turn = game.position.turn
    if game.cube_in_play and game.cube.double_problem(turn) is None and rng.random() < 0.08:
        return match.double()
    return match.roll((rng.randint(1, 6), rng.randint(1, 6)))


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(
    length=st.integers(1, 7),
    variant=st.sampled_from(sorted(VARIANTS)),
    cube=st.booleans(),
    crawford=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_bg16_random_match_ends_with_a_valid_score(
    length: int, variant: str, cube: bool, crawford: bool, seed: int
) -> None:
    """A whole match of random legal actions: valid score at the end, text round-trips always."""
    rng = random.Random(seed)
    options = MatchOptions(
        match_length=length, cube=cube, crawford=crawford, variant=VARIANTS[variant]
    )
    starter = Side.WHITE if options.variant is BADGAMMON else None
    match = Match.start(options, starter=starter)
    crawford_games = 0
    for _ in range(20_000):
        if match.winner is not None:
            break
        before = match
        match = _act(match, rng)
        assert Match.from_text(match.to_text()) == match
        assert all(b <= a <= length for b, a in zip(before.score, match.score, strict=True))
        if match.game_number > before.game_number:
            # BG-16: the Crawford game is the first game after a side reaches N-1, once.
            due = crawford and crawford_games == 0 and max(match.score) == length - 1
            assert match.game.crawford == due
            crawford_games += match.game.crawford
    winner = match.winner
    assert winner is not None, "the match did not finish"
    assert match.score[winner] == length  # the winner has N and gained no more than it needed
    assert match.score[winner.opponent] < length


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(jacoby=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_bg16_random_money_session_adds_up_the_game_results(jacoby: bool, seed: int) -> None:
    """Three random money games: the score is the sum of the results, Jacoby applied."""
    rng = random.Random(seed)
    match = Match.start(MatchOptions(jacoby=jacoby))
    totals = [0, 0]
    for _ in range(3):
        while match.game.phase is not Phase.OVER:
            match = _act(match, rng)
            assert Match.from_text(match.to_text()) == match
        result = match.game.result
        assert result is not None
        totals[result.winner] += result.points
        assert match.score == tuple(totals)
        if result.size > 1 and match.game.cube.centred:
            assert result.points == (1 if jacoby else result.size)
        match = match.next_game()
    assert match.winner is None
