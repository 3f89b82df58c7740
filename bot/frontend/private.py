"""`/board private`: the board for one reader only, from their own side and in their language,
with the position as text to paste into GNU Backgammon (Position ID, Match ID) or a draughts
program (PDN FEN). The public message stays as it is."""

from __future__ import annotations

from bot.frontend.messages import GameMessages, MessageParts
from bot.frontend.replies import Refusal
from bot.i18n import Localizer
from bot.service.views import GameView
from bot.wording.kinds import WORDS
from bot.wording.terms import name_of


async def private_board(
    messages: GameMessages, view: GameView, user_id: int, locale: object
) -> MessageParts:
    """The private board of the game `view` for `user_id`: from their seat if they play, else as
    everyone sees it. A challenge not yet accepted has no board to show."""
    t = Localizer(locale)
    session = view.session
    seats = view.seats
    if seats is None:
        raise Refusal(t("board.private.no_board", game=view.id))
    seat = seats.index(user_id) if user_id in seats else None
    names = await messages.names(view)
    pair = (name_of(names, seats[0]), name_of(names, seats[1]))
    look = await messages.look(view, locale, reader=seat)
    picture = await messages.painter.draw(session, pair, look)
    lines = [t("board.private.yours" if seat is not None else "board.private.public", game=view.id)]
    lines.extend(WORDS[view.kind].position(t, session))
    return MessageParts("\n".join(lines), picture, None)
