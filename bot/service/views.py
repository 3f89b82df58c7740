"""What the service hands back (the game as it stands, plus outcomes) and how sessions are read."""

from __future__ import annotations

import json
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service.kinds import rules_for
from bot.service.options import GameOptions
from bot.service.outcomes import Outcome
from bot.service.session import Awaiting, Context, Session
from bot.store import GameEvent, GameKind, GameRow, GameStatus

NAME_LENGTH = 32  # Discord's longest display name (and username)
_DROPPED = frozenset({"Cc", "Zl", "Zp"})  # control characters, line and paragraph breaks


@dataclass(frozen=True, slots=True)
class Player:
    """A user taking part in a game: a Discord user id and the name to show (see `clean_name`)."""

    id: int
    name: str
    is_bot: bool = False

    def __post_init__(self) -> None:
        """Clean the name as it enters the service, so the store and every message get it so."""
        object.__setattr__(self, "name", clean_name(self.name, self.id))


def clean_name(name: str, user_id: int) -> str:
    """A display name every database driver can store and every message can show.

    Surrogate pairs are joined and lone surrogates replaced (U+FFFD); NUL and other control
    characters and line breaks are removed; the ends are trimmed and the length is capped at
    Discord's. A name with nothing left is shown as the user's id, like a player never seen.
    """
    text = name if isinstance(name, str) else ""
    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    text = "".join(c for c in text if unicodedata.category(c) not in _DROPPED)
    text = text.strip()[:NAME_LENGTH].rstrip()
    return text or str(user_id)


@dataclass(frozen=True, slots=True)
class GameView:
    """One game as it now stands; `session` carries the engine values to render.

    `seed` is None while the game is open and revealed once it is finished, cancelled or expired.
    """

    id: int
    kind: GameKind
    variant: str
    status: GameStatus
    version: int
    options: GameOptions
    challenger_id: int
    opponent_id: int | None
    seats: tuple[int, int] | None
    to_move_id: int | None
    awaiting: Awaiting | None
    turn_deadline: datetime | None
    reminder_at: datetime | None
    commitment: str | None
    seed: str | None
    session: Session

    @classmethod
    def of(cls, row: GameRow, session: Session | None = None) -> GameView:
        """The game view of a stored row (`session`: the row's state, already read, if at hand)."""
        if session is None:
            session = load_session(row.state)
        closed = not row.status.is_open
        return cls(
            id=row.id,
            kind=row.kind,
            variant=row.variant,
            status=row.status,
            version=row.version,
            options=session.options,
            challenger_id=row.challenger_id,
            opponent_id=row.opponent_id,
            seats=session.seats,
            to_move_id=row.to_move_id,
            awaiting=None if session.actor() is None else session.awaiting(),
            turn_deadline=row.turn_deadline,
            reminder_at=row.reminder_at,
            commitment=row.dice_commitment,
            seed=row.dice_secret if closed else None,
            session=session,
        )


@dataclass(frozen=True, slots=True)
class ActionOutcomes:
    """The game after an action, and what happened, in order."""

    game: GameView
    outcomes: tuple[Outcome, ...]


def pending_session(options: GameOptions) -> Session:
    """The session of a challenge not yet accepted."""
    return rules_for(options.kind).pending(options)


# Sessions by the text they were stored as: a game's next action loads what its last one stored,
# so reading it back costs a lookup instead of a parse. Sessions are immutable values and a
# session read from its text equals the one written (tests/bot/service/test_sessions.py), so one
# may stand for the other.
SESSIONS_KEPT = 2048
_sessions: OrderedDict[str, Session] = OrderedDict()
_sessions_lock = threading.Lock()  # exports and reviews read games in threads too


def load_session(text: str) -> Session:
    """The session a stored state text describes (the JSON names its kind)."""
    with _sessions_lock:
        session = _sessions.get(text)
    if session is None:
        session = rules_for(json.loads(text)["kind"]).load(text)
    _keep(text, session)
    return session


def stored_text(session: Session) -> str:
    """The text `session` is stored as; loading that text gives `session` back at once."""
    text = session.to_text()
    _keep(text, session)
    return text


def _keep(text: str, session: Session) -> None:
    with _sessions_lock:
        _sessions[text] = session
        _sessions.move_to_end(text)
        if len(_sessions) > SESSIONS_KEPT:
            _sessions.popitem(last=False)


def steps_of(event: GameEvent) -> list[dict[str, Any]]:
    """The steps an event's payload carries (none for status-only events)."""
    steps = event.payload.get("steps", [])
    return list(steps) if isinstance(steps, list) else []  # type: ignore[arg-type]


def reduce_event(state: str, event: GameEvent) -> str:
    """The store reducer: apply one event's steps to a state text (replay = the stored state)."""
    steps = steps_of(event)
    if not steps:
        return state
    session: Any = load_session(state)
    ctx = Context(event.game_id, "")
    for step in steps:
        session, _ = session.apply(step, ctx)
    text: str = session.to_text()
    return text
