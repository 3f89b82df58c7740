"""Duelboard installed to players' accounts: whole games in a group DM and a DM the bot is not
in, answered only through the players' interactions (the emulator fails a test whose bot makes
a call Discord refuses there)."""

from __future__ import annotations

from datetime import timedelta

from bot.frontend.markup import escaped
from bot.service.clock import FakeClock
from bot.service.glicko2 import Rating
from bot.service.ratings import Ratings
from bot.store import GameKind, GamePlace, GameStatus, Store
from bot.store.schema import GLOBAL_SCOPE
from emulator import Channel, Emulator, Message, User
from engine.backgammon.matchplay import Phase
from tests.bot.e2e.anywhere_drive import (
    USE_EXTERNAL_APPS,
    choose,
    finished,
    pings,
    press,
    refused_press,
    typed,
)
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import WAIT, bg_session, ck_session, game_message

MAX_ACTIONS = 400
# The previous game message once the game moved on, in Alice's and in Bob's language.
ELSEWHERE = {
    "This game continues further down the channel.",
    "La partie continue plus bas dans le salon.",
}


async def recap_in(emulator: Emulator, channel: Channel) -> Message:
    """The recap of the channel's finished game, once it is posted."""

    def posted() -> Message | None:
        found = emulator.channel_messages(channel)
        recaps = [m for m in found if any(a.filename == "replay.gif" for a in m.attachments)]
        return recaps[0] if recaps else None

    return await emulator.wait_until(posted, "the recap", WAIT)


def live_pings(emulator: Emulator, channel: Channel) -> list[Message]:
    """The turn pings still in a DM or group DM (the only messages linking to the game)."""
    return [m for m in emulator.channel_messages(channel) if "/channels/@me/" in m.content]


def mentioned_ids(messages: list[Message]) -> set[int]:
    """Everyone the bot's messages mention or notify."""
    found = {u.id for m in messages for u in [*m.mentions, *m.notified]}
    return found


async def test_money_game_with_a_double_in_a_group_dm_the_bot_is_not_in(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    alice, bob, carol = players.alice, players.bob, players.carol
    group = emulator.add_group_dm("Friday night", [alice, bob, carol])
    emulator.install_app(alice)
    emulator.install_app(bob)
    users = {alice.id: alice, bob.id: bob}
    async with start_bot():
        handle = await emulator.slash(
            alice, "backgammon", {"opponent": bob, "points": 0}, channel=group
        )
        challenge = await handle.response(WAIT)
        await finished(emulator, store, handle)
        assert not challenge.ephemeral and challenge.channel_id == group.id
        assert challenge.custom_ids == ["db:1:accept", "db:1:decline", "db:1:cancel"]
        assert challenge.notified == [bob]  # the challenged player, and nobody else
        row = await store.get_game(1)
        assert row.place is GamePlace.GROUP_DM and row.guild_id is None
        assert row.message_id == challenge.id and row.reply_token == handle.interaction.token

        refusal = await refused_press(emulator, store, carol, "accept")
        assert "for someone else" in refusal.content or "#1" in refusal.content
        await press(emulator, store, bob, "accept")
        message = await game_message(emulator, store)
        assert message is challenge  # the challenge became the game, in place
        board_image(message)
        assert "db:1:claim" in message.custom_ids

        doubled = moved_by_command = False
        for count in range(MAX_ACTIONS):
            session = await bg_session(store)
            game = session.match.game  # type: ignore[union-attr]
            assert session.seats is not None
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            other = bob if actor is alice else alice
            if game.phase is Phase.ROLLING and not doubled and count >= 4 and session.may_double():
                refused = await refused_press(emulator, store, carol, "double")
                assert refused.ephemeral  # a bystander acts on nothing
                await press(emulator, store, actor, "double")
                offered = await bg_session(store)
                assert offered.match is not None and offered.match.game.phase is Phase.DOUBLED
                assert (await game_message(emulator, store)).custom_ids[:2] == [
                    "db:1:take",
                    "db:1:askdrop",
                ]
                await press(emulator, store, other, "take")
                doubled = True
                # A restart in the middle: the game goes on from its message.
                break
            if game.phase is Phase.ROLLING:
                await press(emulator, store, actor, "roll")
                continue
            plays = game.legal_plays()
            text = plays[(count * 5) % len(plays)].notation()
            message = await game_message(emulator, store)
            if not moved_by_command and actor is alice:
                before = message
                handle = await typed(emulator, store, alice, group, "move", {"play": text})
                now = await game_message(emulator, store)
                assert now is not before and now.id == handle.interaction.followups[0].id
                assert before.content in ELSEWHERE and before.custom_ids == []
                board_image(now)
                moved_by_command = True
            elif any(c.startswith("dbp:") for c in message.custom_ids):
                await choose(emulator, store, actor, text)
            else:
                await typed(emulator, store, actor, group, "move", {"play": text})
        assert doubled and moved_by_command

    async with start_bot():
        session = await bg_session(store)
        assert session.match is not None and session.match.game.cube.value == 2
        assert session.seats is not None
        for count in range(MAX_ACTIONS):
            session = await bg_session(store)
            game = session.match.game  # type: ignore[union-attr]
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            if game.phase is Phase.ROLLING and count >= 2:
                # The player on roll resigns a single game (worth the cube, 2), confirmed
                # privately; the other accepts.
                message = await game_message(emulator, store)
                asked = await emulator.click(actor, message, "db:1:askresign")
                confirmation = await asked.original(lambda m: bool(m.custom_ids), WAIT)
                assert confirmation.ephemeral
                sure = await emulator.click(actor, confirmation, "db:1:resign:1")
                await finished(emulator, store, sure)
                shown = await game_message(emulator, store)
                assert shown.id == sure.interaction.followups[0].id  # a new game message
                other = bob if actor is alice else alice
                await press(emulator, store, other, "yes")
                break
            if game.phase is Phase.ROLLING:
                await press(emulator, store, actor, "roll")
                continue
            plays = game.legal_plays()
            text = plays[(count * 3) % len(plays)].notation()
            if any(c.startswith("dbp:") for c in (await game_message(emulator, store)).custom_ids):
                await choose(emulator, store, actor, text)
            else:
                await typed(emulator, store, actor, group, "move", {"play": text})
        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED and row.result is not None
        message = await game_message(emulator, store)
        assert message.custom_ids == ["db:1:rematch"]
        recap = await recap_in(emulator, group)
        # The pings went one by one, the one sent before the restart too, the last at the end.
        assert live_pings(emulator, group) == []
        assert "duelboard-1.mat" in [a.filename for a in recap.attachments]
    said = emulator.channel_messages(group)
    assert carol.id not in mentioned_ids(said)  # no message ever mentioned the bystander
    assert not [r for r in emulator.state.requests if r.route and "/channels/" in r.route]


async def test_checkers_in_a_dm_from_a_users_install(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    alice, bob = players.alice, players.bob
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    emulator.install_app(bob)
    users = {alice.id: alice, bob.id: bob}
    async with start_bot():
        handle = await emulator.slash(
            alice, "checkers", {"opponent": bob, "first": "challenger"}, channel=dm
        )
        await finished(emulator, store, handle)
        assert (await store.get_game(1)).place is GamePlace.DM
        accepted = await press(emulator, store, bob, "accept")
        [ping] = pings(accepted)
        assert ping.notified == [alice] and "@me" in ping.content

        guide = await (await emulator.slash(alice, "help", channel=dm)).original(timeout=WAIT)
        assert guide.ephemeral and "/games lists your open games everywhere" in guide.content
        games = await (await emulator.slash(alice, "games", channel=dm)).original(timeout=WAIT)
        assert games.ephemeral and "#1" in games.content and "your turn" in games.content
        assert f"channels/@me/{dm.id}/" in games.content

        drawn_offered = False
        for ply in range(600):
            row = await store.get_game(1)
            if not row.status.is_open:
                break
            session = await ck_session(store)
            assert session.game is not None and session.seats is not None
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            if ply == 3:
                # /board on one's own turn: the command's follow-up is the game's message now.
                before = await game_message(emulator, store)
                shown = await typed(emulator, store, actor, dm, "board")
                now = await game_message(emulator, store)
                assert now.id == shown.interaction.followups[0].id and now is not before
                assert before.content in ELSEWHERE and before.custom_ids == []
            if ply == 6 and not drawn_offered:
                other = bob if actor is alice else alice
                await press(emulator, store, actor, "draw")
                await press(emulator, store, other, "no")
                drawn_offered = True
                continue
            moves = session.game.position.legal_moves()
            text = moves[(ply * 3) % len(moves)].pdn()
            message = await game_message(emulator, store)
            if any(c.startswith("dbp:") for c in message.custom_ids):
                await choose(emulator, store, actor, text)
            else:
                await typed(emulator, store, actor, dm, "move", {"play": text})
            assert len(live_pings(emulator, dm)) <= 1  # each ping deletes the one before
        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED and drawn_offered
        recap = await recap_in(emulator, dm)
        assert "duelboard-1.pdn" in [a.filename for a in recap.attachments]

        rematch = await emulator.click(bob, await game_message(emulator, store), "db:1:rematch")
        await finished(emulator, store, rematch, game_id=2)
        again = await store.get_game(2)
        assert again.place is GamePlace.DM and again.status is GameStatus.PENDING
        offered = await game_message(emulator, store, 2)
        assert offered.channel_id == dm.id and offered.notified == [alice]


async def test_a_win_on_time_is_claimed_and_refused_before_the_deadline(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    alice, bob = players.alice, players.bob
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    async with start_bot() as bot:
        handle = await emulator.slash(
            alice, "checkers", {"opponent": bob, "first": "challenger", "time": "1h"}, channel=dm
        )
        await finished(emulator, store, handle)
        await press(emulator, store, bob, "accept")
        row = await store.get_game(1)
        assert row.to_move_id == alice.id and row.turn_deadline is not None
        early = await refused_press(emulator, store, bob, "claim")
        assert f"<t:{int(row.turn_deadline.timestamp())}:R>" in early.content
        own = await refused_press(emulator, store, alice, "claim")
        assert "it is your turn" in own.content
        assert (await store.get_game(1)).status is GameStatus.ACTIVE

        game_clock.advance(timedelta(hours=1, seconds=1))
        # No sweeper calls it: it could tell nobody where the bot cannot post.
        assert await bot.actions.sweep() == 0
        assert (await store.get_game(1)).status is GameStatus.ACTIVE
        await press(emulator, store, bob, "claim")
        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED and row.winner_id == bob.id
        message = await game_message(emulator, store)
        # Outside a server the message speaks the language of the player who acted (Bob: fr).
        assert "gagne au temps" in message.content and message.custom_ids == ["db:1:rematch"]
        await recap_in(emulator, dm)


async def test_the_next_interaction_settles_a_missed_deadline(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    alice, bob = players.alice, players.bob
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    async with start_bot():
        handle = await emulator.slash(
            alice, "checkers", {"opponent": bob, "first": "challenger", "time": "1h"}, channel=dm
        )
        await finished(emulator, store, handle)
        await press(emulator, store, bob, "accept")
        game_clock.advance(timedelta(hours=2))
        session = await ck_session(store)
        assert session.game is not None
        late = session.game.position.legal_moves()[0].pdn()
        moved = await typed(emulator, store, alice, dm, "move", {"play": late})
        told = await moved.original(timeout=WAIT)
        assert told.ephemeral and "Alice ran out of time: Bob wins." in told.content
        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED and row.winner_id == bob.id
        await recap_in(emulator, dm)


async def test_a_server_without_use_external_apps_gets_a_clear_private_answer(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    elsewhere = emulator.add_guild("Not our server", bot=False)
    room = emulator.add_channel("lobby", guild=elsewhere)
    alice = emulator.add_member("alicia", guild=elsewhere)
    friend: User = emulator.add_member("friend", guild=elsewhere)
    elsewhere.roles[elsewhere.id].permissions &= ~USE_EXTERNAL_APPS
    emulator.install_app(alice)
    async with start_bot():
        handle = await emulator.slash(alice, "backgammon", {"opponent": friend}, channel=room)
        answer = await handle.response(WAIT)
    assert answer.ephemeral
    assert "does not let you use apps from your account here" in answer.content
    assert await store.active_game_in_channel(room.id) is None


async def test_a_rated_game_in_a_server_that_never_added_the_bot_counts_globally(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    elsewhere = emulator.add_guild("Their server", bot=False)
    room = emulator.add_channel("games", guild=elsewhere)
    dora = emulator.add_member("dora", guild=elsewhere)
    emil = emulator.add_member("emil", guild=elsewhere)
    emulator.install_app(dora)
    async with start_bot() as bot:
        handle = await emulator.slash(
            dora, "checkers", {"opponent": emil, "rated": True, "first": "challenger"}, channel=room
        )
        await finished(emulator, store, handle)
        row = await store.get_game(1)
        assert row.place is GamePlace.EXTERNAL and row.guild_id == elsewhere.id
        await press(emulator, store, emil, "accept")  # emil has not installed it: buttons work
        message = await game_message(emulator, store)
        asked = await emulator.click(emil, message, "db:1:askresign")
        confirmation = await asked.original(lambda m: bool(m.custom_ids), WAIT)
        sure = await emulator.click(emil, confirmation, "db:1:resign:1")
        await finished(emulator, store, sure)
        await recap_in(emulator, room)
        ratings = Ratings(store, bot_id=bot.games.bot.id)
        here = await ratings.rating(dora.id, GameKind.CHECKERS, "box", elsewhere.id)
        everywhere = await ratings.rating(dora.id, GameKind.CHECKERS, "box", GLOBAL_SCOPE)
    assert (await store.get_game(1)).winner_id == dora.id
    assert here == Rating()  # a server that never added the bot has no ladder of its own
    assert everywhere.rating > Rating().rating


async def test_game_commands_go_anywhere_and_a_servers_own_stay_there(
    emulator: Emulator, start_bot: StartBot
) -> None:
    """What each command declares to Discord: installs (0 a server's, 1 a user's), contexts."""
    anywhere = {
        "backgammon", "checkers", "move", "roll", "double", "resign", "draw", "abort", "board",
        "hint", "rules", "help", "verify", "stats", "history", "leaderboard", "export", "games",
        "puzzle",
    }  # fmt: skip
    async with start_bot():
        declared = {
            c.name: (sorted(c.body["integration_types"]), sorted(c.body["contexts"]))
            for c in emulator.state.commands.values()
        }
    for name in anywhere:
        assert declared.pop(name) == ([0, 1], [0, 1, 2]), name
    assert declared == {"settings": ([0], [0]), "tournament": ([0], [0])}


async def test_hostile_names_in_a_group_dm_ping_nobody(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    carol = players.carol
    mallory = emulator.add_member("mallory", display_name=f"<@{carol.id}> @everyone")
    trent = emulator.add_member("trent", display_name="**x** `y` @here")
    group = emulator.add_group_dm("Names", [mallory, trent, carol])
    emulator.install_app(mallory)
    seated = {mallory.id: mallory, trent.id: trent}
    async with start_bot():
        handle = await emulator.slash(
            mallory, "checkers", {"opponent": trent, "first": "challenger"}, channel=group
        )
        await finished(emulator, store, handle)
        await press(emulator, store, trent, "accept")
        for ply in range(4):
            session = await ck_session(store)
            assert session.game is not None and session.seats is not None
            actor = seated[session.seats[session.actor()]]  # type: ignore[index]
            moves = session.game.position.legal_moves()
            await choose(emulator, store, actor, moves[ply % len(moves)].pdn())
        message = await game_message(emulator, store)
        asked = await emulator.click(trent, message, "db:1:askresign")
        confirmation = await asked.original(lambda m: bool(m.custom_ids), WAIT)
        await finished(emulator, store, await emulator.click(trent, confirmation, "db:1:resign:1"))
        await recap_in(emulator, group)
    said = emulator.channel_messages(group)
    assert not any(m.mention_everyone for m in said)
    assert {u.id for m in said for u in m.notified} <= {mallory.id, trent.id}
    assert carol.id not in mentioned_ids(said)
    assert escaped(f"<@{carol.id}> @everyone") in (await game_message(emulator, store)).content


async def test_a_match_has_its_recap_once_not_after_each_game(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    alice, bob = players.alice, players.bob
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    users = {alice.id: alice, bob.id: bob}
    async with start_bot():
        handle = await emulator.slash(
            alice, "backgammon", {"opponent": bob, "points": 3}, channel=dm
        )
        await finished(emulator, store, handle)
        await press(emulator, store, bob, "accept")
        session = await bg_session(store)
        assert session.seats is not None
        actor = users[session.seats[session.actor()]]  # type: ignore[index]
        other = bob if actor is alice else alice
        asked = await emulator.click(actor, await game_message(emulator, store), "db:1:askresign")
        confirmation = await asked.original(lambda m: bool(m.custom_ids), WAIT)
        await finished(emulator, store, await emulator.click(actor, confirmation, "db:1:resign:1"))
        await press(emulator, store, other, "yes")
        session = await bg_session(store)
        assert session.match is not None and session.match.game_number == 2
        assert (await store.get_game(1)).status is GameStatus.ACTIVE
    assert not any(
        a.filename == "replay.gif" for m in emulator.channel_messages(dm) for a in m.attachments
    )
