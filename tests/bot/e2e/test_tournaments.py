"""Tournaments end to end (issue 18): scripted members sign up, play every round as ordinary
games in threads (resigning keeps the games short), and the standings the bot posts are the
ones worked out by hand from the pairing rules; a restart mid-round and two results at once
lose nothing and pair each round once; bad input is refused privately and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.clock import FakeClock
from bot.store import GameStatus, Store
from bot.store.tournament_rows import TournamentStatus
from emulator import Emulator, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import command
from tests.bot.e2e.tournament_drive import (
    MEMBER_NAMES,
    FollowUps,
    games_of,
    join_all,
    messages_with,
    play_round,
    round_paired,
    seed_ratings,
    tournament,
    until,
)

MANAGE_EVENTS = 1 << 33


def everyone(emulator: Emulator, players: Players, count: int) -> list[User]:
    """The first `count` members: alice, bob, carol, then new ones (before the bot starts)."""
    members = [players.alice, players.bob, players.carol]
    members += [emulator.add_member(name) for name in MEMBER_NAMES[: max(0, count - 3)]]
    return members[:count]


async def seeded(
    store: Store, emulator: Emulator, game_clock: FakeClock, members: list[User]
) -> None:
    """Seed 1 is the first member, seed 2 the second...: ratings 1800, 1750, ... on the
    server's box checkers ladder."""
    ratings = {member.id: 1800.0 - 50 * index for index, member in enumerate(members)}
    names = {member.id: member.name for member in members}
    for user_id in ratings:
        await store.upsert_player(user_id, names[user_id], now=game_clock.now())
    await seed_ratings(store, emulator.guild.id, "checkers", "box", ratings, game_clock.now())


def better_seed_wins(seeds: dict[int, int]) -> Callable[[int, int], int]:
    """Who resigns: the player with the worse (higher) seed number."""

    def loser_of(first: int, second: int) -> int:
        return first if seeds[first] > seeds[second] else second

    return loser_of


async def test_an_eight_player_three_round_swiss_is_played_to_the_end(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 8)
    seeds = {member.id: index for index, member in enumerate(members, start=1)}
    users = {member.id: member for member in members}
    alice = players.alice
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        reply = await command(
            emulator,
            alice,
            "tournament create",
            {"game": "checkers", "format": "swiss", "rounds": 3},
        )
        assert "Tournament #1 is open for sign-ups" in reply.content
        await join_all(emulator, members)
        started = await command(emulator, alice, "tournament start")
        assert "round 1 is paired" in started.content
        played = []
        for number in (1, 2, 3):
            await round_paired(store, number)
            games = await play_round(
                emulator, store, follow_ups, number, users, better_seed_wins(seeds)
            )
            played.append(sorted((seeds[winner], seeds[loser]) for winner, loser in games))
        await finished(emulator, store)
        final = messages_with(emulator, "final standings")
    # The Dutch Swiss by hand (seeds by rating, the better seed always wins): round 1 pairs the
    # top half with the bottom half; then each score group top half against bottom half, with
    # no pair met before.
    assert played == [
        [(1, 5), (2, 6), (3, 7), (4, 8)],
        [(1, 3), (2, 4), (5, 7), (6, 8)],
        [(1, 2), (3, 5), (4, 6), (7, 8)],
    ]
    row = await tournament(store)
    assert row.status is TournamentStatus.FINISHED and row.winner_id == alice.id
    # Points; Buchholz = the opponents' points; Sonneborn-Berger = the beaten opponents' points.
    expected = [
        # seed, points, Buchholz, S-B, rank
        (1, 3.0, 5.0, 5.0, 1),
        (2, 2.0, 6.0, 3.0, 2),
        (3, 2.0, 5.0, 2.0, 3),
        (4, 2.0, 3.0, 1.0, 4),
        (5, 1.0, 6.0, 1.0, 5),
        (6, 1.0, 4.0, 0.0, 6),
        (7, 1.0, 3.0, 0.0, 7),
        (8, 0.0, 4.0, 0.0, 8),
    ]
    [posted] = final
    [picture] = posted.attachments
    assert picture.filename == "standings.png" and picture.data.startswith(b"\x89PNG")
    alt = picture.description or ""
    for seed, points, buchholz, sb, rank in expected:
        name = members[seed - 1].name.capitalize()
        figures = (
            f"{rank}. {name}: points {points:g}, Buchholz {buchholz:g}, Sonneborn-Berger {sb:g}"
        )
        assert figures in alt, (figures, alt)
    assert f"<@{alice.id}> wins tournament #1" in posted.content
    assert posted.notified == [alice]
    # Every game was an ordinary rated game in a thread of its own; ratings moved.
    played = await games_of(store)
    assert len(played) == 12 and len({g.channel_id for g in played}) == 12
    assert all(g.status is GameStatus.FINISHED and g.options["rated"] for g in played)
    assert all(emulator.channel(g.channel_id).is_thread for g in played)


async def finished(emulator: Emulator, store: Store, number: int = 1) -> None:
    """Wait until the tournament is over and the bot is done telling everyone: the sign-up
    message, edited last, says who won."""

    async def probe() -> bool:
        row = await tournament(store, number)
        if row.status is not TournamentStatus.FINISHED or row.message_id is None:
            return False
        return "Finished:" in emulator.state.messages[row.message_id].content

    await until(probe, "the tournament to finish")
