"""/export: a finished game's record, in its own server or to its players; never a live game."""

from __future__ import annotations

import pytest

from bot.service.operations import AcceptChallenge, Resign
from bot.service.views import Player
from bot.store import GameKind, GameStatus, Store
from emulator import DriverError, Emulator, Message, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import command, confirm, start_game

ELSEWHERE = 4242  # a server (and a channel of it) the bot plays in, other than the emulator's


def exported(reply: Message) -> bool:
    """Whether the reply carries a record file."""
    return any(a.filename.startswith("duelboard-") for a in reply.attachments)


async def test_a_live_game_is_not_exported_to_anyone(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await start_game(emulator, store, players.alice, players.bob, "checkers")
        mine = await command(emulator, players.alice, "export", {"game": 1})
        theirs = await command(emulator, players.carol, "export", {"game": 1})
    for reply in (mine, theirs):
        assert reply.ephemeral and not exported(reply)
        assert "Game #1 cannot be exported here: only finished games" in reply.content


async def test_a_finished_game_goes_to_its_server_and_its_players_only(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    def person(user: User) -> Player:
        return Player(user.id, user.name, False)

    async with start_bot() as bot:
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await confirm(emulator, players.alice, "askresign", "resign:1")
        # Game 2 is played in another server, by alice and carol.
        await bot.games.challenges.post(
            channel_id=ELSEWHERE,
            challenger=person(players.alice),
            kind=GameKind.CHECKERS,
            opponent=person(players.carol),
            guild_id=ELSEWHERE,
            starter="challenger",
        )
        await bot.games.act(2, players.carol.id, AcceptChallenge.of(person(players.carol)))
        await bot.games.act(2, players.alice.id, Resign(1))
        here_by_a_bystander = await command(emulator, players.carol, "export", {"game": 1})
        elsewhere_by_a_stranger = await command(emulator, players.bob, "export", {"game": 2})
        elsewhere_by_a_player = await command(emulator, players.carol, "export", {"game": 2})
    for game_id in (1, 2):
        assert (await store.get_game(game_id)).status is GameStatus.FINISHED
    assert exported(here_by_a_bystander) and exported(elsewhere_by_a_player)
    assert not exported(elsewhere_by_a_stranger)
    assert "La partie n°2 ne peut pas être exportée ici" in elsewhere_by_a_stranger.content  # fr
    assert "Game #2 cannot be exported here" not in elsewhere_by_a_player.content


async def test_a_game_number_below_1_cannot_be_sent(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    french = emulator.add_member("francine", locale="fr")
    async with start_bot():
        [option] = emulator.command("export").body["options"]
        assert option["min_value"] == 1
        with pytest.raises(DriverError, match="takes 1 to"):
            await emulator.slash(french, "export", {"game": -5})
        unknown = await command(emulator, french, "export", {"game": 5})
    assert unknown.content == "Il n'y a pas de partie n°5."
