"""The analysis in a checkers recap, through Discord: both people graded, the blunder listed
with the best move, the worst moves pictured in the recap beside its replay and record.

Alice (White, Russian rules) hangs a man with 22-18 (Black's 14x21 is then forced; py-draughts
confirms it in tests/ai/checkers/test_review.py), then resigns. The reviewer is the real one at a
fixed depth without a clock, so the test does not depend on the machine's speed.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import engine.checkers as ck
from ai.checkers import Strength
from ai.checkers.review import Reviewer, Verdict, judge
from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.store import GameStatus, Store
from emulator import Emulator, Message
from emulator.harness import CLIENT_OPTIONS, running
from tests.bot.e2e.conftest import SEEDS, Players
from tests.bot.e2e.drive import WAIT, click, command, confirm, recap_message

FIXED = Strength(max_depth=4, seconds=None)
TITLE = (
    "Analysis by a deeper search than any level plays (figures in men; ?! doubtful from 0.3,"
    " ? error from 0.6, ?? blunder from 1 man or a won game given away):"
)
PNG = b"\x89PNG\r\n\x1a\n"


def reviewing_bot(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    judging: Callable[[ck.Game, ck.Move, int], Verdict] | None = None,
) -> AbstractAsyncContextManager[DuelboardBot]:
    reviewer = Reviewer(judging or (lambda game, move, ply: judge(game, move, FIXED, ply)))
    parts = PlayParts(dice=SeededDice(SEEDS), clock=game_clock, checkers_reviewer=reviewer)
    client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
    return running(client, emulator)


async def test_a_finished_checkers_game_gets_a_review_with_its_worst_moves_pictured(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    async with reviewing_bot(emulator, store, game_clock):
        recap = await _blunder_and_resign(emulator, store, players)
        await emulator.wait_until(
            lambda: True if TITLE in recap.content else None, "the analysis", WAIT
        )
    assert (await store.get_game(1)).status is GameStatus.FINISHED
    alice = await store.get_player(players.alice.id)
    bob = await store.get_player(players.bob.id)
    assert alice is not None and bob is not None
    lines = recap.content.splitlines()
    title = lines.index(TITLE)
    analysis = lines[title + 1 :]
    # Alice: two moves with a choice, one blunder; Bob: one (his capture was forced).
    [alice_line] = [line for line in analysis if line.startswith(f"{alice.display_name}:")]
    assert " · moves 2 · " in alice_line and alice_line.endswith(" · ?? 1")
    [bob_line] = [line for line in analysis if line.startswith(f"{bob.display_name}:")]
    assert " · moves 1 · " in bob_line
    [blunder] = [line for line in analysis if "22-18??" in line]
    assert blunder.startswith("  move 2: 22-18?? (best ") and blunder.endswith(")")
    best = blunder.removeprefix("  move 2: 22-18?? (best ").split(",")[0]
    # In the recap, beside its replay and record: the blunder pictured with the best move
    # played instead, captioned in the text and described in the picture's alt text.
    files = {a.filename: a for a in recap.attachments}
    pictured = [name for name in files if name.startswith("worst-")]
    assert {"replay.gif", "duelboard-1.pdn", "worst-1.png"} <= set(files)
    assert all(files[name].data.startswith(PNG) for name in pictured)
    caption = f"{alice.display_name}, move 2: best {best} instead of 22-18."
    assert "The worst moves pictured, each board showing the best move played instead:" in lines
    assert f"1. {caption}" in lines
    described = files["worst-1.png"].description or ""
    assert described.startswith(caption)
    # The picture is the board after the best move, marked as the last one.
    assert f"Last move by {alice.display_name}: {best}." in described


async def test_a_review_under_way_when_the_bot_stops_is_called_off_quietly(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    """The computer's worker stops with the bot: the review it was making is called off, not
    reported as a failure (the e2e fixtures fail a test in which the bot logs an error)."""
    judging, released, ended = threading.Event(), threading.Event(), threading.Event()

    def stopping_worker(game: ck.Game, move: ck.Move, ply: int) -> Verdict:
        judging.set()
        try:
            released.wait(WAIT)
            raise RuntimeError("the computer's worker process was shut down")
        finally:
            ended.set()

    async with reviewing_bot(emulator, store, game_clock, stopping_worker):
        await _blunder_and_resign(emulator, store, players)
        assert await asyncio.to_thread(judging.wait, WAIT), "the review began"
    released.set()  # the worker answers only once the bot has stopped, as a stopped worker does
    assert await asyncio.to_thread(ended.wait, WAIT)
    for _ in range(20):  # a review left running would log its failure within these turns
        await asyncio.sleep(0.01)
    assert (await store.get_game(1)).status is GameStatus.FINISHED


async def _blunder_and_resign(emulator: Emulator, store: Store, players: Players) -> Message:
    """Alice hangs a man with 22-18, then resigns; the recap posted."""
    handle = await emulator.slash(
        players.alice,
        "checkers",
        {"opponent": players.bob, "variant": "russian", "first": "challenger"},
    )
    await handle.original()
    await click(emulator, store, players.bob, "accept")
    for user, text in ((players.alice, "21-17"), (players.bob, "9-14"), (players.alice, "22-18")):
        await command(emulator, user, "move", {"play": text})
    await confirm(emulator, players.alice, "askresign", "resign:1")
    return await emulator.wait_until(
        lambda: recap_message(emulator) if _recaps(emulator) else None, "the recap"
    )


def _recaps(emulator: Emulator) -> bool:
    return any(
        any(a.filename == "replay.gif" for a in m.attachments)
        for m in emulator.channel_messages(emulator.general)
    )
