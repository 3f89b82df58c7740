"""The last "your turn" ping of a game: kept in the games row, so a restart can still delete it."""

from __future__ import annotations

import pytest

from bot.store import GameNotFoundError, Store
from tests.bot.store.conftest import CHANNEL, new_game


async def test_a_ping_round_trips_and_changes_no_version(seated: Store) -> None:
    game = await new_game(seated)
    assert game.ping_message_id is None  # a new game has no ping to delete
    await seated.attach_ping(game.id, 777)
    read = await seated.get_game(game.id)
    assert (read.ping_message_id, read.version) == (777, game.version)
    await seated.attach_ping(game.id, 778)
    assert (await seated.get_game(game.id)).ping_message_id == 778
    await seated.attach_ping(game.id, None)
    assert (await seated.get_game(game.id)).ping_message_id is None


async def test_the_ping_survives_reopening_the_database(seated: Store, backend: object) -> None:
    game = await new_game(seated)
    await seated.attach_ping(game.id, 2**62)  # Discord ids need 64 bits
    reopened = await backend.open()  # type: ignore[attr-defined]
    try:
        assert (await reopened.get_game(game.id)).ping_message_id == 2**62
    finally:
        await reopened.close()


async def test_a_ping_on_an_unknown_game_or_a_bad_id_is_refused(seated: Store) -> None:
    game = await new_game(seated)
    with pytest.raises(GameNotFoundError):
        await seated.attach_ping(999, 777)
    with pytest.raises(ValueError, match="message_id must be a Discord id"):
        await seated.attach_ping(game.id, -5)
    assert (await seated.get_game(game.id)).ping_message_id is None


async def test_several_games_pings_are_kept_in_one_call(seated: Store) -> None:
    first = await new_game(seated)
    second = await new_game(seated, channel_id=CHANNEL + 1)
    await seated.attach_pings({first.id: 801, second.id: 802})
    assert (await seated.get_game(first.id)).ping_message_id == 801
    assert (await seated.get_game(second.id)).ping_message_id == 802
    await seated.attach_pings({first.id: None, second.id: 803})
    assert (await seated.get_game(first.id)).ping_message_id is None
    assert (await seated.get_game(second.id)).ping_message_id == 803


async def test_one_unknown_game_or_bad_id_refuses_every_ping_of_the_call(seated: Store) -> None:
    game = await new_game(seated)
    with pytest.raises(GameNotFoundError):
        await seated.attach_pings({game.id: 901, 999: 902})
    with pytest.raises(ValueError, match="message_id must be a Discord id"):
        await seated.attach_pings({game.id: 901, game.id + 1: -1})
    assert (await seated.get_game(game.id)).ping_message_id is None
