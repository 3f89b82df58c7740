"""Alt text for every picture: what a screen reader says instead of showing the board."""

from __future__ import annotations

from engine.backgammon import Side
from engine.checkers import Color
from render.backgammon_scene import BackgammonScene, Prompt, viewer_point, win_kind
from render.checkers import CheckersScene, status_line, variant_title
from render.clock import clock_text
from render.words import Words

# Discord refuses attachment descriptions longer than this.
MAX_ALT_TEXT = 1024


def describe(scene: BackgammonScene | CheckersScene) -> str:
    """A short alt text for the picture of `scene`, at most 1024 characters."""
    if isinstance(scene, BackgammonScene):
        text = describe_backgammon(scene)
    elif isinstance(scene, CheckersScene):
        text = describe_checkers(scene)
    else:
        raise TypeError(f"describe() takes a BackgammonScene or CheckersScene, not {scene!r}")
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"


def _side_name(side: Side, words: Words) -> str:
    """The colour a backgammon side plays, as spoken."""
    return words.white if side == Side.WHITE else words.black


def _who(name: str, colour: str, words: Words) -> str:
    """A player's name and colour, without saying "Black, Black" when the name is the colour."""
    if name.casefold() == colour.casefold():
        return colour
    return words.alt_who.format(name=name, colour=colour)


def _whose(name: str, yours: bool, words: Words) -> str:
    """Whose turn it is: "Your turn" or "Ann's turn"."""
    return words.alt_your_turn if yours else words.alt_their_turn.format(name=name)


def _prompt(scene: BackgammonScene, viewer: Side) -> str:
    """The first sentence: whose turn it is and what they must do."""
    names = scene.names
    words = scene.words
    turn = scene.position.turn
    whose = _whose(names[turn], turn == viewer, words)
    action = scene.action
    if action is Prompt.GAME_OVER:
        winner = scene.position.winner()
        if winner is None:
            return words.alt_game_over
        kind = win_kind(scene.position, winner, words)
        if winner == viewer:
            return words.alt_you_win.format(kind=kind)
        return words.alt_they_win.format(name=names[winner], kind=kind)
    if action is Prompt.TAKE_OR_PASS:
        offer = scene.cube * 2
        if turn == viewer:
            return words.alt_you_double.format(cube=offer, taker=names[turn.opponent])
        return words.alt_they_double.format(name=names[turn], cube=offer)
    if action is Prompt.ROLL:
        return words.alt_to_roll.format(whose=whose)
    assert scene.dice is not None
    roll = f"{scene.dice[0]}-{scene.dice[1]}"
    left = scene.remaining
    full = scene.dice * 2 if scene.dice[0] == scene.dice[1] else scene.dice
    if len(left) != len(full):
        return words.alt_to_play_left.format(whose=whose, roll=roll, left=_dice_words(left, words))
    return words.alt_to_play.format(whose=whose, roll=roll)


def _dice_words(dice: tuple[int, ...], words: Words) -> str:
    """`(5, 5, 5)` as "three 5s", `(3,)` as "3": how the dice left are spoken.

    Only part of a roll is ever left: one die of a plain roll, or one to three of a double.
    """
    if len(dice) > 1:
        template = words.alt_dice_two if len(dice) == 2 else words.alt_dice_three
        return template.format(number=dice[0])
    return " ".join(map(str, dice))


def _checkers_of(scene: BackgammonScene, side: Side, viewer: Side) -> str:
    """A side's checkers as `6-point 5, …`, points numbered for `viewer`, bar first, off last."""
    position = scene.position
    words = scene.words
    spots: list[tuple[int, int]] = []
    for index, count in enumerate(position.points[side]):
        if count:
            spots.append((viewer_point(index + 1, side, viewer), count))
    parts = [words.alt_point.format(point=point, count=count) for point, count in sorted(spots)]
    if position.bar[side]:
        parts.insert(0, words.alt_bar.format(count=position.bar[side]))
    if position.off[side]:
        parts.append(words.alt_off.format(count=position.off[side]))
    return ", ".join(parts)  # never empty: a side's 15 checkers are somewhere (BG-1)


def describe_backgammon(scene: BackgammonScene) -> str:
    """Alt text for a backgammon picture, points numbered as in the picture (the viewer's)."""
    viewer = scene.perspective
    other = viewer.opponent
    names = scene.names
    words = scene.words
    position = scene.position
    sentences = [
        _prompt(scene, viewer),
        words.alt_you_are.format(who=_who(names[viewer], _side_name(viewer, words), words)),
        words.alt_yours.format(pieces=_checkers_of(scene, viewer, viewer)),
        words.alt_theirs.format(name=names[other], pieces=_checkers_of(scene, other, viewer)),
        words.alt_pips.format(
            mine=position.pip_count(viewer), name=names[other], theirs=position.pip_count(other)
        ),
    ]
    if scene.clock is not None:
        sentences.append(
            words.alt_time_left.format(
                mine=clock_text(scene.clock[viewer], words),
                name=names[other],
                theirs=clock_text(scene.clock[other], words),
            )
        )
    if scene.dice is not None and scene.action is not Prompt.MOVE:
        sentences.append(words.alt_dice.format(roll=f"{scene.dice[0]}-{scene.dice[1]}"))
    if scene.match_length:
        template = words.alt_match_crawford if scene.crawford else words.alt_match
        sentences.append(
            template.format(
                length=scene.match_length,
                mine=scene.score[viewer],
                name=names[other],
                theirs=scene.score[other],
            )
        )
    if scene.cube_in_play:
        if scene.cube_owner is None:
            sentences.append(words.alt_cube_middle)
        elif scene.cube_owner == viewer:
            sentences.append(words.alt_cube_yours.format(cube=scene.cube))
        else:
            sentences.append(
                words.alt_cube_theirs.format(cube=scene.cube, name=names[scene.cube_owner])
            )
    if scene.last_play is not None:
        mover = position.turn.opponent
        template = words.alt_last_play_yours if mover == viewer else words.alt_last_play_theirs
        sentences.append(template.format(name=names[mover], play=scene.last_play.notation()))
    return " ".join(sentences)


def _pieces_of(scene: CheckersScene, color: Color) -> str:
    """A side's men and kings by PDN square."""
    words = scene.words
    men: list[int] = []
    kings: list[int] = []
    for square, piece in scene.position.pieces():
        if piece.color is color:
            (kings if piece.king else men).append(square)
    parts = []
    if men:
        parts.append(words.alt_men_on.format(squares=", ".join(map(str, sorted(men)))))
    if kings:
        parts.append(words.alt_kings_on.format(squares=", ".join(map(str, sorted(kings)))))
    return "; ".join(parts) if parts else words.alt_no_pieces


def describe_checkers(scene: CheckersScene) -> str:
    """Alt text for a checkers picture: the prompt, every piece by PDN square, the last move."""
    viewer = scene.perspective
    other = viewer.opponent
    position = scene.position
    words = scene.words
    if scene.outcome is not None:
        prompt = status_line(scene)
    else:
        mover = position.turn
        prompt = _whose(scene.name(mover), mover is viewer, words)
        if not position.legal_moves():
            prompt = words.alt_ck_no_move.format(whose=prompt)
        elif position.must_capture():
            prompt = words.alt_ck_must_capture.format(whose=prompt)
    colour = words.white if viewer is Color.WHITE else words.black
    sentences = [
        prompt + ".",
        words.alt_ck_board.format(
            title=variant_title(scene),
            size=position.variant.board_size,
            who=_who(scene.name(viewer), colour, words),
        ),
        words.alt_yours.format(pieces=_pieces_of(scene, viewer)),
        words.alt_theirs.format(name=scene.name(other), pieces=_pieces_of(scene, other)),
    ]
    if scene.clock is not None:
        mine, theirs = (0, 1) if viewer is Color.WHITE else (1, 0)
        sentences.append(
            words.alt_time_left.format(
                mine=clock_text(scene.clock[mine], words),
                name=scene.name(other),
                theirs=clock_text(scene.clock[theirs], words),
            )
        )
    if scene.last_move is not None:
        mover = position.turn.opponent
        template = words.alt_ck_last_yours if mover is viewer else words.alt_ck_last_theirs
        sentences.append(template.format(name=scene.name(mover), move=scene.last_move.pdn()))
    return " ".join(sentences)
