"""A whole 3-point match through Discord: a double, a take, a resignation, the Crawford game."""

from __future__ import annotations

from bot.store import GameStatus, Store
from emulator import Emulator, User
from engine.backgammon.matchplay import Phase
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import (
    OPENING_31,
    bg_session,
    click,
    command,
    confirm,
    game_message,
    pick,
    recap_files,
    recap_message,
)

MAX_ACTIONS = 400


async def _play_one_turn(emulator: Emulator, store: Store, user: User, count: int) -> None:
    """Make a legal play: by the menu on even counts when it is offered, else by /move."""
    session = await bg_session(store)
    plays = session.match.game.legal_plays()  # type: ignore[union-attr]
    text = plays[(count * 7) % len(plays)].notation()
    message = await game_message(emulator, store)
    if count % 2 == 0 and any(c.startswith("dbp:") for c in message.custom_ids):
        await pick(emulator, store, user, text)
        return
    reply = await command(emulator, user, "move", {"play": text})
    assert reply.ephemeral
    assert text in reply.content


async def test_three_point_match_with_double_take_and_crawford_bg14_bg16(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    users = {players.alice.id: players.alice, players.bob.id: players.bob}
    async with start_bot():
        handle = await emulator.slash(
            players.alice, "backgammon", {"opponent": players.bob, "points": 3}
        )
        posted = await handle.original()
        assert posted.ephemeral and "Posted" in posted.content
        challenge = await game_message(emulator, store)
        assert challenge.custom_ids == ["db:1:accept", "db:1:decline", "db:1:cancel"]
        assert f"<@{players.bob.id}>" in challenge.content
        await click(emulator, store, players.bob, "accept")
        message = await game_message(emulator, store)
        assert message is challenge  # one message per game, edited in place
        assert "Dice commitment" in message.content
        assert message.attachments[0].description  # alt text for screen readers

        # Game 1: play a few turns, then the side on roll doubles and the other takes.
        turns, doubler, taker = 0, None, None
        for _ in range(MAX_ACTIONS):
            session = await bg_session(store)
            game = session.match.game  # type: ignore[union-attr]
            assert session.seats is not None
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            if game.phase is Phase.MOVING:
                await _play_one_turn(emulator, store, actor, turns)
                turns += 1
            elif doubler is None and turns >= 2 and session.may_double():
                message = await click(emulator, store, actor, "double")
                assert "doubles to 2" in message.content
                assert message.custom_ids == ["db:1:take", "db:1:askdrop"]
                doubler, taker = actor, users[next(i for i in users if i != actor.id)]
                message = await click(emulator, store, taker, "take")
                assert "the cube is at 2" in message.content
            elif taker is not None and actor is taker:
                # The taker, now on roll, resigns a single game: worth 2 with the cube at 2.
                await confirm(emulator, taker, "askresign", "resign:1")
                message = await game_message(emulator, store)
                assert message.custom_ids == ["db:1:yes", "db:1:no"]
                assert doubler is not None
                message = await click(emulator, store, doubler, "yes")
                break
            else:
                await click(emulator, store, actor, "roll")
        else:
            raise AssertionError("game 1 never reached the double")
        assert doubler is not None and taker is not None

        # Game 2 is the Crawford game (BG-16): the leader is one point from 3; nobody may double.
        session = await bg_session(store)
        assert session.match is not None
        assert session.match.game_number == 2 and session.match.game.crawford
        assert max(session.match.score) == 2
        message = await game_message(emulator, store)
        assert "Crawford game" in message.content
        for count in range(MAX_ACTIONS):
            session = await bg_session(store)
            assert session.seats is not None and session.match is not None
            assert session.match.game.phase is Phase.MOVING  # rolls are automatic: no cube
            assert "db:1:double" not in (await game_message(emulator, store)).custom_ids
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            if actor is taker and count >= 2:
                await confirm(emulator, taker, "askresign", "resign:1")
                message = await click(emulator, store, doubler, "yes")
                break
            await _play_one_turn(emulator, store, actor, count)
        else:
            raise AssertionError("the Crawford game did not end")

        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED and row.winner_id == doubler.id
        assert "wins the match 3-0" in message.content
        assert row.dice_secret is not None
        assert "Dice seed, now revealed" in message.content and row.dice_secret in message.content
        assert message.custom_ids == ["db:1:rematch"]
        board_image(message)

        audit = await command(emulator, players.carol, "verify", {"game": 1})
        assert audit.ephemeral and "rolls match the seed" in audit.content
        files = recap_files(emulator)
        recap = recap_message(emulator).content
    assert files["replay.gif"].startswith(b"GIF8")
    # Both are people, so the match is rated: the winner gains what the loser loses (Glicko-2
    # with equal starting ratings and deviations is symmetric).
    ratings = [line for line in recap.splitlines() if ": rating 1500 → " in line]
    assert len(ratings) == 2
    deltas = sorted(int(line.rsplit("(", 1)[1].rstrip(")")) for line in ratings)
    assert deltas[0] < 0 < deltas[1] and deltas[0] == -deltas[1]
    record = files["duelboard-1.mat"].decode()
    assert "3 point match" in record


async def test_a_one_point_match_has_no_cube_and_no_crawford_line(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """Its first game wins a 1-point match: a double could change nothing, and no score is
    ever a point away from winning it, so neither the cube nor the Crawford rule is spoken of."""
    alice, bob = players.alice, players.bob
    async with start_bot(OPENING_31):
        asked = {"opponent": bob, "points": 1}
        refused = await command(emulator, alice, "backgammon", {**asked, "cube": True})
        handle = await emulator.slash(alice, "backgammon", asked)
        await handle.original()
        challenge = (await game_message(emulator, store)).content
        await click(emulator, store, bob, "accept")
        await command(emulator, alice, "move", {"play": "8/5 6/5"})  # the opening 3-1
        message = await game_message(emulator, store)
        doubled = await command(emulator, bob, "double")
    assert "1-point match is played without the cube" in refused.content
    assert "match to 1," in challenge
    for text in (challenge, message.content):
        assert "crawford" not in text.lower() and "cube" not in text.lower(), text
    assert "db:1:double" not in message.custom_ids  # and the dice roll by themselves
    assert doubled.ephemeral and doubled.content.startswith("Impossible")  # Bob reads French
