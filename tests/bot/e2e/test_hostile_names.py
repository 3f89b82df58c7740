"""Names that look like mentions or Markdown: shown as written, and nobody is pinged by them.

Six members whose display names are a bystander's mention, a role mention, `@everyone`,
`@here`, bold and code play three whole checkers games. The bot may Mention Everyone and the
role is mentionable, so any name sent unguarded would ping. Only the challenged player and the
player whose turn it is are ever notified; every name is escaped in message text, and drawn
as written in the picture's alt text.
"""

from __future__ import annotations

from functools import partial

from bot.frontend.markup import escaped
from bot.service.ratings import ladder_for
from bot.store import GameStatus, Store
from emulator import Emulator, Message, User
from emulator.mentions import MENTION_EVERYONE
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import WAIT, ck_session, click, command, game_message, is_turn_ping, pick

MAX_PLIES = 600
REPOST_AT = 3  # the ply before which /board posts the game message again


def hostile_names(emulator: Emulator, players: Players) -> list[str]:
    """The names to try; carol (and the owner, through the role) look on."""
    role = emulator.add_role("team", [players.carol, emulator.owner], mentionable=True)
    emulator.add_role("pinger", [emulator.bot_user], permissions=MENTION_EVERYONE)
    return [f"<@{players.carol.id}>", f"<@&{role.id}>", "@everyone", "@here", "**x**", "`x`"]


async def play_to_the_end(
    emulator: Emulator, store: Store, game_id: int, seated: dict[int, User]
) -> None:
    """Play legal moves, by the menu and by /move in turn, until the game is over; the game
    message is posted again once on the way (a new one, where the player to move is named)."""
    for ply in range(MAX_PLIES):
        if not (await store.get_game(game_id)).status.is_open:
            return
        session = await ck_session(store, game_id)
        assert session.game is not None and session.seats is not None
        actor = seated[session.seats[session.actor()]]  # type: ignore[index]
        if ply == REPOST_AT:
            waiting = next(user for user in seated.values() if user is not actor)
            await command(emulator, waiting, "board")
        moves = session.game.position.legal_moves()
        text = moves[(ply * 5) % len(moves)].pdn()
        message = await game_message(emulator, store, game_id)
        if ply % 2 == 0 and any(c.startswith("dbp:") for c in message.custom_ids):
            await pick(emulator, store, actor, text, game_id)
        else:
            await command(emulator, actor, "move", {"play": text})
    raise AssertionError(f"game #{game_id} did not end")


async def test_hostile_names_are_text_and_only_the_players_at_their_turn_are_pinged(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    names = hostile_names(emulator, players)
    members = [emulator.add_member(f"player{n}", display_name=name) for n, name in enumerate(names)]
    name = {member: names[n] for n, member in enumerate(members)}
    pairs = [(members[0], members[1]), (members[2], members[3]), (members[4], members[5])]
    challenges: dict[int, User] = {}  # each challenge's message, and whom it challenges
    own: dict[User, tuple[Message, Message]] = {}  # each member's /stats and /history
    async with start_bot():
        for game_id, (challenger, opponent) in enumerate(pairs, start=1):
            options = {"opponent": opponent, "first": "challenger"}
            await command(emulator, challenger, "checkers", options)
            challenges[(await game_message(emulator, store, game_id)).id] = opponent
            await click(emulator, store, opponent, "accept", game_id)
            seated = {challenger.id: challenger, opponent.id: opponent}
            await play_to_the_end(emulator, store, game_id, seated)
            assert (await store.get_game(game_id)).status is GameStatus.FINISHED
            await emulator.wait_until(partial(_recap_of, emulator, game_id), "the recap")
        ladder = ladder_for("checkers", "box")
        leaderboard = await command(emulator, members[0], "leaderboard", {"game": ladder})
        for member in members:
            stats = await command(emulator, member, "stats", {"player": member})
            own[member] = (stats, await command(emulator, member, "history"))
    sent = [m for m in emulator.state.messages.values() if m.channel_id == emulator.general.id]
    pinged: set[User] = set()
    for message in sent:
        assert not message.mention_everyone and message.mention_roles == []
        assert all(raw not in message.content for raw in names), message.content
        if message.id in challenges:
            assert message.notified == [challenges[message.id]]  # the challenged player
        elif message.notified:
            [player] = message.notified
            assert is_turn_ping(message) and message.mentions == [player]
            pinged.add(player)
    assert pinged == set(members)  # each was called at their turn, and nobody else ever
    for game_id, pair in enumerate(pairs, start=1):
        message = await game_message(emulator, store, game_id)
        board_image(message)  # the picture with these names drawn renders
        [picture] = message.attachments
        recap = _recap_of(emulator, game_id)
        assert recap is not None
        for member in pair:
            assert escaped(name[member]) in message.content
            assert name[member] in (picture.description or "")  # alt text interprets nothing
            assert escaped(name[member]) in recap.content
    for member, (stats, history) in own.items():
        assert escaped(name[member]) in leaderboard.content
        assert escaped(name[member]) in stats.content
        assert escaped(name[member]) in history.content
        assert stats.notified == [] and history.notified == []


def _recap_of(emulator: Emulator, game_id: int) -> Message | None:
    """The recap of a game, once posted."""
    return next(
        (
            m
            for m in emulator.channel_messages(emulator.general)
            if m.content.startswith(f"Recap of game #{game_id}:")
        ),
        None,
    )


async def test_names_that_draw_nothing_or_turn_text_around_are_shown_so_each_can_be_told(
    emulator: Emulator, start_bot: StartBot, store: Store
) -> None:
    """Two members whose display names are zero-width characters only, and one whose name starts
    with a right-to-left override, play; every text names them visibly and apart."""
    blank = emulator.add_member("blank.one", display_name="\u200b")
    blanker = emulator.add_member("blank.two", display_name="\u200b\u200c")
    turned = emulator.add_member("turned", display_name="\u202eAda")
    elsewhere = emulator.add_channel("elsewhere")  # one open game a channel
    async with start_bot():
        games = ((blank, blanker, emulator.general), (turned, blank, elsewhere))
        for game_id, (challenger, opponent, channel) in enumerate(games, start=1):
            options = {"opponent": opponent, "first": "challenger"}
            handle = await emulator.slash(challenger, "checkers", options, channel=channel)
            await handle.original(timeout=WAIT)
            await click(emulator, store, opponent, "accept", game_id)
        stats = await command(emulator, blanker, "stats", {"player": blanker})
    first = await game_message(emulator, store, 1)
    second = await game_message(emulator, store, 2)
    assert "blank.one" in first.content and "blank.two" in first.content
    assert "Ada" in second.content and "blank.one" in second.content
    assert "blank.two" in stats.content
    for message in emulator.state.messages.values():
        assert "\u202e" not in message.content
        assert "\u202e" not in "".join(a.description or "" for a in message.attachments)
