"""/tournament through Discord: the sign-up names its organizer, bad input is refused privately
(in the reader's language) and changes nothing; info, standings, pause, resume and remove."""

from __future__ import annotations

from bot.service.clock import FakeClock
from bot.store import Store
from bot.store.tournament_rows import TournamentStatus
from bot.store.tournaments import TournamentStore
from emulator import Emulator, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import WAIT, command
from tests.bot.e2e.tournament_drive import (
    FollowUps,
    everyone,
    join_all,
    messages_with,
    pairings,
    resign_in_thread,
    round_paired,
    seeded,
    tournament,
)


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
