"""Our `.mat` records, imported by GNU Backgammon (the `gnubg` module), end where our games did.

Each game is played to the end through the real service; gnubg then imports the exported text
and must report the same game winners and points, the same final score, and the same final
position (both sides' checkers, bar included).
"""

from __future__ import annotations

from collections.abc import Awaitable
from datetime import timedelta
from pathlib import Path

import gnubg
import pytest

from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.service.export.mat import match_text
from bot.service.games import Games
from bot.service.log import GameLog
from bot.service.operations import Double, Resign
from bot.service.views import ActionOutcomes
from bot.store import Store
from engine.backgammon import Side
from engine.backgammon.matchplay import Phase
from tests.bot.service.conftest import ALICE, BOB, BOT, fixed_seeds
from tests.bot.service.drive import play_backgammon
from tests.bot.service.play import backgammon_win, challenge

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def seeded_games(store: Store, clock: FakeClock, tag: str) -> Games:
    """The service, its dice from seeds named by `tag` (a different match per tag)."""
    return Games(store, bot=BOT, dice=SeededDice(fixed_seeds(tag=tag)), clock=clock)


def crawford_policy(games: Games, result: ActionOutcomes) -> Awaitable[ActionOutcomes] | None:
    """Double whenever the cube is centred and may turn; in game 1 the taker then resigns.

    In a 3-point match that makes game 1 worth 2 points, so game 2 is the Crawford game
    (no cube), and any later game is doubled again at once (BG-14, BG-16).
    """
    session = result.game.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    match, actor = session.match, result.game.to_move_id
    assert actor is not None and session.seats is not None
    game = match.game
    if game.phase is not Phase.ROLLING:
        return None
    if session.may_double() and game.cube.owner is None:
        return games.act(result.game.id, actor, Double())
    side = Side(session.seats.index(actor))
    if match.game_number == 1 and game.cube.owner is side:
        return games.act(result.game.id, actor, Resign(1))
    return None


async def export_and_import(games: Games, game_id: int, tmp_path: Path) -> GameLog:
    """Export the game as `.mat` and import it into gnubg; returns our replayed log."""
    row = await games.store.get_game(game_id)
    log = GameLog.replay(row, await games.store.events_for(game_id))
    text = match_text(log, ("Alice", "Bob") if row.challenger_id == ALICE.id else ("Bob", "Alice"))
    path = tmp_path / f"game{game_id}.mat"
    path.write_text(text)
    gnubg.command(f"import mat {path}")
    return log


def check_against_gnubg(log: GameLog) -> None:
    """gnubg's games, score and final position equal ours."""
    session = log.final
    assert isinstance(session, BackgammonSession) and session.match is not None
    seats = session.seats
    assert seats is not None
    imported = gnubg.match(0, 0, 0, 0)
    info = imported["match-info"]
    name_of_seat = {0: "Alice" if seats[0] == ALICE.id else "Bob"}
    name_of_seat[1] = "Bob" if name_of_seat[0] == "Alice" else "Alice"
    mark = {info["X"]["name"]: "X", info["O"]["name"]: "O"}
    length = session.options.match_length
    ended = log.games_ended()
    assert len(imported["games"]) == len(ended)
    for theirs, ours in zip(imported["games"], ended, strict=True):
        winner_seat = seats.index(ours.winner_id) if ours.winner_id is not None else None
        assert winner_seat is not None
        assert theirs["info"]["winner"] == mark[name_of_seat[winner_seat]]
        assert _capped(theirs["info"], length) == ours.points
    # Every double, take and drop read as ours, and no other: a result line gnubg misreads
    # becomes a phantom turn (a double after the game was over).
    cube_kinds = {out.DoubleOffered: "double", out.DoubleTaken: "take", out.DoublePassed: "drop"}
    ours_cube = [cube_kinds[type(o)] for o in log.outcomes() if type(o) in cube_kinds]
    theirs_cube = [
        record["action"]
        for game in imported["games"]
        for record in game["game"]
        if record["action"] in cube_kinds.values()
    ]
    assert theirs_cube == ours_cube
    final = imported["games"][-1]["info"]
    score = {"X": final["score-X"], "O": final["score-O"]}
    score[final["winner"]] += _capped(final, length)
    ours_score = session.match.score
    for seat in (0, 1):
        assert score[mark[name_of_seat[seat]]] == ours_score[seat]
    position = session.match.game.position
    ours_sides = sorted((*position.points[s], position.bar[s]) for s in Side)
    assert sorted(tuple(side) for side in gnubg.board()) == ours_sides


def _capped(info: dict[str, object], length: int) -> int:
    """gnubg's points for a game, capped at what the winner still needed (BG-16)."""
    points = int(str(info["points-won"]))
    if not length:
        return points
    before = int(str(info[f"score-{info['winner']}"]))
    return min(points, length - before)


@pytest.mark.slow
@pytest.mark.parametrize("tag", ["mat-a", "mat-b"])
async def test_gnubg_imports_a_3_point_match_with_cube_and_crawford_game(
    store: Store, clock: FakeClock, tmp_path: Path, tag: str
) -> None:
    games = seeded_games(store, clock, tag)
    result = await challenge(games, "backgammon", ALICE, BOB, match_length=3)
    history = await play_backgammon(games, result, crawford_policy)
    told = [o for r in history for o in r.outcomes]
    assert any(isinstance(o, out.DoubleTaken) for o in told)
    log = await export_and_import(games, result.game.id, tmp_path)
    session = log.final
    assert isinstance(session, BackgammonSession) and session.match is not None
    assert session.match.game_number >= 2 and max(session.match.score) == 3
    assert session.match.post_crawford or session.match.game.crawford  # a Crawford game came
    check_against_gnubg(log)


async def test_gnubg_imports_a_money_game_with_a_double_taken_then_resigned(
    store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    games = seeded_games(store, clock, "mat-money-out")
    result = await challenge(games, "backgammon", ALICE, BOB)
    history = await play_backgammon(games, result, crawford_policy)
    assert any(isinstance(o, out.DoubleTaken) for r in history for o in r.outcomes)
    check_against_gnubg(await export_and_import(games, result.game.id, tmp_path))


async def test_gnubg_imports_a_money_game_with_a_double_passed(
    store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    games = seeded_games(store, clock, "mat-money")
    result = await challenge(games, "backgammon", ALICE, BOB)
    game_id = await backgammon_win(games, result, BOB.id, double=True)
    check_against_gnubg(await export_and_import(games, game_id, tmp_path))


async def test_gnubg_imports_a_match_won_by_resigned_gammons(
    store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    games = seeded_games(store, clock, "mat-resign")
    result = await challenge(games, "backgammon", ALICE, BOB, match_length=5)
    game_id = await backgammon_win(games, result, ALICE.id, size=2)
    check_against_gnubg(await export_and_import(games, game_id, tmp_path))


async def test_the_record_carries_variant_and_revealed_seed(store: Store, clock: FakeClock) -> None:
    games = seeded_games(store, clock, "mat-tags")
    result = await challenge(games, "backgammon", ALICE, BOB, variant="five_limit")
    game_id = await backgammon_win(games, result, ALICE.id)
    row = await games.store.get_game(game_id)
    text = match_text(GameLog.replay(row, await games.store.events_for(game_id)), ("A", "B"))
    assert '; [Duelboard Variant "five_limit"]' in text
    assert f'; [Dice seed "{row.dice_secret}"]' in text
    assert f'; [Dice commitment "{row.dice_commitment}"]' in text
    assert " 0 point match" in text


async def test_a_time_forfeit_is_named_in_the_record(
    store: Store, clock: FakeClock, tmp_path: Path
) -> None:
    games = seeded_games(store, clock, "mat-time")
    result = await challenge(games, "backgammon", ALICE, BOB, match_length=5)
    clock.advance(timedelta(days=3))  # past the 24-hour turn limit
    await games.sweep()
    row = await games.store.get_game(result.game.id)
    log = GameLog.replay(row, await games.store.events_for(row.id))
    text = match_text(log, ("Alice", "Bob"))
    winner = "Alice" if row.winner_id == ALICE.id else "Bob"
    assert f'; [Termination "time forfeit, the table was awarded to {winner}"]' in text
    # gnubg reads the forfeit as a resignation: same winner, at most a backgammon's points.
    path = tmp_path / "time.mat"
    path.write_text(text)
    gnubg.command(f"import mat {path}")
    [game] = gnubg.match(0, 0, 0, 0)["games"]
    assert game["info"]["resigned"] and game["info"]["points-won"] == 3


@pytest.mark.parametrize(
    ("variant", "variation", "told"),
    [
        ("nackgammon", "NackGammon", "Nackgammon"),
        ("hypergammon", "HyperGammon (3)", "Hypergammon3"),
    ],
)
async def test_gnubg_imports_a_variant_match_as_that_variant(
    store: Store,
    clock: FakeClock,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
    variant: str,
    variation: str,
    told: str,
) -> None:
    games = seeded_games(store, clock, f"mat-{variant}")
    result = await challenge(games, "backgammon", ALICE, BOB, variant=variant, match_length=3)
    await play_backgammon(games, result)
    capfd.readouterr()
    log = await export_and_import(games, result.game.id, tmp_path)
    # Every play read as written: gnubg warns of any it cannot read, then guesses.
    said = capfd.readouterr()
    assert "WARNING" not in said.out + said.err and "Unrecognised" not in said.out + said.err
    # The header gnubg writes for the variation (its export.c), which its import reads back.
    assert f'; [Variation "{variation}"]' in match_text(log, ("Alice", "Bob"))
    assert gnubg.match(0, 0, 0, 0)["match-info"]["variation"] == told
    check_against_gnubg(log)
