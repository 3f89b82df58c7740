"""A challenge says whether it is rated in the reader's language (issues 6 and 7)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import Localizer
from bot.service.kinds import options_for
from bot.service.views import GameView, pending_session
from bot.store import GameKind, GameStatus
from bot.wording.game import challenge_text

EXPIRES = datetime(2026, 1, 5, 12, 15, tzinfo=UTC)


def pending(kind: GameKind, *, rated: bool) -> GameView:
    """A challenge from user 101 to user 202 that nobody answered yet."""
    options = options_for(kind, rated=rated)
    session = pending_session(options)
    return GameView(
        id=1,
        kind=kind,
        variant=options.variant,
        status=GameStatus.PENDING,
        version=0,
        options=options,
        challenger_id=101,
        opponent_id=202,
        seats=None,
        to_move_id=202,
        awaiting=None,
        turn_deadline=EXPIRES,
        reminder_at=None,
        commitment=None,
        seed=None,
        session=session,
    )


@pytest.mark.parametrize("kind", list(GameKind))
@pytest.mark.parametrize(
    ("language", "rated", "unrated"),
    [
        ("en", "rated", "unrated"),
        ("fr", "classée", "non classée"),
        ("de", "gewertet", "ungewertet"),
    ],
)
def test_challenge_text_names_rated_or_unrated(
    kind: GameKind, language: str, rated: str, unrated: str
) -> None:
    t = Localizer(language)
    assert f", {rated})" in challenge_text(t, pending(kind, rated=True), {}, EXPIRES)
    assert f", {unrated})" in challenge_text(t, pending(kind, rated=False), {}, EXPIRES)
