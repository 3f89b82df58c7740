"""The analysis under a backgammon recap, through Discord: the person graded, the bot not.

The evaluator is a stub that calls the engine's first legal play best (0.5) and every other
play worth 0, so the test knows from its own choices which plays were blunders and what the
error rate and PR must be; every roll's best play is worth the same 0.5, so no roll had luck.
After the analysis, Alice's worst decisions are posted as pictures.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager

import pytest

from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import CubeAdvice, RankedPlay
from ai.backgammon.sage import sage_missing
from ai.review import SageReviewer, SideReview
from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.service.review import Reviewer
from bot.service.views import steps_of
from bot.store import GameStatus, Store
from emulator import Emulator, Message
from emulator.harness import CLIENT_OPTIONS, running
from engine.backgammon import Play, Position, Side
from engine.backgammon.matchplay import Match, Phase
from tests.bot.e2e.anywhere_drive import finished, typed
from tests.bot.e2e.conftest import SEEDS, Players
from tests.bot.e2e.drive import (
    WAIT,
    bg_session,
    command,
    confirm,
    game_message,
    recap_message,
)

BEST = 0.5
TURNS = 6  # Alice's plays before she resigns
TITLE = (
    "Analysis (error rate: equity lost per decision, in thousandths;"
    " ?! doubtful, ? error, ?? blunder):"
)


class FirstPlayBest:
    """The engine's first legal play is worth BEST, the others 0; the cube is never judged."""

    name = "first play best"
    has_equity = True

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        first = position.legal_plays(dice)[0]
        ranked = [RankedPlay(play, BEST if play == first else 0.0) for play in plays]
        return sorted(ranked, key=lambda r: -r.value)

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        raise AssertionError("a game without the cube has no cube decisions")


def reviewing_bot(
    emulator: Emulator, store: Store, game_clock: FakeClock, reviewer: Reviewer
) -> AbstractAsyncContextManager[DuelboardBot]:
    parts = PlayParts(dice=SeededDice(SEEDS), clock=game_clock, reviewer=reviewer)
    client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
    return running(client, emulator)


class GatedReviewer:
    """Reviews as SageReviewer(FirstPlayBest) does, once the test opens the gate."""

    available = True

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.inner = SageReviewer(FirstPlayBest)

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> list[SideReview]:
        assert self.gate.wait(WAIT), "the test never opened the gate"
        return self.inner.review(history, sides)


async def turns_played(store: Store) -> int:
    """Plays (forced ones and dances included) made so far in game #1, read from its events."""
    events = await store.events_for(1)
    return sum(1 for event in events for step in steps_of(event) if step["op"] == "move")


async def alices_choice(store: Store, count: int) -> tuple[Play, Play]:
    """The best play of Alice's `count`th turn (the engine's first legal one, by the stub) and
    the one she makes: every third from the second, so that most turns are blunders."""
    session = await bg_session(store)
    assert session.match is not None and session.match.game.phase is Phase.MOVING
    plays = session.match.game.legal_plays()
    return plays[0], plays[(count * 3 + 1) % len(plays)]


async def play_then_resign(emulator: Emulator, store: Store, players: Players) -> list[str]:
    """Alice plays TURNS plays against the bot, then resigns; returns her blunders as the
    recap should list them ("  move N: played?? (best B, −0.500)")."""
    blunders: list[str] = []
    handle = await emulator.slash(
        players.alice, "backgammon", {"opponent": emulator.bot_user, "cube": False}
    )
    await handle.original()
    for count in range(TURNS):
        best, chosen = await alices_choice(store, count)
        if chosen != best:
            move = await turns_played(store) + 1
            blunders.append(
                f"  move {move}: {chosen.notation()}?? (best {best.notation()}, −0.500)"
            )
        await command(emulator, players.alice, "move", {"play": chosen.notation()})
    await confirm(emulator, players.alice, "askresign", "resign:1")
    return blunders


async def the_recap(emulator: Emulator) -> Message:
    return await emulator.wait_until(
        lambda: recap_message(emulator) if _recaps(emulator) else None, "the recap"
    )


async def with_analysis(emulator: Emulator, recap: Message) -> None:
    await emulator.wait_until(
        lambda: True if TITLE in recap.content else None, "the analysis", WAIT
    )


async def test_the_recap_grades_the_person_and_not_the_bot(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    async with reviewing_bot(emulator, store, game_clock, SageReviewer(FirstPlayBest)):
        blunders = await play_then_resign(emulator, store, players)
        recap = await the_recap(emulator)
        await with_analysis(emulator, recap)
        pictures = await emulator.wait_until(lambda: _pictures(emulator), "the pictures", WAIT)
    assert (await store.get_game(1)).status is GameStatus.FINISHED
    alice = await store.get_player(players.alice.id)
    assert alice is not None
    lines = recap.content.splitlines()
    title = lines.index(TITLE)
    rate = 1000 * BEST * len(blunders) / TURNS
    assert len(blunders) >= 3  # the choices above make the worst-three list full
    # PR = 500 x average loss: at least 500 x 0.5 x 3 / 6 = 125, far past "awful" (over 30).
    # Alice resigned a single game at cube 1: she lost 1 point, and no roll was lucky.
    assert lines[title + 1 :] == [
        f"{alice.display_name}: error rate {rate:.1f} over {TURNS} decisions"
        f" · ?! 0 · ? 0 · ?? {len(blunders)}",
        f"  PR {rate / 2:.1f} (awful) · luck 0.00 points · result −1.00, adjusted for luck −1.00",
        *blunders[:3],
    ]
    assert pictures.content == (
        f"The worst decisions of {alice.display_name}, each with the best choice shown:"
    )
    assert [a.filename for a in pictures.attachments] == [
        "mistake1.png",
        "mistake2.png",
        "mistake3.png",
    ]
    assert sum(" error rate " in line for line in lines) == 1  # the bot is not graded


async def test_a_slow_review_holds_up_neither_the_board_nor_the_recap(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    reviewer = GatedReviewer()
    async with reviewing_bot(emulator, store, game_clock, reviewer):
        await play_then_resign(emulator, store, players)
        message = await game_message(emulator, store)
        assert "revealed" in message.content  # the final game message, with the dice seed, is shown
        recap = await the_recap(emulator)
        assert TITLE not in recap.content  # the review is still waiting at the gate
        reviewer.gate.set()
        await with_analysis(emulator, recap)
        await emulator.wait_until(lambda: _pictures(emulator), "the pictures", WAIT)
    assert recap.content.startswith("Recap of game #1")


def _pictures(emulator: Emulator) -> Message | None:
    for message in emulator.channel_messages(emulator.general):
        if message.content.startswith("The worst decisions of "):
            return message
    return None


def _recaps(emulator: Emulator) -> bool:
    return any(
        any(a.filename == "replay.gif" for a in m.attachments)
        for m in emulator.channel_messages(emulator.general)
    )


@pytest.mark.skipif(sage_missing() is not None, reason="Open Sage (the ai extra) is needed")
async def test_open_sage_reviews_with_pr_luck_and_pictures(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    """The real reviewer: its figures are checked against gnubg elsewhere; here they arrive.

    Alice lost a single game at cube 1 by resigning: her result is −1.00 whatever the luck."""
    async with reviewing_bot(emulator, store, game_clock, SageReviewer()):
        await play_then_resign(emulator, store, players)
        recap = await the_recap(emulator)
        await emulator.wait_until(
            lambda: True if "Analysis (" in recap.content else None, "the analysis", WAIT
        )
        pictures = await emulator.wait_until(lambda: _pictures(emulator), "the pictures", WAIT)
    rating = [line for line in recap.content.splitlines() if line.startswith("  PR ")]
    assert len(rating) == 1  # Alice's; the bot is not graded
    assert re.fullmatch(
        r"  PR \d+\.\d \((world class|expert|advanced|intermediate|casual|beginner|distracted"
        r"|awful)\) · luck [−+]?\d+\.\d\d points · result −1\.00, adjusted for luck [−+]?\d+\.\d\d",
        rating[0],
    ), rating[0]
    assert pictures.attachments and all(
        a.filename.startswith("mistake") for a in pictures.attachments
    )


async def test_where_the_bot_cannot_post_the_analysis_and_pictures_come_as_follow_ups(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    """In a direct message the bot is not in (a user's install; the emulator fails any call of
    the bot's own there), the recap, its analysis and the worst decisions' pictures reach the
    player as follow-ups of the interaction that ended the game."""
    alice = players.alice
    dm = emulator.add_dm(alice, players.bob)
    emulator.install_app(alice)
    async with reviewing_bot(emulator, store, game_clock, SageReviewer(FirstPlayBest)):
        handle = await emulator.slash(
            alice, "backgammon", {"opponent": emulator.bot_user, "cube": False}, channel=dm
        )
        await finished(emulator, store, handle)
        for count in range(TURNS):
            _, chosen = await alices_choice(store, count)
            await typed(emulator, store, alice, dm, "move", {"play": chosen.notation()})
        asked = await emulator.click(alice, await game_message(emulator, store), "db:1:askresign")
        confirmation = await asked.original(lambda m: bool(m.custom_ids), WAIT)
        ended = await emulator.click(alice, confirmation, "db:1:resign:1")
        sent = ended.interaction

        def followed_up(start: str) -> Message | None:
            return next((m for m in sent.followups if m.content.startswith(start)), None)

        recap = await emulator.wait_until(lambda: followed_up("Recap of game #1"), "the recap")
        await with_analysis(emulator, recap)
        pictures = await emulator.wait_until(
            lambda: followed_up("The worst decisions of "), "the pictures", WAIT
        )
    assert (await store.get_game(1)).status is GameStatus.FINISHED
    assert recap.channel_id == dm.id and pictures.channel_id == dm.id
    assert [a.filename for a in pictures.attachments] == [
        "mistake1.png",
        "mistake2.png",
        "mistake3.png",
    ]
