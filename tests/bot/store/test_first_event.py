"""A game opened with its first event (a challenge to the bot, accepted as it is made), and the
last event of a game's log."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine

from bot.store import FirstEvent, GameEvent, GameStatus, Store
from tests.bot.store.conftest import ALICE, BOB, CHANNEL, NOW, later, new_game

ACCEPTED = FirstEvent("accepted", {"steps": [{"op": "seat"}]}, "start>seated", actor_id=BOB)


class EventInsertFailed(Exception):
    """Raised by the test hook in place of the event's INSERT."""


@pytest.fixture
def failing_event_insert() -> Iterator[None]:
    """Every INSERT into game_events fails (as a crash there would), for the test's duration."""

    def refuse(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        words = statement.split()
        if words[:2] == ["INSERT", "INTO"] and words[2].endswith("game_events"):
            raise EventInsertFailed(statement)

    event.listen(Engine, "before_cursor_execute", refuse)
    try:
        yield
    finally:
        event.remove(Engine, "before_cursor_execute", refuse)


async def test_a_game_opened_with_its_first_event_is_at_version_one(seated: Store) -> None:
    game = await new_game(seated, status=GameStatus.ACTIVE, to_move_id=ALICE, first_event=ACCEPTED)
    assert (game.version, game.status, game.to_move_id) == (1, GameStatus.ACTIVE, ALICE)
    assert (game.initial_state, game.state) == ("start", "start>seated")
    assert await seated.events_for(game.id) == [
        GameEvent(game.id, 1, "accepted", {"steps": [{"op": "seat"}]}, BOB, NOW)
    ]
    assert await seated.get_game(game.id) == game


async def test_a_failed_first_event_leaves_no_game(
    seated: Store, failing_event_insert: None
) -> None:
    with pytest.raises(EventInsertFailed):
        await new_game(seated, status=GameStatus.ACTIVE, first_event=ACCEPTED)
    assert await seated.active_game_in_channel(CHANNEL) is None
    assert await seated.open_games_for_player(ALICE) == []


async def test_a_bad_first_event_is_refused_and_creates_nothing(seated: Store) -> None:
    with pytest.raises(ValueError, match=r"first_event\.kind must be 1-32 lower-case"):
        await new_game(seated, first_event=FirstEvent("Accepted!", {}, "s"))
    with pytest.raises(ValueError, match=r"first_event\.state must be a non-empty string"):
        await new_game(seated, first_event=FirstEvent("accepted", {}, ""))
    assert await seated.active_game_in_channel(CHANNEL) is None


async def test_last_event_is_the_newest_entry_of_the_log(seated: Store) -> None:
    game = await new_game(seated)
    assert await seated.last_event(game.id) is None
    for number, kind in enumerate(["accepted", "move", "hint"], start=1):
        game = await seated.commit(
            game.id, game.version, kind, {"steps": []}, "s", now=later(number), actor_id=ALICE
        )
    assert await seated.last_event(game.id) == GameEvent(
        game.id, 3, "hint", {"steps": []}, ALICE, later(3)
    )
    assert await seated.last_event(game.id + 1) is None
