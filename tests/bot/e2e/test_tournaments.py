"""Tournaments end to end: scripted members sign up, play every round as ordinary
games in threads (resigning keeps the games short), and the standings the bot posts are the
ones worked out by hand from the pairing rules; a restart mid-round and two results at once
lose nothing and pair each round once; bad input is refused privately and changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

from bot.service.clock import FakeClock
from bot.service.games import Games
from bot.service.operations import Resign
from bot.service.tournaments.tournament import Tournament
from bot.service.views import Player
from bot.store import GameNotFoundError, GameRow, GameStatus, Store
from bot.store.tournament_rows import TournamentStatus
from bot.store.tournaments import TournamentStore
from emulator import Emulator, User
from emulator.building import BOT_PERMISSIONS
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import WAIT, click, command
from tests.bot.e2e.tournament_drive import (
    MEMBER_NAMES,
    FollowUps,
    games_of,
    join_all,
    messages_with,
    pairings,
    play_round,
    resign_in_thread,
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
    seated = await games_of(store)
    assert len(seated) == 12 and len({g.channel_id for g in seated}) == 12
    assert all(g.status is GameStatus.FINISHED and g.options["rated"] for g in seated)
    assert all(emulator.channel(g.channel_id).is_thread for g in seated)


async def finished(emulator: Emulator, store: Store, number: int = 1) -> None:
    """Wait until the tournament is over and the bot is done telling everyone: the sign-up
    message, edited last, says who won."""

    async def probe() -> bool:
        row = await tournament(store, number)
        if row.status is not TournamentStatus.FINISHED or row.message_id is None:
            return False
        return "Finished:" in emulator.state.messages[row.message_id].content

    await until(probe, "the tournament to finish")


async def test_the_sign_up_names_its_organizer_before_anyone_joins(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    """The organizer need not play: the sign-up named them by their raw user id until someone
    joined."""
    async with start_bot():
        knockout: dict[str, object] = {"game": "checkers", "format": "knockout"}
        await command(emulator, players.alice, "tournament create", knockout)
        [signup] = messages_with(emulator, "Checkers tournament #1")
    assert signup.content.startswith("**Checkers tournament #1** by Alice: knockout")
    assert str(players.alice.id) not in signup.content


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


async def test_a_restart_mid_round_loses_nothing(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 4)
    seeds = {member.id: index for index, member in enumerate(members, start=1)}
    users = {member.id: member for member in members}
    alice = members[0]
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        swiss: dict[str, object] = {"game": "checkers", "format": "swiss", "rounds": 2}
        await command(emulator, alice, "tournament create", swiss)
        await join_all(emulator, members)
        await command(emulator, alice, "tournament start")
        await round_paired(store, 1)
        first, second = await pairings(store, 1, 1)
        loser = better_seed_wins(seeds)(first.first_id, first.second_id or 0)
        await resign_in_thread(emulator, store, users[loser], first.game_id or 0)
        await follow_ups.after(first.game_id or 0)
    # The bot is down. The other game of the round ends as the process dies: its result is
    # committed, the tournament never heard of it.
    games = Games(store, bot=Player(emulator.bot_user.id, "duelboard", True), clock=game_clock)
    loser = better_seed_wins(seeds)(second.first_id, second.second_id or 0)
    await games.act(second.game_id or 0, loser, Resign())
    assert (await tournament(store)).round == 1
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        assert (
            await bot.tournament_actions.sweep() == 1
        )  # what the sweeper does once the bot is back
        await round_paired(store, 2)
        assert len(messages_with(emulator, "round 2 of 2")) == 1
        await play_round(emulator, store, follow_ups, 2, users, better_seed_wins(seeds))
        await finished(emulator, store)
        assert await bot.tournament_actions.sweep() == 0  # nothing left to do
    assert len(await pairings(store)) == 4 and len(await games_of(store)) == 4
    assert len(messages_with(emulator, "standings after round 1 of 2")) == 1
    assert (await tournament(store)).winner_id == alice.id


async def test_two_results_at_once_pair_the_next_round_once(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 4)
    seeds = {member.id: index for index, member in enumerate(members, start=1)}
    users = {member.id: member for member in members}
    alice = members[0]
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        robin: dict[str, object] = {"game": "checkers", "format": "round_robin"}
        await command(emulator, alice, "tournament create", robin)
        await join_all(emulator, members)
        await command(emulator, alice, "tournament start")
        await round_paired(store, 1)
        games = [p.game_id or 0 for p in await pairings(store, 1, 1)]
        losers = []
        for pairing in await pairings(store, 1, 1):
            losers.append(better_seed_wins(seeds)(pairing.first_id, pairing.second_id or 0))
        # Both losers resign at the same moment.
        await asyncio.gather(
            *(
                resign_in_thread(emulator, store, users[loser], game)
                for loser, game in zip(losers, games, strict=True)
            )
        )
        await follow_ups.after(*games)
        await round_paired(store, 2)
        second_round = await pairings(store, 1, 2)
        assert len(second_round) == 2 and all(p.games == 1 for p in second_round)
        assert len(messages_with(emulator, "round 2 of 3")) == 1
        assert len(messages_with(emulator, "standings after round 1 of 3")) == 1
        assert len(await games_of(store)) == 4
        threads = [c for c in emulator.guild.channels.values() if c.is_thread]
        assert len(threads) == 4  # one per game: none made for nothing
        await command(emulator, alice, "tournament cancel")  # so the test ends with no game due


async def test_bad_input_is_refused_privately_and_changes_nothing(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
) -> None:
    alice, bob, carol = players.alice, players.bob, players.carol
    async with start_bot():
        absurd = await command(
            emulator,
            alice,
            "tournament create",
            {"game": "checkers", "format": "knockout", "players": 1000},
        )
        assert absurd.ephemeral
        assert "takes 2 to 256 players, not 1000" in absurd.content
        wrong = await command(
            emulator,
            alice,
            "tournament create",
            {"game": "checkers", "format": "knockout", "rounds": 4},
        )
        assert "Only a Swiss tournament takes a number of rounds (rounds)" in wrong.content
        assert await TournamentStore(store).latest_in_channel(emulator.general.id) is None
        nothing = await command(emulator, bob, "tournament join")
        # Bob reads French: every refusal comes in the reader's language.
        assert "Il n'y a pas de tournoi dans ce salon." in nothing.content
        await command(
            emulator,
            alice,
            "tournament create",
            {"game": "checkers", "format": "swiss", "rounds": 2},
        )
        signup = emulator.state.messages[(await tournament(store)).message_id or 0]
        joined = await emulator.click(bob, signup, "dbt:1:join")
        assert "Tu es inscrit au tournoi n°1." in (await joined.original(timeout=WAIT)).content
        twice = await emulator.click(bob, signup, "dbt:1:join")
        refused = (await twice.original(timeout=WAIT)).content
        assert "Tu es déjà inscrit au tournoi n°1." in refused
        again = await command(emulator, bob, "tournament join")
        assert "Tu es déjà inscrit au tournoi n°1." in again.content
        not_yours = await command(emulator, bob, "tournament cancel")
        assert (
            "Seul l'organisateur du tournoi n°1 ou un membre ayant la permission Gérer le serveur"
            in not_yours.content
        )
        too_few = await command(emulator, alice, "tournament start")
        assert "needs at least 2 players to start; it has 1" in too_few.content
        assert "Players (1 of 16): Bob" in signup.content
        await command(emulator, carol, "tournament join")
        await command(emulator, alice, "tournament start")
        late = await command(emulator, alice, "tournament join")
        assert "Tournament #1 has started: sign-ups are closed." in late.content
        leaving = await command(emulator, bob, "tournament leave")
        assert "seul son organisateur peut maintenant te retirer" in leaving.content
        assert signup.component("dbt:1:join") is None  # the buttons went with the sign-ups
        entrants = await TournamentStore(store).entrants(1)
        assert [e.user_id for e in entrants] == [bob.id, carol.id]
        assert (await tournament(store)).status is TournamentStatus.RUNNING
        await command(emulator, alice, "tournament cancel")


async def test_a_scheduled_event_follows_the_tournament_when_the_bot_may_make_one(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    emulator.state.wall = game_clock.now  # Discord's calendar runs on the bot's clock here
    await emulator.set_bot_permissions(BOT_PERMISSIONS | MANAGE_EVENTS)
    alice, bob = players.alice, players.bob
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        made = await command(
            emulator,
            alice,
            "tournament create",
            {"game": "checkers", "format": "knockout", "start": "2h"},
        )
        assert "No event" not in made.content
        [event] = emulator.guild.events.values()
        assert event.name == "Checkers tournament #1" and event.status == 1
        assert event.start == game_clock.now() + timedelta(hours=2)
        assert (await tournament(store)).event_id == event.id
        await join_all(emulator, [alice, bob])
        game_clock.advance(timedelta(hours=2))
        assert await bot.tournament_actions.sweep() == 1  # the start time came
        await round_paired(store, 1)
        assert event.status == 2  # active
        [final] = await pairings(store, 1, 1)
        await resign_in_thread(emulator, store, bob, final.game_id or 0)
        await follow_ups.after(final.game_id or 0)
        await finished(emulator, store)
    assert event.status == 3  # completed


async def test_without_manage_events_the_reply_says_no_event_was_made(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        made = await command(
            emulator,
            players.alice,
            "tournament create",
            {"game": "backgammon", "format": "round_robin", "start": "1d", "points": 3},
        )
        await command(emulator, players.alice, "tournament cancel")
    assert "the bot needs the Manage Events permission" in made.content
    assert not emulator.guild.events
    assert (await tournament(store)).options["match_length"] == 3


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


async def test_info_standings_pause_and_remove_through_discord(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 4)
    alice, bob, carol, dave = members
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        robin: dict[str, object] = {"game": "checkers", "format": "round_robin", "rated": False}
        await command(emulator, alice, "tournament create", robin)
        await join_all(emulator, members)
        info = await command(emulator, carol, "tournament info")
        assert info.ephemeral
        assert "Round robin: everyone meets everyone once" in info.content
        assert "The games are unrated." in info.content
        early = await command(emulator, carol, "tournament standings")
        assert "Tournament #1 has not started: 4 players have signed up so far." in early.content
        await command(emulator, alice, "tournament start")
        await round_paired(store, 1)
        paused = await command(emulator, alice, "tournament pause")
        assert "Tournament #1 is paused" in paused.content
        # Carol's and Dave's game of round 1 is on; Dave is taken out of the tournament.
        removed = await command(emulator, alice, "tournament remove", {"player": dave})
        assert "Dave is out of tournament #1." in removed.content
        for pairing in await pairings(store, 1, 1):
            loser = users_loser(pairing.first_id, pairing.second_id or 0, {bob.id, dave.id})
            await resign_in_thread(
                emulator, store, members_by_id(members)[loser], pairing.game_id or 0
            )
            await follow_ups.after(pairing.game_id or 0)
        assert (await tournament(store)).round == 1  # paused: round 2 waits
        now = await command(emulator, carol, "tournament standings")
        [picture] = now.attachments
        assert (picture.description or "").startswith(
            "Tournament #1: standings after round 1 of 3."
        )
        await command(emulator, alice, "tournament resume")
        await round_paired(store, 2)
        second = await pairings(store, 1, 2)
        # Dave's round 2 pairing is a walkover for his opponent; the other is played.
        [walkover] = [p for p in second if dave.id in (p.first_id, p.second_id)]
        assert walkover.done and walkover.game_id is None and walkover.winner_id != dave.id
        assert len(messages_with(emulator, "wins without playing: Dave was taken out")) == 1
        await command(emulator, alice, "tournament cancel")


def users_loser(first: int, second: int, losers: set[int]) -> int:
    """Who of the two resigns: the one in `losers` (else the second)."""
    return first if first in losers else second


def members_by_id(members: list[User]) -> dict[int, User]:
    """The members by user id."""
    return {member.id: member for member in members}
