"""The words on a game message: header, what just happened, and who must do what now.

Pure functions of the service's values and a `Localizer`; no Discord objects, so they are tested
directly. Player names come in as a mapping from user id to display name, already escaped by the
front end (`bot.frontend.markup.shown`), so a name is never a mention or Markdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.i18n import Localizer
from bot.service import outcomes as out
from bot.service.dice import VerifyReport
from bot.service.kinds import rules_for
from bot.service.options import GameOptions
from bot.service.ratings import Stake
from bot.service.views import GameView
from bot.store import GameStatus
from bot.wording.kinds import WORDS
from bot.wording.terms import Names, dice_text, duration, name_of, variant_name

MAX_EVENT_LINES = 8  # a turn with forced plays and the bot's turn stays readable
SMALL = "-# "  # Discord's small print: the line is shown as subtext


def mention(user_id: int) -> str:
    """A Discord mention, which notifies the user."""
    return f"<@{user_id}>"


def timestamp(moment: datetime) -> str:
    """A Discord timestamp each reader sees in their own time zone, relative ("in 3 hours")."""
    return f"<t:{int(moment.timestamp())}:R>"


def game_name(t: Localizer, kind: str) -> str:
    """Backgammon / Checkers in the reader's language."""
    return t(f"kind.{kind}")


def draws_lot(view: GameView) -> bool:
    """Whether the game's secret seed decides anything: every backgammon roll, or the random
    draw of who starts a checkers game (a checkers game with a chosen starter has no chance)."""
    return rules_for(view.kind).rolls_dice or view.options.starter == "random"


def options_text(t: Localizer, view: GameView) -> str:
    """The options a challenge carries, in a few words, with the rules they bring."""
    return game_options_text(t, view.options)


def game_options_text(t: Localizer, options: GameOptions, *, starter: bool = True) -> str:
    """Game options in a few words: variant, the game's own, time per move, rated; and who
    starts where that is chosen, unless `starter` is False (a tournament's pairing says it)."""
    kind = options.kind
    parts = [variant_name(t, kind, options.variant), *WORDS[kind].option_parts(t, options)]
    if starter and rules_for(kind).chooses_starter(options.variant):
        parts.append(t(f"option.first.{options.starter}"))
    parts.append(t("option.time", time=duration(t, options.time_limit)))
    parts.append(t("option.rated") if options.rated else t("option.unrated"))
    if options.hints:
        parts.append(t("coach.option_hints"))
    return t("list.separator").join(parts)


def challenge_text(t: Localizer, view: GameView, names: Names, expires: datetime | None) -> str:
    """The text of a challenge waiting for an answer."""
    values = {
        "challenger": mention(view.challenger_id),
        "options": options_text(t, view),
        "expires": "?" if expires is None else timestamp(expires),
    }
    # One sentence per game kind: a language declines or genders the game's name (`aux dames`).
    if view.opponent_id is None:
        text = t(f"challenge.open.{view.kind}", **values)
    else:
        key = f"challenge.directed.{view.kind}"
        text = t(key, opponent=mention(view.opponent_id), **values)
    if view.options.hints:
        text += "\n" + t("coach.hints_consent")  # accepting is the opponent's consent
    return text


def stake_text(t: Localizer, view: GameView, stake: Stake) -> str:
    """The rating a challenge puts at stake for each side ("win +8 / lose -12")."""
    return t(
        "challenge.stake",
        challenger=mention(view.challenger_id),
        opponent=mention(view.opponent_id or 0),
        challenger_win=f"{stake.challenger_win:+d}",
        challenger_loss=f"{stake.challenger_loss:+d}",
        opponent_win=f"{stake.opponent_win:+d}",
        opponent_loss=f"{stake.opponent_loss:+d}",
    )


def closed_challenge_text(t: Localizer, view: GameView, outcome: out.Outcome) -> str:
    """What a challenge message says once it was declined, withdrawn or expired."""
    challenger = mention(view.challenger_id)
    if isinstance(outcome, out.ChallengeDeclined):
        key = f"challenge.declined.{view.kind}"
        return t(key, player=mention(outcome.by_id), challenger=challenger)
    if isinstance(outcome, out.ChallengeWithdrawn):
        return t(f"challenge.withdrawn.{view.kind}", player=mention(outcome.by_id))
    return t(f"challenge.expired.{view.kind}", challenger=challenger)


def event_line(t: Localizer, outcome: out.Outcome, names: Names) -> str | None:
    """One line for what happened, or None for outcomes the board already shows."""

    def who(user_id: int | None) -> str:
        return name_of(names, user_id)

    match outcome:
        case out.ChallengeAccepted(by_id=by):
            return t("ev.accepted", player=who(by))
        case out.ChallengeDeclined(by_id=by):
            return t("ev.challenge_declined", player=who(by))
        case out.ChallengeWithdrawn(by_id=by):
            return t("ev.challenge_withdrawn", player=who(by))
        case out.GameStarted(game_number=number) if number > 1:
            return t("ev.game_started", number=number)
        case out.StarterChosen(starter_id=starter, by_lot=True):
            return t("ev.starter_lot", player=who(starter))
        case out.StarterChosen(starter_id=starter):
            return t("ev.starter", player=who(starter))
        case out.OpeningRolled(starter_id=None, white_die=die):
            return t("ev.opening_tie", die=die)
        case out.OpeningRolled():
            return None  # the caller names both players; see opening_line
        case out.Rolled(player_id=player, dice=dice):
            return t("ev.rolled", player=who(player), dice=dice_text(dice))
        case out.Moved(player_id=player, notation=notation, forced=forced):
            key = "ev.moved_forced" if forced else "ev.moved"
            return t(key, player=who(player), play=notation)
        case out.ForcedPass(player_id=player, dice=dice):
            return t("ev.forced_pass", player=who(player), dice=dice_text(dice))
        case out.DoubleOffered(player_id=player, cube_value=cube):
            return t("ev.double", player=who(player), cube=cube)
        case out.DoubleTaken(player_id=player, cube_value=cube):
            return t("ev.take", player=who(player), cube=cube)
        case out.DoublePassed(player_id=player):
            return t("ev.pass_double", player=who(player))
        case out.ResignationOffered(player_id=player, size=size):
            return t(f"ev.resign_offer.{size}", player=who(player))
        case out.ResignationAccepted(player_id=player):
            return t("ev.resign_accept", player=who(player))
        case out.ResignationDeclined(player_id=player):
            return t("ev.resign_decline", player=who(player))
        case out.Resigned(player_id=player):
            return t("ev.resigned", player=who(player))
        case out.DrawOffered(player_id=player):
            return t("ev.draw_offer", player=who(player))
        case out.DrawAccepted(player_id=player):
            return t("ev.draw_accept", player=who(player))
        case out.DrawDeclined(player_id=player):
            return t("ev.draw_decline", player=who(player))
        case out.GameAborted(by_id=by):
            return t("ev.aborted", player=who(by))
        case out.ComputerFailed():
            return t("ev.computer_failed")
        case out.WonOnTime(winner_id=winner, loser_id=loser):
            return t("ev.on_time", winner=who(winner), loser=who(loser))
        case out.GameEnded(winner_id=None, finish=finish):
            return t(f"ev.draw.{finish.name.lower()}")
        case out.GameEnded(winner_id=winner, points=won) as ended:
            return t.plural(ended_key(ended), won, winner=who(winner))
        case out.MatchEnded(winner_id=winner, score=score):
            return t(
                "ev.match_ended",
                winner=who(winner),
                white_score=score[0],
                black_score=score[1],
            )
    return None


def ended_key(ended: out.GameEnded) -> str:
    """The sentence of a won game: one per finish, and one per size where the size changes
    the words (played out or resigned: `ev.ended.resigned.2`; a passed double names none)."""
    key = f"ev.ended.{ended.finish.name.lower()}"
    if ended.size is None or ended.finish is out.Finish.PASSED:
        return key
    return f"{key}.{ended.size}"


def event_lines(
    t: Localizer, outcomes: Sequence[out.Outcome], names: Names, seats: tuple[int, int] | None
) -> list[str]:
    """What happened, one line per outcome worth telling, the most recent ones last."""
    lines: list[str] = []
    for outcome in outcomes:
        if isinstance(outcome, out.OpeningRolled) and outcome.starter_id is not None and seats:
            lines.append(
                t(
                    "ev.opening",
                    white=name_of(names, seats[0]),
                    white_die=outcome.white_die,
                    black=name_of(names, seats[1]),
                    black_die=outcome.black_die,
                )
            )
            continue
        line = event_line(t, outcome, names)
        if line is not None:
            lines.append(line)
    return lines[-MAX_EVENT_LINES:]


def header(t: Localizer, view: GameView, names: Names) -> str:
    """The first line: game, variant, number and who plays which colour."""
    seats = view.seats or (view.challenger_id, view.opponent_id or 0)
    level = view.options.level
    if level is not None and view.opponent_id is not None:
        # Only a game against the bot has a level; the bot is always the one challenged.
        bot = name_of(names, view.opponent_id)
        names = {**names, view.opponent_id: t(f"computer.bot.{level}", name=bot)}
    words = WORDS[view.kind]
    lines = [
        t(
            f"game.header.{view.kind}",
            variant=words.title(t, view.variant),
            game=view.id,
            white=name_of(names, seats[0]),
            black=name_of(names, seats[1]),
        )
    ]
    if view.options.tournament is not None:
        tournament, number = view.options.tournament, view.options.tournament_round
        lines.append(t("tournament.game.line", tournament=tournament, round=number))
    lines.extend(words.stakes(t, view))
    return "\n".join(lines)


def status_line(t: Localizer, view: GameView, names: Names) -> str | None:
    """Who must do what now, mentioning them; None once the game is closed."""
    actor = view.to_move_id
    if not view.status.is_open or actor is None:
        return None
    return WORDS[view.kind].status(t, view, names, mention(actor))


def game_text(
    t: Localizer,
    view: GameView,
    outcomes: Sequence[out.Outcome],
    names: Names,
    builtin_level: bool = False,
) -> str:
    """The whole text of a game message: essentials first.

    Who must do what and their time come first (Discord shows the text above the picture, and
    a phone shows little of it), then what just happened; the game's header, its rules, the
    dice commitment or the revealed seed follow in Discord's small print (`-# `).
    `builtin_level`: the bot plays this game below its level (Open Sage is not installed).
    """
    parts: list[str] = []
    status = status_line(t, view, names)
    if status is not None:
        if view.turn_deadline is not None:
            status += "\n" + t("game.clock", deadline=timestamp(view.turn_deadline))
        parts.append(status)
    lines = event_lines(t, outcomes, names, view.seats)
    if lines:
        parts.append("\n".join(f"› {line}" for line in lines))
    small = header(t, view, names).split("\n")
    if builtin_level:
        small.append(t("computer.builtin"))
    rolls_dice = rules_for(view.kind).rolls_dice
    if status is not None:
        if view.commitment and draws_lot(view):
            key = "game.commitment" if rolls_dice else "game.commitment_draw"
            small.append(t(key, commitment=view.commitment))
    elif view.status is not GameStatus.ACTIVE:
        if not view.seed:
            small.append(t("end.no_result", game=view.id))
        elif draws_lot(view):
            key = "end.seed" if rolls_dice else "end.seed_draw"
            small.append(t(key, seed=view.seed, game=view.id))
    parts.append("\n".join(f"{SMALL}{line}" for line in small if line))
    return "\n\n".join(parts)


def verify_text(t: Localizer, view: GameView, report: VerifyReport, names: Names) -> str:
    """The answer to /verify: every roll of a backgammon game, or a checkers game's random draw
    of who starts (a checkers game whose starter was chosen has nothing to check)."""
    return WORDS[view.kind].verify(t, view, report, names)
