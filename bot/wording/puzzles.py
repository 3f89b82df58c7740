"""The words of the position of the day and of /puzzle: the question, the answer with the
coach's figures, and the check of a player's pick."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import Localizer
from bot.service.puzzles import Choice, Puzzle
from bot.wording.terms import dice_text

ANSWER_MAX = 55  # Discord's longest poll answer


def side_name(t: Localizer, puzzle: Puzzle) -> str:
    """The side to play, by its colour (no player is named)."""
    return t(f"picture.{puzzle.match.game.position.turn.name.lower()}")


def offered(puzzle: Puzzle) -> list[Choice]:
    """The plays in the order they are offered: by notation, so the order tells nothing."""
    return sorted(puzzle.choices, key=lambda choice: choice.notation)


def daily_text(t: Localizer, puzzle: Puzzle) -> str:
    """The position of the day's message above its picture."""
    return t("daily.post", side=side_name(t, puzzle), dice=dice_text(puzzle.dice))


def poll_question(t: Localizer, puzzle: Puzzle) -> str:
    """The poll's question (Discord takes 300 characters)."""
    return t("daily.question", side=side_name(t, puzzle), dice=dice_text(puzzle.dice))[:300]


def poll_answer(choice: Choice) -> str:
    """A poll answer: the play's notation (Discord takes 55 characters)."""
    return choice.notation[:ANSWER_MAX]


def puzzle_text(t: Localizer, puzzle: Puzzle) -> str:
    """The /puzzle prompt above its picture."""
    return t("puzzle.prompt", side=side_name(t, puzzle), dice=dice_text(puzzle.dice))


def figures(t: Localizer, puzzle: Puzzle, votes: Mapping[str, int] | None = None) -> list[str]:
    """One line per play offered, best first: its equity and loss, the play made in the game
    marked, and the votes it had (for a poll)."""
    best = puzzle.best.equity
    lines = []
    for choice in puzzle.choices:
        play = f"`{choice.notation}`"
        if choice.equity is None or best is None:
            line = play
        elif choice == puzzle.best:
            line = t(
                "coach.line.equity_best", play=play, equity=t.decimal(choice.equity, 3, signed=True)
            )
        else:
            line = t(
                "coach.line.equity",
                play=play,
                equity=t.decimal(choice.equity, 3, signed=True),
                loss=t.decimal(choice.equity - best, 3, signed=True),
            )
        if choice.notation == puzzle.played:
            line = t("daily.played", line=line)
        if votes is not None:
            line = t("daily.votes", line=line, count=votes.get(poll_answer(choice), 0))
        lines.append(f"- {line}")
    return lines


def answer_text(t: Localizer, puzzle: Puzzle, votes: Mapping[str, int]) -> str:
    """The answer posted when the poll closes."""
    head = t("daily.answer", best=f"`{puzzle.best.notation}`")
    return "\n".join([head, *figures(t, puzzle, votes), f"-# {t('coach.note.equity')}"])


def check_text(t: Localizer, puzzle: Puzzle, chosen: str) -> str:
    """Whether a /puzzle pick is the best play, with the figures."""
    best = f"`{puzzle.best.notation}`"
    if chosen == puzzle.best.notation:
        head = t("puzzle.right", best=best)
    else:
        head = t("puzzle.wrong", chosen=f"`{chosen}`", best=best)
    note = [f"-# {t('coach.note.equity')}"] if puzzle.best.equity is not None else []
    return "\n".join([head, *figures(t, puzzle), *note])
