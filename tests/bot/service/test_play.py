"""Who may act, offers (resign, draw, double), abort, rematch and the bot, through the service."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.dice import ScriptedDice
from bot.service.errors import (
    ActionNotAllowedError,
    ChallengeError,
    ConflictError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.games import Games
from bot.service.operations import (
    Abort,
    AcceptChallenge,
    AcceptOffer,
    DeclineOffer,
    Double,
    Move,
    OfferDraw,
    Pass,
    Rematch,
    Resign,
    Roll,
    Take,
)
from bot.service.views import ActionOutcomes
from bot.store import GameKind, GameStatus
from engine.backgammon.matchplay import Phase
from tests.bot.service.conftest import ALICE, BOB, BOT, CAROL, CHANNEL
from tests.bot.service.drive import play_backgammon, play_checkers, start_game


def other(result: ActionOutcomes) -> int:
    """The seated player who is not to act."""
    seats = result.game.seats
    assert seats is not None
    return seats[1] if result.game.to_move_id == seats[0] else seats[0]


async def test_strangers_and_players_out_of_turn_are_refused_and_nothing_changes(
    games: Games,
) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    game_id, version = result.game.id, result.game.version
    assert result.game.to_move_id == ALICE.id
    with pytest.raises(NotAPlayerError, match="not playing in game"):
        await games.act(game_id, CAROL.id, Move("22-18"))
    with pytest.raises(NotYourTurnError, match="waiting for your opponent to move"):
        await games.act(game_id, BOB.id, Move("11-15"))
    with pytest.raises(NotYourTurnError):
        await games.act(game_id, BOB.id, OfferDraw())
    assert (await games.view(game_id)).version == version


async def test_the_waiting_checkers_player_may_resign(games: Games) -> None:
    """With days per move, the player who is not to move is never trapped: they resign."""
    result = await start_game(games, "checkers", starter="challenger")
    assert result.game.to_move_id == ALICE.id
    resigned = await games.act(result.game.id, BOB.id, Resign())
    assert resigned.game.status is GameStatus.FINISHED
    ended = resigned.outcomes[-1]
    assert isinstance(ended, out.GameEnded)
    assert (ended.winner_id, ended.loser_id, ended.finish) == (
        ALICE.id,
        BOB.id,
        out.Finish.RESIGNED,
    )


@pytest.mark.parametrize("resigner", ["offerer", "answerer"])
async def test_either_checkers_player_may_resign_with_a_draw_on_offer(
    games: Games, resigner: str
) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    offered = await games.act(result.game.id, ALICE.id, OfferDraw())
    assert offered.game.to_move_id == BOB.id
    who = ALICE.id if resigner == "offerer" else BOB.id
    resigned = await games.act(result.game.id, who, Resign())
    ended = resigned.outcomes[-1]
    assert isinstance(ended, out.GameEnded) and ended.loser_id == who


async def test_bg15_the_waiting_side_may_offer_to_resign(games: Games) -> None:
    """BG-15: a side may resign on the other's turn; the side on roll answers, then plays on."""
    result = await start_game(games, "backgammon")
    game_id, actor = result.game.id, result.game.to_move_id
    waiting = other(result)
    offered = await games.act(game_id, waiting, Resign("single"))
    assert offered.outcomes[0] == out.ResignationOffered(game_id, waiting, 1)
    assert offered.game.to_move_id == actor
    declined = await games.act(game_id, actor, DeclineOffer())  # type: ignore[arg-type]
    assert declined.game.to_move_id == actor and declined.game.awaiting == result.game.awaiting
    again = await games.act(game_id, waiting, Resign(1))
    accepted = await games.act(game_id, again.game.to_move_id, AcceptOffer())  # type: ignore[arg-type]
    ended = accepted.outcomes[-1]
    assert isinstance(ended, out.GameEnded) and ended.winner_id == actor


async def test_bg15_no_resigning_while_the_other_side_must_answer_a_double(games: Games) -> None:
    result = await start_game(games, "backgammon")
    game_id = result.game.id
    while result.game.awaiting != "roll_or_double":  # play on until a side may double
        actor = result.game.to_move_id
        assert actor is not None
        session = result.game.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        play = session.match.game.legal_plays()[0].notation()
        result = await games.act(game_id, actor, Move(play))
    doubler = result.game.to_move_id
    assert doubler is not None
    doubled = await games.act(game_id, doubler, Double())
    with pytest.raises(NotYourTurnError, match="take or pass the double"):
        await games.act(game_id, doubler, Resign(1))
    assert (await games.view(game_id)).version == doubled.game.version


async def test_actions_a_game_does_not_have_are_named_whoever_asks(games: Games) -> None:
    """/draw in backgammon, /roll and /double in checkers: the same clear reason for both
    players, whoever is to act (not "it is not your turn")."""
    bg = await start_game(games, "backgammon")
    for user in (bg.game.to_move_id, other(bg)):
        with pytest.raises(ActionNotAllowedError, match="draw cannot be offered in backgammon"):
            await games.act(bg.game.id, user, OfferDraw())  # type: ignore[arg-type]
    await games.act(bg.game.id, ALICE.id, Abort())
    ck = await start_game(games, "checkers", starter="challenger")
    for user in (ALICE.id, BOB.id):
        with pytest.raises(ActionNotAllowedError, match="checkers is played without dice"):
            await games.act(ck.game.id, user, Roll())
        with pytest.raises(ActionNotAllowedError, match="checkers has no doubling cube"):
            await games.act(ck.game.id, user, Double())
    assert (await games.view(ck.game.id)).version == ck.game.version


async def test_bg15_resignation_declined_then_accepted_at_gammon(games: Games) -> None:
    # Money play, cube centred, Jacoby on: an accepted gammon resignation scores 1 (BG-16).
    result = await start_game(games, "backgammon")
    resigner = result.game.to_move_id
    assert resigner is not None
    offered = await games.act(result.game.id, resigner, Resign("gammon"))
    assert offered.outcomes[0] == out.ResignationOffered(result.game.id, resigner, 2)
    answerer = offered.game.to_move_id
    assert answerer is not None and answerer != resigner
    with pytest.raises(NotYourTurnError, match="accept or decline the resignation"):
        await games.act(result.game.id, resigner, Roll())
    declined = await games.act(result.game.id, answerer, DeclineOffer())
    assert declined.outcomes[0] == out.ResignationDeclined(result.game.id, answerer)
    assert declined.game.to_move_id == resigner
    again = await games.act(result.game.id, resigner, Resign(2))
    accepted = await games.act(again.game.id, answerer, AcceptOffer())
    ended = accepted.outcomes[-1]
    assert isinstance(ended, out.GameEnded)
    assert (ended.winner_id, ended.size, ended.points) == (answerer, 2, 1)
    assert accepted.game.status is GameStatus.FINISHED
    assert ended.seed is not None and ended.seed == accepted.game.seed


async def test_the_seed_stays_secret_while_the_game_is_open(games: Games) -> None:
    result = await start_game(games, "backgammon")
    assert result.game.seed is None
    with pytest.raises(ActionNotAllowedError, match="revealed when the game ends"):
        await games.verify(result.game.id)


async def test_bg14_double_take_and_drop(games: Games) -> None:
    result = await start_game(games, "backgammon")
    game_id = result.game.id
    # Move until someone may double (the side on roll, before rolling).
    while not isinstance(result.game.session, BackgammonSession) or not (
        result.game.session.may_double()
    ):
        session = result.game.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        play = session.match.game.legal_plays()[0]
        assert result.game.to_move_id is not None
        result = await games.act(game_id, result.game.to_move_id, Move(play.notation()))
    doubler = result.game.to_move_id
    assert doubler is not None
    offered = await games.act(game_id, doubler, Double())
    taker = offered.game.to_move_id
    assert offered.outcomes == (out.DoubleOffered(game_id, doubler, 2),)
    assert taker is not None and taker != doubler
    taken = await games.act(game_id, taker, Take())
    assert taken.outcomes[0] == out.DoubleTaken(game_id, taker, 2)
    session = taken.game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    assert session.match.game.cube.value == 2 and int(session.match.game.cube.owner or 0) in (0, 1)
    # The doubler rolled (nothing left to decide), so the cube owner's opponent cannot redouble.
    result = taken
    while result.game.to_move_id != taker or not (
        isinstance(result.game.session, BackgammonSession) and result.game.session.may_double()
    ):
        session = result.game.session
        assert isinstance(session, BackgammonSession) and session.match is not None
        assert result.game.to_move_id is not None
        if session.match.game.phase is Phase.MOVING:
            play = session.match.game.legal_plays()[0]
            result = await games.act(game_id, result.game.to_move_id, Move(play.notation()))
        else:
            result = await games.act(game_id, result.game.to_move_id or 0, Roll())
    redoubled = await games.act(game_id, taker, Double())
    assert redoubled.outcomes == (out.DoubleOffered(game_id, taker, 4),)
    passed = await games.act(game_id, doubler, Pass())
    ended = passed.outcomes[-1]
    assert passed.outcomes[0] == out.DoublePassed(game_id, doubler)
    # BG-14: the side that passes loses at the value before the double.
    assert isinstance(ended, out.GameEnded) and (ended.winner_id, ended.points) == (taker, 2)


async def test_ck12_draw_offer_declined_then_agreed(games: Games) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    game_id = result.game.id
    offered = await games.act(game_id, ALICE.id, OfferDraw())
    assert offered.outcomes == (out.DrawOffered(game_id, ALICE.id),)
    with pytest.raises(NotYourTurnError, match="accept or decline the draw"):
        await games.act(game_id, ALICE.id, Move("22-18"))
    declined = await games.act(game_id, BOB.id, DeclineOffer())
    assert declined.game.to_move_id == ALICE.id
    moved = await games.act(game_id, ALICE.id, Move("22-18"))
    await games.act(game_id, BOB.id, OfferDraw())
    agreed = await games.act(game_id, ALICE.id, AcceptOffer())
    assert agreed.outcomes[0] == out.DrawAccepted(game_id, ALICE.id)
    ended = agreed.outcomes[-1]
    assert isinstance(ended, out.GameEnded) and ended.winner_id is None
    assert ended.finish is out.Finish.AGREEMENT and ended.stored_reason == "draw agreed"
    assert agreed.game.status is GameStatus.FINISHED and moved.game.version < agreed.game.version
    assert (await games.verify(game_id)).ok


async def test_checkers_resignation_ends_the_game(games: Games) -> None:
    result = await start_game(games, "checkers", starter="opponent")
    assert result.game.to_move_id == BOB.id
    resigned = await games.act(result.game.id, BOB.id, Resign())
    assert resigned.outcomes[0] == out.Resigned(result.game.id, BOB.id)
    ended = resigned.outcomes[-1]
    assert isinstance(ended, out.GameEnded) and ended.winner_id == ALICE.id
    with pytest.raises(GameOverError, match="is over"):
        await games.act(result.game.id, ALICE.id, Move("22-18"))


async def test_abort_only_before_both_sides_have_moved(games: Games) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    game_id = result.game.id
    moved = await games.act(game_id, ALICE.id, Move("22-18"))
    aborted = await games.act(game_id, BOB.id, Abort())
    assert aborted.game.status is GameStatus.CANCELLED
    assert aborted.outcomes == (out.GameAborted(game_id, BOB.id, aborted.game.seed),)
    assert aborted.game.seed is not None and moved.game.seed is None
    second = await start_game(games, "checkers", starter="challenger")
    await games.act(second.game.id, ALICE.id, Move("22-18"))
    await games.act(second.game.id, BOB.id, Move("11-15"))
    with pytest.raises(ActionNotAllowedError, match="only before both sides have moved"):
        await games.act(second.game.id, ALICE.id, Abort())


async def test_rematch_swaps_colours(games: Games) -> None:
    result = await start_game(games, "backgammon", match_length=1, cube=False)
    history = await play_backgammon(games, result)
    first = history[-1].game
    assert first.seats == (ALICE.id, BOB.id)
    with pytest.raises(NotAPlayerError):
        await games.act(first.id, CAROL.id, Rematch())
    offer = await games.act(first.id, BOB.id, Rematch())
    posted = offer.outcomes[0]
    assert isinstance(posted, out.ChallengePosted) and posted.rematch_of == first.id
    assert (posted.challenger_id, posted.opponent_id) == (BOB.id, ALICE.id)
    accepted = await games.act(offer.game.id, ALICE.id, AcceptChallenge.of(ALICE))
    assert accepted.game.seats == (BOB.id, ALICE.id)
    with pytest.raises(ChallengeError, match="follows a finished game"):
        await games.act(accepted.game.id, ALICE.id, Rematch())


async def test_checkers_rematch_gives_the_first_move_to_the_other_player(games: Games) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    history = await play_checkers(games, result)
    offer = await games.act(history[-1].game.id, ALICE.id, Rematch())
    accepted = await games.act(offer.game.id, BOB.id, AcceptChallenge.of(BOB))
    session = accepted.game.session
    assert isinstance(session, CheckersSession)
    assert accepted.game.to_move_id == BOB.id  # Alice started the first game


async def test_the_bot_plays_a_backgammon_match_to_the_end(games: Games) -> None:
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.BACKGAMMON,
        match_length=1,
    )
    history = await play_backgammon(games, posted)
    told = [o for r in history for o in r.outcomes]
    assert any(isinstance(o, out.Moved) and o.player_id == BOT.id for o in told)
    assert sum(isinstance(o, out.MatchEnded) for o in told) == 1
    assert (await games.verify(posted.game.id)).ok
    assert await games.replay(posted.game.id) == (await games.store.get_game(posted.game.id)).state


async def test_opening_tie_rolls_again_under_the_next_number(make_games: Any) -> None:
    games = make_games(ScriptedDice([(4, 4), (2, 6)]))
    result = await start_game(games, "backgammon")
    openings = [o for o in result.outcomes if isinstance(o, out.OpeningRolled)]
    assert [(o.number, o.white_die, o.black_die) for o in openings] == [(1, 4, 4), (2, 2, 6)]
    assert openings[-1].starter_id == BOB.id  # Bob plays Black and rolled the 6 (BG-2)


async def test_a_move_on_a_row_read_before_another_move_is_refused_and_changes_nothing(
    games: Games,
) -> None:
    # The row a caller read (the game actions read the channel's game) is used as read; a move made
    # in between makes it stale, and the versioned commit refuses the second move.
    result = await start_game(games, "checkers", starter="challenger")
    loaded = await games.store.get_game(result.game.id)
    moved = await games.act(result.game.id, ALICE.id, Move("22-18"))
    with pytest.raises(ConflictError):
        await games.act(result.game.id, ALICE.id, Move("22-18"), loaded=loaded)
    assert (await games.view(result.game.id)).version == moved.game.version
    assert len(await games.store.events_for(result.game.id)) == moved.game.version


async def test_a_move_on_the_fresh_row_it_is_given_is_made(games: Games) -> None:
    result = await start_game(games, "checkers", starter="challenger")
    loaded = await games.store.get_game(result.game.id)
    moved = await games.act(result.game.id, ALICE.id, Move("22-18"), loaded=loaded)
    assert moved.game.version == loaded.version + 1
    assert moved.game.to_move_id == BOB.id
