"""Where a game lives: its place, the interaction token that can still edit its message, and
no sweep of a game where the bot cannot post."""

from __future__ import annotations

import pytest

from bot.store import GameNotFoundError, GamePlace, Store
from tests.bot.store.conftest import later, new_game


async def test_a_game_is_in_a_server_unless_it_says_otherwise(seated: Store) -> None:
    served = await new_game(seated)
    elsewhere = await new_game(seated, channel_id=2, guild_id=None, place=GamePlace.GROUP_DM)
    assert (await seated.get_game(served.id)).place is GamePlace.SERVER
    assert (await seated.get_game(elsewhere.id)).place is GamePlace.GROUP_DM
    assert GamePlace.SERVER.bot_posts and not GamePlace.EXTERNAL.bot_posts


async def test_the_token_that_can_edit_the_message_is_kept_with_it(seated: Store) -> None:
    game = await new_game(seated, guild_id=None, place=GamePlace.DM)
    await seated.attach_reply(
        game.id, 4242, "token-of-the-last-interaction", later(14), original=True
    )
    row = await seated.get_game(game.id)
    assert (row.message_id, row.reply_token, row.reply_expires, row.reply_original) == (
        4242,
        "token-of-the-last-interaction",
        later(14),
        True,
    )
    assert row.version == game.version  # not a game event
    with pytest.raises(GameNotFoundError):
        await seated.attach_reply(game.id + 1, 4242, "token", later(14), original=False)
    with pytest.raises(ValueError, match="True or False"):
        await seated.attach_reply(game.id, 4242, "token", later(14), original=1)  # type: ignore[arg-type]


async def test_no_sweep_finds_a_game_where_the_bot_cannot_post(seated: Store) -> None:
    served = await new_game(seated, turn_deadline=later(1), reminder_at=later(1))
    for channel, place in enumerate((GamePlace.DM, GamePlace.EXTERNAL), start=2):
        await new_game(
            seated, channel_id=channel, place=place, turn_deadline=later(1), reminder_at=later(1)
        )
    assert [row.id for row in await seated.due_deadlines(later(2))] == [served.id]
    assert [row.id for row in await seated.due_reminders(later(2))] == [served.id]
