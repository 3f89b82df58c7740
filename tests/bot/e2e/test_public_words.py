"""The words everyone reads: public text in the third person in French and German,
a checkers game that speaks of its random draw and never of dice (its /verify too), /help on
who sees what, and refusals that echo what the player typed."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest

from bot.store import GameStatus, Store
from emulator import Emulator, ManualClock
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import (
    OPENING_31,
    WAIT,
    ck_session,
    click,
    command,
    confirm,
    game_message,
    start_game,
)

# A reader addressed as "you" (pronouns; French imperatives end in -ez).
SECOND_PERSON = {
    "fr": re.compile(r"\b(vous|votre|vos|tu|toi|ton|tes)\b|\b\w+ez\b", re.IGNORECASE),
    "de": re.compile(r"\b(du|dein|deine|deinen|dich|dir)\b", re.IGNORECASE),
}
DICE = re.compile(r"\b(dice|die|rolls?)\b", re.IGNORECASE)


@pytest.fixture(params=["fr", "de"])
async def emulator(clock: ManualClock, request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    """A local Discord whose one server speaks French, or German."""
    emu = Emulator(clock=clock, guild_locale=request.param)
    await emu.start()
    yield emu
    await emu.stop()
    emu.check()


def language(emulator: Emulator) -> str:
    """The server's language: the one every public message is worded in."""
    return str(emulator.guild.locale)[:2]


async def test_public_messages_name_players_in_the_third_person(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """The challenge, the game message and the turn ping: the player is named, never told
    "your turn" in front of everyone."""
    lang = language(emulator)
    alice, bob = f"<@{players.alice.id}>", f"<@{players.bob.id}>"
    async with start_bot(OPENING_31):
        await command(emulator, players.alice, "backgammon", {"opponent": players.bob})
        challenge = (await game_message(emulator, store)).content
        message = await click(emulator, store, players.bob, "accept")
        opening = message.content
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        ping = await emulator.wait_for_message(
            emulator.general, lambda m: m.id != message.id and bob in m.content, WAIT
        )
    expected = {
        "fr": (
            f"{bob} peut accepter ou refuser ; le défi expire",
            f"À {alice} de jouer 3-1",
            f"À {bob} de",
        ),
        "de": (f"{bob} kann annehmen", f"{alice} spielt 3-1", f"{bob} ist dran in Partie #1"),
    }[lang]
    assert expected[0] in challenge
    assert expected[1] in opening
    assert ping.content.startswith(expected[2]) and players.bob in ping.notified
    for text in (challenge, opening, message.content, ping.content):
        assert SECOND_PERSON[lang].search(text) is None, text


async def test_a_checkers_game_tells_its_random_draw_and_verify_checks_it(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """Who moves first is drawn at random (the default): the message commits to the draw and
    reveals its seed at the end; /verify says whom the draw chose. No dice anywhere."""
    async with start_bot():
        message = await start_game(emulator, store, players.alice, players.bob, "checkers")
        opened = message.content
        session = await ck_session(store)
        assert session.seats is not None
        first = session.seats[session.actor()]  # type: ignore[index]
        await confirm(emulator, players.alice, "askresign", "resign:1")
        ended = message.content
        verified = await command(emulator, players.carol, "verify", {"game": 1})
    assert (await store.get_game(1)).status is GameStatus.FINISHED
    starter = "Alice" if first == players.alice.id else "Bob"
    # Carol reads English: /verify answers in the reader's language.
    assert verified.ephemeral and verified.content == (
        f"Game #1: the random draw that chose {starter} to move first matches the seed, and the "
        "seed matches the commitment published at the start."
    )
    words = {
        "fr": ("Engagement du tirage au sort", "Graine du tirage au sort", "par tirage au sort"),
        "de": ("Commitment der Auslosung", "Seed der Auslosung", "durch Auslosung"),
    }[language(emulator)]
    assert words[0] in opened and words[2] in opened and words[1] in ended
    assert re.search(r"\b(dés|lancers?|würfel\w*|wurf\w*)\b", opened + ended, re.I) is None
    assert DICE.search(verified.content) is None


async def test_help_says_who_sees_each_answer(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    async with start_bot():
        handle = await emulator.slash(players.carol, "help", {})
        reply = await handle.response()
    assert reply.ephemeral
    assert "/leaderboard, /stats, /history, /export, /hint, /rules and /help answer only you" in (
        reply.content
    )
    assert "a rating shown with a ? is provisional" in reply.content  # as /leaderboard shows it


async def test_an_unreadable_move_is_echoed_as_typed_and_a_distance_of_one_is_singular(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """Alice has 3-1 to play. Bob reads French; Alice and Carol read English."""
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        typed = await command(emulator, players.alice, "move", {"play": "-1/-7"})
        one = await command(emulator, players.alice, "move", {"play": "8/7 8/7"})
    assert "'-1/-7'" in typed.content and "/1//7" not in typed.content
    assert "8/7: that is a distance of 1, and the dice left are 3" in one.content
    assert "pips" not in one.content
