"""The `rated` option of /backgammon and /checkers through Discord (issues 6 and 7)."""

from __future__ import annotations

from bot.service.glicko2 import Rating, stake
from bot.store import GameStatus, Store
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import click, command, game_message

MANAGE_GUILD = 0x20


async def test_unrated_challenge_says_unrated_and_is_stored_so(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await command(
            emulator, players.alice, "checkers", {"opponent": players.bob, "rated": False}
        )
        challenge = (await game_message(emulator, store)).content
        await click(emulator, store, players.alice, "cancel")  # frees the channel
        await command(emulator, players.alice, "backgammon", {"opponent": players.bob})
        default = (await game_message(emulator, store, 2)).content
    assert "unrated)" in challenge  # "… (box, 1 day per move, unrated)"
    assert (await store.get_game(1)).options["rated"] is False
    assert "rated)" in default and "unrated" not in default
    assert (await store.get_game(2)).options["rated"] is True


async def test_the_server_default_applies_unless_the_challenge_says_otherwise(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    async with start_bot():
        shown = await command(emulator, admin, "settings", {})
        assert "rated by default on" in shown.content  # nothing set: games are rated
        changed = await command(emulator, admin, "settings", {"rated": False})
        assert "rated by default off" in changed.content
        await command(emulator, players.alice, "checkers", {})
        first = (await game_message(emulator, store)).content
        await click(emulator, store, players.alice, "cancel")
        await command(emulator, players.alice, "checkers", {"rated": True})
        second = (await game_message(emulator, store, 2)).content
    assert "unrated)" in first
    assert (await store.get_game(1)).options["rated"] is False
    assert "rated)" in second and "unrated" not in second
    assert (await store.get_game(2)).options["rated"] is True


async def test_asking_the_bot_for_a_rated_game_is_answered_it_never_is(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        reply = await command(
            emulator, players.alice, "checkers", {"opponent": emulator.bot_user, "rated": True}
        )
    assert reply.ephemeral and "Games against the bot are never rated." in reply.content
    row = await store.get_game(1)
    assert row.status is GameStatus.ACTIVE and row.options["rated"] is False


async def test_rated_option_is_in_the_documented_place_and_localized(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    async with start_bot():
        backgammon = emulator.command("backgammon").body["options"]
        checkers = emulator.command("checkers").body["options"]
    # The documented order: /backgammon [opponent] [points] [cube] [time] [rated] [variant] and
    # /checkers [opponent] [variant] [time] [rated] [first]; the level and hints follow,
    # then jacoby and first (Bad'Gammon) on /backgammon.
    assert [o["name"] for o in backgammon] == [
        "opponent",
        "points",
        "cube",
        "time",
        "rated",
        "variant",
        "level",
        "hints",
        "jacoby",
        "first",
    ]
    assert [o["name"] for o in checkers] == [
        "opponent",
        "variant",
        "time",
        "rated",
        "first",
        "level",
        "hints",
    ]
    for options in (backgammon, checkers):
        [rated] = [o for o in options if o["name"] == "rated"]
        assert "against the bot" in rated["description"]
        localized = rated["description_localizations"]
        assert "contre le bot" in localized["fr"] and "gegen den Bot" in localized["de"]


async def test_a_rated_challenge_shows_what_each_side_wins_or_loses(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    # The challenge shows the rating at stake before it is accepted. Two newcomers
    # (1500 / 350 / 0.06): the figures are Glicko-2's for one game, each side's view.
    win, loss = stake(Rating(), Rating())
    async with start_bot():
        await command(emulator, players.alice, "checkers", {"opponent": players.bob})
        rated = (await game_message(emulator, store)).content
        await click(emulator, store, players.alice, "cancel")
        await command(
            emulator, players.alice, "checkers", {"opponent": players.bob, "rated": False}
        )
        unrated = (await game_message(emulator, store, 2)).content
    assert f"win {win:+d} / lose {loss:+d}" in rated
    assert rated.count(f"win {win:+d}") == 2  # both sides, equal for two newcomers
    assert "At stake" not in unrated
