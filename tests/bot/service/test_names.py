"""Display names that no database driver can store (NUL, lone surrogates) or that are too long:
cleaned as they enter the service, on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

from bot.service.games import Games
from bot.service.operations import AcceptChallenge
from bot.service.views import NAME_LENGTH, Player, clean_name
from bot.store import GameKind, GameStatus
from tests.bot.service.conftest import CHANNEL

# (name as Discord gave it, name as stored and shown)
NAMES = [
    ("\x00", None),  # nothing left: the user's id
    ("a\x00b", "ab"),
    ("\ud800", "\ufffd"),
    ("x\udfffy", "x\ufffdy"),
    ("L" * 5000, "L" * NAME_LENGTH),
    ("  Bob\r\n\t", "Bob"),
    ("Ann\u2028Lee", "AnnLee"),  # a line separator would break the game message's lines
    ("\ud83d\ude00 smile", "\U0001f600 smile"),  # a surrogate pair is one character
    ("\u200b", "\u200b"),  # a format character is kept (emoji joiners are of its kind)
    ("Zoë 🎲", "Zoë 🎲"),
]


@pytest.mark.parametrize(("index", "raw", "expected"), [(i, *case) for i, case in enumerate(NAMES)])
async def test_a_challenge_between_unstorable_names_is_made_with_clean_names(
    games: Games, index: int, raw: str, expected: str | None
) -> None:
    challenger, opponent = Player(500 + index, raw), Player(600 + index, raw + raw)
    posted = await games.challenges.post(
        channel_id=CHANNEL, challenger=challenger, opponent=opponent, kind=GameKind.CHECKERS
    )
    assert posted.game.status is GameStatus.PENDING
    stored = await games.store.get_player(challenger.id)
    assert stored is not None
    assert stored.display_name == (expected if expected is not None else str(challenger.id))
    assert challenger.name == stored.display_name
    other = await games.store.get_player(opponent.id)
    assert other is not None and other.display_name == clean_name(raw + raw, opponent.id)
    started = await games.act(posted.game.id, opponent.id, AcceptChallenge.of(opponent))
    assert started.game.status is GameStatus.ACTIVE


def test_a_cut_name_ends_without_a_space_and_the_cut_keeps_whole_characters() -> None:
    assert clean_name("a" * (NAME_LENGTH - 1) + " tail", 7) == "a" * (NAME_LENGTH - 1)
    assert clean_name("\ud83d\ude00" * 40, 7) == "\U0001f600" * NAME_LENGTH
