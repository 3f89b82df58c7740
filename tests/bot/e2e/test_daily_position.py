"""The position of the day and /puzzle, through Discord: a server opts in, a reviewed game
gives a blunder, the bot posts its picture and a poll, members vote, the poll closes and the
answer comes with the engine's figures; /puzzle checks a pick privately.

GNU Backgammon is the oracle: it judges the plays for the review and the coach alike, so the
figures the bot shows are gnubg's, and the best play is known by hand as well: White's opening
3-1 is made 8/5 6/5 (the five point), and 8/7 8/5 (splitting the midpoint builders to slot) is a
blunder.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import timedelta

import gnubg
import pytest

from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import CubeAdvice, RankedPlay
from ai.coach import Advice, Suggestion
from ai.review import SageReviewer
from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.store import GameKind, GameStatus, Store
from emulator import Emulator, Message, User
from emulator.building import BOT_PERMISSIONS
from emulator.harness import CLIENT_OPTIONS, running
from emulator.polls import SEND_POLLS
from engine.backgammon import Play, Position
from engine.backgammon.matchplay import Match
from tests.bot.e2e.conftest import Players
from tests.bot.e2e.drive import (
    OPENING_31,
    WAIT,
    click,
    command,
    confirm,
    game_row,
    start_game,
)
from tests.engine.backgammon.oracles import _apply_pairs, gnubg_board

BEST, BLUNDER = "8/5 6/5", "8/7 8/5"


def gnubg_equities(position: Position, dice: tuple[int, int]) -> dict[Position, float]:
    """gnubg's equity (0-ply) for the side to move after each play, by the position it makes."""
    found = gnubg.findbestmoves(
        gnubg_board(position), gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 0, 0, 0), dice
    )
    return {_apply_pairs(position, entry["move"]): float(entry["score"]) for entry in found}


# The built-in positions, each roll's best play known by hand: make the five, four, bar point.
BUILT_IN = {"3-1": "8/5 6/5", "4-2": "8/4 6/4", "6-1": "13/7 8/7"}
# gnubg runs only in the main thread (it crashes in any other), while the review and the coach
# think in worker threads: the opening positions they judge here are asked of gnubg up front.
# The review weighs the luck of each roll against every roll it could have been: the 15 opening
# rolls, then the 21 of Black's reply to the blunder.
START = Position.initial()
AFTER_BLUNDER = START.apply(next(p for p in START.legal_plays((3, 1)) if p.notation() == BLUNDER))
ORACLE = {
    (position, (high, low)): gnubg_equities(position, (high, low))
    for position, doubles in ((START, False), (AFTER_BLUNDER, True))
    for high in range(1, 7)
    for low in range(1, high + doubles)
}


def ranked(position: Position, dice: tuple[int, int], plays: Sequence[Play]) -> list[RankedPlay]:
    equity = ORACLE[position, dice]
    values = [RankedPlay(play, equity[position.apply(play)]) for play in plays]
    return sorted(values, key=lambda r: -r.value)


class GnubgEvaluator:
    """The review's judge: gnubg's 0-ply equities (games here have no cube)."""

    name = "gnubg 0-ply"
    has_equity = True

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        return ranked(position, dice, plays)

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        raise AssertionError("a game without the cube has no cube decisions")


class GnubgCoach:
    """The coach: gnubg's 0-ply equities."""

    def for_kind(self, kind: GameKind) -> GnubgCoach:
        assert kind is GameKind.BACKGAMMON, "no checkers here"
        return self

    def advice(self, match: Match, count: int) -> Advice:
        game = match.game
        assert game.dice is not None
        best = ranked(game.position, game.dice, game.legal_plays())[:count]
        top = best[0].value
        return Advice(
            tuple(Suggestion(r.play.notation(), r.value, top - r.value) for r in best), "equity"
        )


def figures() -> dict[str, float]:
    """gnubg's equities of White's opening 3-1 plays."""
    start = Position.initial()
    return {r.play.notation(): r.value for r in ranked(start, (3, 1), start.legal_plays((3, 1)))}


def daily_bot(
    emulator: Emulator, store: Store, game_clock: FakeClock
) -> AbstractAsyncContextManager[DuelboardBot]:
    emulator.state.wall = game_clock.now  # Discord ends polls by the same calendar
    parts = PlayParts(
        dice=OPENING_31,
        clock=game_clock,
        coach=GnubgCoach(),
        reviewer=SageReviewer(GnubgEvaluator),
    )
    client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
    return running(client, emulator)


async def blunder_game(emulator: Emulator, store: Store, alice: User, bob: User) -> None:
    """Alice (White) opens 3-1 with the blunder, then resigns: a finished, reviewed game."""
    await start_game(emulator, store, alice, bob, cube=False)
    await command(emulator, alice, "move", {"play": BLUNDER})
    await confirm(emulator, alice, "askresign", "resign:1")
    await click(emulator, store, bob, "yes")  # Bob accepts the single game
    assert (await game_row(store)).status is GameStatus.FINISHED
    # The review pictures the blunder after the recap; waited for, so that it is not taken for
    # a daily post.
    await emulator.wait_until(
        lambda: True if _pictured_mistakes(emulator) else None, "the review's pictures", WAIT
    )


def _pictured_mistakes(emulator: Emulator) -> bool:
    return any(
        a.filename.startswith("mistake")
        for m in emulator.channel_messages(emulator.general)
        for a in m.attachments
    )


def posted(emulator: Emulator, after: int) -> list[Message]:
    return [m for m in emulator.channel_messages(emulator.general) if m.id > after]


def last_id(emulator: Emulator) -> int:
    messages = emulator.channel_messages(emulator.general)
    return messages[-1].id if messages else 0


def signed(value: float) -> str:
    return f"{value:+.3f}".replace("-", "−")


async def test_a_daily_position_is_posted_with_a_poll_and_answered_when_it_closes(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    admin = emulator.add_member("admin", permissions=0x20)
    async with daily_bot(emulator, store, game_clock) as bot:
        await blunder_game(emulator, store, players.alice, players.bob)
        before = last_id(emulator)
        await bot.daily.sweep()
        assert posted(emulator, before) == [], "a server that did not opt in gets nothing"

        reply = await command(emulator, admin, "settings", {"daily": True})
        assert f"Position of the day: in <#{emulator.general.id}>." in reply.content
        # Two sweeps at once (two processes would do the same): one post.
        await asyncio.gather(bot.daily.sweep(), bot.daily.sweep())
        picture, asked = posted(emulator, before)
        assert picture.attachments[0].data.startswith(b"\x89PNG")
        assert "White to play 3-1" in picture.content
        for name in ("alice", "bob"):
            assert name not in picture.content.lower()
            assert name not in (picture.attachments[0].description or "").lower()
        poll = asked.poll
        assert poll is not None and asked.reference_id == picture.id
        equity = figures()
        ranking = sorted(equity, key=lambda play: -equity[play])
        offered = {*ranking[:3], BLUNDER}
        assert ranking[0] == BEST and BLUNDER not in ranking[:3]
        assert [a.text for a in poll.answers] == sorted(offered)
        assert poll.expiry == game_clock.now() + timedelta(hours=23)

        await bot.daily.sweep()
        assert posted(emulator, asked.id) == [], "one post a day"

        answer_id = {a.text: a.answer_id for a in poll.answers}
        await emulator.vote(players.alice, asked, answer_id[BLUNDER])
        await emulator.vote(players.bob, asked, answer_id[BEST])
        await emulator.vote(players.carol, asked, answer_id[BEST])
        game_clock.advance(timedelta(hours=23))
        await bot.daily.sweep()
        result, answer = posted(emulator, asked.id)
        assert result.type == 46  # Discord's own "the poll has ended"
        fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
        assert fields["victor_answer_text"] == BEST
        assert answer.reference_id == asked.id
        lines = answer.content.splitlines()
        assert lines[0] == f"**Position of the day, the answer:** `{BEST}` is the best play."
        assert lines[1] == f"- `{BEST}` — equity {signed(equity[BEST])}, votes: 2"
        loss = signed(equity[BLUNDER] - equity[BEST])
        assert (
            f"- `{BLUNDER}` — equity {signed(equity[BLUNDER])} ({loss} against the best)"
            " (played in the game), votes: 1"
        ) in lines
        assert len([line for line in lines if line.startswith("- ")]) == 4

        await bot.daily.sweep()
        assert posted(emulator, answer.id) == [], "one answer"


async def test_a_game_in_progress_is_never_used(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    admin = emulator.add_member("admin", permissions=0x20)
    async with daily_bot(emulator, store, game_clock) as bot:
        await start_game(emulator, store, players.alice, players.bob, cube=False)
        await command(emulator, players.alice, "move", {"play": BLUNDER})
        await command(emulator, admin, "settings", {"daily": True})
        before = last_id(emulator)
        await bot.daily.sweep()
        assert posted(emulator, before) == []
        assert (await game_row(store)).status is GameStatus.ACTIVE


async def test_opting_in_is_refused_where_the_bot_cannot_post_a_poll(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    admin = emulator.add_member("admin", permissions=0x20)
    async with daily_bot(emulator, store, game_clock):
        await emulator.set_bot_permissions(BOT_PERMISSIONS & ~SEND_POLLS)
        reply = await command(emulator, admin, "settings", {"daily": True})
        assert reply.content == (
            f"I cannot post the position of the day in <#{emulator.general.id}>: I need Send"
            " Messages, Attach Files and Send Polls there. Nothing was changed."
        )
        assert "daily" not in await store.guild_settings(emulator.guild.id)
        await emulator.set_bot_permissions(BOT_PERMISSIONS)
        reply = await command(emulator, admin, "settings", {"daily": True})
        assert await store.guild_settings(emulator.guild.id) == {"daily": emulator.general.id}
        reply = await command(emulator, admin, "settings", {"daily": False})
        assert "Position of the day: off." in reply.content
        assert "daily" not in await store.guild_settings(emulator.guild.id)


@pytest.mark.parametrize(("pick", "verdict"), [(BEST, "Right"), (BLUNDER, "Not this time")])
async def test_puzzle_checks_the_pick_privately(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
    pick: str,
    verdict: str,
) -> None:
    async with daily_bot(emulator, store, game_clock):
        await blunder_game(emulator, store, players.alice, players.bob)
        shown = await command(emulator, players.carol, "puzzle")
        assert shown.ephemeral and "White to play 3-1" in shown.content
        assert shown.attachments[0].data.startswith(b"\x89PNG")
        [menu] = shown.custom_ids
        options = [o["value"] for o in shown.component(menu)["options"]]  # type: ignore[index]
        assert sorted(options) == options and BEST in options and BLUNDER in options
        handle = await emulator.select(players.carol, shown, menu, [pick])
        await emulator.wait_until(
            lambda: shown if shown.content.startswith(verdict) else None, "the check", WAIT
        )
        assert handle.interaction.callback_type == 7  # the puzzle itself says right or wrong
        equity = figures()
        assert f"`{BEST}` — equity {signed(equity[BEST])}" in shown.content
        if pick == BLUNDER:
            assert f"you picked `{BLUNDER}`; the best play is `{BEST}`" in shown.content
        assert not shown.custom_ids


async def test_puzzle_without_games_gives_a_built_in_opening(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    async with daily_bot(emulator, store, game_clock):
        shown = await command(emulator, players.carol, "puzzle")
        [roll] = [dice for dice in BUILT_IN if f"White to play {dice}" in shown.content]
        [menu] = shown.custom_ids
        await emulator.select(players.carol, shown, menu, [BUILT_IN[roll]])
        await emulator.wait_until(
            lambda: shown if shown.content.startswith("Right") else None, "the check", WAIT
        )
        assert "(played in the game)" not in shown.content
