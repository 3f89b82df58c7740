"""Running tournaments through Discord as members would, and reading the truth from the store."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime

from bot.frontend.client import DuelboardBot
from bot.i18n import Localizer
from bot.service.clock import FakeClock
from bot.service.ratings import ladder_for
from bot.store import GameRow, Store
from bot.store.ratings import RatingStore, ResultEntry, Standing
from bot.store.tournament_rows import PairingRow, TournamentRow, TournamentStatus
from bot.store.tournaments import TournamentStore
from emulator import Emulator, Message, User
from tests.bot.e2e.conftest import Players
from tests.bot.e2e.drive import WAIT, command

MEMBER_NAMES = ("dave", "erin", "frank", "grace", "heidi")


class FollowUps:
    """Which closed games the bot has finished moving their tournament on after.

    The bot answers the player first and moves the tournament on after; a test that waits for
    each game's follow-up never leaves work running when it ends or acts next.
    """

    def __init__(self, bot: DuelboardBot) -> None:
        self.done: set[int] = set()
        original = bot.tournament_actions.game_closed

        async def tracked(game_id: int) -> None:
            try:
                await original(game_id)
            finally:
                self.done.add(game_id)

        bot.tournament_actions.game_closed = tracked  # type: ignore[method-assign]

    async def after(self, *game_ids: int) -> None:
        """Wait until the bot moved on after each of these games."""

        async def probe() -> bool:
            return set(game_ids) <= self.done

        await until(probe, f"the follow-up of games {sorted(game_ids)}")


async def until(probe: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait until `probe` holds (the bot moves a tournament on after answering the player)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while not await probe():
        assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)


async def tournament(store: Store, number: int = 1) -> TournamentRow:
    """The stored tournament."""
    return await TournamentStore(store).get(number)


async def pairings(
    store: Store, number: int = 1, round_number: int | None = None
) -> list[PairingRow]:
    """The stored pairings (of one round)."""
    found = await TournamentStore(store).pairings(number)
    return [p for p in found if round_number is None or p.round == round_number]


async def round_paired(store: Store, round_number: int, number: int = 1) -> None:
    """Wait until round `round_number` is paired and each of its pairings has its game."""

    async def probe() -> bool:
        row = await tournament(store, number)
        current = await pairings(store, number, round_number)
        return row.round >= round_number and all(p.game_id or p.done for p in current)

    await until(probe, f"round {round_number} to be paired and seated")


async def seed_ratings(
    store: Store, guild_id: int, kind: str, variant: str, ratings: dict[int, float], now: datetime
) -> None:
    """Give players a rating on the tournament's ladder in the server, so seeding is known."""
    ladder = ladder_for(kind, variant)
    for index, (user_id, rating) in enumerate(ratings.items()):
        entry = ResultEntry(9_000_000 + index, user_id, 1, ladder, "win", 1, 0, 0, 0, 0, True, now)

        def rate(
            _scope: int, current: Mapping[int, Standing], value: float = rating
        ) -> Mapping[int, Standing]:
            return {user: (value, 80.0, 0.06) for user in current}

        await RatingStore(store).count_result([entry], scopes=[guild_id], rate=rate, now=now)


async def resign_in_thread(emulator: Emulator, store: Store, loser: User, game_id: int) -> Message:
    """The loser resigns their checkers game with /resign in its thread; their reply."""
    row = await store.get_game(game_id)
    thread = emulator.channel(row.channel_id)
    handle = await emulator.slash(loser, "resign", {"level": "1"}, channel=thread)
    return await handle.original(timeout=WAIT)


async def play_round(
    emulator: Emulator,
    store: Store,
    follow_ups: FollowUps,
    round_number: int,
    users: dict[int, User],
    loser_of: Callable[[int, int], int],
    number: int = 1,
) -> list[tuple[int, int]]:
    """Play every game of a round: `loser_of(a, b)` resigns; each game's follow-up is waited
    for. The pairs played (winner, loser)."""
    played = []
    for pairing in await pairings(store, number, round_number):
        if pairing.second_id is None or pairing.done or pairing.game_id is None:
            continue
        loser = loser_of(pairing.first_id, pairing.second_id)
        winner = pairing.second_id if loser == pairing.first_id else pairing.first_id
        reply = await resign_in_thread(emulator, store, users[loser], pairing.game_id)
        assert "resigns" in reply.content or "abandonne" in reply.content, reply.content
        await follow_ups.after(pairing.game_id)
        played.append((winner, loser))
    return played


async def join_all(emulator: Emulator, members: list[User]) -> None:
    """Each member joins the channel's tournament with /tournament join."""
    for member in members:
        reply = await command(emulator, member, "tournament join")
        joined = Localizer(member.locale)("reply.tournament.joined", tournament=1)
        assert reply.content == joined, reply.content


def messages_with(emulator: Emulator, text: str) -> list[Message]:
    """The general channel's messages containing `text`."""
    return [m for m in emulator.channel_messages(emulator.general) if text in m.content]


async def games_of(store: Store, number: int = 1) -> list[GameRow]:
    """Every table ever seated for the tournament's pairings."""
    rows = []
    for pairing in await pairings(store, number):
        if pairing.game_id is not None:
            rows.append(await store.get_game(pairing.game_id))
    return rows


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


async def finished(emulator: Emulator, store: Store, number: int = 1) -> None:
    """Wait until the tournament is over and the bot is done telling everyone: the sign-up
    message, edited last, says who won."""

    async def probe() -> bool:
        row = await tournament(store, number)
        if row.status is not TournamentStatus.FINISHED or row.message_id is None:
            return False
        return "Finished:" in emulator.state.messages[row.message_id].content

    await until(probe, "the tournament to finish")
