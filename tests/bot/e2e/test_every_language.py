"""A whole backgammon game and a whole checkers game in every catalog's language, through Discord,
with no English left in anything the bot sends but names and move notation.

Both players and the server read the language. Everything the bot sends is read from the
requests it makes (message contents, buttons, menus, embeds, alt texts, autocomplete), not
from what a test chose to look at. English left in it is found by the catalogs' own words: a
word of four or more letters that an English text has, that its translation lacks, and that
the language's catalog never uses, is English that should have been translated. A text that
falls back to English (an entry left empty) shows such words, so the check fails.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot.frontend.translator import served_locales
from bot.i18n import DEFAULT_LANGUAGE, TEXTS, Texts, translated_languages
from bot.store import GameStatus, Store
from emulator import Emulator, ManualClock, User
from engine.backgammon.matchplay import Phase
from tests.bot.e2e.conftest import StartBot, board_image
from tests.bot.e2e.drive import (
    WAIT,
    bg_session,
    ck_session,
    click,
    command,
    game_message,
    pick,
)

pytestmark = pytest.mark.slow

MAX_ACTIONS = 1500
# One Discord locale per catalog (`es` is read by es-ES and es-419 alike: the first will do).
LOCALE_OF = {language: locale for locale, language in reversed(served_locales().items())}
# What a person sees of a request body: texts under these keys wherever they are, and an embed
# field's value (a menu option's or a choice's value, like custom ids and file names, is not).
SHOWN = {"content", "title", "description", "label", "placeholder", "text", "name"}
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
TOKEN = re.compile(r"\w+")


def words(text: str) -> set[str]:
    """The words of four or more letters in `text` (no digits: ids, seeds and notation are not
    words), in lower case, less its `{placeholders}`."""
    tokens = TOKEN.findall(PLACEHOLDER.sub(" ", text))
    return {t.casefold() for t in tokens if len(t) >= 4 and t.isalpha()}


def all_texts(texts: Texts) -> Iterator[tuple[str, str]]:
    """(key, text) for every text of a language, each plural form once."""
    yield from texts.messages.items()
    for key, forms in texts.plurals.items():
        yield from ((key, form) for form in forms)


def english_left_words(language: str) -> set[str]:
    """Words that can only be English in a text worded in `language`."""
    english, translated = TEXTS[DEFAULT_LANGUAGE], TEXTS[language]
    own = {key: words(text) for key, text in all_texts(translated)}
    used = set().union(*own.values())
    found: set[str] = set()
    for key, text in all_texts(english):
        found |= words(text) - own.get(key, set())
    return found - used


def shown_texts(body: Any, parent: str = "") -> Iterator[str]:
    """Every text of a request body a Discord user would see."""
    if isinstance(body, list):
        for item in body:
            yield from shown_texts(item, parent)
    elif isinstance(body, dict):
        for key, value in body.items():
            if isinstance(value, str):
                if key in SHOWN or (key == "value" and parent == "fields"):
                    yield value
            else:
                yield from shown_texts(value, key)


def sent_texts(emulator: Emulator) -> list[str]:
    """What the bot sent to Discord's users: every body but the command registrations."""
    return [
        text
        for request in emulator.state.requests
        if request.body is not None and "/commands" not in request.path
        for text in shown_texts(request.body)
    ]


def english_in(emulator: Emulator, language: str, names: set[str]) -> dict[str, list[str]]:
    """English words in what the bot sent, each with a text it was in."""
    suspects = english_left_words(language) - {name.casefold() for name in names}
    found: dict[str, list[str]] = {}
    for text in sent_texts(emulator):
        for word in words(text) & suspects:
            found.setdefault(word, []).append(text[:200])
    return found


@pytest.fixture(params=translated_languages())
async def emulator(clock: ManualClock, request: pytest.FixtureRequest) -> AsyncIterator[Emulator]:
    """A local Discord whose server speaks one catalog's language."""
    emu = Emulator(clock=clock, guild_locale=LOCALE_OF[request.param])
    await emu.start()
    yield emu
    await emu.stop()
    emu.check()


def language(emulator: Emulator) -> str:
    return {locale: lang for lang, locale in LOCALE_OF.items()}[str(emulator.guild.locale)]


def two_readers(emulator: Emulator) -> tuple[User, User]:
    """Two members whose Discord speaks the server's language (named as people, not words)."""
    locale = str(emulator.guild.locale)
    return (
        emulator.add_member("ana", locale=locale, display_name="Ana"),
        emulator.add_member("ivo", locale=locale, display_name="Ivo"),
    )


def test_english_words_are_found_in_a_text_left_in_english() -> None:
    """The check can fail: were a French text left in English, its words would be caught."""
    french = english_left_words("fr")
    english = TEXTS[DEFAULT_LANGUAGE].messages["status.roll"]
    assert words(english) & french
    assert not words(TEXTS["fr"].messages["status.roll"]) & french


def test_names_and_hidden_values_are_not_read_as_shown_text() -> None:
    body = {
        "content": "Ana",
        "components": [
            {
                "components": [
                    {"custom_id": "db:1:roll", "label": "Lancer"},
                    {"options": [{"label": "13/7", "value": "hidden"}]},
                ]
            }
        ],
        "attachments": [{"id": 0, "filename": "board.png", "description": "Alt"}],
    }
    assert sorted(shown_texts(body)) == ["13/7", "Alt", "Ana", "Lancer"]


async def play_backgammon(emulator: Emulator, store: Store, ana: User, ivo: User) -> None:
    """A money game to its end: a double taken, refusals, a private board, every roll and play
    (the menu and /move in turn)."""
    users = {ana.id: ana, ivo.id: ivo}
    await command(emulator, ana, "backgammon", {"opponent": ivo})
    await click(emulator, store, ivo, "accept")
    doubled = refused = False
    for count in range(MAX_ACTIONS):
        if not (await store.get_game(1)).status.is_open:
            break
        session = await bg_session(store)
        game = session.match.game  # type: ignore[union-attr]
        assert session.seats is not None
        actor = users[session.seats[session.actor()]]  # type: ignore[index]
        other = ana if actor is ivo else ivo
        if game.phase is Phase.MOVING:
            if not refused:
                await command(emulator, actor, "move", {"play": "24/1"})  # no such play
                await command(emulator, other, "move", {"play": "13/7"})  # not their turn
                await command(emulator, other, "board", {"private": True})
                refused = True
            plays = game.legal_plays()
            text = plays[(count * 7) % len(plays)].notation()
            message = await game_message(emulator, store)
            if count % 2 and any(c.startswith("dbp:") for c in message.custom_ids):
                await pick(emulator, store, actor, text)
            else:
                await command(emulator, actor, "move", {"play": text})
        elif game.phase is Phase.DOUBLED:
            await click(emulator, store, actor, "take")
        elif not doubled and count > 4 and session.may_double():
            await click(emulator, store, actor, "double")
            doubled = True
        else:
            await click(emulator, store, actor, "roll")
    else:
        raise AssertionError("the backgammon game did not end")
    assert doubled and (await store.get_game(1)).status is GameStatus.FINISHED
    board_image(await game_message(emulator, store))
    await command(emulator, ana, "verify", {"game": 1})


async def play_checkers(emulator: Emulator, store: Store, ana: User, ivo: User) -> None:
    """A box-rules game to its end, a draw offered and declined on the way."""
    users = {ana.id: ana, ivo.id: ivo}
    await command(emulator, ana, "checkers", {"opponent": ivo, "first": "challenger"})
    await click(emulator, store, ivo, "accept", game_id=2)
    for ply in range(MAX_ACTIONS):
        if not (await store.get_game(2)).status.is_open:
            break
        session = await ck_session(store, 2)
        assert session.game is not None and session.seats is not None
        actor = users[session.seats[session.actor()]]  # type: ignore[index]
        if ply == 3:
            await command(emulator, actor, "draw")
            await click(emulator, store, ana if actor is ivo else ivo, "no", game_id=2)
        moves = session.game.position.legal_moves()
        text = moves[(ply * 3) % len(moves)].pdn()
        message = await game_message(emulator, store, 2)
        if ply % 2 and any(c.startswith("dbp:") for c in message.custom_ids):
            await pick(emulator, store, actor, text, game_id=2)
        else:
            await command(emulator, actor, "move", {"play": text})
    else:
        raise AssertionError("the checkers game did not end")
    assert (await store.get_game(2)).status is GameStatus.FINISHED


async def test_a_backgammon_and_a_checkers_game_leave_no_english(
    emulator: Emulator, start_bot: StartBot, store: Store
) -> None:
    lang = language(emulator)
    ana, ivo = two_readers(emulator)
    async with start_bot():
        await command(emulator, ana, "help")
        await command(emulator, ana, "rules", {"game": "backgammon"})
        await command(emulator, ivo, "rules", {"game": "checkers"})
        await play_backgammon(emulator, store, ana, ivo)
        await play_checkers(emulator, store, ana, ivo)
        await emulator.wait_until(
            lambda: True if len(recaps(emulator)) == 2 else None, "both recaps", WAIT
        )
        await command(emulator, ivo, "stats")
        await command(emulator, ivo, "leaderboard")
    sent = sent_texts(emulator)
    assert len(sent) > 100  # the walk above saw the bot's messages
    assert english_in(emulator, lang, {"Ana", "Ivo", "ana", "ivo", "duelboard"}) == {}


def recaps(emulator: Emulator) -> list[object]:
    return [
        m
        for m in emulator.channel_messages(emulator.general)
        if any(a.filename == "replay.gif" for a in m.attachments)
    ]
