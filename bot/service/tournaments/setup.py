"""What a tournament is set up with, checked once: its format, sizes, start time and games.

Every refusal says what is allowed and changes nothing. The games' own options (variant, match
length, cube, time per move, rated) are checked as a challenge's are (`GameOptions`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.service.errors import TournamentError
from bot.service.kinds import options_for
from bot.service.limits import MAX_TEXT_LENGTH
from bot.service.options import GameOptions
from bot.service.tournaments.pairing import Format

MIN_PLAYERS = 2
# The most players a format takes: a knockout or a Swiss of 256 is a big but real tournament; a
# round robin's rounds grow with its players (15 rounds for 16), and a tournament runs one move a
# day.
MOST_PLAYERS = {Format.KNOCKOUT: 256, Format.SWISS: 256, Format.ROUND_ROBIN: 16}
MOST_SWISS_ROUNDS = 20
LONGEST_WAIT = timedelta(days=90)  # the latest a start time may be set
DEFAULT_PLAYER_LIMIT = 16

_DURATION = re.compile(r"(\d{1,5})\s*(m|min|h|d)", re.IGNORECASE)
_UNITS = {"m": 60, "min": 60, "h": 3600, "d": 86400}
_DATE_TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?:\s*UTC)?", re.IGNORECASE)
_DISCORD_TIME = re.compile(r"<t:(\d{1,12})(?::[a-zA-Z])?>")


@dataclass(frozen=True, slots=True)
class Setup:
    """A tournament's checked set-up: its format and sizes, when it starts, its games."""

    format: Format
    swiss_rounds: int | None
    player_limit: int
    starts_at: datetime | None
    games: GameOptions


def setup_for(
    kind: str,
    format: str,
    *,
    variant: str | None = None,
    rounds: int | None = None,
    players: int | None = None,
    start: str | None = None,
    now: datetime,
    **game_choices: Any,
) -> Setup:
    """The checked set-up of a new tournament; `start` is the text a member typed (see
    `parse_start`), `game_choices` the games' options (match_length, cube, time_limit, rated)."""
    try:
        chosen = Format(format)
    except ValueError:
        choices = ", ".join(member.value for member in Format)
        raise TournamentError(
            "svc.tournament.format", value=repr(format), choices=choices
        ) from None
    games = options_for(kind, variant, **game_choices)
    limit = DEFAULT_PLAYER_LIMIT if players is None else players
    most = MOST_PLAYERS[chosen]
    if isinstance(limit, bool) or not isinstance(limit, int) or not MIN_PLAYERS <= limit <= most:
        raise TournamentError("svc.tournament.players", least=MIN_PLAYERS, most=most, value=limit)
    if rounds is not None and chosen is not Format.SWISS:
        raise TournamentError("svc.tournament.rounds_swiss_only")
    if chosen is Format.SWISS:
        if rounds is None:
            raise TournamentError("svc.tournament.rounds_needed")
        if isinstance(rounds, bool) or not 1 <= rounds <= MOST_SWISS_ROUNDS:
            raise TournamentError("svc.tournament.rounds", most=MOST_SWISS_ROUNDS, value=rounds)
    starts_at = None if start is None else parse_start(start, now)
    return Setup(chosen, rounds, limit, starts_at, games)


def parse_start(text: str, now: datetime) -> datetime:
    """A start time from how long from now (`30m`, `2h`, `3d`), a UTC date and time
    (`2026-05-01 18:00`) or a Discord timestamp (`<t:1777651200:F>`); it must lie ahead, and
    within `LONGEST_WAIT`."""
    if len(text) > MAX_TEXT_LENGTH:
        raise TournamentError("svc.tournament.start_unreadable", text=repr(text[:20] + "…"))
    cleaned = text.strip()
    moment = _read_moment(cleaned, now)
    if moment is None:
        raise TournamentError("svc.tournament.start_unreadable", text=repr(cleaned))
    if moment <= now:
        raise TournamentError(
            "svc.tournament.start_past", when=moment.strftime("%Y-%m-%d %H:%M UTC")
        )
    if moment > now + LONGEST_WAIT:
        raise TournamentError("svc.tournament.start_far", days=LONGEST_WAIT.days)
    return moment


def _read_moment(text: str, now: datetime) -> datetime | None:
    if duration := _DURATION.fullmatch(text):
        return now + timedelta(seconds=int(duration[1]) * _UNITS[duration[2].lower()])
    if stamp := _DISCORD_TIME.fullmatch(text):
        return datetime.fromtimestamp(int(stamp[1]), UTC)
    if written := _DATE_TIME.fullmatch(text):
        try:
            year, month, day, hour, minute = (int(part) for part in written.groups())
            return datetime(year, month, day, hour, minute, tzinfo=UTC)
        except ValueError:  # a 31st of February, a 25th hour
            return None
    return None
