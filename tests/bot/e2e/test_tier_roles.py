"""Tier roles through Discord: refused with what is missing (Manage Roles, a role above the
bot's), then given and taken as a rating crosses the threshold; a provisional rating earns none.
"""

from __future__ import annotations

from sqlalchemy import insert

from bot.service.clock import FakeClock
from bot.store import Store
from bot.store.leaderboard import Leaderboards
from bot.store.schema import ratings
from emulator import Emulator
from emulator.building import BOT_PERMISSIONS
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import command
from tests.bot.e2e.test_ladder import LADDER, resigned_game

MANAGE_GUILD = 0x20
MANAGE_ROLES = 1 << 28
THRESHOLD = 1600


async def test_tier_roles_are_refused_without_reach_then_follow_the_rating(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    gold = emulator.add_role("Gold", [])
    bot_role = max(emulator.guild.roles.values(), key=lambda role: role.position)
    above = emulator.add_role("Staff", [], position=bot_role.position + 1)
    # Alice is established just under the threshold (not provisional: deviation 50).
    standing = insert(ratings).values(
        scope=emulator.guild.id,
        ladder=LADDER,
        user_id=players.alice.id,
        rating=1598.0,
        deviation=50.0,
        volatility=0.06,
        games=40,
        wins=20,
        losses=20,
        draws=0,
        updated_at=game_clock.now(),
    )
    await store.database.write(lambda connection: connection.execute(standing))
    tier = {"tier_role": gold, "tier_rating": THRESHOLD, "tier_game": LADDER}
    async with start_bot():
        refused = await command(emulator, admin, "settings", tier)
        await emulator.set_bot_permissions(BOT_PERMISSIONS | MANAGE_ROLES)
        too_high = await command(emulator, admin, "settings", {**tier, "tier_role": above})
        unchanged = await store.guild_settings(emulator.guild.id)
        kept = await command(emulator, admin, "settings", tier)
        await resigned_game(emulator, store, players.alice, players.bob, 1)
        after_win = await _standing(store, emulator.guild.id, players.alice.id)
        has_gold_after_win = gold.id in emulator.guild.members[players.alice.id].role_ids
        await resigned_game(emulator, store, players.carol, players.alice, 2)
        after_loss = await _standing(store, emulator.guild.id, players.alice.id)
        carol = await _standing(store, emulator.guild.id, players.carol.id)
    assert refused.ephemeral
    assert "without the Manage Roles permission" in refused.content
    assert "Nothing was changed." in refused.content
    assert f"<@&{above.id}> is not below my highest role (<@&{bot_role.id}>)" in too_high.content
    assert "tiers" not in unchanged  # neither refusal kept anything
    assert (
        f"Tier roles: <@&{gold.id}> from 1600 on checkers (box rules)." in kept.content.splitlines()
    )
    assert round(after_win[0]) >= THRESHOLD and has_gold_after_win
    assert round(after_loss[0]) < THRESHOLD
    assert gold.id not in emulator.guild.members[players.alice.id].role_ids
    # Carol's first game, a win, puts her over the threshold, but provisionally: no tier.
    assert round(carol[0]) >= THRESHOLD and carol[1] > 110
    assert gold.id not in emulator.guild.members[players.carol.id].role_ids


async def _standing(store: Store, guild_id: int, user_id: int) -> tuple[float, float]:
    """A player's stored rating and deviation on the ladder in the server."""
    entry = await Leaderboards(store).rank_of(guild_id, LADDER, user_id)
    assert entry is not None
    return entry.standing.rating, entry.standing.deviation
