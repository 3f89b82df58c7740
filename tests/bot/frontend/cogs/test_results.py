"""/leaderboard, /stats, /history and /export end to end: the real bot against the emulator."""

from __future__ import annotations

from bot.frontend.client import DuelboardBot
from bot.service.operations import AcceptChallenge
from bot.service.ratings import Ratings
from bot.service.views import Player
from bot.store import GameKind, Store
from emulator import Emulator, User
from tests.bot.conftest import clock
from tests.bot.e2e.conftest import (
    Players,
    StartBot,
    app_errors,
    game_clock,
    migrated,
    players,
    start_bot,
    store,
)
from tests.bot.e2e.drive import command
from tests.bot.service.play import checkers_win

__all__ = ["app_errors", "clock", "game_clock", "migrated", "players", "start_bot", "store"]


async def finished_checkers(
    bot: DuelboardBot, emulator: Emulator, first: User, second: User, winner: User
) -> int:
    """A rated checkers game between two members, finished and counted; returns its id."""
    games = bot.games
    posted = await games.challenges.post(
        channel_id=emulator.general.id,
        guild_id=emulator.guild.id,
        challenger=Player(first.id, first.name),
        opponent=Player(second.id, second.name),
        kind=GameKind.CHECKERS,
    )
    accepted = await games.act(posted.game.id, second.id, AcceptChallenge(second.name))
    game_id = await checkers_win(games, accepted, winner.id)
    await Ratings(bot.store, bot_id=games.bot.id).count_finished(game_id, now=games.clock.now())
    return game_id


async def test_leaderboard_stats_history_and_export(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    alice, bob = players.alice, players.bob
    async with start_bot() as bot:
        game_id = await finished_checkers(bot, emulator, alice, bob, alice)
        await store.attach_message(game_id, 123_456)
        leaderboard = await command(emulator, bob, "leaderboard", {"game": "checkers:box"})
        stats = await command(emulator, alice, "stats", {})
        history = await command(emulator, bob, "history", {})
        exported = await command(emulator, alice, "export", {})
        empty = await command(emulator, alice, "leaderboard", {"scope": "global"})
    lines = leaderboard.content.splitlines()
    # All four answer only the one who asked (/help says so).
    assert leaderboard.ephemeral and stats.ephemeral and history.ephemeral and exported.ephemeral
    assert empty.ephemeral
    # Bob reads French (his Discord locale is fr); Alice reads English. Ladders are named in
    # the reader's words, never by their ids (`checkers:box`).
    assert "Classement : dames (règles du coffret), ce serveur" in lines[0]
    assert "page 1 sur 1" in lines[0]
    assert lines[1].startswith("`#1` **alice** 1662?") and lines[2].startswith("`#2` **bob** 1338?")
    assert "gagnées : 100 %" in lines[1]
    assert "Games: 1 · won 1 · lost 0 · drawn 0" in stats.content
    assert "checkers (box rules): 1662?" in stats.content
    assert "1662" in stats.content.splitlines()[-2]
    # The ? of a provisional rating is explained under it, where it is shown.
    assert stats.content.splitlines()[-1] == (
        "-# ? after a rating: provisional, still uncertain after only a few rated games."
    )
    assert lines[-1].startswith("-# ? après une cote : provisoire")
    assert "Rating history (checkers (box rules))" in stats.content
    assert f"`#{game_id}` dames (règles du coffret) contre alice : perdue" in history.content
    assert "checkers:box" not in leaderboard.content + stats.content + history.content
    link = f"https://discord.com/channels/{emulator.guild.id}/{emulator.general.id}/123456"
    assert link in history.content and history.ephemeral
    [record] = exported.attachments
    assert record.filename == f"duelboard-{game_id}.pdn"
    assert b'[Result "2-0"]' in record.data or b'[Result "0-2"]' in record.data
    assert "Nobody is rated on this ladder yet" in empty.content  # backgammon: nobody yet
