"""Tournaments through the service: sign-ups, refusals that change nothing, rounds
played as ordinary tables, results, replays, walkovers, the clock, and races."""

from __future__ import annotations

import asyncio
import itertools
from datetime import timedelta
from typing import Any

import pytest

from bot.service.clock import FakeClock
from bot.service.errors import ActionNotAllowedError, TournamentError
from bot.service.games import Games
from bot.service.operations import Abort, AcceptOffer, OfferDraw, Resign
from bot.service.tournaments.lifecycle import Tournaments
from bot.service.tournaments.tournament import Progress, Tournament
from bot.service.views import Player
from bot.store import GameStatus, PairingTakenError, Store
from bot.store.tournament_rows import TournamentStatus
from tests.bot.service.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD

DAVE = Player(404, "Dave")
_threads = itertools.count(20_000)


@pytest.fixture
def tournaments(games: Games) -> Tournaments:
    """The tournaments of the test's games."""
    return Tournaments(games)


async def open_one(tournaments: Tournaments, **options: Any) -> Tournament:
    """A checkers tournament by Alice in the test channel (a round robin unless told)."""
    chosen: dict[str, Any] = {"kind": "checkers", "format": "round_robin", **options}
    return await tournaments.create(guild_id=GUILD, channel_id=CHANNEL, organizer=ALICE, **chosen)


async def seat_all(tournaments: Tournaments, progress: Progress) -> list[int]:
    """Seat every pairing that waits, each at a table in a channel of its own (as the bot
    opens a thread per game); the new games' numbers."""
    made = []
    for pairing in progress.to_seat:
        result = await tournaments.seat(pairing, next(_threads))
        made.append(result.game.id)
    return made


async def lower_id_wins(tournaments: Tournaments, progress: Progress) -> Progress:
    """Every open game of the current round is resigned by its player with the higher id."""
    for game_id in await seat_all(tournaments, progress):
        row = await tournaments.games.store.get_game(game_id)
        loser = max(row.challenger_id, row.opponent_id or 0)
        await tournaments.games.act(game_id, loser, Resign())
    return await tournaments.advance(progress.tournament.id)


async def test_a_round_robin_is_played_to_the_end_with_hand_computed_standings(
    tournaments: Tournaments,
) -> None:
    tournament = await open_one(tournaments)
    for person in (ALICE, BOB, CAROL, DAVE):
        tournament = await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    assert progress.paired == (1,) and progress.tournament.row.rounds == 3
    for _ in range(3):
        progress = await lower_id_wins(tournaments, progress)
    assert progress.finished and progress.completed == (3,)
    final = progress.tournament
    assert final.row.status is TournamentStatus.FINISHED
    assert final.row.winner_id == ALICE.id
    # Everyone met everyone once, and the lower id won: 3, 2, 1, 0 points. Buchholz sums the
    # opponents' points; Sonneborn-Berger the beaten opponents' points.
    got = [(s.id, s.points, s.buchholz, s.sonneborn_berger, s.rank) for s in final.standings()]
    assert got == [
        (ALICE.id, 3.0, 3.0, 3.0, 1),
        (BOB.id, 2.0, 4.0, 1.0, 2),
        (CAROL.id, 1.0, 5.0, 0.0, 3),
        (DAVE.id, 0.0, 6.0, 0.0, 4),
    ]
    met = {frozenset((p.first_id, p.second_id)) for p in final.pairings}
    assert len(met) == 6 and len(final.pairings) == 6  # every pair once, no bye with 4
    # Every game was an ordinary rated table of the tournament, in a channel of its own.
    for pairing in final.pairings:
        assert pairing.game_id is not None
        game = await tournaments.games.store.get_game(pairing.game_id)
        assert game.status is GameStatus.FINISHED and game.options["rated"] is True
        assert game.options["tournament"] == tournament.id
        assert game.options["tournament_round"] == pairing.round


async def test_bad_set_ups_are_refused_and_nothing_is_stored(
    tournaments: Tournaments, store: Store
) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 1}, "svc.tournament.players"),
        ({"players": 10_000}, "svc.tournament.players"),
        ({"players": 17}, "svc.tournament.players"),  # a round robin takes 16 at most
        ({"format": "swiss"}, "svc.tournament.rounds_needed"),
        ({"format": "swiss", "rounds": 0}, "svc.tournament.rounds"),
        ({"format": "swiss", "rounds": 500}, "svc.tournament.rounds"),
        ({"format": "knockout", "rounds": 3}, "svc.tournament.rounds_swiss_only"),
        ({"format": "ladder"}, "svc.tournament.format"),
        ({"start": "yesterday"}, "svc.tournament.start_unreadable"),
        ({"start": "2020-01-01 10:00"}, "svc.tournament.start_past"),
        ({"start": "200d"}, "svc.tournament.start_far"),
        ({"start": "2026-02-30 10:00"}, "svc.tournament.start_unreadable"),
        ({"match_length": 5}, "svc.option.checkers_length"),
    ]
    for options, code in cases:
        with pytest.raises(TournamentError if "tournament" in code else Exception) as refused:
            await open_one(tournaments, **options)
        assert getattr(refused.value, "code", None) == code, options
    assert await tournaments.store.latest_in_channel(CHANNEL) is None


async def test_start_times_are_read_as_durations_dates_or_discord_timestamps(
    tournaments: Tournaments, clock: FakeClock
) -> None:
    now = clock.now()
    for text, expected in [
        ("90m", now + timedelta(minutes=90)),
        ("2h", now + timedelta(hours=2)),
        ("3d", now + timedelta(days=3)),
        ("2026-03-02 18:30", now.replace(day=2, hour=18, minute=30)),
        (f"<t:{int(now.timestamp()) + 600}:F>", now + timedelta(minutes=10)),
    ]:
        tournament = await open_one(tournaments, start=text)
        assert tournament.row.starts_at == expected, text
        await tournaments.cancel(tournament.id, ALICE.id, manager=False)


async def test_sign_up_refusals_name_the_reason_and_change_nothing(
    tournaments: Tournaments,
) -> None:
    tournament = await open_one(tournaments, players=2)
    await tournaments.join(tournament.id, BOB)
    with pytest.raises(TournamentError) as twice:
        await tournaments.join(tournament.id, BOB)
    assert twice.value.code == "svc.tournament.already_in"
    await tournaments.join(tournament.id, CAROL)
    with pytest.raises(TournamentError) as full:
        await tournaments.join(tournament.id, DAVE)
    assert full.value.code == "svc.tournament.full"
    with pytest.raises(TournamentError) as not_organizer:
        await tournaments.cancel(tournament.id, BOB.id, manager=False)
    assert not_organizer.value.code == "svc.tournament.organizer_only"
    with pytest.raises(TournamentError) as not_in:
        await tournaments.leave(tournament.id, DAVE.id)
    assert not_in.value.code == "svc.tournament.not_entered"
    with pytest.raises(TournamentError) as busy:
        await open_one(tournaments)
    assert busy.value.code == "svc.tournament.channel_busy"
    unchanged = await tournaments.get(tournament.id)
    assert unchanged.row.status is TournamentStatus.SIGNUP
    assert [e.user_id for e in unchanged.entrants] == [BOB.id, CAROL.id]
    # A member with Manage Server may direct it too.
    await tournaments.start(tournament.id, DAVE.id, manager=True)
    with pytest.raises(TournamentError) as started:
        await tournaments.join(tournament.id, DAVE)
    assert started.value.code == "svc.tournament.started"
    with pytest.raises(TournamentError) as leaving:
        await tournaments.leave(tournament.id, BOB.id)
    assert leaving.value.code == "svc.tournament.leave_started"
    with pytest.raises(TournamentError) as again:
        await tournaments.start(tournament.id, ALICE.id)
    assert again.value.code == "svc.tournament.already_started"


async def test_too_few_players_refuse_a_start_and_call_off_a_timed_one(
    tournaments: Tournaments, clock: FakeClock
) -> None:
    tournament = await open_one(tournaments, start="1h")
    await tournaments.join(tournament.id, BOB)
    with pytest.raises(TournamentError) as refused:
        await tournaments.start(tournament.id, ALICE.id)
    assert refused.value.code == "svc.tournament.too_few"
    assert await tournaments.sweep() == []  # not due yet
    clock.advance(timedelta(hours=1))
    [progress] = await tournaments.sweep()
    assert progress.called_off
    assert progress.tournament.row.status is TournamentStatus.CANCELLED


async def test_the_clock_starts_a_tournament_at_its_start_time_unless_paused(
    tournaments: Tournaments, clock: FakeClock
) -> None:
    tournament = await open_one(tournaments, start="30m")
    for person in (ALICE, BOB, CAROL):
        await tournaments.join(tournament.id, person)
    await tournaments.pause(tournament.id, ALICE.id, manager=False)
    clock.advance(timedelta(minutes=30))
    assert await tournaments.sweep() == []
    resumed = await tournaments.resume(tournament.id, ALICE.id, manager=False)
    assert resumed.tournament.row.status is TournamentStatus.SIGNUP
    [progress] = await tournaments.sweep()
    assert progress.paired == (1,)
    # Three players in a round robin: three rounds, one of them sits out each (a bye).
    assert progress.tournament.row.rounds == 3
    [bye] = [p for p in progress.tournament.round(1) if p.second_id is None]
    assert bye.done and bye.winner_id == bye.first_id
    assert len(progress.to_seat) == 1


async def test_a_drawn_knockout_game_is_played_again_with_the_seats_swapped(
    tournaments: Tournaments,
) -> None:
    tournament = await open_one(tournaments, format="knockout")
    for person in (ALICE, BOB):
        await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    [first_game] = await seat_all(tournaments, progress)
    games = tournaments.games
    row = await games.store.get_game(first_game)
    await games.act(first_game, row.challenger_id, OfferDraw())
    await games.act(first_game, row.opponent_id or 0, AcceptOffer())
    progress = await tournaments.advance(tournament.id)
    [replay] = progress.to_seat
    assert not replay.done and replay.game_id == first_game and replay.games == 1
    [second_game] = await seat_all(tournaments, progress)
    again = await games.store.get_game(second_game)
    assert (again.challenger_id, again.opponent_id) == (row.opponent_id, row.challenger_id)
    await games.act(second_game, again.challenger_id, Resign())
    progress = await tournaments.advance(tournament.id)
    assert progress.finished
    assert progress.tournament.row.winner_id == again.opponent_id


async def test_a_pairing_gets_one_game_however_often_it_is_seated(
    tournaments: Tournaments,
) -> None:
    tournament = await open_one(tournaments)
    for person in (ALICE, BOB):
        await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    [pairing] = progress.to_seat
    await tournaments.seat(pairing, next(_threads))
    with pytest.raises(PairingTakenError):
        await tournaments.seat(pairing, next(_threads))
    stored = (await tournaments.get(tournament.id)).round(1)
    assert [p.games for p in stored] == [1]


async def test_two_results_at_once_pair_the_next_round_once(tournaments: Tournaments) -> None:
    tournament = await open_one(tournaments)
    for person in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    made = await seat_all(tournaments, progress)
    games = tournaments.games
    for game_id in made:
        row = await games.store.get_game(game_id)
        await games.act(game_id, row.challenger_id, Resign())
    # Both games closed; two callers (two results, or a result and the sweeper) move on at once.
    first, second = await asyncio.gather(
        tournaments.advance(tournament.id), tournaments.advance(tournament.id)
    )
    assert sorted([first.paired, second.paired]) == [(), (2,)]
    stored = await tournaments.get(tournament.id)
    assert stored.row.round == 2
    assert len(stored.round(2)) == 2 and len(stored.pairings) == 4


async def test_a_removed_player_loses_their_later_pairings_without_playing(
    tournaments: Tournaments,
) -> None:
    tournament = await open_one(tournaments)
    for person in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    made = await seat_all(tournaments, progress)
    with pytest.raises(TournamentError) as refused:
        await tournaments.remove(tournament.id, BOB.id, DAVE, manager=False)
    assert refused.value.code == "svc.tournament.organizer_only"
    await tournaments.remove(tournament.id, ALICE.id, DAVE, manager=False)
    # Dave's round 1 game is on: it is played out (here Dave wins it).
    for game_id in made:
        row = await tournaments.games.store.get_game(game_id)
        seats = {row.challenger_id, row.opponent_id or 0}
        loser = min(seats - {DAVE.id}) if DAVE.id in seats else max(seats)
        await tournaments.games.act(game_id, loser, Resign())
    progress = await tournaments.advance(tournament.id)
    assert progress.paired == (2,)
    [walkover] = [p for p in progress.tournament.round(2) if DAVE.id in (p.first_id, p.second_id)]
    assert walkover.done and walkover.game_id is None and walkover.winner_id != DAVE.id
    assert len(progress.to_seat) == 1  # only the other pairing is played


async def test_a_tournament_game_cannot_be_aborted(tournaments: Tournaments) -> None:
    tournament = await open_one(tournaments)
    for person in (ALICE, BOB):
        await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    [game_id] = await seat_all(tournaments, progress)
    with pytest.raises(ActionNotAllowedError) as refused:
        await tournaments.games.act(game_id, ALICE.id, Abort())
    assert refused.value.code == "svc.abort_tournament"
    assert (await tournaments.games.store.get_game(game_id)).status is GameStatus.ACTIVE


async def test_a_game_that_finished_unrecorded_is_not_played_again(
    tournaments: Tournaments,
) -> None:
    """A result not yet recorded (its follow-up still to come) is a result, not a pairing
    waiting for a game: only a knockout draw, or no game, is played."""
    tournament = await open_one(tournaments)
    for person in (ALICE, BOB, CAROL, DAVE):
        await tournaments.join(tournament.id, person)
    progress = await tournaments.start(tournament.id, ALICE.id)
    first, _ = await seat_all(tournaments, progress)
    row = await tournaments.games.store.get_game(first)
    await tournaments.games.act(first, row.challenger_id, Resign())
    stored = await tournaments.get(tournament.id)
    assert [p.done for p in stored.round(1)] == [False, False]  # not recorded yet
    assert await tournaments.rounds.waiting(stored) == []
