"""The bot answering a draw offer is told which colour it plays (CK-12)."""

from __future__ import annotations

import engine.checkers as ck
from bot.service.clock import FakeClock
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.dice import SeededDice
from bot.service.games import Games
from bot.service.kinds import SimplePlayer
from bot.service.operations import OfferDraw
from bot.store import GameKind, GameStatus, Store
from tests.bot.service.conftest import ALICE, BOT, CHANNEL, fixed_seeds


class Agreeable(SimpleCheckersPlayer):
    """Agrees to every draw, noting the colour it was told it plays."""

    def __init__(self) -> None:
        self.colours: list[ck.Color] = []

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        self.colours.append(colour)
        return True


async def test_the_bot_answers_a_draw_offer_for_its_own_colour(
    store: Store, clock: FakeClock
) -> None:
    for starter, person_colour in (("challenger", ck.Color.BLACK), ("opponent", ck.Color.WHITE)):
        bot = Agreeable()
        games = Games(
            store,
            bot=BOT,
            dice=SeededDice(fixed_seeds()),
            clock=clock,
            opponent=SimplePlayer({GameKind.CHECKERS: bot}),
        )
        # `english`: Black moves first (CK-2 for that variant), so the starter plays Black.
        result = await games.challenges.post(
            channel_id=CHANNEL,
            challenger=ALICE,
            kind=GameKind.CHECKERS,
            variant="english",
            against_bot=True,
            starter=starter,
        )
        assert result.game.to_move_id == ALICE.id  # the bot, if it started, has moved
        drawn = await games.act(result.game.id, ALICE.id, OfferDraw())
        assert bot.colours == [person_colour.opponent]
        assert drawn.game.status is GameStatus.FINISHED
