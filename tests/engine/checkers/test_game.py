"""How checkers games end: CK-10 (no pieces / no move), CK-11 (king count), CK-12 (draws)."""

from __future__ import annotations

import pytest

from engine.checkers import Color, EndReason, Game, GameResult, IllegalMoveError, Position


def game_from(fen: str, variant: str = "box") -> Game:
    return Game.new(variant, Position.from_fen(fen, variant))


def play(game: Game, *moves: str) -> Game:
    for text in moves:
        game = game.play(text)
    return game


def test_new_game_is_not_over() -> None:
    """The starting position of every variant is a game in progress."""
    for variant in ("box", "russian", "english", "brazilian", "pool", "international"):
        assert Game.new(variant).result() is None


def test_ck10_a_side_without_pieces_loses() -> None:
    """CK-10: white to move with no pieces left: black wins."""
    assert game_from("W:W:B1").result() == GameResult(Color.BLACK, EndReason.NO_PIECES)


def test_ck10_a_side_without_a_legal_move_loses() -> None:
    """CK-10: the white man on 29 is blocked by 25 (and 22 behind it): black wins."""
    #   row 5:  21  . [b22]
    #   row 6:   . [b25]
    #   row 7: [w29]
    result = game_from("W:W29:B22,25").result()
    assert result == GameResult(Color.BLACK, EndReason.NO_MOVES)
    assert result is not None and result.describe() == "Black wins: no legal move."


def test_ck10_the_last_capture_wins_the_game() -> None:
    """CK-10: white takes black's last piece, black has no pieces: white wins."""
    game = play(game_from("W:W22:B18"), "22x15")
    assert game.result() == GameResult(Color.WHITE, EndReason.NO_PIECES)


def test_ck11_no_man_move_or_capture_more_kings_wins() -> None:
    """CK-11 (box): only kings left, none can capture: two white kings beat one black king."""
    #  K1 and K2 on the top row, K32 in the far corner: no diagonal holds a capture.
    result = game_from("W:WK1,K2:BK32").result()
    assert result == GameResult(Color.WHITE, EndReason.KING_COUNT)
    assert game_from("B:WK1:BK32,K31").result() == GameResult(Color.BLACK, EndReason.KING_COUNT)


def test_ck11_equal_kings_is_a_draw() -> None:
    """CK-11 (box): one king each and nothing to capture: a draw."""
    result = game_from("W:WK1:BK32").result()
    assert result == GameResult(None, EndReason.KING_COUNT)
    assert result is not None and result.is_draw


def test_ck11_counts_blocked_men_as_no_man_move() -> None:
    """CK-11 (box): a man that can neither step nor capture does not keep the game going."""
    #   The white man on 5 (left edge) can only step to 1, where a black king stands with
    #   nothing beyond it; white's king on 32 and black's king see no capture: one king each.
    game = game_from("W:W5,K32:BK1")
    assert game.result() == GameResult(None, EndReason.KING_COUNT)


def test_ck11_game_goes_on_while_a_man_can_move() -> None:
    """CK-11 (box): a white man on 21 can still step, so the game continues."""
    assert game_from("W:W21,K1:BK32").result() is None


def test_ck11_game_goes_on_while_a_capture_exists() -> None:
    """CK-11 (box): only kings, but black's king can take: no king-count end yet."""
    #  black K32 looks up the long diagonal 27-23-18-14-9-5: white K on 18, 14 free.
    assert game_from("B:WK18:BK32").result() is None


def test_ck11_applies_only_to_box_rules() -> None:
    """Russian has no king-count end: the same kings play on."""
    assert game_from("W:WK1,K2:BK32", "russian").result() is None


def test_ck10_comes_before_ck11() -> None:
    """A side to move with no legal move loses even when CK-11 would also end the game."""
    #  White's only man, on 5, is stuck under the black king on 1. CK-11 would also end the
    #  game (no man move, no capture), but the reason is white's lack of a move.
    result = game_from("W:W5:BK1").result()
    assert result == GameResult(Color.BLACK, EndReason.NO_MOVES)


def test_ck12_draw_by_agreement() -> None:
    """CK-12: both sides may agree a draw at any time."""
    assert Game.new("box").agree_draw().result() == GameResult(None, EndReason.AGREEMENT)


# Kings shuffle in the corners while a white man on 21 and a black man on 12 could still move.
SHUFFLE = "W:W21,K1:B12,K32"


def test_ck12_third_repetition_is_a_draw() -> None:
    """CK-12: the same position with the same side to move, a third time: draw."""
    loop = ("1-5", "32-28", "5-1", "28-32")
    game = play(game_from(SHUFFLE), *loop)
    assert game.repetitions() == 2
    assert game.result() is None
    game = play(game, *loop)
    assert game.repetitions() == 3
    assert game.result() == GameResult(None, EndReason.REPETITION)


def test_ck12_thirty_plies_of_king_moves_without_capture_is_a_draw() -> None:
    """CK-12: 30 plies with only kings moving and nothing captured ends in a draw.

    White's king tours the long diagonal 29-25-22-15-11-8-4 (never 18, where black's king could
    take it) while black's king steps 32-27-32; the tour repeats only after 28 plies, so no
    position occurs three times before the count runs out. The men on 21 and 5 keep CK-11 away.
    """
    white_tour = ["29-25", "25-22", "22-15", "15-11", "11-8", "8-4", "4-29"]
    black_steps = ["32-27", "27-32"]
    game = game_from("W:W21,K29:B5,K32")
    for ply in range(30):
        assert game.result() is None, f"ended early at ply {ply}"
        text = white_tour[(ply // 2) % 7] if ply % 2 == 0 else black_steps[(ply // 2) % 2]
        game = game.play(text)
    assert game.quiet_king_plies == 30
    assert max(game.positions.count(p) for p in game.positions) == 2
    assert game.result() == GameResult(None, EndReason.NO_PROGRESS)


def test_ck12_a_man_move_resets_the_no_progress_count() -> None:
    """CK-12: a man's move is progress: the count starts again."""
    game = play(game_from(SHUFFLE), "1-5", "32-28")
    assert game.quiet_king_plies == 2
    assert play(game, "21-17").quiet_king_plies == 0


def test_english_counts_forty_moves_each() -> None:
    """English: 40 moves each (80 plies) without progress; box and russian 30 plies."""
    assert Game.new("english").variant.no_progress_plies == 80
    assert Game.new("box").variant.no_progress_plies == 30


def test_a_finished_game_refuses_more_moves() -> None:
    """Playing on after the end is refused with the result."""
    with pytest.raises(IllegalMoveError, match="game is over: Black wins"):
        game_from("W:W29:B22,25").play("29-25")


def test_play_accepts_move_text_and_keeps_history() -> None:
    """`play` takes text or a Move, and keeps every position and move."""
    game = play(Game.new("box"), "22-18", "11-15")
    assert [m.pdn() for m in game.moves] == ["22-18", "11-15"]
    assert len(game.positions) == 3
    assert game.position.turn is Color.WHITE
    assert game.position.legal_moves()[0].is_capture


def test_replay_rebuilds_a_stored_game() -> None:
    """A game stored as start FEN + move texts replays to the same positions."""
    game = play(Game.new("russian"), "22-18", "11-15", "18x11", "8x15")
    again = Game.replay("russian", [m.pdn() for m in game.moves], game.positions[0].to_fen())
    assert again == game
    assert again.position.to_fen() == game.position.to_fen()


def test_replay_refuses_an_illegal_record() -> None:
    """A record with an illegal move raises instead of producing a wrong game."""
    with pytest.raises(IllegalMoveError, match="capture is compulsory"):
        Game.replay("russian", ["22-18", "11-15", "23-19"])


def test_start_position_must_match_the_variant() -> None:
    """A start position of another variant is refused."""
    with pytest.raises(ValueError, match="for english, not box"):
        Game.new("box", Position.initial("english"))


def test_a_finished_game_cannot_be_agreed_drawn() -> None:
    """Agreeing a draw after the game has ended is refused with the result."""
    with pytest.raises(IllegalMoveError, match="game is over: Black wins"):
        game_from("W:W29:B22,25").agree_draw()
