"""The words on a game message: events (forced plays announced), prompts, mentions."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import Localizer
from bot.present import event_lines, game_text, status_line
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.options import GameOptions
from bot.service.views import GameView
from bot.store import GameStatus
from engine.backgammon.matchplay import Match

ALICE, BOB = 11, 22
NAMES = {ALICE: "Alice", BOB: "Bob"}
EN, FR = Localizer("en-US"), Localizer("fr")


def opened(white_die: int, black_die: int, **choices: object) -> GameView:
    """Alice (white) against Bob after the opening roll (BG-2: the higher die moves first)."""
    options = GameOptions.create("backgammon", **choices)
    match = Match.start(options.match_options()).opening_roll(white_die, black_die)
    session = BackgammonSession(options, seats=(ALICE, BOB), match=match)
    mover = (ALICE, BOB)[int(match.game.position.turn)]
    return GameView(
        id=7,
        kind="backgammon",
        variant="standard",
        status=GameStatus.ACTIVE,
        version=1,
        options=options,
        challenger_id=ALICE,
        opponent_id=BOB,
        seats=(ALICE, BOB),
        to_move_id=mover,
        awaiting=session.awaiting(),
        turn_deadline=None,
        reminder_at=None,
        commitment="ab" * 32,
        seed=None,
        session=session,
    )


def test_forced_plays_and_passes_are_announced() -> None:
    lines = event_lines(
        EN,
        [
            out.Moved(7, BOB, "bar/22", forced=True),
            out.Passed(7, ALICE, (6, 6)),
            out.Moved(7, BOB, "13/7", forced=False),
        ],
        NAMES,
        (ALICE, BOB),
    )
    assert lines == [
        "Bob played bar/22 (forced: the only legal play).",
        "Alice cannot play 6-6 and passes (forced).",
        "Bob played 13/7.",
    ]


def test_a_game_the_computer_could_not_play_is_called_off_with_an_apology_and_the_seed() -> None:
    view = replace(opened(3, 1), status=GameStatus.CANCELLED, to_move_id=None, seed="ef" * 32)
    outcomes = (out.ComputerFailed(7, "ef" * 32),)
    text = game_text(EN, view, outcomes, NAMES)
    assert "Sorry — the computer could not play its turn" in text
    assert "called off. No result, unrated." in text
    assert "ef" * 32 in text and "/verify game:7" in text
    assert "<@" not in text
    assert "l'ordinateur n'a pas pu jouer" in game_text(FR, view, outcomes, NAMES)


def test_opening_roll_names_both_dice_bg2() -> None:
    lines = event_lines(EN, [out.OpeningRolled(7, 1, 3, 1, ALICE)], NAMES, (ALICE, BOB))
    assert lines == ["Opening roll: Alice 3, Bob 1."]
    tie = event_lines(EN, [out.OpeningRolled(7, 1, 4, 4, None)], NAMES, (ALICE, BOB))
    assert tie == ["Opening roll tied at 4: rolling again."]


def test_the_player_to_move_is_mentioned_with_the_dice() -> None:
    view = opened(3, 1)  # white's 3 beats black's 1: Alice plays 3-1
    assert status_line(EN, view, NAMES) == (
        f"<@{ALICE}>, play your 3-1: choose below or type /move."
    )
    assert status_line(FR, view, NAMES) == (
        f"<@{ALICE}>, jouez votre 3-1 : choisissez ci-dessous ou tapez /jouer."
    )


def test_game_text_shows_match_score_and_commitment_while_open() -> None:
    text = game_text(EN, opened(1, 5, match_length=5), (), NAMES)
    assert "Match to 5 · score 0-0" in text
    assert "Dice commitment" in text and "ab" * 32 in text
    assert f"<@{BOB}>" in text  # black's 5 beats white's 1: Bob is to play


def test_finished_game_reveals_the_seed_and_mentions_nobody() -> None:
    view = replace(opened(3, 1), status=GameStatus.FINISHED, to_move_id=None, seed="cd" * 32)
    text = game_text(EN, view, (out.GameEnded(7, ALICE, BOB, 2, "resigned: gammon"),), NAMES)
    assert "Alice wins 2 points (resigned, a gammon)." in text
    assert "cd" * 32 in text and "/verify game:7" in text
    assert "<@" not in text
