"""Challenges through Discord: decline, withdraw, expiry through the sweeper, refusals."""

from __future__ import annotations

from datetime import timedelta

from bot.service.clock import FakeClock
from bot.store import GameStatus, Store
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import click, command, game_message


async def test_decline_closes_the_challenge(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        handle = await emulator.slash(players.alice, "checkers", {"opponent": players.bob})
        await handle.original()
        message = await click(emulator, store, players.bob, "decline")
    assert "declined" in message.content
    assert message.custom_ids == []
    assert (await store.get_game(1)).status is GameStatus.CANCELLED


async def test_only_the_challenged_player_may_decline(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        handle = await emulator.slash(players.alice, "checkers", {"opponent": players.bob})
        await handle.original()
        challenge = await game_message(emulator, store)
        refused = await emulator.click(players.carol, challenge, "db:1:decline")
        reply = await refused.original()
    assert reply.ephemeral
    assert "Only the challenged player can decline challenge #1" in reply.content
    assert (await store.get_game(1)).status is GameStatus.PENDING
    assert challenge.custom_ids == ["db:1:accept", "db:1:decline", "db:1:cancel"]


async def test_unanswered_challenge_expires_through_the_sweeper(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    async with start_bot() as bot:
        handle = await emulator.slash(players.alice, "backgammon", {})
        await handle.original()
        challenge = await game_message(emulator, store)
        assert "Anyone may accept" in challenge.content  # no opponent: an open challenge
        assert await bot.actions.sweep() == 0  # nothing is due yet
        game_clock.advance(timedelta(minutes=15, seconds=1))
        assert await bot.actions.sweep() == 1
        message = await game_message(emulator, store)
    assert message is challenge
    assert "expired" in message.content and message.custom_ids == []
    assert (await store.get_game(1)).status is GameStatus.EXPIRED


async def test_open_challenge_accepted_by_anyone_and_busy_channel_refused(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await (await emulator.slash(players.alice, "checkers", {})).original()
        await click(emulator, store, players.carol, "accept")
        second = await emulator.slash(players.bob, "backgammon", {})
        reply = await second.original()
    assert reply.ephemeral
    # Bob's Discord client is in French: the refusal is too.
    assert "Ce salon a déjà la partie n°1 en cours" in reply.content
    row = await store.get_game(1)
    assert row.status is GameStatus.ACTIVE and row.opponent_id == players.carol.id


async def test_challenging_yourself_is_refused_with_the_reason(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        handle = await emulator.slash(players.alice, "checkers", {"opponent": players.alice})
        reply = await handle.original()
    assert reply.ephemeral and "cannot challenge yourself" in reply.content
    assert await store.active_game_in_channel(emulator.general.id) is None


async def test_bad_time_limit_is_named(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    async with start_bot():
        reply = await command(emulator, players.alice, "help")
        assert reply.ephemeral and "/backgammon" in reply.content
        handle = await emulator.slash(players.alice, "checkers", {"time": "2m"})
        refusal = await handle.original()
    assert refusal.ephemeral
    assert "between 5 minutes and 7 days" in refusal.content


async def test_rules_of_a_variant_and_an_unknown_one(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    async with start_bot():
        english = await command(
            emulator, players.alice, "rules", {"game": "checkers", "variant": "english"}
        )
        backgammon = await command(emulator, players.alice, "rules", {"game": "backgammon"})
        unknown = await command(
            emulator, players.alice, "rules", {"game": "checkers", "variant": "chess"}
        )
        suggested = await emulator.autocomplete(
            players.alice, "rules", {"game": "checkers", "variant": "br"}, focused="variant"
        )
    assert english.ephemeral and english.content.startswith("**English draughts")
    assert backgammon.content.startswith("**Backgammon (standard)**")
    assert "unknown checkers variant 'chess'" in unknown.content and "english" in unknown.content
    assert [choice["value"] for choice in suggested] == ["brazilian"]
