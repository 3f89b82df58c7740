"""The recap's replay in the channel's language: its captions and alt text."""

from __future__ import annotations

import pytest

from bot.pictures import words_for
from bot.service.games import Games
from bot.service.outcomes import Finish
from bot.service.recap import recap_for
from tests.bot.service.conftest import ALICE, BOB
from tests.bot.service.play import challenge, checkers_win

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


async def test_a_french_recap_is_worded_in_french(games: Games) -> None:
    game_id = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    recap = await recap_for(games.store, game_id, words=words_for("fr"))
    assert recap.finish is Finish.RESIGNED  # the service's own value, for the bot to word
    assert recap.replay_alt.startswith("Rejeu animé de ")
    assert "Position finale : " in recap.replay_alt


async def test_by_default_the_recap_is_in_english(games: Games) -> None:
    game_id = await checkers_win(games, await challenge(games, "checkers", ALICE, BOB), ALICE.id)
    recap = await recap_for(games.store, game_id)
    assert recap.replay_alt.startswith("Animated replay of ")
