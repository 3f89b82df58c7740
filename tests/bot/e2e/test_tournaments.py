"""Tournaments end to end: scripted members sign up, play every round as ordinary games in
threads (resigning keeps the games short), and the standings the bot posts are the ones worked
out by hand from the pairing rules: a Swiss, and a knockout with a drawn game played again.

What survives a restart, the commands' refusals and the scheduled event have modules of their
own."""

from __future__ import annotations

from bot.service.clock import FakeClock
from bot.service.tournaments.tournament import Tournament
from bot.store import GameNotFoundError, GameRow, GameStatus, Store
from bot.store.tournament_rows import TournamentStatus
from bot.store.tournaments import TournamentStore
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import WAIT, click, command
from tests.bot.e2e.tournament_drive import (
    FollowUps,
    better_seed_wins,
    everyone,
    finished,
    games_of,
    join_all,
    messages_with,
    pairings,
    play_round,
    resign_in_thread,
    round_paired,
    seeded,
    tournament,
)


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
    seated = await games_of(store)
    assert len(seated) == 12 and len({g.channel_id for g in seated}) == 12
    assert all(g.status is GameStatus.FINISHED and g.options["rated"] for g in seated)
    assert all(emulator.channel(g.channel_id).is_thread for g in seated)


async def test_a_five_player_knockout_with_a_drawn_game_played_again(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 5)
    alice, _, _, dave, erin = members
    seeds = {member.id: index for index, member in enumerate(members, start=1)}
    users = {member.id: member for member in members}
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        knockout: dict[str, object] = {"game": "checkers", "format": "knockout"}
        await command(emulator, alice, "tournament create", knockout)
        await join_all(emulator, members)
        await command(emulator, alice, "tournament start")
        await round_paired(store, 1)
        # Five players: a bracket of 8, so seeds 1, 2 and 3 have a bye; 4 meets 5.
        first_round = await pairings(store, 1, 1)
        assert [(seeds[p.first_id], p.second_id and seeds[p.second_id]) for p in first_round] == [
            (1, None),
            (4, 5),
            (2, None),
            (3, None),
        ]
        drawn = first_round[1].game_id
        assert drawn is not None
        thread = emulator.channel((await store.get_game(drawn)).channel_id)
        offered = await emulator.slash(dave, "draw", {}, channel=thread)
        await offered.original(timeout=WAIT)
        await click(emulator, store, erin, "yes", drawn)
        await follow_ups.after(drawn)
        [replayed] = [p for p in await pairings(store, 1, 1) if p.number == 2]
        assert replayed.games == 2 and replayed.game_id != drawn and not replayed.done
        replay = await store.get_game(replayed.game_id or 0)
        # The game played again swaps the seats.
        assert (replay.challenger_id, replay.opponent_id) == (erin.id, dave.id)
        replay_thread = emulator.channel(replay.channel_id)
        assert (thread.name, replay_thread.name) == (
            "Tournament 1, round 1: Dave v Erin",
            "Tournament 1, round 1, replay 1: Dave v Erin",
        )
        call = emulator.channel_messages(replay_thread)[-1]
        assert "a knockout needs a winner" in call.content
        assert set(call.notified) == {dave, erin}
        await resign_in_thread(emulator, store, erin, replay.id)
        await follow_ups.after(replay.id)
        await round_paired(store, 2)
        semis = [(seeds[p.first_id], seeds[p.second_id or 0]) for p in await pairings(store, 1, 2)]
        assert semis == [(1, 4), (2, 3)]  # the bracket: 1's half, then 2's
        await play_round(emulator, store, follow_ups, 2, users, better_seed_wins(seeds))
        await round_paired(store, 3)
        final = [(seeds[p.first_id], seeds[p.second_id or 0]) for p in await pairings(store, 1, 3)]
        assert final == [(1, 2)]
        await play_round(emulator, store, follow_ups, 3, users, better_seed_wins(seeds))
        await finished(emulator, store)
        [posted] = messages_with(emulator, "final standings")
    row = await tournament(store)
    assert row.winner_id == alice.id and row.rounds == 3
    assert len(await games_of(store)) == 4  # the replay, two semi-finals and the final
    assert len([g for g in await store_games(store) if g.winner_id is None]) == 1  # the draw
    [picture] = posted.attachments
    alt = picture.description or ""
    for line in (
        "Round 1: Alice has a bye",
        "Round 1: Dave beat Erin",
        "Semi-finals: Alice beat Dave",
        "Semi-finals: Bob beat Carol",
        "Final: Alice beat Bob",
    ):
        assert line in alt, (line, alt)
    # Ranked by the round reached: Carol and Dave went out in the semi-finals, and share third.
    ranks = [(seeds[s.id], s.rank) for s in (await bot_tournament(store)).standings()]
    assert ranks == [(1, 1), (2, 2), (3, 3), (4, 3), (5, 5)]


async def store_games(store: Store) -> list[GameRow]:
    """Every game stored, the tournament's replaced ones included."""
    found = []
    number = 1
    while True:
        try:
            found.append(await store.get_game(number))
        except GameNotFoundError:
            return found
        number += 1


async def bot_tournament(store: Store, number: int = 1) -> Tournament:
    """The tournament as the service sees it."""
    tournaments = TournamentStore(store)
    row = await tournaments.get(number)
    entrants = await tournaments.entrants(number)
    return Tournament(row, tuple(entrants), tuple(await tournaments.pairings(number)))
