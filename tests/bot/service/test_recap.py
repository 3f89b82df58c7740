"""The end-of-game recap: replay GIF (one frame per move), record, rating."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.service import recap as recap_module
from bot.service.games import Games
from bot.service.outcomes import Finish
from bot.service.ratings import Ratings
from bot.service.recap import recap_for, record_for
from bot.service.views import steps_of
from tests.bot.service.conftest import ALICE, BOB, NOW
from tests.bot.service.drive import play_checkers
from tests.bot.service.play import backgammon_win, challenge, checkers_win

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def frames(gif: bytes) -> int:
    """How many frames a GIF holds."""
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF"
        return int(getattr(image, "n_frames", 1))


async def move_steps(games: Games, game_id: int) -> list[dict[str, object]]:
    """Every move of the game as stored (forced moves ride in the same event as the last)."""
    events = await games.store.events_for(game_id)
    return [step for event in events for step in steps_of(event) if step["op"] == "move"]


async def test_checkers_recap_has_board_replay_record_and_rating(
    games: Games, ratings: Ratings
) -> None:
    game_id = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    counted = await ratings.count_finished(game_id, now=NOW)
    moves = await move_steps(games, game_id)
    recap = await recap_for(games.store, game_id, counted)
    assert frames(recap.replay_gif) == len(moves) + 1  # the start, then one per move
    assert recap.record.filename == f"duelboard-{game_id}.pdn"
    assert '[Result "2-0"]' in recap.record.text or '[Result "0-2"]' in recap.record.text
    assert (recap.winner_id, recap.loser_id, recap.finish) == (ALICE.id, BOB.id, Finish.RESIGNED)
    assert recap.rating is counted


async def test_backgammon_match_recap_replays_the_last_game(games: Games) -> None:
    result = await challenge(games, "backgammon", ALICE, BOB, match_length=3)
    game_id = await backgammon_win(games, result, BOB.id, double=True)
    recap = await recap_for(games.store, game_id)
    assert recap.score is not None and max(recap.score) == 3
    assert recap.record.filename.endswith(".mat") and " 3 point match" in recap.record.text
    # The last game's rolls in the record (each `52: …`, played or not) are the replay's moves;
    # the game ended on a passed double, so no roll was left unplayed.
    last_game = recap.record.text.split(" Game ")[-1]
    rolls = len(re.findall(r"(?<![0-9])[1-6][1-6]:", last_game))
    assert rolls >= 1 and frames(recap.replay_gif) == rolls + 1
    assert recap.winner_id == BOB.id


async def test_export_of_an_open_game_keeps_the_seed_secret(games: Games) -> None:
    result = await challenge(games, "checkers", ALICE, BOB)
    record = await record_for(games.store, result.game.id)
    row = await games.store.get_game(result.game.id)
    assert row.dice_secret is not None and row.dice_secret not in record.text
    assert record.text.rstrip().endswith("*")


async def test_a_long_game_replays_its_last_moves_only(
    games: Games, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = await play_checkers(games, await challenge(games, "checkers", ALICE, BOB))
    game_id = history[-1].game.id
    moves = await move_steps(games, game_id)
    assert len(moves) > 3
    monkeypatch.setattr(recap_module, "MAX_FRAMES", 3)
    recap = await recap_for(games.store, game_id)
    assert frames(recap.replay_gif) == 4  # the position 3 moves before the end, then 3 moves
    body = [line for line in recap.record.text.splitlines() if not line.startswith(("[", "{"))]
    tokens = " ".join(body).split()
    written = [token for token in tokens[:-1] if re.fullmatch(r"\d+([-x]\d+)+", token)]
    assert len(written) == len(moves)  # the record keeps every move (the last token: result)
