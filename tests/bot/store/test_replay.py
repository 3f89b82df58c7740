"""Replay under random histories: any mix of fresh and stale writes replays exactly."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import ConflictError, GameEvent, GameStatus, Store
from tests.bot.store.conftest import later, new_game

GAMES = 3
# One write: which game, whether the writer read a stale version (a double click), and what it does.
writes = st.lists(
    st.tuples(
        st.integers(0, GAMES - 1),
        st.booleans(),
        st.text(alphabet="abcdefgh0123456789/*", min_size=1, max_size=6),
    ),
    min_size=1,
    max_size=25,
)
channels = itertools.count(1)


def toy_reducer(state: str, event: GameEvent) -> str:
    """Order-sensitive stand-in for the engine: append the step to a path."""
    return f"{state}/{event.payload['step']}"


@pytest.mark.slow
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(history=writes)
async def test_any_history_of_fresh_and_stale_writes_replays_to_the_stored_state(
    seated: Store, history: list[tuple[int, bool, str]]
) -> None:
    # The store is shared by the examples; each example plays fresh games in fresh channels.
    games = [
        await new_game(seated, next(channels), state="s", status=GameStatus.ACTIVE)
        for _ in range(GAMES)
    ]
    model = {game.id: ("s", 0) for game in games}
    for index, stale, step in history:
        game_id = games[index].id
        state, version = model[game_id]
        seen = version - 1 if stale and version > 0 else version
        next_state = f"{state}/{step}"
        if seen != version:
            with pytest.raises(ConflictError):
                await seated.commit(game_id, seen, "move", {"step": step}, next_state, now=later(1))
            continue
        await seated.commit(game_id, version, "move", {"step": step}, next_state, now=later(1))
        model[game_id] = (next_state, version + 1)
    for game_id, (state, version) in model.items():
        stored = await seated.get_game(game_id)
        assert (stored.state, stored.version) == (state, version)
        assert [event.seq for event in await seated.events_for(game_id)] == list(
            range(1, version + 1)
        )
        assert await seated.replay(game_id, toy_reducer) == state
