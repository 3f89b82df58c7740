"""The rules of a game through Discord: the waiting player may resign, /abort on
a challenge, and the options players expect (Jacoby, Crawford, who starts in Bad'Gammon),
refused by name where they do not apply."""

from __future__ import annotations

import pytest

from bot.service.options import MAX_POINTS
from bot.store import GameStatus, Store
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import (
    OPENING_31,
    click,
    command,
    confirm,
    game_message,
    start_game,
)


async def test_the_waiting_checkers_player_resigns_through_the_button(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """Alice is to move; Bob, waiting (up to days per move), resigns and is not trapped."""
    async with start_bot():
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        assert (await store.get_game(1)).to_move_id == players.alice.id
        confirmation = await confirm(emulator, players.bob, "askresign", "resign:1")
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED and row.winner_id == players.alice.id
    assert (
        "not your turn" not in confirmation.content and "pas ton tour" not in confirmation.content
    )
    assert "Bob abandonne." in confirmation.content  # Bob reads French: "Fait : Bob abandonne."
    assert "› Bob resigns." in message.content
    assert "› Alice wins 1 point (resigned)." in message.content
    assert message.custom_ids == ["db:1:rematch"]


async def test_the_waiting_backgammon_side_offers_to_resign_bg15(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """BG-15: Bob may offer to resign while Alice is to play; Alice answers, as on her turn."""
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await confirm(emulator, players.bob, "askresign", "resign:1")
        offer = message.content
        assert message.custom_ids == ["db:1:yes", "db:1:no"]
        await click(emulator, store, players.alice, "yes")
    assert f"Bob offers to resign a single game: <@{players.alice.id}> to accept or decline." in (
        offer
    )
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED and row.winner_id == players.alice.id
    assert "Alice wins 1 point (resigned, a single game)." in message.content


async def test_abort_on_a_challenge_declines_or_withdraws_it(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await command(emulator, players.alice, "checkers", {"opponent": players.bob})
        declined = await command(emulator, players.bob, "abort")
        first = await game_message(emulator, store, 1)
        await command(emulator, players.alice, "backgammon", {"opponent": players.bob})
        withdrawn = await command(emulator, players.alice, "abort")
        second = await game_message(emulator, store, 2)
    assert declined.ephemeral and "Bob a refusé le défi." in declined.content  # Bob reads French
    assert "accept" not in declined.content.lower()
    assert withdrawn.ephemeral and withdrawn.content == "Done: Alice withdrew the challenge."
    assert (await store.get_game(1)).status is GameStatus.CANCELLED
    assert (await store.get_game(2)).status is GameStatus.CANCELLED
    alice, bob = f"<@{players.alice.id}>", f"<@{players.bob.id}>"
    assert first.content == f"{bob} declined {alice}'s Checkers challenge."
    assert second.content == f"{alice} withdrew the Backgammon challenge."
    assert first.custom_ids == [] and second.custom_ids == []
    assert await store.active_game_in_channel(emulator.general.id) is None


@pytest.mark.parametrize(("jacoby", "won"), [(False, "2 points"), (None, "1 point")])
async def test_a_gammon_counts_before_the_cube_is_turned_only_without_jacoby(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    jacoby: bool | None,
    won: str,
) -> None:
    """Money play, cube centred: Alice resigns a gammon and Bob accepts. Jacoby off, it counts
    2; with the Jacoby rule (the default), 1 (BG-16)."""
    options = {} if jacoby is None else {"jacoby": jacoby}
    async with start_bot(OPENING_31):
        message = await start_game(
            emulator, store, players.alice, players.bob, "backgammon", **options
        )
        # The game's header and its rules line come in the small print, after the essentials.
        small = [line for line in message.content.splitlines() if line.startswith("-# ")]
        header = small[1].removeprefix("-# ")
        await command(emulator, players.alice, "resign", {"level": "2"})
        await click(emulator, store, players.bob, "yes")
    rule = "no Jacoby rule" if jacoby is False else "Jacoby rule: gammons count only once"
    assert header.startswith(f"Money game · {rule}")
    assert f"› Bob wins {won} (resigned, a gammon)." in message.content
    assert (await store.get_game(1)).status is GameStatus.FINISHED


async def test_options_are_refused_where_they_do_not_apply(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        in_a_match = await command(
            emulator, players.alice, "backgammon", {"points": 5, "jacoby": False}
        )
        not_badgammon = await command(emulator, players.alice, "backgammon", {"first": "opponent"})
        no_cube = await command(
            emulator, players.alice, "backgammon", {"cube": False, "jacoby": True}
        )
        [points] = [
            o for o in emulator.command("backgammon").body["options"] if o["name"] == "points"
        ]
    assert in_a_match.ephemeral and "Jacoby rule (jacoby) is for money games" in in_a_match.content
    assert "chosen only in Bad'Gammon" in not_badgammon.content
    assert "Jacoby rule (jacoby) needs the cube" in no_cube.content
    assert await store.active_game_in_channel(emulator.general.id) is None
    # What Discord lets a user type is what the service's refusal says (0, or 1 to 25).
    assert (points["min_value"], points["max_value"]) == (0, MAX_POINTS) == (0, 25)


async def test_crawford_is_stated_and_badgammon_lets_the_challenger_choose_who_starts(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await command(emulator, players.alice, "backgammon", {"opponent": players.bob, "points": 3})
        challenge = (await game_message(emulator, store, 1)).content
        await command(emulator, players.alice, "abort")
        options = {"opponent": players.bob, "variant": "badgammon", "first": "opponent"}
        await command(emulator, players.alice, "backgammon", options)
        badgammon = (await game_message(emulator, store, 2)).content
        await click(emulator, store, players.bob, "accept", game_id=2)
        started = await game_message(emulator, store, 2)
    assert "match to 3, Crawford rule" in challenge
    assert "the opponent moves first" in badgammon
    assert (await store.get_game(2)).to_move_id == players.bob.id
    assert "› Bob moves first." in started.content
    assert "Money game · Jacoby rule" in started.content


async def test_actions_a_game_does_not_have_are_refused_by_name(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """/draw in backgammon, /roll and /double in checkers: said plainly, to either player."""
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        draw = await command(emulator, players.carol, "draw")  # not a player: not theirs
        waiting = await command(emulator, players.alice, "draw")
        await command(emulator, players.alice, "abort")
        await command(emulator, players.alice, "checkers", {"opponent": players.carol})
        await click(emulator, store, players.carol, "accept", game_id=2)
        roll = await command(emulator, players.carol, "roll")
        double = await command(emulator, players.alice, "double")
    assert "You are not playing in game #1" in draw.content
    assert waiting.content == (
        "Not possible: A draw cannot be offered in backgammon: every game ends with a winner; "
        "to end it now, resign (/resign)"
    )
    assert "checkers is played without dice" in roll.content.lower()
    assert "checkers has no doubling cube" in double.content.lower()
    assert "not a checkers action" not in roll.content + double.content
