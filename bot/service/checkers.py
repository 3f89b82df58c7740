"""The checkers session: the engine's `Game` plus seats, draw offers, resignation and the clock end.

The stored text keeps the positions since the last irreversible ply (a man move or a capture):
earlier positions can never come back, so that is all the repetition rule (CK-12) needs. It
keeps the last move too, which the board draws.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.computer.checkers import CheckersOpponent
from bot.service.errors import ActionNotAllowedError
from bot.service.opponent import Opponent
from bot.service.options import GameOptions
from bot.service.outcomes import Finish
from bot.service.session import (
    WHITE_SEAT,
    Awaiting,
    Context,
    Op,
    Roller,
    Run,
    Step,
    abort_run,
    choose_starter,
    other,
    timeout_run,
)
from bot.store import GameKind

MAX_FORCED_PLIES = 200
OPS = frozenset({Op.MOVE, Op.OFFER_DRAW, Op.RESIGN, Op.ACCEPT_OFFER, Op.DECLINE_OFFER})
_SEAT_OF = {ck.Color.WHITE: 0, ck.Color.BLACK: 1}
_COLOUR_OF = {seat: colour for colour, seat in _SEAT_OF.items()}


@dataclass(frozen=True, slots=True)
class CheckersSession:
    """One checkers game; `game` is None until the challenge is accepted."""

    options: GameOptions
    seats: tuple[int, int] | None = None
    game: ck.Game | None = None
    rolls: int = 0
    moved: tuple[bool, bool] = (False, False)
    draw_offered_by: int | None = None
    stopped: Finish | None = None  # RESIGNED, TIME or ABORTED
    stopped_winner: int | None = None
    last_move: ck.Move | None = None  # the move that led to the current position

    @classmethod
    def pending(cls, options: GameOptions) -> CheckersSession:
        """The session while the challenge waits for an answer."""
        return cls(options)

    # Reading

    @property
    def over(self) -> bool:
        """True once the game has a result, or was resigned, timed out or aborted."""
        if self.stopped is not None:
            return True
        return self.game is not None and self.game.result() is not None

    def actor(self) -> int | None:
        """The seat to move, or the seat answering a draw offer."""
        if self.game is None or self.over:
            return None
        if self.draw_offered_by is not None:
            return other(self.draw_offered_by)
        return _SEAT_OF[self.game.position.turn]

    def awaiting(self) -> Awaiting:
        """What the actor must do."""
        if self.game is None or self.over:
            return Awaiting.NOTHING
        if self.draw_offered_by is not None:
            return Awaiting.ANSWER_DRAW
        return Awaiting.MOVE

    def legal_choices(self) -> list[str]:
        """The legal moves of the side to move, unless a draw offer waits for an answer."""
        if self.over or self.game is None or self.draw_offered_by is not None:
            return []
        return [move.pdn() for move in self.game.position.legal_moves()]

    def dice(self) -> None:
        """Checkers has no dice."""
        return None

    def score(self) -> None:
        """A checkers game is never a match."""
        return None

    def check_action(self, op: Op) -> None:
        """Refuse the dice and the cube (/roll, /double are backgammon's) or an op it lacks."""
        if op == Op.ROLL:
            raise ActionNotAllowedError("svc.ck.no_dice")
        if op in (Op.DOUBLE, Op.TAKE, Op.PASS):
            raise ActionNotAllowedError("svc.ck.no_cube")
        if op not in OPS:
            raise ActionNotAllowedError("svc.ck.not_an_action", action=op)

    def out_of_turn(self, op: Op) -> bool:
        """Either player may resign at any time: with days per move, waiting must not trap."""
        return op == Op.RESIGN

    def can_abort(self) -> bool:
        """Before both sides have moved."""
        return not self.over and not all(self.moved)

    def winner(self) -> int | None:
        """The winning seat, or None for a draw or an abort."""
        if self.stopped is not None:
            return self.stopped_winner
        ended = None if self.game is None else self.game.result()
        if ended is None or ended.winner is None:
            return None
        return _SEAT_OF[ended.winner]

    def id_of(self, seat: int) -> int:
        """The user id in `seat`."""
        if self.seats is None:
            raise ActionNotAllowedError("svc.nobody_seated")
        return self.seats[seat]

    # Text form

    def to_text(self) -> str:
        """JSON: options, seats, the positions (PDN FEN) since the last irreversible ply, flags."""
        game = self.game
        return json.dumps(
            {
                "kind": GameKind.CHECKERS,
                "variant": self.options.variant,
                "options": self.options.to_json(),
                "seats": None if self.seats is None else list(self.seats),
                "positions": None if game is None else [p.to_fen() for p in game.positions],
                "quiet": 0 if game is None else game.quiet_king_plies,
                "agreed": game is not None and game.draw_agreed,
                "rolls": self.rolls,
                "moved": list(self.moved),
                "draw_offered_by": self.draw_offered_by,
                "stopped": None if self.stopped is None else self.stopped.value,
                "stopped_winner": self.stopped_winner,
                "last_move": None if self.last_move is None else _move_json(self.last_move),
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    @classmethod
    def from_text(cls, text: str) -> CheckersSession:
        """Read what `to_text` wrote."""
        data = json.loads(text)
        options = GameOptions.from_json(GameKind.CHECKERS, data["variant"], data["options"])
        game = None
        if data["positions"] is not None:
            variant = ck.VARIANTS[options.variant]
            positions = tuple(ck.Position.from_fen(fen, variant) for fen in data["positions"])
            game = ck.Game(positions, (), data["quiet"], data["agreed"])
        seats = data["seats"]
        last = data.get("last_move")  # absent from games stored before it was kept
        return cls(
            options=options,
            seats=None if seats is None else (seats[0], seats[1]),
            game=game,
            rolls=data["rolls"],
            moved=(bool(data["moved"][0]), bool(data["moved"][1])),
            draw_offered_by=data["draw_offered_by"],
            stopped=None if data["stopped"] is None else Finish(data["stopped"]),
            stopped_winner=data["stopped_winner"],
            last_move=None
            if last is None
            else ck.Move(tuple(last["path"]), tuple(last["captures"])),
        )

    # Steps (the reducer)

    def apply(self, step: Mapping[str, Any], ctx: Context) -> tuple[CheckersSession, list[Any]]:
        """The session after one step, and its outcomes."""
        op = step["op"]
        if op == "seat":
            return self._seat(step, ctx)
        if op == "abort":
            after = replace(self, stopped=Finish.ABORTED)
            return after, [out.GameAborted(ctx.game_id, self.id_of(int(step["by"])))]
        if op == "call_off":
            return replace(self, stopped=Finish.ABORTED), [out.ComputerFailed(ctx.game_id)]
        if op in ("resign", "timeout"):
            winner = int(step["winner"])
            finish = Finish.RESIGNED if op == "resign" else Finish.TIME
            after = replace(self, stopped=finish, stopped_winner=winner, draw_offered_by=None)
            winner_id, loser_id = self.id_of(winner), self.id_of(other(winner))
            first: Any = (
                out.Resigned(ctx.game_id, loser_id)
                if op == "resign"
                else out.WonOnTime(ctx.game_id, winner_id, loser_id)
            )
            return after, [first, out.GameEnded(ctx.game_id, winner_id, loser_id, 1, finish)]
        game = self._require_game()
        if op == "move":
            return self._move(game, step, ctx)
        if op == "offer_draw":
            seat = int(step["by"])
            after = replace(self, draw_offered_by=seat)
            return after, [out.DrawOffered(ctx.game_id, self.id_of(seat))]
        if op in ("accept", "decline"):
            if self.draw_offered_by is None:
                raise ActionNotAllowedError("svc.ck.no_draw_offered")
            answerer = self.id_of(other(self.draw_offered_by))
            if op == "decline":
                after = replace(self, draw_offered_by=None)
                return after, [out.DrawDeclined(ctx.game_id, answerer)]
            after = replace(self, game=game.agree_draw(), draw_offered_by=None)
            return after, [out.DrawAccepted(ctx.game_id, answerer), *after._ended(ctx)]
        raise ValueError(f"unknown checkers step {op!r}")

    def _seat(self, step: Mapping[str, Any], ctx: Context) -> tuple[CheckersSession, list[Any]]:
        seats = (int(step["seats"][0]), int(step["seats"][1]))
        lot = step.get("lot")
        after = replace(
            self,
            seats=seats,
            game=ck.Game.new(self.options.variant),
            rolls=int(lot["number"]) if lot else 0,
        )
        variant = ck.VARIANTS[self.options.variant]
        starter_id = seats[_SEAT_OF[variant.first_to_move]]
        return after, [
            out.GameStarted(ctx.game_id, seats[0], seats[1], ctx.commitment),
            out.StarterChosen(ctx.game_id, starter_id, lot is not None, lot and lot["number"]),
        ]

    def _move(
        self, game: ck.Game, step: Mapping[str, Any], ctx: Context
    ) -> tuple[CheckersSession, list[Any]]:
        position = game.position
        wanted = (tuple(step["path"]), tuple(step["captures"]))
        chosen = [m for m in position.legal_moves() if (m.path, m.captures) == wanted]
        if len(chosen) != 1:
            raise ActionNotAllowedError("svc.ck.not_legal_here", move=step.get("notation"))
        move = chosen[0]
        seat = _SEAT_OF[position.turn]
        piece = position.piece_at(move.start)
        played = game.play(move)
        if move.is_capture or (piece is not None and not piece.king):
            # An irreversible ply: no earlier position can repeat (see the module docstring).
            played = replace(played, positions=played.positions[-1:], moves=())
        else:
            played = replace(played, moves=())
        moved = list(self.moved)
        moved[seat] = True
        after = replace(
            self,
            game=played,
            moved=(moved[0], moved[1]),
            draw_offered_by=None,
            last_move=move,
        )
        report = out.Moved(ctx.game_id, self.id_of(seat), move.pdn(), bool(step.get("forced")))
        return after, [report, *after._ended(ctx)]

    def _ended(self, ctx: Context) -> list[Any]:
        game = self._require_game()
        result = game.result()
        if result is None:
            return []
        finish = Finish.of(result.reason)
        if result.winner is None:
            return [out.GameEnded(ctx.game_id, None, None, 0, finish)]
        winner = _SEAT_OF[result.winner]
        return [
            out.GameEnded(ctx.game_id, self.id_of(winner), self.id_of(other(winner)), 1, finish)
        ]

    def _require_game(self) -> ck.Game:
        if self.game is None:
            raise ActionNotAllowedError("svc.challenge_open")
        return self.game

    # Actions

    def start(self, challenger: int, opponent: int, roller: Roller, ctx: Context) -> Run[Any]:
        """Seat the players: the starter (chosen or by lot) plays the colour that moves first."""
        starter, lot = choose_starter(self.options.starter, challenger, opponent, roller)
        second = opponent if starter == challenger else challenger
        first_seat = _SEAT_OF[ck.VARIANTS[self.options.variant].first_to_move]
        seats = (starter, second) if first_seat == WHITE_SEAT else (second, starter)
        run: Run[Any] = Run(self, ctx)
        run.do({"op": "seat", "seats": list(seats), "lot": lot})
        run.session.settle(run)
        return run

    def act(
        self, seat: int, op: Op, argument: str | int | None, roller: Roller, ctx: Context
    ) -> Run[Any]:
        """Do `op` for `seat` (the actor, or a player resigning), then forced moves."""
        game = self._require_game()
        run: Run[Any] = Run(self, ctx)
        pending = self.draw_offered_by is not None
        if op == Op.RESIGN:  # also with a draw on offer: resigning answers everything
            run.do({"op": "resign", "winner": other(seat)})
        elif op in (Op.ACCEPT_OFFER, Op.DECLINE_OFFER):
            run.do({"op": str(op)})
        elif pending:
            raise ActionNotAllowedError("svc.ck.answer_draw_first")
        elif op == Op.MOVE:
            if not isinstance(argument, str):
                raise ActionNotAllowedError("svc.ck.say_move")
            run.do(_move_step(ck.parse_move(game.position, argument), forced=False))
        elif op == Op.OFFER_DRAW:
            run.do({"op": "offer_draw", "by": seat})
        else:
            raise ActionNotAllowedError("svc.ck.not_an_action", action=op)
        run.session.settle(run)
        return run

    def bot_turn(self, opponent: Opponent, roller: Roller, ctx: Context) -> Run[Any]:
        """The bot's move, or its answer to a draw offer."""
        game = self._require_game()
        player: CheckersOpponent = opponent.for_kind(GameKind.CHECKERS)
        run: Run[Any] = Run(self, ctx)
        if self.draw_offered_by is not None:
            colour = _COLOUR_OF[other(self.draw_offered_by)]
            run.do({"op": "accept" if player.accepts_draw(game, colour) else "decline"})
        else:
            run.do(_move_step(player.choose_move(game), forced=False))
        run.session.settle(run)
        return run

    def abort(self, ctx: Context, seat: int) -> Run[Any]:
        """Call the game off."""
        return abort_run(self, ctx, seat)

    def timeout(self, ctx: Context) -> Run[Any]:
        """The actor ran out of time; the other seat wins."""
        return timeout_run(self, ctx)

    def settle(self, run: Run[Any]) -> None:
        """Play forced moves (exactly one legal move) until a choice is needed."""
        for _ in range(MAX_FORCED_PLIES):
            session: CheckersSession = run.session
            if session.over or session.game is None or session.draw_offered_by is not None:
                return
            moves = session.game.position.legal_moves()
            if len(moves) != 1:
                return
            run.do(_move_step(moves[0], forced=True))


def _move_step(move: ck.Move, *, forced: bool) -> Step:
    return {"op": "move", **_move_json(move), "notation": move.pdn(), "forced": forced}


def _move_json(move: ck.Move) -> dict[str, Any]:
    """A move as the JSON steps and the state keep it: its path and captured squares."""
    return {"path": list(move.path), "captures": list(move.captures)}
