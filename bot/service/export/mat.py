"""Backgammon games as Jellyfish `.mat` text, the match format GNU Backgammon imports.

Player 1 (the left column) is White, player 2 Black. Each line holds one action per player,
`NN: moves` for a roll and its play in the mover's own numbering (`25` is the bar, `0` off),
` Doubles => 4`, ` Takes`, ` Drops`, and a game ends with `Wins N point(s)` in the winner's
column. Resignations and passes show only as that last line, as Jellyfish does; a time forfeit
too, with a `Termination` comment, since readers take that line as a resignation (3 × cube at
most) and so may score a forfeited match short.
Tags the format lacks (the Duelboard variant, the dice commitment and its revealed seed) are
`;` comments, which readers skip.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.session import Log

COLUMN = 28  # width of the left column after the `NNN) ` prefix, as gnubg writes it
PREFIX = 5
# The `Variation` header GNU Backgammon writes and reads back (its export.c and import.c) for the
# variants it knows; the others play on its standard board and are read as standard.
VARIATIONS = {"nackgammon": "NackGammon", "hypergammon": "HyperGammon (3)"}


@dataclass
class _Game:
    """One game's lines under construction."""

    number: int
    score: tuple[int, int]
    lines: list[tuple[str, str]] = field(default_factory=list)
    pending: list[str] = field(default_factory=lambda: ["", ""])
    ending: tuple[int, str] | None = None

    def put(self, seat: int, text: str) -> None:
        """Add an action in the seat's column; a left action after anything starts a line."""
        if seat == 0 and (self.pending[0] or self.pending[1]):
            self.flush()
        if seat == 1 and self.pending[1]:
            self.flush()
        self.pending[seat] = text
        if seat == 1:
            self.flush()

    def flush(self) -> None:
        """Close the line under construction, if it holds anything."""
        if self.pending[0] or self.pending[1]:
            self.lines.append((self.pending[0], self.pending[1]))
        self.pending = ["", ""]


def _moves_text(moves: list[list[int | bool]]) -> str:
    return " ".join(f"{source}/{target}{'*' if hit else ''}" for source, target, hit in moves)


def _points_text(points: int, match_over: bool) -> str:
    text = f"Wins {points} point{'s' if points != 1 else ''}"
    return text + " and the match" if match_over else text


def match_text(log: Log, names: tuple[str, str], *, event_date: str | None = None) -> str:
    """The `.mat` record of a backgammon game (a match, or a money game as a 0-point match)."""
    start = log.start
    if not isinstance(start, BackgammonSession):
        raise ValueError(f"game #{log.game.id} is not backgammon; export checkers as PDN")
    options = start.options
    seats = log.final.seats
    if seats is None:
        raise ValueError(f"game #{log.game.id} never started: there is nothing to export")
    seat_of = {user: seat for seat, user in enumerate(seats)}
    games: list[_Game] = []
    dice: tuple[int, int] | None = None
    roller = 0
    score = (0, 0)
    for logged in log.steps:
        step = logged.step
        op = step["op"]
        for outcome in logged.outcomes:
            if isinstance(outcome, out.GameStarted):
                games.append(_Game(outcome.game_number, score))
        if not games:
            continue
        game = games[-1]
        for outcome in logged.outcomes:
            if isinstance(outcome, out.OpeningRolled) and outcome.starter_id is not None:
                dice, roller = (outcome.white_die, outcome.black_die), seat_of[outcome.starter_id]
            elif isinstance(outcome, out.Rolled):
                dice, roller = outcome.dice, seat_of[outcome.player_id]
        if op == "move" and dice is not None:
            game.put(roller, f"{dice[0]}{dice[1]}: {_moves_text(step['moves'])}".rstrip())
            dice = None
        for outcome in logged.outcomes:
            if isinstance(outcome, out.DoubleOffered):
                game.put(seat_of[outcome.player_id], f" Doubles => {outcome.cube_value}")
            elif isinstance(outcome, out.DoubleTaken):
                game.put(seat_of[outcome.player_id], " Takes")
            elif isinstance(outcome, out.DoublePassed):
                game.put(seat_of[outcome.player_id], " Drops")
            elif isinstance(outcome, out.GameEnded) and outcome.winner_id is not None:
                if dice is not None:
                    # Rolled but never played (a resignation or time): the roll alone, as
                    # gnubg reads it back.
                    game.put(roller, f"{dice[0]}{dice[1]}:")
                    dice = None
                winner = seat_of[outcome.winner_id]
                game.ending = (winner, _points_text(outcome.points, False))
                if outcome.score is not None:
                    score = (outcome.score[0], outcome.score[1])
            elif isinstance(outcome, out.MatchEnded) and game.ending is not None:
                winner, _ = game.ending
                points = score[winner] - game.score[winner]
                game.ending = (winner, _points_text(points, True))
    lines = _header(log, names, event_date)
    lines += [f" {options.match_length} point match", ""]
    for game in games:
        game.flush()
        lines.append(f" Game {game.number}")
        left = f" {names[0]} : {game.score[0]}"
        lines.append(f"{left:<{PREFIX + COLUMN - 1}}{names[1]} : {game.score[1]}")
        ending = game.ending
        if ending is not None and ending[0] == 1 and game.lines and not game.lines[-1][1]:
            # The right player wins after the left one's last action (a drop, a resignation):
            # gnubg writes the result in that line's empty right column, and reads a result on
            # a line of its own there as a fresh turn of the winner's (a phantom double).
            game.lines[-1] = (game.lines[-1][0], ending[1])
            ending = None
        for number, (first, second) in enumerate(game.lines, start=1):
            # gnubg's `%3d) %-27s `: a play too long for its column still ends with a space.
            row = f"{number:3d}) {first:<{COLUMN - 1}} {second}".rstrip()
            lines.append(row)
        if ending is not None:
            winner, text = ending
            indent = " " * (PREFIX + 1 + (COLUMN if winner else 0))
            lines.append(indent + text)
        lines.append("")
    return "\n".join(lines) + "\n"


def _header(log: Log, names: tuple[str, str], event_date: str | None) -> list[str]:
    game = log.game
    options = log.start.options
    on_off = {True: "On", False: "Off"}
    when = event_date or game.created_at.strftime("%Y.%m.%d")
    lines = [
        '; [Site "Duelboard"]',
        f'; [Match ID "{game.id}"]',
        f'; [Player 1 "{_quoted(names[0])}"]',
        f'; [Player 2 "{_quoted(names[1])}"]',
        f'; [EventDate "{when}"]',
        f'; [Variation "{VARIATIONS.get(options.variant, "Backgammon")}"]',
        f'; [Crawford "{on_off[options.crawford and options.match_length > 0]}"]',
        f'; [Jacoby "{on_off[options.jacoby and options.match_length == 0]}"]',
        f'; [CubeLimit "{64 if options.cube else 1}"]',
        f'; [Duelboard Variant "{options.variant}"]',
    ]
    ended = log.games_ended()
    seats = log.final.seats
    if ended and ended[-1].finish is out.Finish.TIME and seats is not None:
        # The format has no time forfeit: readers see a resignation worth at most 3 × cube.
        winner = names[seats.index(ended[-1].winner_id or seats[0])]
        lines.append(f'; [Termination "time forfeit, the table was awarded to {_quoted(winner)}"]')
    if game.dice_commitment:
        lines.append(f'; [Dice commitment "{game.dice_commitment}"]')
    if game.dice_secret and not game.status.is_open:
        lines.append(f'; [Dice seed "{game.dice_secret}"] (SHA-256 of the seed = commitment)')
    return [*lines, ""]


def _quoted(name: str) -> str:
    return name.replace('"', "'").replace("\n", " ")
