"""Checkers' own words: the variant's full title and rules, the draw offer, the random draw of
who starts, the FEN."""

from __future__ import annotations

import engine.checkers as ck
from bot.i18n import Localizer
from bot.service.building import builds
from bot.service.checkers import CheckersSession
from bot.service.coach import Hint
from bot.service.dice import VerifyReport
from bot.service.options import GameOptions
from bot.service.session import Session
from bot.service.views import GameView
from bot.store import GameKind
from bot.wording.terms import (
    Names,
    checkers_summary,
    checkers_title,
    name_of,
    variant_name,
    verify_details,
)


def _checkers(session: Session) -> CheckersSession:
    """The session of a checkers game (the registry hands this module no other)."""
    assert isinstance(session, CheckersSession)
    return session


class CheckersWords:
    """Checkers' words."""

    def title(self, t: Localizer, variant: str) -> str:
        """The variant's full title (`English draughts (American checkers)`)."""
        rules = ck.VARIANTS.get(variant)
        if rules is None:
            return variant_name(t, GameKind.CHECKERS, variant)
        return checkers_title(t, rules)

    def option_parts(self, t: Localizer, options: GameOptions) -> list[str]:
        """None: a checkers challenge is one game without a cube."""
        return []

    def stakes(self, t: Localizer, view: GameView) -> list[str]:
        """None: one game, nothing at stake beyond it."""
        return []

    def status(self, t: Localizer, view: GameView, names: Names, who: str) -> str | None:
        """Move, or answer the draw offer."""
        session = _checkers(view.session)
        offered = session.draw_offered_by
        if offered is not None and session.seats is not None:
            return t(
                "status.draw_offer", mention=who, player=name_of(names, session.seats[offered])
            )
        key = "status.move_checkers_build" if builds(session) else "status.move_checkers"
        return t(key, mention=who)

    def verify(self, t: Localizer, view: GameView, report: VerifyReport, names: Names) -> str:
        """The random draw of who starts (a game whose starter was chosen has none)."""
        if not report.rolls_checked and report.ok:
            return t("reply.verify_no_draw", game=view.id)
        if not report.ok:
            details = verify_details(t, report, draw=True)
            return t("reply.verify_bad_draw", game=view.id, details=details)
        first = ck.VARIANTS[view.variant].first_to_move
        starter = None if view.seats is None else view.seats[0 if first is ck.Color.WHITE else 1]
        return t("reply.verify_ok_draw", game=view.id, player=name_of(names, starter))

    def hint_title(self, t: Localizer, hint: Hint) -> str:
        """The game the moves are for."""
        return t("coach.title_checkers", game=hint.game_id)

    def rules(self, t: Localizer, variant: str) -> str:
        """The variant's title and its rules in one line, from its own switches."""
        rules = ck.VARIANTS[variant]
        return t(
            "rules.checkers", title=checkers_title(t, rules), summary=checkers_summary(t, rules)
        )

    def position(self, t: Localizer, session: Session) -> list[str]:
        """The position as PDN FEN."""
        game = _checkers(session).game
        if game is None:
            return []
        return [t("board.private.fen", fen=game.position.to_fen())]

    def confirm_resign(self, t: Localizer) -> str:
        """Whether to resign the game."""
        return t("reply.confirm_resign_checkers")
