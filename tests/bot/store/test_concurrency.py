"""Simultaneous writers: the same move or the same challenge lands once, the rest are refused."""

from __future__ import annotations

import asyncio

from bot.store import ChannelBusyError, ConflictError, GameRow, Store
from tests.bot.store.conftest import ALICE, BOB, CHANNEL, Backend, later, new_game

ATTEMPTS = 50


async def test_fifty_writes_of_the_same_version_apply_exactly_once(
    seated: Store, backend: Backend
) -> None:
    # Two stores with their own connection pools stand for two processes (or two clicks on
    # "Take" that reach different workers): all fifty try to move the game from version 1 to 2.
    game = await new_game(seated, state="s0")
    game = await seated.commit(game.id, 0, "double", {"cube": 2}, "s1", now=later(1))
    second = await backend.open()
    try:
        outcomes = await asyncio.gather(
            *(
                (seated if attempt % 2 else second).commit(
                    game.id,
                    1,
                    "take",
                    {"attempt": attempt},
                    f"s2-{attempt}",
                    now=later(2),
                    actor_id=BOB,
                )
                for attempt in range(ATTEMPTS)
            ),
            return_exceptions=True,
        )
    finally:
        await second.close()
    applied = [outcome for outcome in outcomes if isinstance(outcome, GameRow)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, ConflictError)]
    assert len(applied) == 1, [repr(outcome) for outcome in outcomes if outcome not in refused]
    assert len(refused) == ATTEMPTS - 1
    assert all("That move was already made" in str(error) for error in refused)
    stored = await seated.get_game(game.id)
    assert stored == applied[0] and stored.version == 2
    events = await seated.events_for(game.id)
    assert [event.seq for event in events] == [1, 2]
    assert stored.state == f"s2-{events[1].payload['attempt']}"


async def test_fifty_challenges_in_one_channel_open_exactly_one_game(
    seated: Store, backend: Backend
) -> None:
    second = await backend.open()
    try:
        outcomes = await asyncio.gather(
            *(
                new_game(
                    seated if attempt % 2 else second,
                    kind="checkers",
                    variant="american",
                    state=f"s{attempt}",
                    challenger_id=ALICE if attempt % 2 else BOB,
                    opponent_id=None,
                )
                for attempt in range(ATTEMPTS)
            ),
            return_exceptions=True,
        )
    finally:
        await second.close()
    opened = [outcome for outcome in outcomes if isinstance(outcome, GameRow)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, ChannelBusyError)]
    assert len(opened) == 1, [repr(outcome) for outcome in outcomes if outcome not in refused]
    assert len(refused) == ATTEMPTS - 1
    assert {error.game_id for error in refused} == {opened[0].id}
    assert await seated.active_game_in_channel(CHANNEL) == opened[0]
