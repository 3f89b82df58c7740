"""Alt text for every picture: what a screen reader says instead of showing the board."""

from __future__ import annotations

from engine.backgammon import Side
from engine.checkers import Color
from render.backgammon_scene import BackgammonScene, Prompt, status_line, viewer_point
from render.checkers import CheckersScene, variant_title
from render.checkers import status_line as checkers_status
from render.clock import clock_text
from render.words import Words

# Discord refuses attachment descriptions longer than this (`render.scenes.describe` cuts there).
MAX_ALT_TEXT = 1024


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


def _sentence(text: str, words: Words) -> str:
    """`text` ending as a sentence does (the prompt drawn on a picture has no full stop): with
    the language's full stop (`。` in Chinese, also after a roll such as 3-1)."""
    if text.endswith((".", "?", "!", "…", "。", "？", "！")):
        return text
    return text + words.full_stop


def _prompt(scene: BackgammonScene, reader: Side) -> str:
    """The first sentence, spoken to `reader`: whose turn it is and what they must do."""
    names = scene.names
    words = scene.words
    turn = scene.position.turn
    whose = _whose(names[turn], turn == reader, words)
    action = scene.action
    if action is Prompt.GAME_OVER:
        winner = scene.position.winner()
        if winner is None:
            return words.alt_game_over
        size = scene.position.game_value(winner)  # BG-13
        if winner == reader:
            return words.by_size(words.alt_you_win, size)
        return words.by_size(words.alt_they_win, size, name=names[winner])
    if action is Prompt.TAKE_OR_PASS:
        offer = scene.cube * 2
        if turn == reader:
            return words.alt_you_double.format(cube=offer, taker=names[turn.opponent])
        return words.alt_they_double.format(name=names[turn], cube=offer)
    if scene.resignation is not None:
        side, size = scene.resignation
        if side == reader:
            return words.by_size(words.alt_you_resign, size, taker=names[side.opponent])
        return words.by_size(words.alt_they_resign, size, name=names[side])
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


def _checkers_of(scene: BackgammonScene, side: Side, numbering: Side) -> str:
    """A side's checkers as `6-point 5, …`, points numbered for `numbering`, bar first, off last."""
    position = scene.position
    words = scene.words
    spots: list[tuple[int, int]] = []
    for index, count in enumerate(position.points[side]):
        if count:
            spots.append((viewer_point(index + 1, side, numbering), count))
    parts = [words.alt_point.format(point=point, count=count) for point, count in sorted(spots)]
    if position.bar[side]:
        parts.insert(0, words.alt_bar.format(count=position.bar[side]))
    if position.off[side]:
        parts.append(words.alt_off.format(count=position.off[side]))
    return words.alt_list.join(parts)  # never empty: a side's checkers are somewhere (BG-1)


def describe_backgammon(scene: BackgammonScene) -> str:
    """Alt text for a backgammon picture, points numbered as in the picture.

    Spoken to the scene's reader ("you"), or of both players in the third person without one.
    """
    reader = scene.reader
    first = scene.numbering if reader is None else reader
    other = first.opponent
    names = scene.names
    words = scene.words
    position = scene.position
    if reader is None:
        colours = {side: _who(names[side], _side_name(side, words), words) for side in Side}
        sentences = [
            _sentence(status_line(scene), words),
            words.alt_numbered.format(name=names[first]),
            words.alt_theirs.format(name=colours[first], pieces=_checkers_of(scene, first, first)),
            words.alt_theirs.format(name=colours[other], pieces=_checkers_of(scene, other, first)),
            words.alt_pips_both.format(
                name=names[first],
                pips=position.pip_count(first),
                other=names[other],
                other_pips=position.pip_count(other),
            ),
        ]
    else:
        prompt = (
            _prompt(scene, reader) if scene.caption is None else _sentence(scene.caption, words)
        )
        sentences = [
            prompt,
            words.alt_you_are.format(who=_who(names[reader], _side_name(reader, words), words)),
            words.alt_yours.format(pieces=_checkers_of(scene, reader, reader)),
            words.alt_theirs.format(name=names[other], pieces=_checkers_of(scene, other, reader)),
            words.alt_pips.format(
                mine=position.pip_count(reader), name=names[other], theirs=position.pip_count(other)
            ),
        ]
    if scene.clock is not None:
        sentences.append(_clock_sentence(scene.clock[0] == reader, names[scene.clock[0]], scene))
    if scene.dice is not None and scene.action is not Prompt.MOVE:
        sentences.append(words.alt_dice.format(roll=f"{scene.dice[0]}-{scene.dice[1]}"))
    if scene.match_length:
        sentences.append(_match_sentence(scene, first, reader is not None))
    if scene.cube_in_play:
        if scene.cube_owner is None:
            sentences.append(words.alt_cube_middle)
        elif scene.cube_owner == reader:
            sentences.append(words.alt_cube_yours.format(cube=scene.cube))
        else:
            sentences.append(
                words.alt_cube_theirs.format(cube=scene.cube, name=names[scene.cube_owner])
            )
    if scene.last_play is not None:
        mover = position.turn.opponent
        template = words.alt_last_play_yours if mover == reader else words.alt_last_play_theirs
        sentences.append(template.format(name=names[mover], play=scene.last_play.notation()))
    return " ".join(sentences)


def _clock_sentence(yours: bool, name: str, scene: BackgammonScene | CheckersScene) -> str:
    """How long the side to act had when the picture was drawn."""
    assert scene.clock is not None
    words = scene.words
    clock = clock_text(scene.clock[1], words)
    return (
        words.alt_clock_yours.format(clock=clock)
        if yours
        else words.alt_clock.format(name=name, clock=clock)
    )


def _match_sentence(scene: BackgammonScene, first: Side, yours: bool) -> str:
    """The match length and score, `first`'s score first ("you" when the reader's)."""
    words = scene.words
    other = first.opponent
    if yours:
        template = words.alt_match_crawford if scene.crawford else words.alt_match
        return template.format(
            length=scene.match_length,
            mine=scene.score[first],
            name=scene.names[other],
            theirs=scene.score[other],
        )
    template = words.alt_match_crawford_both if scene.crawford else words.alt_match_both
    return template.format(
        length=scene.match_length,
        name=scene.names[first],
        score=scene.score[first],
        other=scene.names[other],
        other_score=scene.score[other],
    )


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
        parts.append(words.alt_men_on.format(squares=words.alt_list.join(map(str, sorted(men)))))
    if kings:
        parts.append(
            words.alt_kings_on.format(squares=words.alt_list.join(map(str, sorted(kings))))
        )
    return words.alt_separator.join(parts) if parts else words.alt_no_pieces


def _checkers_prompt(scene: CheckersScene, reader: Color) -> str:
    """The first sentence, spoken to `reader`: whose turn it is, who must answer a draw offer,
    or how the game ended."""
    position = scene.position
    words = scene.words
    if scene.result is not None or scene.caption is not None:
        return _sentence(checkers_status(scene), scene.words)
    offerer = scene.draw_offered_by
    if offerer is not None:
        if offerer is reader:
            return words.alt_you_offer_draw.format(taker=scene.name(offerer.opponent))
        return words.alt_they_offer_draw.format(name=scene.name(offerer))
    mover = position.turn
    prompt = _whose(scene.name(mover), mover is reader, words)
    if not position.legal_moves():
        prompt = words.alt_ck_no_move.format(whose=prompt)
    elif position.must_capture():
        prompt = words.alt_ck_must_capture.format(whose=prompt)
    return prompt + "."


def describe_checkers(scene: CheckersScene) -> str:
    """Alt text for a checkers picture: the prompt, every piece by PDN square, the last move.

    Spoken to the scene's reader ("you"), or of both players in the third person without one.
    """
    reader = scene.reader
    first = scene.perspective
    other = first.opponent
    position = scene.position
    words = scene.words
    title, size = variant_title(scene), position.variant.board_size

    def who(color: Color) -> str:
        colour = words.white if color is Color.WHITE else words.black
        return _who(scene.name(color), colour, words)

    if reader is None:
        sentences = [
            _sentence(checkers_status(scene), scene.words),
            words.alt_ck_bottom.format(title=title, size=size, who=who(first)),
            words.alt_theirs.format(name=who(first), pieces=_pieces_of(scene, first)),
            words.alt_theirs.format(name=who(other), pieces=_pieces_of(scene, other)),
        ]
    else:
        sentences = [
            _checkers_prompt(scene, reader),
            words.alt_ck_board.format(title=title, size=size, who=who(reader)),
            words.alt_yours.format(pieces=_pieces_of(scene, reader)),
            words.alt_theirs.format(name=scene.name(other), pieces=_pieces_of(scene, other)),
        ]
    if scene.clock is not None:
        color = scene.clock[0]
        sentences.append(_clock_sentence(color is reader, scene.name(color), scene))
    if scene.last_move is not None:
        mover = position.turn.opponent
        template = words.alt_ck_last_yours if mover is reader else words.alt_ck_last_theirs
        sentences.append(template.format(name=scene.name(mover), move=scene.last_move.pdn()))
    return " ".join(sentences)
