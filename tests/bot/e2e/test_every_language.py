"""A whole backgammon game and a whole checkers game through Discord, and every text the bot sent
in them checked in every catalog's language: no English left in anything but names and move
notation.

Both players and the server read one catalog's language (Portuguese of Brazil: a catalog named
for a region, found through the whole locale). Everything the bot sends is read from the
requests it makes (message contents, buttons, menus, embeds, alt texts, autocomplete), not
from what a test chose to look at. English left in it is found by the catalogs' own words: a
word of four or more letters that an English text has, that its translation lacks, and that
the language's catalog never uses, is English that should have been translated. A text that
falls back to English (an entry left empty) shows such words, so the check fails.

The other languages are not played again (a game per language took minutes): the catalog
entries whose texts the bot sent in that game (each text the bot made, found in what it sent)
are read in every catalog's language, and the same words are looked for in each. What differs
between languages is only which catalog the reader's locale picks, which the played game and
`tests/bot/i18n/test_catalogs.py` (every Discord locale of a catalog reads it) check; a text the
bot makes outside the catalogs would show its English in the played game.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

import bot.i18n
from bot.frontend.translator import served_locales
from bot.i18n import DEFAULT_LANGUAGE, TEXTS, Texts
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
PLAYED = "pt_BR"  # the language the game is played in
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


@pytest.fixture
async def emulator(clock: ManualClock) -> AsyncIterator[Emulator]:
    """A local Discord whose server speaks the played language."""
    emu = Emulator(clock=clock, guild_locale=LOCALE_OF[PLAYED])
    await emu.start()
    yield emu
    await emu.stop()
    emu.check()


# The catalog's own functions, which `Worded` stands in front of.
TEXT, PLURAL = bot.i18n.text, bot.i18n.plural


@dataclass
class Worded:
    """The catalog texts the bot made: each key with the count of a counted text, and the text
    as made (in the played language)."""

    made: list[tuple[str, int | None, str]] = field(default_factory=list)

    def text(self, locale: object, key: str, **values: object) -> str:
        made = TEXT(locale, key, **values)
        self.made.append((key, None, made))
        return made

    def plural(self, locale: object, key: str, count: int, **values: object) -> str:
        made = PLURAL(locale, key, count, **values)
        self.made.append((key, count, made))
        return made

    def sent(self, sent: list[str]) -> set[tuple[str, int | None]]:
        """The keys (and counts) of the texts made that are in what the bot sent."""
        everything = "\n".join(sent)
        return {(key, count) for key, count, made in self.made if made and made in everything}


def template(language: str, key: str, count: int | None) -> str:
    """The text of `key` a reader of `language` gets (English where the catalog lacks it), for
    `count` if it is counted; its fields unfilled."""
    texts = TEXTS[language]
    if count is None:
        return texts.messages.get(key, TEXTS[DEFAULT_LANGUAGE].messages[key])
    if key not in texts.plurals:
        texts = TEXTS[DEFAULT_LANGUAGE]
    return texts.plurals[key][texts.plural_form(count)]


def english_in_keys(
    keys: set[tuple[str, int | None]], language: str, names: set[str]
) -> dict[str, list[str]]:
    """English words in the texts of `keys` read in `language`, each with a key it was in."""
    suspects = english_left_words(language) - {name.casefold() for name in names}
    found: dict[str, list[str]] = {}
    for key, count in sorted(keys, key=str):
        for word in words(template(language, key, count)) & suspects:
            found.setdefault(word, []).append(key)
    return found


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
    emulator: Emulator, start_bot: StartBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    worded = Worded()
    monkeypatch.setattr(bot.i18n, "text", worded.text)
    monkeypatch.setattr(bot.i18n, "plural", worded.plural)
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
    names = {"Ana", "Ivo", "ana", "ivo", "duelboard"}
    assert english_in(emulator, PLAYED, names) == {}
    keys = worded.sent(sent)
    assert len({key for key, _ in keys}) > 60  # the bot's texts were seen being made
    found = {language: english_in_keys(keys, language, names) for language in LOCALE_OF}
    assert {language: words for language, words in found.items() if words} == {}


def recaps(emulator: Emulator) -> list[object]:
    return [
        m
        for m in emulator.channel_messages(emulator.general)
        if any(a.filename == "replay.gif" for a in m.attachments)
    ]
