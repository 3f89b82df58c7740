"""The recap's pictures in the channel's language: the replay's captions and alt text, and the
final board's caption, which says how the game ended in the bot's words for it."""

from __future__ import annotations

from typing import Any

import pytest

from bot import wording
from bot.i18n import Localizer
from bot.pictures import words_for
from bot.service import recap as recap_module
from bot.service.recap import recap_for
from bot.service.table import Table
from tests.bot.ratings.play import challenge, checkers_win
from tests.bot.service.conftest import ALICE, BOB

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


@pytest.fixture
def final_scenes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The scenes the recap draws as its final board."""
    drawn: list[Any] = []
    original = recap_module.render_png

    def render_png(scene: Any, **kwargs: Any) -> bytes:
        drawn.append(scene)
        return original(scene, **kwargs)

    monkeypatch.setattr(recap_module, "render_png", render_png)
    return drawn


async def test_a_french_recap_is_worded_in_french(table: Table, final_scenes: list[Any]) -> None:
    game_id = await checkers_win(table, await challenge(table, "checkers", ALICE, BOB), ALICE.id)
    t = Localizer("fr")
    recap = await recap_for(
        table.store,
        game_id,
        words=words_for("fr"),
        ending=lambda reason: wording.ending(t, reason),
    )
    assert recap.reason == "resigned"  # the service's own word, for the bot to word
    [final] = final_scenes
    assert final.caption == "abandon"
    assert recap.replay_alt.startswith("Rejeu animé de ")
    assert "Position finale : " in recap.replay_alt


async def test_by_default_the_recap_is_in_english_with_the_reason_as_it_is(
    table: Table, final_scenes: list[Any]
) -> None:
    game_id = await checkers_win(table, await challenge(table, "checkers", ALICE, BOB), ALICE.id)
    recap = await recap_for(table.store, game_id)
    [final] = final_scenes
    assert final.caption == "resigned"
    assert recap.replay_alt.startswith("Animated replay of ")
