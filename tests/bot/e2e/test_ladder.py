"""The ladder in public through Discord: a leaderboard shared to the channel as a picture, and a
server's standing leaderboard message, edited after rated games at most once a minute.

Each game is checkers won by resigning at once: the result counts like any other.
"""

from __future__ import annotations

from datetime import timedelta

from bot.service.clock import FakeClock
from bot.service.ratings import ladder_for
from bot.store import Store
from bot.store.leaderboard import Leaderboards
from emulator import Emulator, Message, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import WAIT, click, command, game_message

MANAGE_GUILD = 0x20
LADDER = ladder_for("checkers", "box")


async def resigned_game(
    emulator: Emulator, store: Store, winner: User, loser: User, game_id: int
) -> None:
    """`winner` challenges `loser` to rated checkers, who accepts and resigns; the recap posts."""
    await command(emulator, winner, "checkers", {"opponent": loser, "variant": "box"})
    await game_message(emulator, store, game_id)
    await click(emulator, store, loser, "accept", game_id)
    await command(emulator, loser, "resign", {"level": "1"})
    await emulator.wait_until(lambda: _recap(emulator, game_id), f"the recap of #{game_id}", WAIT)


def _recap(emulator: Emulator, game_id: int) -> Message | None:
    return next(
        (
            m
            for m in emulator.channel_messages(emulator.general)
            if f"#{game_id}" in m.content and any(a.filename == "replay.gif" for a in m.attachments)
        ),
        None,
    )


def boards(emulator: Emulator) -> list[Message]:
    """The leaderboard pictures in the general channel, oldest first."""
    return [
        m
        for m in emulator.channel_messages(emulator.general)
        if any(a.filename == "leaderboard.png" for a in m.attachments)
    ]


def alt_of(message: Message) -> str:
    [picture] = message.attachments
    assert picture.data.startswith(b"\x89PNG")
    return picture.description or ""


async def line_of(store: Store, guild_id: int, name: str, user_id: int, change: str) -> str:
    """A player's line in the alt text, from their stored standing (rating rounded, "?" while
    provisional: a deviation over 110)."""
    row = await Leaderboards(store).rank_of(guild_id, LADDER, user_id)
    assert row is not None
    rating = f"{round(row.standing.rating)}{'?' if row.standing.deviation > 110 else ''}"
    s = row.standing
    return (
        f"{row.rank}. {name}: rating {rating} ± {round(s.deviation)}, games {s.games}, "
        f"won {s.wins}, lost {s.losses}, drawn {s.draws}, change in 7 days {change}"
    )


async def test_a_shared_leaderboard_is_a_picture_in_the_channel_with_the_weeks_change(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    guild = emulator.guild.id
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    async with start_bot():
        await resigned_game(emulator, store, players.alice, players.bob, 1)
        game_clock.advance(timedelta(days=8))
        await resigned_game(emulator, store, players.alice, players.carol, 2)
        reply = await command(
            emulator, players.carol, "leaderboard", {"game": LADDER, "share": True}
        )
        await command(emulator, admin, "settings", {"theme": "dark"})
        await command(emulator, players.carol, "leaderboard", {"game": LADDER, "share": True})
    assert not reply.ephemeral and reply in emulator.channel_messages(emulator.general)
    shared, dark = boards(emulator)
    # The server's theme: the same figures, drawn dark.
    assert alt_of(dark) == alt_of(shared) and dark.attachments[0].data != shared.attachments[0].data
    alt = alt_of(shared)
    assert alt.startswith("Leaderboard: checkers (box rules), this server. 1. Alice")
    first = await Leaderboards(store).rank_of(guild, LADDER, players.alice.id)
    assert first is not None
    # alice's change is her second game's only: her rating after the first is a week old.
    history = await Leaderboards(store).rating_history(players.alice.id, guild, LADDER)
    week = round(first.standing.rating) - round(history[0].rating)
    assert 0 < week < round(history[0].rating) - 1500  # a second win moves a rating less
    assert await line_of(store, guild, "Alice", players.alice.id, f"+{week}") in alt
    # carol is new this week: her change runs from where everyone starts, 1500.
    carol = await Leaderboards(store).rank_of(guild, LADDER, players.carol.id)
    assert carol is not None
    lost = f"−{1500 - round(carol.standing.rating)}"
    assert await line_of(store, guild, "Carol", players.carol.id, lost) in alt
    # bob's only game is older than a week: no change.
    assert await line_of(store, guild, "Bob", players.bob.id, "±0") in alt


async def test_the_standing_leaderboard_is_edited_after_rated_games_once_a_minute_at_most(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    async with start_bot() as bot:
        shown = await command(emulator, admin, "settings", {"standing": LADDER})
        assert (
            f"Standing leaderboard: checkers (box rules) in <#{emulator.general.id}>"
            in shown.content
        )
        [board] = boards(emulator)
        assert "Nobody is rated on this ladder yet" in alt_of(board)
        game_clock.advance(timedelta(minutes=2))
        edits = board.edits
        await resigned_game(emulator, store, players.alice, players.bob, 1)
        await emulator.wait_until(lambda: board.edits > edits or None, "the board's edit", WAIT)
        assert "1. Alice" in alt_of(board) and "2. Bob" in alt_of(board)
        # A burst: two more rated games within the minute edit nothing yet.
        edits = board.edits
        await resigned_game(emulator, store, players.carol, players.alice, 2)
        await resigned_game(emulator, store, players.carol, players.bob, 3)
        await bot.actions.sweep()
        assert board.edits == edits and "Carol" not in alt_of(board)
        game_clock.advance(timedelta(seconds=61))
        await bot.actions.sweep()
        assert board.edits == edits + 1
        assert "1. Carol" in alt_of(board)
        await bot.actions.sweep()  # nothing new: no edit
        assert board.edits == edits + 1
    # After a restart the board is found again: a rated game edits the same message.
    game_clock.advance(timedelta(minutes=5))
    async with start_bot():
        await resigned_game(emulator, store, players.bob, players.carol, 4)
        await emulator.wait_until(
            lambda: board.edits > edits + 1 or None, "the board's edit after a restart", WAIT
        )
    assert boards(emulator) == [board]


async def test_the_standing_leaderboard_can_be_moved_and_switched_off(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, game_clock: FakeClock
) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    async with start_bot():
        await command(emulator, admin, "settings", {"standing": LADDER})
        off = await command(emulator, admin, "settings", {"standing": "off"})
        assert "Standing leaderboard: off." in off.content
        game_clock.advance(timedelta(minutes=2))
        [board] = boards(emulator)
        edits = board.edits
        await resigned_game(emulator, store, players.alice, players.bob, 1)
        shown = await command(emulator, admin, "settings", {})
    assert board.edits == edits  # switched off: the old message is left as it was
    assert "Standing leaderboard: off." in shown.content


async def test_stats_show_the_rating_chart_with_its_figures_in_the_alt_text(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    guild = emulator.guild.id
    async with start_bot():
        await resigned_game(emulator, store, players.alice, players.bob, 1)
        await resigned_game(emulator, store, players.carol, players.alice, 2)
        await resigned_game(emulator, store, players.alice, players.carol, 3)
        stats = await command(emulator, players.carol, "stats", {"player": players.alice})
        once = await command(emulator, players.carol, "stats", {"player": players.bob})
        nobody = await command(emulator, players.carol, "stats", {"player": emulator.owner})
    assert stats.ephemeral
    [chart] = stats.attachments
    assert chart.filename == "rating.png" and chart.data.startswith(b"\x89PNG")
    history = await Leaderboards(store).rating_history(players.alice.id, guild, LADDER)
    after = [round(past.rating) for past in history]
    assert len(after) == 3 and after[0] > 1500 and after[1] < after[0] < after[2]
    figures = ", ".join(map(str, after))
    assert chart.description == (
        f"Rating of Alice on checkers (box rules) over their last rated games (3): from 1500 "
        f"to {after[2]}, now ± {round(history[-1].deviation)}; highest {max(after)}, lowest "
        f"{min(after)}. After each game: {figures}."
    )
    assert [a.filename for a in once.attachments] == ["rating.png"]  # one game: one point
    assert nobody.attachments == []  # never rated: no chart
