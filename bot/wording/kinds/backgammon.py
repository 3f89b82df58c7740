"""Backgammon's own words: the match and the cube, whose roll it is, the dice the seed rolled,
the Position and Match IDs."""

from __future__ import annotations

from bot.i18n import Localizer
from bot.service.backgammon import BackgammonSession
from bot.service.building import builds
from bot.service.coach import Hint
from bot.service.dice import VerifyReport
from bot.service.options import GameOptions
from bot.service.session import Session
from bot.service.views import GameView
from bot.store import GameKind
from bot.wording.terms import (
    Names,
    dice_text,
    name_of,
    variant_name,
    variant_rules,
    verify_details,
)
from engine.backgammon.matchplay import Match, Phase


def _backgammon(session: Session) -> BackgammonSession:
    """The session of a backgammon game (the registry hands this module no other)."""
    assert isinstance(session, BackgammonSession)
    return session


class BackgammonWords:
    """Backgammon's words."""

    def title(self, t: Localizer, variant: str) -> str:
        """The variant's short name (`standard`)."""
        return variant_name(t, GameKind.BACKGAMMON, variant)

    def option_parts(self, t: Localizer, options: GameOptions) -> list[str]:
        """A match with the Crawford rule, or a money game with or without the Jacoby rule; and
        no cube, if so."""
        parts = []
        length = options.match_length
        if length:
            parts.append(t("option.points", points=length))
            if options.cube and options.crawford:
                parts.append(t("option.crawford"))
        else:
            parts.append(t("option.money"))
            if options.cube:
                parts.append(t("option.jacoby" if options.jacoby else "option.no_jacoby"))
        if not options.cube and length != 1:  # a 1-point match never has a cube to speak of
            parts.append(t("option.cube_off"))
        return parts

    def stakes(self, t: Localizer, view: GameView) -> list[str]:
        """The match score and the Crawford rule, or a money game and the Jacoby rule (BG-16);
        and that there is no cube."""
        match = _backgammon(view.session).match
        if match is None:
            return []
        lines = [_stakes_line(t, view, match)]
        if not view.options.cube and view.options.match_length != 1:
            lines.append(t("game.no_cube"))
        return lines

    def status(self, t: Localizer, view: GameView, names: Names, who: str) -> str | None:
        """Roll (or double), move the dice rolled, answer the double or the resignation."""
        session = _backgammon(view.session)
        match = session.match
        if match is None or session.seats is None:
            return None
        game = match.game
        turn = session.seats[int(game.position.turn)]
        if game.phase is Phase.DOUBLED:
            return t(
                "status.take_or_pass",
                mention=who,
                player=name_of(names, turn),
                cube=game.cube.value * 2,
            )
        if game.phase is Phase.RESIGNING and game.resigned_by is not None:
            resigner = session.seats[int(game.resigned_by)]
            return t(
                f"status.resign_offer.{game.resignation}",
                mention=who,
                player=name_of(names, resigner),
            )
        if game.phase is Phase.MOVING and game.dice is not None:
            key = "status.move_build" if builds(session) else "status.move"
            return t(key, mention=who, dice=dice_text(game.dice))
        key = "status.roll_or_double" if session.may_double() else "status.roll"
        return t(key, mention=who)

    def verify(self, t: Localizer, view: GameView, report: VerifyReport, names: Names) -> str:
        """Every roll of the game, checked against the seed."""
        if report.ok:
            return t("reply.verify_ok", game=view.id, count=report.rolls_checked)
        return t("reply.verify_bad", game=view.id, details=verify_details(t, report))

    def hint_title(self, t: Localizer, hint: Hint) -> str:
        """The game and the dice the plays are for."""
        return t("coach.title_backgammon", dice=dice_text(hint.dice or ()), game=hint.game_id)

    def rules(self, t: Localizer, variant: str) -> str:
        """The rules, naming the variant (nackgammon's start, hypergammon's three checkers)."""
        title = self.title(t, variant)
        return variant_rules(t, GameKind.BACKGAMMON, variant, variant=title)

    def position(self, t: Localizer, session: Session) -> list[str]:
        """GNU Backgammon's Position ID and Match ID."""
        match = _backgammon(session).match
        if match is None:
            return []
        position_id = match.game.position.position_id()
        return [t("board.private.gnubg", position_id=position_id, match_id=match.match_id())]

    def confirm_resign(self, t: Localizer) -> str:
        """At which size to resign (a single game, a gammon, a backgammon)."""
        return t("reply.confirm_resign")


def _stakes_line(t: Localizer, view: GameView, match: Match) -> str:
    """Match score and the Crawford rule, or a money game and the Jacoby rule (BG-16)."""
    options = view.options
    if not options.match_length:
        if not options.cube:
            return t("game.money")
        return t("game.money") + " · " + t("game.jacoby" if options.jacoby else "game.no_jacoby")
    score = match.score
    line = t("game.match", length=options.match_length, white_score=score[0], black_score=score[1])
    if match.game.crawford:
        return line + " · " + t("game.crawford")
    if options.cube and options.crawford:
        return line + " · " + t("game.crawford_rule")
    return line
