"""Everything the service refuses, as one hierarchy with messages fit to show a player.

Every refusal carries a stable `code` (a key of `REFUSALS`) and language-neutral `params`
(game ids, notations, user names, numbers), so the bot words it in the reader's language from
the catalog key `refusal.<code>`; `str(error)` is the English template filled in, for logs and
callers without a catalog. Store errors that players can meet (`GameNotFoundError`,
`ChannelBusyError`, `ConflictError` — "that move was already made") are re-exported here
unchanged; engine refusals pass through with their own codes (`ServiceError.passed_on`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Self

from bot.store import ChannelBusyError, ConflictError, GameNotFoundError

__all__ = [
    "REFUSALS",
    "ActionNotAllowedError",
    "ChallengeError",
    "ChannelBusyError",
    "ConflictError",
    "GameNotFoundError",
    "GameOverError",
    "MoveFirstError",
    "NotAPlayerError",
    "NotYourTurnError",
    "OptionError",
    "ServiceError",
    "TournamentError",
]

_OPPONENT_WAITS = "It is not your turn in game #{game}: waiting for your opponent"

# The service's refusals: code -> English template (what `str()` of the error reads).
# `svc.not_your_turn.<awaiting>` and `svc.move_first.<awaiting>` exist for each thing a session
# can wait for (`session.Awaiting`), so the waiting part is worded in the reader's language too.
REFUSALS: Final[Mapping[str, str]] = MappingProxyType(
    {
        # Who may act, and when.
        "svc.not_a_player": "You are not playing in game #{game}.",
        "svc.not_your_turn.roll": f"{_OPPONENT_WAITS} to roll.",
        "svc.not_your_turn.roll_or_double": f"{_OPPONENT_WAITS} to roll or double.",
        "svc.not_your_turn.move": f"{_OPPONENT_WAITS} to move.",
        "svc.not_your_turn.answer_double": f"{_OPPONENT_WAITS} to take or pass the double.",
        "svc.not_your_turn.answer_resignation": (
            f"{_OPPONENT_WAITS} to accept or decline the resignation."
        ),
        "svc.not_your_turn.answer_draw": f"{_OPPONENT_WAITS} to accept or decline the draw.",
        "svc.not_your_turn.opening": f"{_OPPONENT_WAITS}: the opening roll comes first.",
        "svc.not_your_turn.nothing": "It is nobody's turn in game #{game}: the table is closed.",
        "svc.move_first.roll": "You cannot move now: roll first.",
        "svc.move_first.roll_or_double": "You cannot move now: roll or double first.",
        "svc.move_first.answer_double": "You cannot move now: take or pass the double first.",
        "svc.move_first.answer_resignation": (
            "You cannot move now: accept or decline the resignation first."
        ),
        "svc.move_first.opening": "You cannot move now: the opening roll comes first.",
        "svc.game_over.finished": (
            "Game #{game} is over (finished); start a new one or ask a rematch."
        ),
        "svc.game_over.cancelled": (
            "Game #{game} is over (cancelled); start a new one or ask a rematch."
        ),
        "svc.game_over.expired": (
            "Game #{game} is over (the challenge expired); start a new one or ask a rematch."
        ),
        "svc.not_started": "Game #{game} has not started: its challenge waits for an answer.",
        "svc.challenge_open": "the game has not started: the challenge is still open",
        "svc.nobody_seated": "nobody is seated: the challenge is still open",
        "svc.nobody_on_clock": "nobody is on the clock",
        "svc.move.too_long": (
            "A move is at most {most} characters long; write it as usual, e.g. 13/7 8/7 or 11-15."
        ),
        "svc.resign.too_long": (
            "A resignation level is at most {most} characters long: single, gammon or backgammon"
            " (or 1, 2, 3)."
        ),
        "svc.abort_too_late": (
            "The game can be aborted only before both sides have moved; resign instead."
        ),
        "svc.abort_tournament": (
            "A game of tournament #{tournament} cannot be aborted: play it, or resign it."
        ),
        # Challenges, accept, decline, cancel, rematch.
        "svc.challenge.person_or_bot": "Challenge either a person or the bot, not both.",
        "svc.challenge.yourself": "You cannot challenge yourself; challenge someone or the bot.",
        "svc.challenge.by_the_bot": "The bot does not post challenges.",
        "svc.challenge.other_bot": "{name} is a bot that cannot play; challenge the bot.",
        "svc.challenge.own": "You cannot accept your own challenge; wait for an opponent.",
        "svc.challenge.bot_accepts": (
            "A bot cannot accept a challenge; to play the bot, challenge it instead."
        ),
        "svc.challenge.for_someone_else": "Challenge #{game} is for someone else.",
        "svc.challenge.open_decline": "An open challenge cannot be declined; just leave it.",
        "svc.challenge.decline_not_yours": (
            "Only the challenged player can decline challenge #{game}."
        ),
        "svc.challenge.cancel_not_yours": "Only the challenger can cancel challenge #{game}.",
        "svc.challenge.already_accepted": "Challenge #{game} was already accepted.",
        "svc.challenge.rematch_unfinished": (
            "A rematch follows a finished game; game #{game} is not one."
        ),
        # Backgammon actions.
        "svc.bg.say_play": "say which play to make, e.g. 13/7 8/7",
        "svc.bg.not_an_action": "{action} is not a backgammon action",
        "svc.bg.no_draw": (
            "a draw cannot be offered in backgammon: every game ends with a winner; "
            "to end it now, resign (/resign)"
        ),
        "svc.bg.no_resignation_offered": "no resignation is on offer",
        "svc.bg.resign_level": (
            "resign a single game, a gammon or a backgammon (1, 2 or 3), not {level}"
        ),
        # Checkers actions.
        "svc.ck.say_move": "say which move to make, e.g. 11-15",
        "svc.ck.not_an_action": "{action} is not a checkers action",
        "svc.ck.no_dice": "checkers is played without dice: make your move (/move)",
        "svc.ck.no_cube": (
            "checkers has no doubling cube: offer a draw (/draw) or resign (/resign) instead"
        ),
        "svc.ck.no_draw_offered": "no draw is on offer",
        "svc.ck.answer_draw_first": "answer the draw offer first: accept or decline",
        "svc.ck.not_legal_here": "{move} is not a legal move here",
        # Options of a challenge, and time limits.
        "svc.option.unknown_game": "unknown game {kind}; choose one of: {choices}",
        "svc.option.unknown_option": "unknown option {name}; options are {choices}",
        "svc.option.unknown_variant": "unknown {kind} variant {variant}; choose from {choices}",
        "svc.option.on_or_off": "{name} is on or off (True/False), not {value}",
        "svc.option.length_not_whole": "the match length is a whole number, not {value}",
        "svc.option.checkers_length": "checkers is played one game at a time: no match length",
        "svc.option.length_range": (
            "points is 0 (a money game) or a match length from 1 to {most}, not {value}"
        ),
        "svc.option.jacoby_money_only": (
            "the Jacoby rule (jacoby) is for money games: a match (points above 0) plays the "
            "Crawford rule instead"
        ),
        "svc.option.jacoby_needs_cube": (
            "the Jacoby rule (jacoby) needs the cube: without it, gammons always count"
        ),
        "svc.option.crawford_match_only": (
            "the Crawford rule (crawford) is for matches: choose points above 0"
        ),
        "svc.option.one_point_no_cube": (
            "a 1-point match is played without the cube (cube): its first game wins it, so a"
            " double could change nothing"
        ),
        "svc.option.starter_by_opening_roll": (
            "who moves first (first) is chosen only in Bad'Gammon: in the other backgammon "
            "variants the opening roll decides"
        ),
        "svc.option.starter": "who starts: {choices}; not {value}",
        "svc.option.colour": "the challenger plays white or black, not {value}",
        "svc.option.level": "the computer's level is {choices}; not {value}",
        "svc.option.hints_rated": (
            "hints are allowed only in unrated games: choose rated off, or hints off"
        ),
        "svc.time.not_a_duration": "a time limit is a duration, not {value}",
        "svc.time.range": ("the time per move must be between 5 minutes and 7 days, not {limit}"),
        "svc.time.too_long": (
            "a time limit is at most {most} characters long; write a number and a unit, e.g. 30m,"
            " 24h, 3d"
        ),
        "svc.time.unreadable": (
            "cannot read {text} as a time limit; write a number and a unit, e.g. 30m, 24h, 3d"
        ),
        # Hints.
        "svc.hint.unavailable": "Hints are not available on this bot.",
        "svc.hint.rated": (
            "Game #{game} is rated: hints are only for games against the bot and unrated games"
            " challenged with hints on."
        ),
        "svc.hint.not_agreed": (
            "Game #{game} was challenged without hints: both players must agree to them in the"
            " challenge (hints on)."
        ),
        "svc.hint.roll_first": "A hint ranks the plays of your dice: roll first.",
        "svc.hint.answer_offer_first": (
            "A hint ranks plays: first answer the offer on the board (take or pass, accept or"
            " decline)."
        ),
        "svc.hint.answer_draw_first": (
            "A hint ranks moves: first accept or decline the draw offer."
        ),
        # Results, dice audit and ratings.
        "svc.never_started": "game #{game} never started: there is nothing to show",
        "svc.verify.open": "The seed of game #{game} is revealed when the game ends.",
        "svc.rating.no_result": "Game #{game} has no result to record (it is {status}).",
        # Tournaments.
        "svc.tournament.format": "the format is {choices}; not {value}",
        "svc.tournament.players": (
            "a tournament of this format takes {least} to {most} players, not {value}"
        ),
        "svc.tournament.rounds_swiss_only": (
            "only a Swiss tournament takes a number of rounds (rounds): a knockout or a round"
            " robin plays as many rounds as its players need"
        ),
        "svc.tournament.rounds_needed": "a Swiss tournament needs its number of rounds (rounds)",
        "svc.tournament.rounds": "a Swiss tournament plays 1 to {most} rounds, not {value}",
        "svc.tournament.start_unreadable": (
            "cannot read {text} as a start time: write how long from now (30m, 2h, 3d) or a UTC"
            " date and time (2026-05-01 18:00)"
        ),
        "svc.tournament.start_past": "the start time {when} has passed: choose a time ahead",
        "svc.tournament.start_far": "a tournament starts within {days} days",
        "svc.tournament.none_here": "There is no tournament in this channel.",
        "svc.tournament.channel_busy": (
            "Tournament #{tournament} is already open in this channel: finish or cancel it"
            " first, or hold yours in another channel."
        ),
        "svc.tournament.already_in": "You are already in tournament #{tournament}.",
        "svc.tournament.full": "Tournament #{tournament} is full: {most} players.",
        "svc.tournament.started": "Tournament #{tournament} has started: sign-ups are closed.",
        "svc.tournament.over": "Tournament #{tournament} is over.",
        "svc.tournament.not_entered": "You are not in tournament #{tournament}.",
        "svc.tournament.player_not_entered": "{name} is not in tournament #{tournament}.",
        "svc.tournament.leave_started": (
            "Tournament #{tournament} has started: only its organizer can take you out now."
        ),
        "svc.tournament.organizer_only": (
            "Only the organizer of tournament #{tournament} or a member with Manage Server can"
            " do that."
        ),
        "svc.tournament.too_few": (
            "Tournament #{tournament} needs at least {least} players to start; it has {count}."
        ),
        "svc.tournament.already_started": "Tournament #{tournament} has already started.",
        "svc.tournament.already_paused": "Tournament #{tournament} is already paused.",
        "svc.tournament.not_paused": "Tournament #{tournament} is not paused.",
        "svc.tournament.start_paused": "Tournament #{tournament} is paused: resume it first.",
        "svc.claim.your_turn": "You cannot claim game #{game} on time: it is your turn.",
        "svc.claim.too_early": (
            "Your opponent still has time in game #{game}: you can claim the win once it runs "
            "out, <t:{deadline}:R>."
        ),
        "svc.tournament.busy": (
            "Tournament #{tournament} changed while this was done; nothing was changed, try again."
        ),
    }
)


class ServiceError(Exception):
    """Base class for the service's refusals; nothing was changed when one is raised.

    `code` is a key of `REFUSALS` (or an engine refusal's code, see `passed_on`), `params` the
    language-neutral values its template needs.
    """

    code: str | None
    params: Mapping[str, object]

    def __init__(self, code: str, /, **params: object) -> None:
        """The refusal `code` with `params`.

        A text that is not a registered code is kept as an uncoded English refusal, so a raise
        written before its code was registered still tells the player why (in English);
        `tests/bot/service/test_refusal_codes.py` refuses such raises in `bot/service`.
        """
        template = REFUSALS.get(code)
        super().__init__(code if template is None else template.format(**params))
        self.code = None if template is None else code
        self.params = MappingProxyType(dict(params) if template is not None else {})

    @classmethod
    def passed_on(cls, error: Exception) -> Self:
        """`error` (a refusal from below) as this kind, with its reason, code and params."""
        refusal = cls.__new__(cls)
        Exception.__init__(refusal, str(error))
        code = getattr(error, "code", None)
        refusal.code = code if isinstance(code, str) else None
        refusal.params = MappingProxyType(dict(getattr(error, "params", None) or {}))
        return refusal


class NotAPlayerError(ServiceError):
    """Someone who is not seated at the game tried to act in it."""

    def __init__(self, game_id: int, user_id: int) -> None:
        """`user_id` is not seated at game `game_id`."""
        super().__init__("svc.not_a_player", game=game_id)
        self.game_id = game_id
        self.user_id = user_id


class NotYourTurnError(ServiceError):
    """A player acted while the game waits for the other player to do `awaiting`."""

    def __init__(self, game_id: int, awaiting: str) -> None:
        """`awaiting` is what the session waits for (`session.Awaiting`).

        Anything else is taken as English words for it (an uncoded refusal, as `ServiceError`
        keeps any unregistered text).
        """
        code = f"svc.not_your_turn.{awaiting}"
        if code in REFUSALS:
            super().__init__(code, game=game_id)
        else:
            super().__init__(f"It is not your turn in game #{game_id}: waiting for {awaiting}.")
        self.game_id = game_id
        self.awaiting = awaiting


class GameOverError(ServiceError):
    """An action in a game that has finished, was cancelled or expired."""

    def __init__(self, game_id: int, status: str) -> None:
        """`status` is the closed game's status (finished, cancelled, expired)."""
        super().__init__(f"svc.game_over.{status}", game=game_id)
        self.game_id = game_id
        self.status = status


class ActionNotAllowedError(ServiceError):
    """The player may act, but not in this way now; the message says why and what is possible."""


class MoveFirstError(ActionNotAllowedError):
    """The player to act tried to move while the game waits for something else from them."""

    def __init__(self, awaiting: str) -> None:
        """`awaiting` is what the session waits for instead (`session.Awaiting`)."""
        super().__init__(f"svc.move_first.{awaiting}")
        self.awaiting = awaiting


class ChallengeError(ServiceError):
    """A challenge that cannot be made, accepted, declined or cancelled; the message says why."""


class TournamentError(ServiceError):
    """A tournament that cannot be set up, entered or run that way; the message says why."""


class OptionError(ServiceError, ValueError):
    """A game option that does not exist for this game or is out of range."""
