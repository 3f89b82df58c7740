"""Session rules without a database: forced plays and passes, opening rolls, Jacoby, text form."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.errors import ActionNotAllowedError
from bot.service.kinds import options_for
from bot.service.session import Context, Op, Run
from bot.service.views import SESSIONS_KEPT, load_session, reduce_event, stored_text
from bot.store import GameEvent
from engine.backgammon import Move, Play, Position, Side
from engine.backgammon.matchplay import Game, Match, Phase

WHITE_ID, BLACK_ID = 101, 202
CTX = Context(7, "c" * 64)


def scripted(*rolls: tuple[int, int]) -> Any:
    """A roller that hands out `rolls` by roll number."""
    return lambda number: rolls[number - 1]


def row(counts: dict[int, int]) -> tuple[int, ...]:
    """24 point counts from {point: checkers} in the side's own numbering."""
    return tuple(counts.get(point, 0) for point in range(1, 25))


def session_at(position: Position, **choices: Any) -> BackgammonSession:
    """A money game sitting in `position`, with the side to move about to roll."""
    options = options_for("backgammon", **choices)
    match = Match(
        options.match_options(), Game(options.match_options(), position, phase=Phase.ROLLING)
    )
    return BackgammonSession(options, (WHITE_ID, BLACK_ID), match)


def test_bg10_closed_out_roll_is_a_forced_pass_announced() -> None:
    # White has one checker on the bar; Black holds all six points of its home board, which are
    # White's entry points 19-24, so no roll enters (BG-10) and the turn passes by itself.
    position = Position(
        (row({6: 14}), row({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})), bar=(1, 0)
    )
    session = session_at(position, cube=False)
    run: Run[Any] = Run(session, CTX)
    session.settle(run, scripted((6, 5), (3, 1)))
    assert run.outcomes[:3] == [
        out.Rolled(7, WHITE_ID, 1, (6, 5)),
        out.ForcedPass(7, WHITE_ID, (6, 5), forced=True),
        out.Rolled(7, BLACK_ID, 2, (3, 1)),
    ]
    assert run.session.actor() == 1  # Black has a choice of plays: the game waits


@pytest.mark.parametrize(("jacoby", "points"), [(True, 1), (False, 2)])
def test_bg16_forced_last_play_and_jacoby_gammon(jacoby: bool, points: int) -> None:
    # White has one checker left, on its 2-point; any roll bears it off, so the play is forced.
    # Black has borne off nothing and stands outside White's home: a gammon (BG-13), which the
    # Jacoby rule counts as a single game while the cube is centred (BG-16).
    position = Position((row({2: 1}), row({6: 15})), off=(14, 0))
    session = session_at(position, jacoby=jacoby)
    run = session.act(0, Op.ROLL, None, scripted((6, 5)), CTX)
    moved = [o for o in run.outcomes if isinstance(o, out.Moved)]
    assert moved == [out.Moved(7, WHITE_ID, "2/off", forced=True)]
    ended = run.outcomes[-1]
    assert isinstance(ended, out.GameEnded)
    assert (ended.winner_id, ended.size, ended.points) == (WHITE_ID, 2, points)
    assert run.session.over


def test_bg2_opening_ties_are_rolled_again_each_with_its_own_number() -> None:
    options = options_for("backgammon")
    session = BackgammonSession.pending(options)
    run = session.start(WHITE_ID, BLACK_ID, scripted((3, 3), (4, 4), (2, 5)), CTX)
    openings = [o for o in run.outcomes if isinstance(o, out.OpeningRolled)]
    assert openings == [
        out.OpeningRolled(7, 1, 3, 3, None),
        out.OpeningRolled(7, 2, 4, 4, None),
        out.OpeningRolled(7, 3, 2, 5, BLACK_ID),
    ]
    match = run.session.match
    assert match is not None
    assert match.game.position.turn is Side.BLACK
    assert match.game.dice == (5, 2)  # BG-2: the starter plays both numbers shown


def test_badgammon_starter_by_lot_rolls_both_dice() -> None:
    # Lot: roll 1, first die 1-3 gives the start to the challenger (here 2: challenger starts).
    options = options_for("backgammon", "badgammon", starter="random")
    run = BackgammonSession.pending(options).start(
        WHITE_ID, BLACK_ID, scripted((2, 6), (6, 6)), CTX
    )
    assert out.StarterChosen(7, WHITE_ID, True, 1) in run.outcomes
    assert not any(isinstance(o, out.OpeningRolled) for o in run.outcomes)
    # The starter may double before the first roll, so the game waits for White to roll.
    assert run.session.actor() == 0 and run.session.awaiting() == "roll_or_double"


def test_resignation_needs_a_size_one_to_three() -> None:
    session = session_at(Position.initial())
    with pytest.raises(ActionNotAllowedError, match="single game, a gammon or a backgammon"):
        session.act(0, Op.RESIGN, 4, scripted(), CTX)


def test_double_is_refused_without_the_cube() -> None:
    session = session_at(Position.initial(), cube=True)
    no_cube = session_at(Position.initial(), cube=False)
    assert session.may_double() and not no_cube.may_double()
    with pytest.raises(ActionNotAllowedError, match="without the cube"):
        no_cube.act(0, Op.DOUBLE, None, scripted(), CTX)


def test_ck5_single_capture_is_forced_and_played_by_the_session() -> None:
    # . . . .   White man on 22, Black man on 18: the capture 22x15 is compulsory (CK-5) and the
    # only move, so the session plays it; Black then has no piece left and loses (CK-10).
    options = options_for("checkers", "box")
    game = ck.Game.new("box", ck.Position.from_fen("W:W22:B18", "box"))
    session = CheckersSession(options, (WHITE_ID, BLACK_ID), game)
    run: Run[Any] = Run(session, CTX)
    session.settle(run)
    assert run.outcomes[0] == out.Moved(7, WHITE_ID, "22x15", forced=True)
    ended = run.outcomes[-1]
    assert isinstance(ended, out.GameEnded) and ended.winner_id == WHITE_ID


def test_ck2_starter_plays_the_colour_that_moves_first() -> None:
    # English draughts: the dark side (Black) moves first; the chosen starter gets Black.
    options = options_for("checkers", "english", starter="opponent")
    run = CheckersSession.pending(options).start(WHITE_ID, BLACK_ID, scripted(), CTX)
    assert run.session.seats == (WHITE_ID, BLACK_ID)
    assert run.session.actor() == 1
    box = options_for("checkers", "box", starter="opponent")
    run = CheckersSession.pending(box).start(WHITE_ID, BLACK_ID, scripted(), CTX)
    assert run.session.seats == (BLACK_ID, WHITE_ID)


def test_text_form_round_trips_and_replays() -> None:
    options = options_for("backgammon", match_length=3)
    pending = BackgammonSession.pending(options)
    run = pending.start(WHITE_ID, BLACK_ID, scripted((5, 2), (6, 6)), CTX)
    text = run.session.to_text()
    assert load_session(text) == run.session
    assert load_session(text).to_text() == text
    payload: dict[str, Any] = {"steps": run.steps}
    event = GameEvent(7, 1, "accepted", payload, WHITE_ID, datetime(2026, 3, 1, tzinfo=UTC))
    assert reduce_event(pending.to_text(), event) == text


def test_a_stored_session_is_loaded_back_without_reading_its_text_again() -> None:
    options = options_for("backgammon", match_length=3)
    run = BackgammonSession.pending(options).start(WHITE_ID, BLACK_ID, scripted((5, 2)), CTX)
    text = stored_text(run.session)
    assert text == run.session.to_text()
    assert load_session(text) is run.session
    # Another process stored the same text: the parse gives an equal session, kept as well.
    played = run.session.act(0, Op.MOVE, "13/8 13/11", scripted((4, 4)), CTX).session
    elsewhere = played.to_text()
    loaded = load_session(elsewhere)
    assert loaded == played and loaded is not played
    assert load_session(elsewhere) is loaded


def test_sessions_kept_by_their_text_are_bounded() -> None:
    first = BackgammonSession.pending(options_for("backgammon", match_length=1))
    text = stored_text(first)
    for number in range(SESSIONS_KEPT):
        stored_text(replace(first, seats=(number, number + 1)))
    # The oldest went: its text is read again, into an equal session.
    again = load_session(text)
    assert again == first and again is not first


def test_the_last_play_is_kept_through_the_text_form_and_cleared_by_a_new_game() -> None:
    """The board draws the last play: it must survive a restart (the stored text)."""
    options = options_for("backgammon", match_length=3)
    run = BackgammonSession.pending(options).start(WHITE_ID, BLACK_ID, scripted((3, 1)), CTX)
    assert run.session.last_play is None  # the opening roll: nobody has played yet
    run = run.session.act(0, Op.MOVE, "8/5 6/5", scripted(), CTX)
    expected = Play((Move(8, 5), Move(6, 5)))
    assert run.session.last_play == expected
    assert load_session(run.session.to_text()) == run.session
    # White bears its last checker off (forced): the next game begins with no last play.
    rules = options.match_options()
    game = Game(rules, Position((row({2: 1}), row({6: 15})), off=(14, 0)), phase=Phase.ROLLING)
    ending = BackgammonSession(
        options, (WHITE_ID, BLACK_ID), Match(rules, game), last_play=expected
    )
    after = ending.act(0, Op.ROLL, None, scripted((6, 5), (4, 1)), CTX).session
    assert after.match is not None and after.match.game_number == 2
    assert after.last_play is None


def test_a_pass_is_the_last_play_of_a_closed_out_side() -> None:
    position = Position(
        (row({6: 14}), row({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3})), bar=(1, 0)
    )
    run: Run[Any] = Run(session_at(position, cube=False), CTX)
    run.session.settle(run, scripted((6, 5), (3, 1)))
    assert run.session.last_play == Play(())


def test_the_last_checkers_move_is_kept_forced_or_not() -> None:
    options = options_for("checkers", "box")
    game = ck.Game.new("box", ck.Position.from_fen("W:W22,31:B18,1", "box"))
    session = CheckersSession(options, (WHITE_ID, BLACK_ID), game)
    run: Run[Any] = Run(session, CTX)
    session.settle(run)  # 22x15 is the only move (CK-5): the session plays it
    assert run.session.last_move == ck.Move((22, 15), (18,))
    assert load_session(run.session.to_text()) == run.session
    after = run.session.act(1, Op.MOVE, "1-6", scripted(), CTX).session
    assert after.last_move == ck.Move((1, 6))


def test_a_game_stored_before_the_last_move_was_kept_still_loads() -> None:
    run = BackgammonSession.pending(options_for("backgammon")).start(
        WHITE_ID, BLACK_ID, scripted((3, 1)), CTX
    )
    data = json.loads(run.session.to_text())
    del data["last_play"]
    assert load_session(json.dumps(data)) == run.session
    checkers = CheckersSession.pending(options_for("checkers", "box"))
    ck_data = json.loads(
        checkers.start(WHITE_ID, BLACK_ID, scripted((1, 1)), CTX).session.to_text()
    )
    del ck_data["last_move"]
    loaded = load_session(json.dumps(ck_data))
    assert isinstance(loaded, CheckersSession) and loaded.last_move is None


def test_bg16_no_doubling_in_the_crawford_game() -> None:
    # 5-point match, White leads 4-2: this game is the Crawford game, so nobody may double.
    options = options_for("backgammon", match_length=5)
    rules = options.match_options()
    game = Game(rules, Position.initial(), phase=Phase.ROLLING, crawford=True)
    session = BackgammonSession(options, (WHITE_ID, BLACK_ID), Match(rules, game, (4, 2)))
    assert not session.may_double()
    assert session.awaiting() == "roll"
    with pytest.raises(ActionNotAllowedError, match="Crawford"):
        session.act(0, Op.DOUBLE, None, scripted(), CTX)
