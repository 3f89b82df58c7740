"""Players (upserted with their shown name) and per-guild settings (JSON values by key)."""

from __future__ import annotations

import pytest

from bot.store import PlayerRow, Store
from tests.bot.store.conftest import ALICE, GUILD, NOW, later


async def test_upsert_stores_a_new_player(store: Store) -> None:
    player = await store.upsert_player(ALICE, "Alice", now=NOW)
    assert player == PlayerRow(ALICE, "Alice", False, NOW, NOW)
    assert await store.get_player(ALICE) == player


async def test_upsert_refreshes_the_name_and_keeps_the_first_seen_time(store: Store) -> None:
    await store.upsert_player(ALICE, "Alice", now=NOW)
    renamed = await store.upsert_player(ALICE, "Alice B.", now=later(5), is_bot=True)
    assert renamed == PlayerRow(ALICE, "Alice B.", True, NOW, later(5))
    assert await store.get_player(ALICE) == renamed


async def test_unknown_player_is_none(store: Store) -> None:
    assert await store.get_player(ALICE) is None


@pytest.mark.parametrize(
    ("user_id", "name", "message"),
    [
        (-1, "Alice", "user_id must be a Discord id"),
        (ALICE, "", "display_name must be a non-empty string"),
        (ALICE, None, "display_name must be a non-empty string"),
    ],
)
async def test_bad_player_is_refused(
    store: Store, user_id: int, name: str | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        await store.upsert_player(user_id, name, now=NOW)  # type: ignore[arg-type]
    assert await store.get_player(ALICE) is None


async def test_guild_settings_start_empty_and_keep_json_values(store: Store) -> None:
    assert await store.guild_settings(GUILD) == {}
    await store.set_guild_setting(GUILD, "clock.move_seconds", 300, now=NOW)
    await store.set_guild_setting(GUILD, "games", ["backgammon", "checkers"], now=NOW)
    await store.set_guild_setting(GUILD, "threads", {"always": True}, now=NOW)
    assert await store.guild_settings(GUILD) == {
        "clock.move_seconds": 300,
        "games": ["backgammon", "checkers"],
        "threads": {"always": True},
    }


async def test_setting_a_key_again_replaces_it_and_guilds_are_separate(store: Store) -> None:
    await store.set_guild_setting(GUILD, "language", "en", now=NOW)
    await store.set_guild_setting(GUILD, "language", "de", now=later(1))
    await store.set_guild_setting(GUILD + 1, "language", "fr", now=NOW)
    assert await store.guild_settings(GUILD) == {"language": "de"}
    assert await store.guild_settings(GUILD + 1) == {"language": "fr"}


async def test_clearing_a_setting_says_whether_it_was_there(store: Store) -> None:
    await store.set_guild_setting(GUILD, "language", "en", now=NOW)
    assert await store.clear_guild_setting(GUILD, "language") is True
    assert await store.clear_guild_setting(GUILD, "language") is False
    assert await store.guild_settings(GUILD) == {}


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("Language", "en", "a setting key must be"),
        ("", "en", "a setting key must be"),
        ("k" * 65, "en", "a setting key must be"),
        ("language", {"en"}, "a set is not a JSON value"),
        ("ratio", float("nan"), "not a JSON number"),
    ],
)
async def test_bad_setting_is_refused_and_changes_nothing(
    store: Store, key: str, value: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        await store.set_guild_setting(GUILD, key, value, now=NOW)  # type: ignore[arg-type]
    assert await store.guild_settings(GUILD) == {}
