"""The backgammon session: the engine's `Match` plus seats, the roll count and how play stopped.

The match itself (opening roll, cube, resignation, score, Crawford) is the engine's state
machine; this module adds what belongs to the session: who sits where, which roll number comes
next, whether each side has moved (for abort), the last play of the game (for the board), the
steps that drive the match, forced plays and automatic rolls, and the outcomes players are told
about.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.service import outcomes as out
from bot.service.computer.backgammon import BackgammonOpponent
from bot.service.errors import ActionNotAllowedError, MoveFirstError
from bot.service.opponent import Opponent
from bot.service.options import GameOptions
from bot.service.outcomes import Finish
from bot.service.session import (
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
from engine.backgammon import Move, OpeningRoll, Play, Side, parse_play
from engine.backgammon.cube import SIZE_NAMES, Size
from engine.backgammon.matchplay import GameActionError, Match, Phase

MAX_AUTOMATIC_STEPS = 40  # two closed-out sides could pass to each other for ever
OPS = frozenset(
    {Op.ROLL, Op.MOVE, Op.DOUBLE, Op.TAKE, Op.PASS, Op.RESIGN, Op.ACCEPT_OFFER, Op.DECLINE_OFFER}
)
_SIZES = {size.name.lower(): size for size in Size}  # single, gammon, backgammon


@dataclass(frozen=True, slots=True)
class BackgammonSession:
    """A backgammon match (or money game) under one number; `match` is None until accepted.

    `last_play` is the play that led to the current position of this game (empty for a pass),
    made by the side not on roll; None before the first play of each game.
    """

    options: GameOptions
    seats: tuple[int, int] | None = None
    match: Match | None = None
    rolls: int = 0
    moved: tuple[bool, bool] = (False, False)
    stopped: Finish | None = None  # TIME or ABORTED when play stopped outside the rules
    stopped_winner: int | None = None
    last_play: Play | None = None

    @classmethod
    def pending(cls, options: GameOptions) -> BackgammonSession:
        """The session while the challenge waits for an answer."""
        return cls(options)

    # Reading

    @property
    def over(self) -> bool:
        """True when the match (or money game) is decided, timed out or aborted."""
        if self.stopped is not None:
            return True
        if self.match is None or self.match.game.phase is not Phase.OVER:
            return False
        return self.options.match_length == 0 or self.match.winner is not None

    def actor(self) -> int | None:
        """The seat the game waits for (None before the start and once over)."""
        if self.over or self.match is None:
            return None
        side = self.match.game.to_act
        return None if side is None else int(side)

    def awaiting(self) -> Awaiting:
        """What the actor must do."""
        if self.match is None or self.over:
            return Awaiting.NOTHING
        phase = self.match.game.phase
        if phase is Phase.ROLLING:
            return Awaiting.ROLL_OR_DOUBLE if self.may_double() else Awaiting.ROLL
        return {
            Phase.MOVING: Awaiting.MOVE,
            Phase.DOUBLED: Awaiting.ANSWER_DOUBLE,
            Phase.RESIGNING: Awaiting.ANSWER_RESIGNATION,
        }.get(phase, Awaiting.OPENING)

    def legal_choices(self) -> list[str]:
        """The legal plays of the dice rolled, while the side on roll is to move."""
        if self.over or self.match is None or self.match.game.phase is not Phase.MOVING:
            return []
        return list(self.match.game.legal_notations())

    def dice(self) -> tuple[int, int] | None:
        """The dice on the board (rolled and not yet played)."""
        return None if self.match is None else self.match.game.dice

    def score(self) -> tuple[int, int] | None:
        """The match score; None for a money game."""
        if self.match is None or not self.options.match_length:
            return None
        return self.match.score

    def may_double(self) -> bool:
        """Whether the side on roll may turn the cube now (BG-14, Crawford in BG-16)."""
        if self.match is None:
            return False
        game = self.match.game
        return (
            game.phase is Phase.ROLLING
            and game.cube_in_play
            and game.cube.double_problem(game.position.turn) is None
        )

    def check_action(self, op: Op) -> None:
        """Refuse a draw offer (every backgammon game has a winner) or an op it does not have."""
        if op == Op.OFFER_DRAW:
            raise ActionNotAllowedError("svc.bg.no_draw")
        if op not in OPS:
            raise ActionNotAllowedError("svc.bg.not_an_action", action=op)

    def out_of_turn(self, op: Op) -> bool:
        """A side may offer to resign on the other's turn too (BG-15), while they roll or move.

        Not while a double or a resignation waits for an answer: the waiting side could not
        answer that itself, so it is still the other side's turn.
        """
        if op != Op.RESIGN or self.match is None:
            return False
        return self.match.game.phase in (Phase.ROLLING, Phase.MOVING)

    def can_abort(self) -> bool:
        """Before both sides have moved in the first game."""
        first_game = self.match is None or self.match.game_number == 1
        return not self.over and first_game and not all(self.moved)

    def winner(self) -> int | None:
        """The winning seat once over (for money play: the game's winner)."""
        if self.stopped is not None:
            return self.stopped_winner
        if self.match is None or not self.over:
            return None
        if self.match.winner is not None:
            return int(self.match.winner)
        result = self.match.game.result
        return None if result is None else int(result.winner)

    def id_of(self, seat: int) -> int:
        """The user id in `seat`."""
        if self.seats is None:
            raise ActionNotAllowedError("svc.nobody_seated")
        return self.seats[seat]

    # Text form

    def to_text(self) -> str:
        """JSON: the options, seats, the engine's match text and the session counters."""
        return json.dumps(
            {
                "kind": GameKind.BACKGAMMON,
                "variant": self.options.variant,
                "options": self.options.to_json(),
                "seats": None if self.seats is None else list(self.seats),
                "match": None if self.match is None else self.match.to_text(),
                "rolls": self.rolls,
                "moved": list(self.moved),
                "stopped": None if self.stopped is None else self.stopped.value,
                "stopped_winner": self.stopped_winner,
                "last_play": None if self.last_play is None else _moves_json(self.last_play),
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    @classmethod
    def from_text(cls, text: str) -> BackgammonSession:
        """Read what `to_text` wrote."""
        data = json.loads(text)
        seats = data["seats"]
        last = data.get("last_play")  # absent from games stored before it was kept
        return cls(
            options=GameOptions.from_json(GameKind.BACKGAMMON, data["variant"], data["options"]),
            seats=None if seats is None else (seats[0], seats[1]),
            match=None if data["match"] is None else Match.from_text(data["match"]),
            rolls=data["rolls"],
            moved=(bool(data["moved"][0]), bool(data["moved"][1])),
            stopped=None if data["stopped"] is None else Finish(data["stopped"]),
            stopped_winner=data["stopped_winner"],
            last_play=None if last is None else play_of(last),
        )

    # Steps (the reducer)

    def apply(self, step: Mapping[str, Any], ctx: Context) -> tuple[BackgammonSession, list[Any]]:
        """The session after one step, and its outcomes."""
        op = step["op"]
        if op == "seat":
            return self._seat(step, ctx)
        if op == "timeout":
            return self._stop(ctx, Finish.TIME, int(step["winner"]))
        if op == "abort":
            after = replace(self, stopped=Finish.ABORTED)
            return after, [out.GameAborted(ctx.game_id, self.id_of(int(step["by"])))]
        if op == "call_off":
            return replace(self, stopped=Finish.ABORTED), [out.ComputerFailed(ctx.game_id)]
        match = self._require_match()
        game = match.game
        on_roll = int(game.position.turn)
        player = self.id_of(on_roll)
        if op == "opening":
            number, (white, black) = int(step["number"]), step["dice"]
            match = match.opening_roll(white, black)
            starter = None if match.game.phase is Phase.OPENING else match.game.position.turn
            starter_id = None if starter is None else self.id_of(int(starter))
            after = replace(self, match=match, rolls=number)
            return after, [out.OpeningRolled(ctx.game_id, number, white, black, starter_id)]
        if op == "roll":
            number, dice = int(step["number"]), (int(step["dice"][0]), int(step["dice"][1]))
            after = replace(self, match=match.roll(dice), rolls=number)
            return after, [out.Rolled(ctx.game_id, player, number, dice)]
        if op == "move":
            return self._move(step, ctx)
        if op == "double":
            after = replace(self, match=match.double())
            return after, [out.DoubleOffered(ctx.game_id, player, game.cube.value * 2)]
        if op == "take":
            after = replace(self, match=match.take())
            taker = self.id_of(other(on_roll))
            return after, [out.DoubleTaken(ctx.game_id, taker, game.cube.value * 2)]
        if op == "drop":
            after = replace(self, match=match.pass_double())
            passer = self.id_of(other(on_roll))
            return after, [out.DoublePassed(ctx.game_id, passer), *after._ended(self, ctx)]
        if op == "resign":
            size = Size(int(step["level"]))  # the stored step's field keeps its old name
            after = replace(self, match=match.offer_resignation(size, Side(int(step["by"]))))
            resigner = self.id_of(int(step["by"]))
            return after, [out.ResignationOffered(ctx.game_id, resigner, size)]
        if op in ("accept", "decline"):
            resigned_by = game.resigned_by
            if resigned_by is None:
                raise ActionNotAllowedError("svc.bg.no_resignation_offered")
            answerer = self.id_of(other(int(resigned_by)))
            if op == "decline":
                after = replace(self, match=match.decline_resignation())
                return after, [out.ResignationDeclined(ctx.game_id, answerer)]
            after = replace(self, match=match.accept_resignation())
            accepted = out.ResignationAccepted(ctx.game_id, answerer, game.resignation)
            return after, [accepted, *after._ended(self, ctx)]
        if op == "next_game":
            starter = step.get("starter")
            match = match.next_game(starter=None if starter is None else Side(int(starter)))
            white, black = self.id_of(0), self.id_of(1)
            started = out.GameStarted(ctx.game_id, white, black, ctx.commitment, match.game_number)
            return replace(self, match=match, last_play=None), [started]
        raise ValueError(f"unknown backgammon step {op!r}")

    def _seat(self, step: Mapping[str, Any], ctx: Context) -> tuple[BackgammonSession, list[Any]]:
        seats = (int(step["seats"][0]), int(step["seats"][1]))
        starter = step.get("starter")
        match = Match.start(
            self.options.match_options(), starter=None if starter is None else Side(int(starter))
        )
        lot = step.get("lot")
        after = replace(self, seats=seats, match=match, rolls=int(lot["number"]) if lot else 0)
        events: list[Any] = [out.GameStarted(ctx.game_id, seats[0], seats[1], ctx.commitment)]
        if starter is not None:
            events.append(
                out.StarterChosen(
                    ctx.game_id, seats[int(starter)], lot is not None, lot and lot["number"]
                )
            )
        return after, events

    def _move(self, step: Mapping[str, Any], ctx: Context) -> tuple[BackgammonSession, list[Any]]:
        match = self._require_match()
        mover = int(match.game.position.turn)
        dice = match.game.dice
        play = play_of(step["moves"])
        moved = list(self.moved)
        moved[mover] = True
        after = replace(self, match=match.move(play), moved=(moved[0], moved[1]), last_play=play)
        forced = bool(step.get("forced", False))
        player = self.id_of(mover)
        if not play.moves and dice is not None:
            report: Any = out.ForcedPass(ctx.game_id, player, dice, forced=True)
        else:
            report = out.Moved(ctx.game_id, player, play.notation(), forced)
        return after, [report, *after._ended(self, ctx)]

    def _ended(self, before: BackgammonSession, ctx: Context) -> list[Any]:
        """GameEnded (and MatchEnded) if the last step finished a game."""
        match = self._require_match()
        result = match.game.result
        if result is None or before.match is None or before.match.game.phase is Phase.OVER:
            return []
        winner = int(result.winner)
        if self.options.match_length:
            points = match.score[winner] - before.match.score[winner]
        else:
            points = result.points
        ended = out.GameEnded(
            ctx.game_id,
            self.id_of(winner),
            self.id_of(other(winner)),
            points,
            Finish.of(result.ending),
            score=match.score if self.options.match_length else None,
            size=result.size,
        )
        if match.winner is None:
            return [ended]
        return [ended, out.MatchEnded(ctx.game_id, self.id_of(winner), match.score)]

    def _stop(
        self, ctx: Context, finish: Finish, winner: int
    ) -> tuple[BackgammonSession, list[Any]]:
        match = self._require_match()
        if self.options.match_length:
            points = self.options.match_length - match.score[winner]
        else:
            points = match.game.cube.value
        after = replace(self, stopped=finish, stopped_winner=winner)
        winner_id, loser_id = self.id_of(winner), self.id_of(other(winner))
        return after, [
            out.WonOnTime(ctx.game_id, winner_id, loser_id),
            out.GameEnded(ctx.game_id, winner_id, loser_id, points, finish),
        ]

    def _require_match(self) -> Match:
        if self.match is None:
            raise ActionNotAllowedError("svc.challenge_open")
        return self.match

    # Actions

    def start(self, challenger: int, opponent: int, roller: Roller, ctx: Context) -> Run[Any]:
        """Seat the players, choose the starter if the variant needs one, and open play."""
        white, black = (challenger, opponent)
        if self.options.challenger_colour == "black":
            white, black = black, white
        step: Step = {"op": "seat", "seats": [white, black]}
        if self.options.match_options().variant.opening_roll is OpeningRoll.STARTER_ROLLS_BOTH:
            starter_id, lot = choose_starter(self.options.starter, challenger, opponent, roller)
            step["starter"] = 0 if starter_id == white else 1
            step["lot"] = lot
        run: Run[Any] = Run(self, ctx)
        run.do(step)
        run.session.settle(run, roller)
        return run

    def act(
        self, seat: int, op: Op, argument: str | int | None, roller: Roller, ctx: Context
    ) -> Run[Any]:
        """Do `op` for `seat` (the actor, or a side resigning), then what follows."""
        game = self._require_match().game
        run: Run[Any] = Run(self, ctx)
        try:
            if op == Op.ROLL:
                run.do(self._roll_step(roller))
            elif op == Op.MOVE:
                if not isinstance(argument, str):
                    raise ActionNotAllowedError("svc.bg.say_play")
                if game.phase is not Phase.MOVING or game.dice is None:
                    raise MoveFirstError(self.awaiting())
                variant = self.options.match_options().variant
                play = parse_play(game.position, game.dice, argument, variant)
                run.do(_move_step(play, forced=False))
            elif op in (Op.DOUBLE, Op.TAKE, Op.PASS, Op.ACCEPT_OFFER, Op.DECLINE_OFFER):
                run.do({"op": str(op)})
            elif op == Op.RESIGN:
                run.do({"op": "resign", "level": resign_size(argument), "by": seat})
            else:
                raise ActionNotAllowedError("svc.bg.not_an_action", action=op)
        except GameActionError as error:
            raise ActionNotAllowedError.passed_on(error) from None
        run.session.settle(run, roller)
        return run

    def bot_turn(self, opponent: Opponent, roller: Roller, ctx: Context) -> Run[Any]:
        """The bot's decision when it is the actor: double or roll, play, take or pass, answer."""
        match = self._require_match()
        phase = match.game.phase
        player: BackgammonOpponent = opponent.for_kind(GameKind.BACKGAMMON)
        run: Run[Any] = Run(self, ctx)
        if phase is Phase.ROLLING:
            if match.game.can_double and player.wants_to_double(match):
                run.do({"op": "double"})
            else:
                run.do(self._roll_step(roller))
        elif phase is Phase.MOVING:
            run.do(_move_step(player.choose_play(match), forced=False))
        elif phase is Phase.DOUBLED:
            run.do({"op": "take" if player.takes_double(match) else "drop"})
        elif phase is Phase.RESIGNING:
            run.do({"op": "accept" if player.accepts_resignation(match) else "decline"})
        run.session.settle(run, roller)
        return run

    def abort(self, ctx: Context, seat: int) -> Run[Any]:
        """Call the game off."""
        return abort_run(self, ctx, seat)

    def timeout(self, ctx: Context) -> Run[Any]:
        """The actor ran out of time; the other seat wins."""
        return timeout_run(self, ctx)

    def settle(self, run: Run[Any], roller: Roller) -> None:
        """Play what needs no decision: opening rolls, next games, forced plays, rolls."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            session: BackgammonSession = run.session
            if session.over or session.match is None:
                return
            game = session.match.game
            if game.phase is Phase.OPENING:
                number = session.rolls + 1
                run.do({"op": "opening", "number": number, "dice": list(roller(number))})
            elif game.phase is Phase.OVER:
                run.do({"op": "next_game", "starter": session._next_starter()})
            elif game.phase is Phase.MOVING:
                plays = game.legal_plays()
                if len(plays) != 1:
                    return
                run.do(_move_step(plays[0], forced=True))
            elif game.phase is Phase.ROLLING and not session.may_double():
                run.do(session._roll_step(roller))
            else:
                return

    def _roll_step(self, roller: Roller) -> Step:
        number = self.rolls + 1
        return {"op": "roll", "number": number, "dice": list(roller(number))}

    def _next_starter(self) -> int | None:
        """Who starts the next game where the variant chooses up front: the last game's loser."""
        match = self._require_match()
        result = match.game.result
        if match.options.variant.opening_roll is not OpeningRoll.STARTER_ROLLS_BOTH:
            return None
        return None if result is None else other(int(result.winner))


def _move_step(play: Play, *, forced: bool) -> Step:
    return {
        "op": "move",
        "moves": _moves_json(play),
        "notation": play.notation(),
        "forced": forced,
    }


def _moves_json(play: Play) -> list[Any]:
    """A play's moves as the JSON steps and the state keep them: [source, target, hit]."""
    return [[m.source, m.target, m.hit] for m in play.moves]


def play_of(moves: Any) -> Play:
    """The play `_moves_json` wrote."""
    return Play(tuple(Move(int(s), int(t), bool(h)) for s, t, h in moves))


def resign_size(argument: str | int | None) -> Size:
    """A size from its number (1, 2, 3) or name (single, gammon, backgammon); default single."""
    if argument is None:
        return Size.SINGLE
    if isinstance(argument, str):
        size = _SIZES.get(argument.strip().lower())
        if size is not None:
            return size
    if isinstance(argument, int) and not isinstance(argument, bool) and argument in SIZE_NAMES:
        return Size(argument)
    raise ActionNotAllowedError("svc.bg.resign_level", level=repr(argument))
