"""Refusals reach a French player wholly in French, through the real client.

Bob's Discord locale is `fr` (see conftest); he challenges Alice, so he plays White and, with the
scripted opening roll 3-1, moves first.
"""

from __future__ import annotations

import pytest

from bot.frontend.cogs import results
from bot.service.recap import RecordFile
from bot.store import Store
from emulator import Emulator
from emulator.harness import ErrorCapture
from engine.backgammon import Position
from tests.bot.e2e.conftest import AppErrors, Players, StartBot
from tests.bot.e2e.drive import OPENING_31, bg_session, command, confirm, start_game

ENGLISH_WORDS = ("must", "both", "dice", "turn", "waiting", "Not possible")


async def test_an_illegal_move_is_refused_in_french_bg7(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.bob, players.alice)
        before = message.edits
        # BG-7: both dice must be used when they can be; 8/5 alone leaves the 1 unplayed.
        reply = await command(emulator, players.bob, "move", {"play": "8/5"})
    assert reply.ephemeral
    assert reply.content.startswith("Impossible : Tu dois jouer les deux dés")
    assert not [word for word in ENGLISH_WORDS if word in reply.content]
    assert message.edits == before
    session = await bg_session(store)
    assert session.match is not None and session.match.game.position == Position.initial()


async def test_playing_out_of_turn_is_refused_in_french_with_what_is_awaited(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.bob, players.alice)
        await command(emulator, players.bob, "move", {"play": "8/5 6/5"})
        version = (await store.get_game(1)).version
        reply = await command(emulator, players.bob, "move", {"play": "13/7"})
    assert reply.ephemeral
    # Alice, on roll with the cube in the middle, may roll or double (BG-14).
    assert reply.content == (
        "Impossible : Ce n'est pas ton tour dans la partie n°1 : "
        "on attend que ton adversaire lance les dés ou double."
    )
    assert (await store.get_game(1)).version == version


async def test_the_move_suggestion_out_of_turn_says_in_french_what_is_awaited(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.bob, players.alice)
        await command(emulator, players.bob, "move", {"play": "8/5 6/5"})
        suggested = await emulator.autocomplete(players.bob, "move", {"play": ""}, focused="play")
    assert [choice["name"] for choice in suggested] == [
        "C'est au tour de Alice (lancer les dés ou doubler)."
    ]


async def test_an_internal_error_is_logged_and_apologised_for_in_french(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    discord_errors: ErrorCapture,
    app_errors: AppErrors,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A plain ValueError from a check inside is no refusal: Bob is not shown its English."""
    check = "game_id must be a Discord id (an integer from 0 to 2**63-1), not -5"

    async def broken(store: Store, game_id: int) -> RecordFile:
        raise ValueError(check)

    monkeypatch.setattr(results, "record_for", broken)  # what /export calls
    discord_errors.expect("unexpected error in an interaction")
    async with start_bot():
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await confirm(emulator, players.alice, "askresign", "resign:1")
        reply = await command(emulator, players.bob, "export", {"game": 1})
    assert reply.ephemeral
    assert reply.content == "Une erreur est survenue de notre côté ; rien n'a changé. Réessaie."
    [logged] = app_errors.records
    assert logged.exc_info is not None and str(logged.exc_info[1]) == check
    app_errors.records.clear()  # expected: the test provoked it
