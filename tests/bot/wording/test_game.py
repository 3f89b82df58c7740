"""The words on a game message: events (forced plays announced), prompts, mentions, the rules
a game plays by, and what the seed decided; public text in the third person."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

import engine.checkers as ck
from bot.i18n import CATALOGS, Localizer
from bot.service import outcomes as out
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.dice import RollMismatch, VerifyReport
from bot.service.kinds import options_for
from bot.service.session import Awaiting
from bot.service.views import GameView
from bot.store import GameKind, GameStatus
from bot.wording.game import (
    event_line,
    event_lines,
    game_text,
    options_text,
    status_line,
    verify_text,
)
from engine.backgammon.cube import Size
from engine.backgammon.matchplay import Match

ALICE, BOB = 11, 22
NAMES = {ALICE: "Alice", BOB: "Bob"}
EN, FR, DE = Localizer("en-US"), Localizer("fr"), Localizer("de")


def opened(white_die: int, black_die: int, **choices: Any) -> GameView:
    """Alice (white) against Bob after the opening roll (BG-2: the higher die moves first)."""
    options = options_for("backgammon", **choices)
    match = Match.start(options.match_options()).opening_roll(white_die, black_die)
    session = BackgammonSession(options, seats=(ALICE, BOB), match=match)
    mover = (ALICE, BOB)[int(match.game.position.turn)]
    return GameView(
        id=7,
        kind=GameKind.BACKGAMMON,
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
            out.ForcedPass(7, ALICE, (6, 6)),
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


def checkers(starter: str = "random", status: GameStatus = GameStatus.ACTIVE) -> GameView:
    """Alice (white) against Bob at box checkers, white to move; the seed revealed once over."""
    options = options_for("checkers", starter=starter)
    session = CheckersSession(options, seats=(ALICE, BOB), game=ck.Game.new("box"))
    over = status is not GameStatus.ACTIVE
    return GameView(
        id=8,
        kind=GameKind.CHECKERS,
        variant="box",
        status=status,
        version=1,
        options=options,
        challenger_id=ALICE,
        opponent_id=BOB,
        seats=(ALICE, BOB),
        to_move_id=None if over else ALICE,
        awaiting=None if over else Awaiting.MOVE,
        turn_deadline=None,
        reminder_at=None,
        commitment="ab" * 32,
        seed="cd" * 32 if over else None,
        session=session,
    )


def test_the_player_to_move_is_named_in_the_third_person() -> None:
    """The game message is public: "Alice to play 3-1", never "play your 3-1"."""
    view = opened(3, 1)  # white's 3 beats black's 1: Alice plays 3-1
    assert status_line(EN, view, NAMES) == f"<@{ALICE}> to play 3-1: the menu below, or /move."
    assert status_line(FR, view, NAMES) == (
        f"À <@{ALICE}> de jouer 3-1 : menu ci-dessous, ou /jouer."
    )
    assert status_line(DE, view, NAMES) == (
        f"<@{ALICE}> spielt 3-1: mit dem Menü unten oder /ziehen."
    )


# Texts everyone in the channel reads: the game message, challenges, the recap, pings and
# reminders, and the buttons on the public message. (`picture.*` words are the picture's.)
PUBLIC = (
    "game.",
    "status.",
    "ev.",
    "end.",
    "recap.",
    "challenge.",
    "option.",
    "ping.",
    "btn.",
    "points.",
    "ending.",
    "variant.",
    "review.",
    "select.",
    "computer.bot.",
)
PUBLIC_KEYS = ("reply.reminder", "reply.board_elsewhere", "computer.builtin", "coach.hints_consent")
SECOND_PERSON = {
    "en": r"\b(you|your|yours|yourself)\b",
    "fr": r"\b(vous|votre|vos|toi|ton|ta|tes)\b|\b\w+ez\b",  # -ez: an imperative
    "de": r"\b(du|dein|deine|deinen|deiner|dich|dir|ihr|euer)\b",
}


@pytest.mark.parametrize("language", sorted(SECOND_PERSON))
def test_public_texts_speak_in_the_third_person(language: str) -> None:
    """ "you" only in private replies: no public text addresses its reader."""
    pattern = re.compile(SECOND_PERSON[language], re.IGNORECASE)
    found = {
        key: message
        for key, message in CATALOGS[language].items()
        if (key.startswith(PUBLIC) or key in PUBLIC_KEYS) and pattern.search(message)
    }
    assert found == {}


def test_every_prompt_names_who_acts_in_the_third_person() -> None:
    """The offers name both sides: who offers, and who is to answer (mentioned)."""
    cases = {
        "status.take_or_pass": "Bob doubles to 2: <@11> to take or pass.",
        "status.resign_offer.2": "Bob offers to resign a gammon: <@11> to accept or decline.",
        "status.draw_offer": "Bob offers a draw: <@11> to accept or decline.",
    }
    values = {"mention": "<@11>", "player": "Bob", "cube": 2}
    assert {key: EN(key, **values) for key in cases} == cases
    assert FR("status.draw_offer", **values) == (
        "Bob propose la nulle : à <@11> d'accepter ou de refuser."
    )
    assert DE("status.draw_offer", **values) == "Bob bietet Remis an: <@11> nimmt an oder lehnt ab."


def test_game_text_shows_match_score_and_commitment_while_open() -> None:
    text = game_text(EN, opened(1, 5, match_length=5), (), NAMES)
    assert "Match to 5 · score 0-0" in text
    assert "Dice commitment" in text and "ab" * 32 in text
    assert f"<@{BOB}>" in text  # black's 5 beats white's 1: Bob is to play


def test_game_text_puts_who_must_act_first_and_the_rest_in_small_print() -> None:
    deadline = datetime(2026, 1, 6, 12, 0, tzinfo=UTC)
    view = replace(opened(1, 5, match_length=5), turn_deadline=deadline)
    lines = game_text(EN, view, (), NAMES).splitlines()
    # Who must do what, then the time to act; the header, rules and commitment are subtext.
    assert lines[0].startswith(f"<@{BOB}> to play") and lines[1].startswith("Time to act")
    small = [line for line in lines if line.startswith("-# ")]
    assert "Match to 5 · score 0-0" in small[1] and "Dice commitment" in small[-1]
    assert lines.index(small[0]) > 1 and lines[-1] == small[-1]


def test_finished_game_reveals_the_seed_and_mentions_nobody() -> None:
    view = replace(opened(3, 1), status=GameStatus.FINISHED, to_move_id=None, seed="cd" * 32)
    text = game_text(
        EN, view, (out.GameEnded(7, ALICE, BOB, 2, out.Finish.RESIGNED, size=Size.GAMMON),), NAMES
    )
    assert "Alice wins 2 points (resigned, a gammon)." in text
    assert "cd" * 32 in text and "Anyone can check every roll with /verify game:7." in text
    assert "<@" not in text


DICE_WORDS = {
    "en": re.compile(r"\b(dice|die|rolls?)\b", re.IGNORECASE),
    "fr": re.compile(r"\b(dés|lancers?)\b", re.IGNORECASE),
    "de": re.compile(r"\b(würfel\w*|wurf\w*)\b", re.IGNORECASE),
}


@pytest.mark.parametrize("reader", [EN, FR, DE], ids=["en", "fr", "de"])
def test_a_checkers_message_tells_the_random_draw_without_dice(reader: Localizer) -> None:
    """Who starts was drawn at random: the message says so, and shows the commitment as the
    draw's; nothing speaks of dice or rolls."""
    lot = out.StarterChosen(8, ALICE, by_lot=True, number=1)
    text = game_text(reader, checkers(), (lot,), NAMES)
    assert "ab" * 32 in text
    assert DICE_WORDS[reader.language].search(text) is None, text
    over = checkers(status=GameStatus.FINISHED)
    ended = game_text(reader, over, (out.GameEnded(8, ALICE, BOB, 1, out.Finish.RESIGNED),), NAMES)
    assert "cd" * 32 in ended and "8" in ended
    assert DICE_WORDS[reader.language].search(ended) is None, ended


def test_the_checkers_draw_is_named_for_what_it_decided() -> None:
    lot = out.StarterChosen(8, ALICE, by_lot=True, number=1)
    text = game_text(EN, checkers(), (lot,), NAMES)
    assert "› Alice moves first, by random draw." in text
    assert "Commitment to the random draw of who moves first" in text
    ended = game_text(EN, checkers(status=GameStatus.FINISHED), (), NAMES)
    assert "Seed of the random draw, now revealed" in ended
    assert "Anyone can check the draw with /verify game:8." in ended


def test_a_checkers_game_with_a_chosen_starter_shows_no_commitment() -> None:
    """Nothing was left to chance, so there is no seed to commit to or to check."""
    text = game_text(EN, checkers("challenger"), (out.StarterChosen(8, ALICE, False),), NAMES)
    assert "ab" * 32 not in text and "Commitment" not in text
    ended = game_text(EN, checkers("challenger", GameStatus.FINISHED), (), NAMES)
    assert "cd" * 32 not in ended and "/verify" not in ended


def test_verify_of_a_checkers_game_names_who_the_draw_chose() -> None:
    over = checkers(status=GameStatus.FINISHED)
    ok = verify_text(EN, over, VerifyReport(True, 1, (), ()), NAMES)
    assert ok == (
        "Game #8: the random draw that chose Alice to move first matches the seed, and the "
        "seed matches the commitment published at the start."
    )
    wrong = VerifyReport(True, 1, (RollMismatch(1, (2, 1), (5, 3)),), ())
    bad = verify_text(FR, over, wrong, NAMES)
    assert bad.startswith("Partie n°8 : le tirage au sort ne concorde PAS")
    chosen = checkers("challenger", GameStatus.FINISHED)
    none = verify_text(DE, chosen, VerifyReport(True, 0, (), ()), NAMES)
    assert none.startswith("Partie #8 hatte keine Auslosung")
    for text, language in ((ok, "en"), (bad, "fr"), (none, "de")):
        assert DICE_WORDS[language].search(text) is None, text


def test_verify_of_a_backgammon_game_counts_the_rolls() -> None:
    over = replace(opened(3, 1), status=GameStatus.FINISHED, to_move_id=None, seed="cd" * 32)
    text = verify_text(EN, over, VerifyReport(True, 12, (), ()), NAMES)
    assert text.startswith("Game #7: all 12 rolls match the seed")


def test_the_rules_of_the_stakes_are_stated() -> None:
    """Money play says whether the Jacoby rule is on; match play states the Crawford rule."""
    assert "Money game · Jacoby rule: gammons count only once the cube is turned" in game_text(
        EN, opened(3, 1), (), NAMES
    )
    no_jacoby = game_text(EN, opened(3, 1, jacoby=False), (), NAMES)
    assert "Money game · no Jacoby rule: gammons count even on a centred cube" in no_jacoby
    assert "Match to 5 · score 0-0 · Crawford rule" in game_text(
        EN, opened(3, 1, match_length=5), (), NAMES
    )
    assert "règle de Crawford" in game_text(FR, opened(3, 1, match_length=5), (), NAMES)
    cubeless = game_text(EN, opened(3, 1, cube=False), (), NAMES)
    assert "Jacoby" not in cubeless and "Played without the cube" in cubeless


def test_a_challenge_states_the_rules_it_brings() -> None:
    assert options_text(EN, opened(3, 1)) == (
        "standard, money game, Jacoby rule, 1 day per move, rated"
    )
    assert "no Jacoby rule" in options_text(EN, opened(3, 1, jacoby=False))
    assert "match to 7, Crawford rule" in options_text(EN, opened(3, 1, match_length=7))
    assert "who moves first is drawn at random" in options_text(EN, checkers())
    assert "l'adversaire joue en premier" in options_text(FR, checkers("opponent"))


def test_a_challenge_called_off_is_told_in_the_reply() -> None:
    assert event_line(EN, out.ChallengeWithdrawn(3, ALICE), NAMES) == (
        "Alice withdrew the challenge."
    )
    assert event_line(DE, out.ChallengeDeclined(3, BOB), NAMES) == (
        "Bob hat die Herausforderung abgelehnt."
    )


@pytest.mark.parametrize(
    ("language", "named"),
    [("en", "Bob (world class)"), ("fr", "Bob (classe mondiale)"), ("de", "Bob (Weltklasse)")],
)
def test_the_game_message_names_the_world_class_computer(language: str, named: str) -> None:
    """Bob stands in for the bot here: the computer's level follows its name in the header."""
    view = opened(3, 1, level="world_class")
    assert named in game_text(Localizer(language), view, [], NAMES)
