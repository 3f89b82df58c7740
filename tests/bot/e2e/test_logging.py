"""A DEBUG run of the real bot logs neither a live game's dice seed nor an interaction token."""

from __future__ import annotations

import io
import logging

import pytest

from bot import logs
from bot.service.dice import CryptoDice
from bot.store import Store
from emulator import Emulator
from engine.backgammon.matchplay import Phase
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import bg_session, click, command, start_game

TURNS = 4
pytestmark = pytest.mark.usefixtures("logging_restored")


class PlainLines(logging.Handler):
    """Every record as the old set-up printed it (`basicConfig`: no redaction), with its logger."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter(logs.LINE_FORMAT))
        self.lines: list[tuple[str, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the formatted line."""
        self.lines.append((record.name, self.format(record)))

    def showing(self, secret: str, logger: str = "") -> bool:
        """Whether a line of `logger` or of one under it (any logger if "") shows `secret`."""
        return any(
            secret in line
            for name, line in self.lines
            if not logger or name == logger or name.startswith(f"{logger}.")
        )


@pytest.mark.parametrize("library_level", ["WARNING", "DEBUG"])
async def test_a_debug_run_logs_no_live_seed_and_no_interaction_token(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, library_level: str
) -> None:
    """LOG_LEVEL=DEBUG, with the libraries at their default (WARNING) and at DEBUG too.

    The scan can fail: in the DEBUG-libraries run, a second root handler formats the same
    records as the old set-up did (no redaction), and it does show the seed (SQLAlchemy echoes
    the game's INSERT with its parameters) and the tokens (discord.py logs
    gateway events and request URLs); the old set-up put the libraries at LOG_LEVEL too.
    """
    handler = logs.configure(
        logging.DEBUG, logging.getLevelNamesMapping()[library_level], secrets=[emulator.token]
    )
    output = io.StringIO()
    handler.setStream(output)
    plain = PlainLines()
    logging.getLogger().addHandler(plain)
    async with start_bot(CryptoDice()):  # a real, unpredictable seed
        await start_game(emulator, store, players.alice, players.bob)
        users = {players.alice.id: players.alice, players.bob.id: players.bob}
        for _ in range(TURNS):
            session = await bg_session(store)
            assert session.seats is not None and session.match is not None
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            if session.match.game.phase is Phase.MOVING:
                play = session.match.game.legal_plays()[0].notation()
                await command(emulator, actor, "move", {"play": play})
            else:
                await click(emulator, store, actor, "roll")
        row = await store.get_game(1)
    assert row.status.is_open and row.dice_secret  # the seed is still secret
    seed = row.dice_secret
    tokens = list(emulator.state.interactions_by_token)
    assert len(tokens) >= 2 + TURNS  # the challenge, the accept, then one per turn
    text = output.getvalue()
    assert seed not in text
    assert [token for token in tokens if token in text] == []
    assert emulator.token not in text
    if library_level == "DEBUG":
        assert plain.showing(seed, "sqlalchemy")
        assert all(plain.showing(token, "discord") for token in tokens)
        assert logs.REDACTED in text
    else:  # quiet libraries: nothing to redact in the first place
        assert not plain.showing(seed) and not any(plain.showing(t) for t in tokens)
