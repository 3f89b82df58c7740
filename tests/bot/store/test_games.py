"""Games: one open game per channel, versioned commits, the event log and its replay."""

from __future__ import annotations

import math
from datetime import timedelta, timezone

import pytest

from bot.store import (
    KEEP,
    ChannelBusyError,
    ConflictError,
    GameEvent,
    GameKind,
    GameNotFoundError,
    GameRow,
    GameStatus,
    PlayerNotFoundError,
    Store,
)
from tests.bot.store.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, NOW, THREAD, later, new_game

START = "start"


def toy_reducer(state: str, event: GameEvent) -> str:
    """A stand-in for the engine: the state is the path of steps taken, so order matters."""
    return f"{state}>{event.kind}:{event.payload['step']}"


async def play(
    store: Store, game: GameRow, step: str, minutes: int = 1, **changes: object
) -> GameRow:
    """Commit one toy move on `game`, computing the next state with the toy reducer."""
    seq = game.version + 1
    probe = GameEvent(game.id, seq, "move", {"step": step}, ALICE, later(minutes))
    return await store.commit(
        game.id,
        game.version,
        "move",
        {"step": step},
        toy_reducer(game.state, probe),
        now=later(minutes),
        actor_id=ALICE,
        **changes,  # type: ignore[arg-type]
    )


async def test_create_game_starts_at_version_zero(seated: Store) -> None:
    game = await new_game(seated, options={"match_to": 5, "crawford": True})
    assert (game.version, game.state, game.initial_state) == (0, START, START)
    assert game.status is GameStatus.PENDING
    assert game.kind is GameKind.BACKGAMMON  # the enum, from the text the store keeps
    assert game.options == {"match_to": 5, "crawford": True}
    assert (game.challenger_id, game.opponent_id, game.guild_id) == (ALICE, BOB, GUILD)
    assert game.created_at == NOW and game.updated_at == NOW
    assert await seated.get_game(game.id) == game
    assert await seated.events_for(game.id) == []


async def test_second_open_game_in_a_channel_is_refused_naming_the_channel(seated: Store) -> None:
    first = await new_game(seated)
    with pytest.raises(
        ChannelBusyError, match=rf"<#{CHANNEL}> \(game #{first.id}\).*thread"
    ) as caught:
        await new_game(seated, challenger_id=CAROL, opponent_id=None)
    assert (caught.value.channel_id, caught.value.game_id) == (CHANNEL, first.id)
    assert await seated.active_game_in_channel(CHANNEL) == first
    assert await seated.open_games_for_player(CAROL) == []


async def test_pending_and_active_both_hold_the_channel(seated: Store) -> None:
    game = await play(seated, await new_game(seated), "accept", status=GameStatus.ACTIVE)
    assert game.status is GameStatus.ACTIVE
    with pytest.raises(ChannelBusyError):
        await new_game(seated, challenger_id=CAROL)


async def test_a_thread_is_its_own_channel(seated: Store) -> None:
    await new_game(seated, channel_id=CHANNEL)
    in_thread = await new_game(seated, channel_id=THREAD, challenger_id=CAROL, opponent_id=BOB)
    assert await seated.active_game_in_channel(THREAD) == in_thread


@pytest.mark.parametrize("ending", [GameStatus.FINISHED, GameStatus.CANCELLED, GameStatus.EXPIRED])
async def test_an_ended_game_frees_the_channel(seated: Store, ending: GameStatus) -> None:
    game = await play(seated, await new_game(seated), "end", status=ending)
    assert await seated.active_game_in_channel(CHANNEL) is None
    rematch = await new_game(seated, challenger_id=BOB, opponent_id=ALICE)
    assert rematch.id != game.id
    assert await seated.active_game_in_channel(CHANNEL) == rematch


async def test_reopening_an_ended_game_in_a_busy_channel_is_refused(seated: Store) -> None:
    ended = await play(seated, await new_game(seated), "end", status=GameStatus.CANCELLED)
    await new_game(seated, challenger_id=CAROL)
    with pytest.raises(ChannelBusyError):
        await play(seated, ended, "undo", status=GameStatus.ACTIVE)
    assert await seated.get_game(ended.id) == ended
    assert len(await seated.events_for(ended.id)) == 1


async def test_unknown_player_is_refused_and_nothing_is_created(seated: Store) -> None:
    with pytest.raises(PlayerNotFoundError, match="Player 404 is unknown"):
        await new_game(seated, opponent_id=404)
    assert await seated.active_game_in_channel(CHANNEL) is None


@pytest.mark.parametrize("column", ["opponent_id", "to_move_id", "winner_id"])
async def test_commit_naming_an_unknown_player_is_refused_and_changes_nothing(
    seated: Store, column: str
) -> None:
    game = await new_game(seated)
    with pytest.raises(PlayerNotFoundError, match="Player 404 is unknown"):
        await play(seated, game, "to a stranger", **{column: 404})
    assert await seated.get_game(game.id) == game
    assert await seated.events_for(game.id) == []


async def test_commit_appends_the_event_and_updates_the_game(seated: Store) -> None:
    game = await new_game(seated, turn_deadline=later(60))
    after = await seated.commit(
        game.id,
        0,
        "accept",
        {"step": "accepted", "by": BOB},
        "start>accept:accepted",
        now=later(2),
        actor_id=BOB,
        status=GameStatus.ACTIVE,
        to_move_id=ALICE,
        reminder_at=later(30),
    )
    assert after.version == 1
    assert after.state == "start>accept:accepted"
    assert (after.status, after.to_move_id, after.reminder_at) == (
        GameStatus.ACTIVE,
        ALICE,
        later(30),
    )
    assert after.turn_deadline == later(60)  # left at KEEP
    assert after.updated_at == later(2) and after.created_at == NOW
    assert await seated.events_for(game.id) == [
        GameEvent(game.id, 1, "accept", {"step": "accepted", "by": BOB}, BOB, later(2))
    ]


async def test_commit_with_none_clears_a_column(seated: Store) -> None:
    game = await new_game(seated, turn_deadline=later(60), to_move_id=ALICE)
    after = await play(seated, game, "a", turn_deadline=None, to_move_id=KEEP)
    assert after.turn_deadline is None and after.to_move_id == ALICE


async def test_finishing_stores_winner_and_result(seated: Store) -> None:
    game = await new_game(seated)
    done = await play(
        seated,
        game,
        "last",
        status="finished",
        winner_id=BOB,
        result={"kind": "gammon", "points": 2},
    )
    assert (done.status, done.winner_id, done.result) == (
        GameStatus.FINISHED,
        BOB,
        {"kind": "gammon", "points": 2},
    )


async def test_stale_version_is_refused_as_already_made(seated: Store) -> None:
    game = await new_game(seated)
    moved = await play(seated, game, "13/8")
    with pytest.raises(ConflictError, match="That move was already made") as caught:
        await play(seated, game, "13/8")
    assert (caught.value.expected_version, caught.value.actual_version) == (0, 1)
    assert await seated.get_game(game.id) == moved
    assert len(await seated.events_for(game.id)) == 1


async def test_future_version_is_refused_too(seated: Store) -> None:
    game = await new_game(seated)
    with pytest.raises(ConflictError, match="at version 0, not 3"):
        await seated.commit(game.id, 3, "move", {"step": "x"}, "s", now=NOW)
    assert await seated.events_for(game.id) == []


async def test_commit_on_a_missing_game_names_it(seated: Store) -> None:
    with pytest.raises(GameNotFoundError, match="no game #77"):
        await seated.commit(77, 0, "move", {"step": "x"}, "s", now=NOW)
    with pytest.raises(GameNotFoundError):
        await seated.get_game(77)
    with pytest.raises(GameNotFoundError):
        await seated.events_for(77)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"expected_version": -1}, "expected_version must be a non-negative integer"),
        ({"event_kind": "Move!"}, "event_kind must be 1-32 lower-case"),
        ({"payload": {"step": math.nan}}, "not a JSON number"),
        ({"payload": {1: "x"}}, "key 1 is not a string"),
        ({"payload": {"step": (1, 2)}}, "a tuple is not a JSON value"),
        ({"payload": ["step"]}, "payload must be a mapping"),
        ({"new_state": ""}, "new_state must be a non-empty string"),
        ({"now": NOW.replace(tzinfo=None)}, "now must be a timezone-aware datetime"),
        ({"status": "won"}, "status must be one of pending, active, finished"),
        ({"winner_id": -5}, "winner_id must be a Discord id"),
        ({"to_move_id": True}, "to_move_id must be a Discord id"),
        ({"turn_deadline": "tomorrow"}, "turn_deadline must be a timezone-aware datetime"),
        ({"result": {"points": math.inf}}, "not a JSON number"),
    ],
)
async def test_bad_commit_arguments_are_refused_and_change_nothing(
    seated: Store, arguments: dict[str, object], message: str
) -> None:
    game = await new_game(seated)
    call: dict[str, object] = {
        "game_id": game.id,
        "expected_version": 0,
        "event_kind": "move",
        "payload": {"step": "x"},
        "new_state": "s",
        "now": NOW,
    }
    call.update(arguments)
    with pytest.raises(ValueError, match=message):
        await seated.commit(**call)  # type: ignore[arg-type]
    assert await seated.get_game(game.id) == game
    assert await seated.events_for(game.id) == []


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"kind": ""}, "kind must be 1-32 lower-case"),
        ({"kind": "chess"}, "kind must be one of backgammon, checkers, not 'chess'"),
        ({"variant": "x" * 33}, "variant must be 1-32"),
        ({"state": ""}, "state must be a non-empty string"),
        ({"channel_id": "9100"}, "channel_id must be a Discord id"),
        ({"channel_id": 2**63}, "channel_id must be a Discord id"),
        ({"options": {"cube": {1, 2}}}, "a set is not a JSON value"),
        ({"status": "done"}, "status must be one of"),
        ({"now": NOW.replace(tzinfo=None)}, "now must be a timezone-aware"),
    ],
)
async def test_bad_create_arguments_are_refused_and_create_nothing(
    seated: Store, arguments: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        await new_game(seated, **arguments)  # type: ignore[arg-type]
    assert await seated.active_game_in_channel(CHANNEL) is None


async def test_replay_reaches_the_stored_state(seated: Store) -> None:
    game = await new_game(seated)
    for number, step in enumerate(["24/18", "13/11", "8/5 6/5", "bar/22", "resign"], start=1):
        game = await play(seated, game, step, minutes=number)
    assert game.version == 5
    assert [event.seq for event in await seated.events_for(game.id)] == [1, 2, 3, 4, 5]
    assert await seated.replay(game.id, toy_reducer) == game.state
    assert game.state == "start>move:24/18>move:13/11>move:8/5 6/5>move:bar/22>move:resign"


async def test_replay_from_a_given_initial_state(seated: Store) -> None:
    game = await play(seated, await new_game(seated), "a")
    assert await seated.replay(game.id, toy_reducer, initial_state="other") == "other>move:a"


async def test_timestamps_come_back_as_the_same_instant_in_utc(seated: Store) -> None:
    tokyo = timezone(timedelta(hours=9))
    game = await new_game(
        seated, now=NOW.astimezone(tokyo), turn_deadline=later(5).astimezone(tokyo)
    )
    assert game.created_at == NOW and game.created_at.utcoffset() == timedelta(0)
    assert (await seated.get_game(game.id)).turn_deadline == later(5)


async def test_due_deadlines_lists_open_overdue_games_most_overdue_first(seated: Store) -> None:
    early = await new_game(seated, channel_id=1, turn_deadline=later(5))
    late = await new_game(seated, channel_id=2, turn_deadline=later(10))
    await new_game(seated, channel_id=3, turn_deadline=later(20))
    await new_game(seated, channel_id=4)
    ended = await new_game(seated, channel_id=5, turn_deadline=later(1))
    await play(seated, ended, "resign", status=GameStatus.FINISHED)
    assert await seated.due_deadlines(later(4)) == []
    assert [game.id for game in await seated.due_deadlines(later(10))] == [early.id, late.id]
    assert [game.id for game in await seated.due_deadlines(later(10), limit=1)] == [early.id]


async def test_due_deadlines_pages_reach_every_due_game_in_order(seated: Store) -> None:
    # Three games share one deadline, so the pages must break the tie by id.
    deadlines = [later(1), later(2), later(2), later(2), later(3), later(30)]
    made = [
        await new_game(seated, channel_id=channel, turn_deadline=deadline)
        for channel, deadline in enumerate(deadlines, start=1)
    ]
    seen: list[int] = []
    pages = 0
    after = None
    while True:
        page = await seated.due_deadlines(later(10), after=after, limit=2)
        pages += 1
        seen.extend(game.id for game in page)
        if len(page) < 2:
            break
        last = page[-1]
        assert last.turn_deadline is not None
        after = (last.turn_deadline, last.id)
    assert seen == [game.id for game in made[:5]]
    assert pages == 3


async def test_due_reminders_page_after_a_key(seated: Store) -> None:
    first = await new_game(seated, channel_id=1, reminder_at=later(1))
    second = await new_game(seated, channel_id=2, reminder_at=later(1))
    third = await new_game(seated, channel_id=3, reminder_at=later(2))
    page = await seated.due_reminders(later(5), after=(later(1), first.id))
    assert [game.id for game in page] == [second.id, third.id]


async def test_due_reminders_lists_open_games_past_their_reminder(seated: Store) -> None:
    game = await new_game(seated, reminder_at=later(3), turn_deadline=later(9))
    assert await seated.due_reminders(later(2)) == []
    assert [row.id for row in await seated.due_reminders(later(3))] == [game.id]
    reminded = await play(seated, game, "remind", reminder_at=None)
    assert await seated.due_reminders(later(8)) == []
    assert [row.id for row in await seated.due_deadlines(later(9))] == [reminded.id]


async def test_due_queries_refuse_bad_arguments(seated: Store) -> None:
    with pytest.raises(ValueError, match="now must be a timezone-aware"):
        await seated.due_deadlines(NOW.replace(tzinfo=None))
    with pytest.raises(ValueError, match="limit must be a positive integer"):
        await seated.due_reminders(NOW, limit=0)
    with pytest.raises(ValueError, match="after must be a"):
        await seated.due_deadlines(NOW, after=NOW)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"after\[1\] must be a Discord id"):
        await seated.due_deadlines(NOW, after=(NOW, -1))


async def test_open_games_for_player_lists_either_seat(seated: Store) -> None:
    first = await new_game(seated, channel_id=1)
    second = await new_game(seated, channel_id=2, challenger_id=CAROL, opponent_id=ALICE)
    await play(seated, await new_game(seated, channel_id=3), "end", status=GameStatus.FINISHED)
    assert [game.id for game in await seated.open_games_for_player(ALICE)] == [first.id, second.id]
    assert [game.id for game in await seated.open_games_for_player(BOB)] == [first.id]


async def test_attach_message_changes_no_version(seated: Store) -> None:
    game = await new_game(seated)
    shown = await seated.attach_message(game.id, 555)
    assert (shown.message_id, shown.version) == (555, 0)
    with pytest.raises(GameNotFoundError):
        await seated.attach_message(999, 555)
