"""The end-of-game recap: final board PNG, replay GIF (one frame per move), record, rating."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.service.ratings import Ratings
from bot.service.recap import recap_for, record_for
from bot.service.table import Table
from tests.bot.ratings.play import backgammon_win, challenge, checkers_win
from tests.bot.service.conftest import ALICE, BOB, NOW

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
PNG = b"\x89PNG\r\n\x1a\n"


def frames(gif: bytes) -> int:
    """How many frames a GIF holds."""
    with Image.open(io.BytesIO(gif)) as image:
        assert image.format == "GIF"
        return int(getattr(image, "n_frames", 1))


async def test_checkers_recap_has_board_replay_record_and_rating(
    table: Table, ratings: Ratings
) -> None:
    game_id = await checkers_win(table, await challenge(table, "checkers", ALICE, BOB), ALICE.id)
    recorded = await ratings.record_finished(game_id, now=NOW)
    moves = [e for e in await table.store.events_for(game_id) if e.kind == "move"]
    recap = await recap_for(table.store, game_id, recorded)
    assert recap.board_png.startswith(PNG) and recap.board_alt
    assert frames(recap.replay_gif) == len(moves) + 1  # the start, then one per move
    assert recap.record.filename == f"duelboard-{game_id}.pdn"
    assert '[Result "2-0"]' in recap.record.text or '[Result "0-2"]' in recap.record.text
    assert (recap.winner_id, recap.loser_id, recap.reason) == (ALICE.id, BOB.id, "resigned")
    assert recap.rating is recorded


async def test_backgammon_match_recap_replays_the_last_game(table: Table) -> None:
    result = await challenge(table, "backgammon", ALICE, BOB, match_length=3)
    game_id = await backgammon_win(table, result, BOB.id, double=True)
    recap = await recap_for(table.store, game_id)
    assert recap.score is not None and max(recap.score) == 3
    assert recap.record.filename.endswith(".mat") and " 3 point match" in recap.record.text
    # The last game's rolls in the record (each `52: …`, played or not) are the replay's moves;
    # the game ended on a passed double, so no roll was left unplayed.
    last_game = recap.record.text.split(" Game ")[-1]
    rolls = len(re.findall(r"(?<![0-9])[1-6][1-6]:", last_game))
    assert rolls >= 1 and frames(recap.replay_gif) == rolls + 1
    assert recap.board_png.startswith(PNG) and recap.winner_id == BOB.id


async def test_export_of_an_open_table_keeps_the_seed_secret(table: Table) -> None:
    result = await challenge(table, "checkers", ALICE, BOB)
    record = await record_for(table.store, result.game.id)
    row = await table.store.get_game(result.game.id)
    assert row.dice_secret is not None and row.dice_secret not in record.text
    assert record.text.rstrip().endswith("*")
