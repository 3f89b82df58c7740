"""Alt text for every picture: what a screen reader says instead of showing the board."""

from __future__ import annotations

from engine.backgammon import Side
from engine.checkers import Color
from render.backgammon_scene import BackgammonScene, Prompt, viewer_point, win_kind
from render.checkers import CheckersScene, status_line
from render.clock import clock_text

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


def _side_name(side: Side) -> str:
    """The colour a backgammon side plays, as spoken."""
    return "White" if side == Side.WHITE else "Black"


def _who(name: str, colour: str) -> str:
    """A player's name and colour, without saying "Black, Black" when the name is the colour."""
    return colour if name.casefold() == colour.casefold() else f"{name}, {colour}"


def _prompt(scene: BackgammonScene, viewer: Side) -> str:
    """The first sentence: whose turn it is and what they must do."""
    names = scene.names
    turn = scene.position.turn
    whose = "Your turn" if turn == viewer else f"{names[turn]}'s turn"
    action = scene.action
    if action is Prompt.GAME_OVER:
        winner = scene.position.winner()
        if winner is None:
            return "Game over."
        who = "You win" if winner == viewer else f"{names[winner]} wins"
        return f"Game over. {who} {win_kind(scene.position, winner)}."
    if action is Prompt.TAKE_OR_PASS:
        offer = scene.cube * 2
        if turn == viewer:
            return f"You double to {offer}; {names[turn.opponent]} to take or pass."
        return f"{names[turn]} doubles to {offer}; take or pass?"
    if action is Prompt.ROLL:
        return f"{whose}, to roll."
    assert scene.dice is not None
    roll = f"{scene.dice[0]}-{scene.dice[1]}"
    left = scene.remaining
    full = scene.dice * 2 if scene.dice[0] == scene.dice[1] else scene.dice
    if len(left) != len(full):
        return f"{whose}, {roll} rolled, {_dice_words(left)} still to play."
    return f"{whose}, {roll} to play."


def _dice_words(dice: tuple[int, ...]) -> str:
    """`(5, 5, 5)` as "three 5s", `(3,)` as "3": how the dice left are spoken."""
    if len(dice) > 1 and len(set(dice)) == 1:
        return f"{('two', 'three', 'four')[len(dice) - 2]} {dice[0]}s"
    return " and ".join(map(str, dice))


def _checkers_of(scene: BackgammonScene, side: Side, viewer: Side) -> str:
    """A side's checkers as `6-point 5, …`, points numbered for `viewer`, bar first, off last."""
    position = scene.position
    spots: list[tuple[int, int]] = []
    for index, count in enumerate(position.points[side]):
        if count:
            spots.append((viewer_point(index + 1, side, viewer), count))
    parts = [f"{point}-point {count}" for point, count in sorted(spots)]
    if position.bar[side]:
        parts.insert(0, f"bar {position.bar[side]}")
    if position.off[side]:
        parts.append(f"off {position.off[side]}")
    return ", ".join(parts) if parts else "none on the board"


def describe_backgammon(scene: BackgammonScene) -> str:
    """Alt text for a backgammon picture, points numbered as in the picture (the viewer's)."""
    viewer = scene.perspective
    other = viewer.opponent
    names = scene.names
    position = scene.position
    sentences = [
        _prompt(scene, viewer),
        f"You are {_who(names[viewer], _side_name(viewer))}; points are numbered from your side.",
        f"You: {_checkers_of(scene, viewer, viewer)}.",
        f"{names[other]}: {_checkers_of(scene, other, viewer)}.",
        f"Pips: you {position.pip_count(viewer)}, {names[other]} {position.pip_count(other)}.",
    ]
    if scene.clock is not None:
        sentences.append(
            f"Time left: you {clock_text(scene.clock[viewer])}, "
            f"{names[other]} {clock_text(scene.clock[other])}."
        )
    if scene.dice is not None and scene.action is not Prompt.MOVE:
        sentences.append(f"Dice {scene.dice[0]}-{scene.dice[1]}.")
    if scene.match_length:
        crawford = ", Crawford game" if scene.crawford else ""
        sentences.append(
            f"Match to {scene.match_length}{crawford}: you {scene.score[viewer]}, "
            f"{names[other]} {scene.score[other]}."
        )
    if scene.cube_in_play:
        if scene.cube_owner is None:
            sentences.append("Cube in the middle.")
        else:
            owner = "you" if scene.cube_owner == viewer else names[scene.cube_owner]
            sentences.append(f"Cube at {scene.cube}, owned by {owner}.")
    if scene.last_play is not None:
        mover = position.turn.opponent
        who = "you" if mover == viewer else names[mover]
        sentences.append(
            f"Last play by {who}: {scene.last_play.notation()}, in {names[mover]}'s numbering."
        )
    return " ".join(sentences)


def _pieces_of(scene: CheckersScene, color: Color) -> str:
    """A side's men and kings by PDN square."""
    men: list[int] = []
    kings: list[int] = []
    for square, piece in scene.position.pieces():
        if piece.color is color:
            (kings if piece.king else men).append(square)
    parts = []
    if men:
        parts.append(f"men on {', '.join(map(str, sorted(men)))}")
    if kings:
        parts.append(f"kings on {', '.join(map(str, sorted(kings)))}")
    return "; ".join(parts) if parts else "no pieces"


def describe_checkers(scene: CheckersScene) -> str:
    """Alt text for a checkers picture: the prompt, every piece by PDN square, the last move."""
    viewer = scene.perspective
    other = viewer.opponent
    position = scene.position
    variant = position.variant
    if scene.outcome is not None:
        prompt = status_line(scene)
    else:
        mover = position.turn
        prompt = "Your turn" if mover is viewer else f"{scene.name(mover)}'s turn"
        if not position.legal_moves():
            prompt += ", with no move left"
        elif position.must_capture():
            prompt += ", capture is compulsory"
    sentences = [
        prompt + ".",
        f"{variant.title}, {variant.board_size}×{variant.board_size}. You are "
        f"{_who(scene.name(viewer), viewer.name.capitalize())}, at the bottom.",
        f"You: {_pieces_of(scene, viewer)}.",
        f"{scene.name(other)}: {_pieces_of(scene, other)}.",
    ]
    if scene.clock is not None:
        mine, theirs = (0, 1) if viewer is Color.WHITE else (1, 0)
        sentences.append(
            f"Time left: you {clock_text(scene.clock[mine])}, "
            f"{scene.name(other)} {clock_text(scene.clock[theirs])}."
        )
    if scene.last_move is not None:
        mover = position.turn.opponent
        who = "you" if mover is viewer else scene.name(mover)
        sentences.append(f"Last move by {who}: {scene.last_move.pdn()}.")
    return " ".join(sentences)
